//! Benchmark (not a test): the in-process transport (`InProcess`) vs the same engine behind the
//! axum server on loopback (reqwest), through the same client. Rounds alternate (medians of
//! interleaved rounds); prints the cost per call and the ratio (loopback / in-process).
//!
//!     cargo bench -p zeitkonto-sandbox --features client --bench kit

use std::time::Instant;

use zeitkonto::{Client, RateLimitSettings};
use zeitkonto_sandbox::engine::EngineConfig;
use zeitkonto_sandbox::{demo, InProcess, Sandbox, SandboxConfig};

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

fn main() {
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime");
    let today = "2026-11-21".parse().ok();
    let mut cfg = EngineConfig { today, ..Default::default() };
    cfg.rate_limit.limit = 0;
    let kit = InProcess::new(cfg);
    let in_process = kit.client().build().expect("client");
    let mut server_cfg = SandboxConfig { today, ..Default::default() };
    server_cfg.rate_limit.limit = 0;
    let server = Sandbox::start(server_cfg).expect("sandbox");
    let http = Client::builder()
        .base_url(server.base_url())
        .api_key(demo::COMPANY_KEY)
        .rate_limit(RateLimitSettings::per_window(0, std::time::Duration::from_secs(60)))
        .build()
        .expect("client");
    let (rounds, calls) = (15, 100);
    println!("test kit: in-process vs loopback HTTP (axum + reqwest), {calls} calls x {rounds} interleaved rounds");
    rt.block_on(async {
        for (name, small) in [("presence of one employee (small)", true), ("employees (39 records)", false)] {
            let mut times = [Vec::new(), Vec::new()];
            for _ in 0..rounds {
                for (i, c) in [&in_process, &http].into_iter().enumerate() {
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
            let [k, h] = times.map(median);
            println!("  {name:<34} in-process {k:8.1} us/call   loopback {h:8.1} us/call   ratio {:.2}x", h / k);
        }
    });
}
