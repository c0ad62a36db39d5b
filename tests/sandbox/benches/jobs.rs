//! Benchmark (not a test): the month close against the sandbox seeded with 500 employees in 12
//! departments (plus the demo company's 39 in 3), at the real 60 requests a minute with the window
//! scaled 100x (600 ms), so it takes seconds; the call count is the figure that matters. Prints the
//! calls with and without department ids, a job stopped halfway and resumed, and, for 500 and 5,000
//! employees, the planner's state (checkpoint bytes) and the heap in use (a counting allocator)
//! when a tenth of the accounts and when all of them have streamed by: flat means the second is
//! not more than the first.
//!
//!     cargo bench -p zeitkonto-sandbox --features client --bench jobs

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicIsize, Ordering};
use std::time::Instant;

use zeitkonto::jobs::JobEvent;
use zeitkonto::OperationId;
use zeitkonto_sandbox::engine::EngineConfig;
use zeitkonto_sandbox::{InProcess, Seed};

const WINDOW_MS: u64 = 600; // 60 a minute, 100x faster

/// The system allocator, counting the bytes in use.
struct Counting;

static IN_USE: AtomicIsize = AtomicIsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        IN_USE.fetch_add(layout.size() as isize, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        IN_USE.fetch_sub(layout.size() as isize, Ordering::Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        IN_USE.fetch_add(new_size as isize - layout.size() as isize, Ordering::Relaxed);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

fn in_use_kb() -> isize {
    IN_USE.load(Ordering::Relaxed) / 1024
}

fn kit(employees: u32) -> InProcess {
    let today = "2026-11-21".parse().expect("date");
    let mut cfg = EngineConfig {
        today: Some(today),
        seed: Some(Seed::demo(today).with_bench_company(12, employees)),
        ..Default::default()
    };
    (cfg.rate_limit.limit, cfg.rate_limit.window_ms) = (60, WINDOW_MS); // the API's 60 a window
    InProcess::new(cfg)
}

fn calls(sb: &InProcess) -> u64 {
    [OperationId::Employees, OperationId::DepartmentMonthEmployees, OperationId::TimeAccount]
        .iter()
        .map(|op| sb.requests(*op))
        .sum()
}

fn departments() -> Vec<String> {
    let mut d: Vec<String> = (1..=12).map(|i| format!("B{i:02}")).collect();
    d.extend(["SALES", "ENG", "OPS"].map(String::from));
    d
}

/// Runs the job to its end (or to `stop_after` accounts, then stopped as a kill stops it: the
/// consumer asks for more, and the job is dropped while its next call is on its way); returns
/// (accounts, checkpoint, requests the dropped call made).
async fn run(
    sb: &InProcess,
    client: &zeitkonto::Client,
    deps: Vec<String>,
    from: Option<&str>,
    stop_after: usize,
) -> (usize, String, u64) {
    let mut job = client.month_close(2026, 10, deps, from).expect("job");
    let mut n = 0;
    let mut in_flight = 0;
    while let Some(e) = job.next().await {
        if let JobEvent::Account(_) = e.expect("event") {
            n += 1;
            if n == stop_after {
                let before = calls(sb);
                let _ = tokio::time::timeout(std::time::Duration::from_millis(1), job.next()).await;
                in_flight = calls(sb) - before;
                break;
            }
        }
    }
    (n, job.checkpoint(), in_flight)
}

fn main() {
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime");
    rt.block_on(async {
        println!(
            "month close, sandbox with 539 employees in 15 departments, 60 requests per {WINDOW_MS} ms (60/min scaled 100x), {}",
            std::env::var("BENCH_DATE").unwrap_or_else(|_| "today".into())
        );
        let deps = departments();
        let sb = kit(500);
        let client = sb.client().build().expect("client");
        let t = Instant::now();
        let (rows, _, _) = run(&sb, &client, deps.clone(), None, usize::MAX).await;
        let with = calls(&sb);
        println!(
            "  department ids known: {rows} accounts in {with} calls (departments + 2 = {}), {:.1} s scaled = {:.0} s real",
            deps.len() + 2,
            t.elapsed().as_secs_f64(),
            t.elapsed().as_secs_f64() * 100.0
        );
        let sb = kit(500);
        let client = sb.client().build().expect("client");
        let t = Instant::now();
        let (rows, _, _) = run(&sb, &client, vec![], None, usize::MAX).await;
        let without = calls(&sb);
        println!(
            "  no department ids:    {rows} accounts in {without} calls (employees + 2 = 541), {:.1} s scaled = {:.0} s real; {:.0}x the calls",
            t.elapsed().as_secs_f64(),
            t.elapsed().as_secs_f64() * 100.0,
            without as f64 / with as f64
        );
        let sb = kit(500);
        let client = sb.client().build().expect("client");
        let (first, checkpoint, in_flight) = run(&sb, &client, vec![], None, 270).await;
        let (rest, _, _) = run(&sb, &client, vec![], Some(&checkpoint), usize::MAX).await;
        println!(
            "  stopped after {first} accounts, resumed from the checkpoint: {} accounts, {} requests = {} answered + {in_flight} in flight when stopped (no answer came: made again); no answered call twice: {}",
            first + rest,
            calls(&sb),
            calls(&sb) - in_flight,
            calls(&sb) - in_flight == without
        );
        for n in [500u32, 5_000] {
            let sb = kit(n);
            let mut cfg_client = sb.client();
            cfg_client = cfg_client.rate_limit(zeitkonto::RateLimitSettings::per_window(0, std::time::Duration::from_secs(60)));
            sb.shared().set_rate_limit(0, 60_000);
            let client = cfg_client.build().expect("client");
            let mut job = client.month_close(2026, 10, vec![], None).expect("job");
            let (mut rows, mut at_tenth) = (0usize, 0isize);
            let total = n as usize + 39;
            while let Some(e) = job.next().await {
                if let JobEvent::Account(_) = e.expect("event") {
                    rows += 1;
                    if rows == total / 10 {
                        at_tenth = in_use_kb();
                    }
                }
            }
            let at_end = in_use_kb();
            println!(
                "  {n:>5} employees (per-employee path, no limit): {rows} accounts streamed; planner state {} bytes; heap in use {at_tenth} KB after a tenth of the accounts, {at_end} KB after all ({})",
                job.checkpoint().len(),
                if at_end <= at_tenth { "flat" } else { "grew" }
            );
        }
    });
}
