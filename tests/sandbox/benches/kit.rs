//! Benchmark (not a test): the in-process transport (`InProcess`) vs the same engine behind the
//! axum server on loopback (reqwest), through the same client, each with the client's limiter on
//! (the defaults users run, its limit raised so that no round waits: the token bucket does the same
//! work whatever the limit) and off. Rounds alternate (medians of interleaved rounds, with the
//! 10th-90th percentile spread beside them); prints the cost per call and the ratio (loopback /
//! in-process).
//!
//!     cargo bench -p zeitkonto-sandbox --features client --bench kit

use std::time::Instant;

use zeitkonto::{Client, RateLimitSettings};
use zeitkonto_sandbox::engine::EngineConfig;
use zeitkonto_sandbox::{demo, InProcess, Sandbox, SandboxConfig};

/// The median and the 10th and 90th percentiles.
fn median(mut xs: Vec<f64>) -> (f64, f64, f64) {
    xs.sort_by(f64::total_cmp);
    let at = |q: f64| xs[((xs.len() - 1) as f64 * q) as usize];
    (at(0.5), at(0.1), at(0.9))
}

fn show((m, lo, hi): (f64, f64, f64)) -> String {
    format!("{m:7.1} us/call (p10-p90 {lo:.1}-{hi:.1})")
}

fn main() {
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime");
    let today = "2026-11-21".parse().ok();
    let kit = InProcess::new(EngineConfig { today, ..Default::default() }); // no rate limit
    let minute = std::time::Duration::from_secs(60);
    let (on, off) = (RateLimitSettings::per_window(1_000_000, minute), RateLimitSettings::per_window(0, minute));
    let in_process = kit.client().rate_limit(on).build().expect("client");
    let in_process_off = kit.client().rate_limit(off).build().expect("client");
    let mut server_cfg = SandboxConfig { today, ..Default::default() };
    server_cfg.rate_limit.limit = 0;
    let server = Sandbox::start(server_cfg).expect("sandbox");
    let http_with = |limit| {
        Client::builder()
            .base_url(server.base_url())
            .api_key(demo::COMPANY_KEY)
            .rate_limit(limit)
            .build()
            .expect("client")
    };
    let (http, http_off) = (http_with(on), http_with(off));
    let (rounds, calls) = (21, 100);
    println!("test kit: in-process vs loopback HTTP (axum + reqwest), limiter on (default) and off, {calls} calls x {rounds} interleaved rounds");
    rt.block_on(async {
        for (name, small) in [("presence of one employee (small)", true), ("employees (39 records)", false)] {
            let mut times = [Vec::new(), Vec::new(), Vec::new(), Vec::new()];
            for r in 0..rounds {
                let clients = [&in_process, &http, &in_process_off, &http_off];
                for j in 0..clients.len() {
                    // A rotating order: drift on a shared machine hits every client alike.
                    let i = (r + j) % clients.len();
                    let c = clients[i];
                    let t = Instant::now();
                    for _ in 0..calls {
                        if small {
                            c.presence(Some(demo::ANNA), None).await.expect("presence");
                        } else {
                            c.employees().await.expect("employees");
                        }
                    }
                    times[i].push(t.elapsed().as_secs_f64() * 1e6 / calls as f64);
                }
            }
            let [k, h, k_off, h_off] = times.map(median);
            println!("  {name}");
            println!(
                "    limiter on (default): in-process {}   loopback {}   ratio {:.2}x",
                show(k),
                show(h),
                h.0 / k.0
            );
            println!(
                "    limiter off:          in-process {}   loopback {}   ratio {:.2}x",
                show(k_off),
                show(h_off),
                h_off.0 / k_off.0
            );
        }
    });
}
