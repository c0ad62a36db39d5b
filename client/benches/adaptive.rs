//! Does the limiter learn the server's real limit? A job of N concurrent calls through a client with
//! the default limiter and retry settings against an in-process sandbox that enforces a (lower or
//! equal) limit of its own, answering 429 with `Retry-After` in whole seconds.
//!
//! `cargo bench -p zeitkonto --bench adaptive`
//!
//! Scenarios (the per-minute ones scaled down tenfold to keep the bench quick: the server allows
//! 60 or 30 per 6 s and the client uses the default 60 per minute scaled the same way, 60 per 6 s
//! with the default 1 % margin):
//! - server 60 per 6 s, client 60 per 6 s: the configured limit is right;
//! - server 30 per 6 s, client 60 per 6 s: the server allows half of what is configured;
//! - server 20 per 3 s, client the unscaled default (60 per 60 s): issue 10's case (60 calls took
//!   63.7 s before the limiter gave refused tokens back);
//! - server 30 per 2 s, client 60 per 2 s (the default scaled thirtyfold), 300 calls: a job long
//!   enough (10 server windows) to show the steady state after the limit was learned.
//!
//! Prints elapsed time, the ideal time N / limit × window (the formula of issue 10; a full bucket
//! lets the first `limit` calls go at once, so the ratio can be below 1), their ratio, and the 429s
//! the server answered. Goal: ratio ≤ 1.2.

mod common;
use std::time::{Duration, Instant};

use zeitkonto::{Client, LimiterConfig};
use zeitkonto_sandbox::{demo, Sandbox, SandboxConfig};

struct Scenario {
    name: &'static str,
    server_limit: u32,
    server_window_ms: u64,
    client: Option<LimiterConfig>,
    calls: usize,
}

fn run(runtime: &tokio::runtime::Runtime, s: &Scenario) {
    let cfg = SandboxConfig {
        rate_limit: LimiterConfig { limit: s.server_limit, window_ms: s.server_window_ms, margin_ms: 0 },
        ..SandboxConfig::default()
    };
    let sandbox = Sandbox::start(cfg).expect("sandbox");
    let mut builder = Client::builder().base_url(sandbox.base_url()).api_key(demo::COMPANY_KEY);
    if let Some(limiter) = s.client {
        builder = builder.rate_limit(limiter);
    }
    let client = builder.build().expect("client");
    let started = Instant::now();
    let failures = runtime.block_on(common::concurrent_calls(&client, s.calls));
    let elapsed = started.elapsed().as_secs_f64();
    let ideal = s.calls as f64 / f64::from(s.server_limit) * (s.server_window_ms as f64 / 1000.0);
    let rate_limited = sandbox.world().stats.rate_limited;
    let client_cfg = s.client.unwrap_or_default();
    println!(
        "adaptive: {:<28} client {}/{} ms, {} calls: elapsed {:.2} s, ideal {:.2} s, ratio {:.2} (goal <= 1.2), 429s {}, failed calls {}",
        s.name,
        client_cfg.limit,
        client_cfg.window_ms,
        s.calls,
        elapsed,
        ideal,
        elapsed / ideal,
        rate_limited,
        failures
    );
}

fn main() {
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("runtime");
    let scaled = LimiterConfig::per_window(60, 6_000);
    let scenarios = [
        Scenario {
            name: "server 60/6 s (= 60/min)",
            server_limit: 60,
            server_window_ms: 6_000,
            client: Some(scaled),
            calls: 180,
        },
        Scenario {
            name: "server 30/6 s (= 30/min)",
            server_limit: 30,
            server_window_ms: 6_000,
            client: Some(scaled),
            calls: 90,
        },
        Scenario { name: "server 20/3 s", server_limit: 20, server_window_ms: 3_000, client: None, calls: 60 },
        Scenario {
            name: "server 30/2 s, long job",
            server_limit: 30,
            server_window_ms: 2_000,
            client: Some(LimiterConfig::per_window(60, 2_000)),
            calls: 300,
        },
    ];
    for (i, s) in scenarios.iter().enumerate() {
        if i > 0 {
            // The limiter is shared per server, key and settings in the process: let the previous
            // scenario's tokens come back so that each starts with a full bucket.
            std::thread::sleep(Duration::from_millis(6_100));
        }
        run(&runtime, s);
    }
}
