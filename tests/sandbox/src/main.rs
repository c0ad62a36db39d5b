//! `zeitkonto-sandbox`: run the sandbox from the command line.
//!
//! ```text
//! cargo run -p zeitkonto-sandbox -- --port 8080 [--today 2026-11-21] [--rate-limit 60/60]
//!     [--seed FILE] [--write-seed FILE] [--route clock="PUT /x/{action}/{api}/{employee}"]
//! ```

use std::process::ExitCode;

use zeitkonto_core::limiter::LimiterConfig;
use zeitkonto_core::{Date, RouteTable};
use zeitkonto_sandbox::shared::system_time;
use zeitkonto_sandbox::{keys_of, Clock, Sandbox, SandboxConfig, Seed};

const USAGE: &str = "usage: zeitkonto-sandbox [--port N] [--host IP] [--today YYYY-MM-DD] [--rate-limit N/SECONDS]
                         [--seed FILE] [--write-seed FILE] [--route OPERATION=\"METHOD /path\"]...
                         [--bench-department N]";

fn parse(args: &[String]) -> Result<(SandboxConfig, Option<String>), String> {
    let mut cfg = SandboxConfig::default();
    let mut write_seed = None;
    let mut routes = RouteTable::new();
    let mut bench: u32 = 0;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = || it.next().cloned().ok_or_else(|| format!("{arg} needs a value"));
        match arg.as_str() {
            "--port" => cfg.port = value()?.parse().map_err(|e| format!("--port: {e}"))?,
            "--host" => cfg.host = value()?.parse().map_err(|e| format!("--host: {e}"))?,
            "--today" => {
                let v = value()?;
                cfg.today = Some(v.parse::<Date>().map_err(|_| format!("--today: expected YYYY-MM-DD, got {v}"))?);
            }
            "--rate-limit" => {
                let v = value()?;
                let (n, secs) = v.split_once('/').ok_or("--rate-limit: expected N/SECONDS")?;
                let limit = n.parse().map_err(|e| format!("--rate-limit: {e}"))?;
                let secs: f64 = secs.parse().map_err(|e| format!("--rate-limit: {e}"))?;
                cfg.rate_limit = LimiterConfig { limit, window_ms: (secs * 1000.0) as u64, margin_ms: 0 };
            }
            "--seed" => {
                let path = value()?;
                let text = std::fs::read_to_string(&path).map_err(|e| format!("--seed {path}: {e}"))?;
                cfg.seed = Some(serde_json::from_str(&text).map_err(|e| format!("--seed {path}: {e}"))?);
            }
            "--write-seed" => write_seed = Some(value()?),
            "--bench-department" => bench = value()?.parse().map_err(|e| format!("--bench-department: {e}"))?,
            "--route" => {
                let v = value()?;
                let (op, route) = v.split_once('=').ok_or("--route: expected OPERATION=\"METHOD /path\"")?;
                routes.set_by_name(op.trim(), route.trim().trim_matches('"')).map_err(|e| format!("--route: {e}"))?;
            }
            "-h" | "--help" => return Err(USAGE.to_string()),
            other => return Err(format!("unknown argument {other}\n{USAGE}")),
        }
    }
    cfg.routes = routes;
    if bench > 0 {
        let seed = cfg.seed.take().unwrap_or_else(|| Seed::demo(Clock::new(cfg.today, system_time()()).today()));
        cfg.seed = Some(seed.with_bench_department(bench));
    }
    Ok((cfg, write_seed))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (mut cfg, write_seed) = match parse(&args) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    if let Some(path) = write_seed {
        let seed = cfg.seed.take().unwrap_or_else(|| Seed::demo(Clock::new(cfg.today, system_time()()).today()));
        let text = serde_json::to_string_pretty(&seed).unwrap_or_default();
        if let Err(e) = std::fs::write(&path, text) {
            eprintln!("--write-seed {path}: {e}");
            return ExitCode::FAILURE;
        }
        println!("wrote the seed to {path}");
        return ExitCode::SUCCESS;
    }
    let limit = cfg.rate_limit;
    let sandbox = match Sandbox::start(cfg) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("could not start: {e}");
            return ExitCode::FAILURE;
        }
    };
    println!("Zeitkonto sandbox listening on {}", sandbox.base_url());
    println!("today: {}   rate limit: {} per {} ms", sandbox.world().clock.today(), limit.limit, limit.window_ms);
    let keys = keys_of(&sandbox.world().world().initial);
    for (name, key) in keys {
        println!("  {name:<22} {key}");
    }
    println!("control surface: {}/__sandbox/(info|stats|faults|reset|rate-limit)   Ctrl-C stops", sandbox.base_url());
    let rt = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    rt.block_on(async {
        let _ = tokio::signal::ctrl_c().await;
    });
    drop(sandbox);
    ExitCode::SUCCESS
}
