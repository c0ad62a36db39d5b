//! Shared set-up: a sandbox frozen at 2026-11-21 and a client pointed at it.
#![allow(dead_code)]

use std::time::Duration;

use zeitkonto::{Client, ClientBuilder, LimiterConfig, RetryConfig};
use zeitkonto_core::Date;
use zeitkonto_sandbox::{demo, Sandbox, SandboxConfig};

pub fn today() -> Date {
    Date::new(2026, 11, 21).expect("valid")
}

/// A sandbox with a generous rate limit (tests run in parallel).
pub fn sandbox() -> Sandbox {
    let mut cfg = SandboxConfig { today: Some(today()), ..Default::default() };
    cfg.rate_limit.limit = 1_000_000;
    Sandbox::start(cfg).expect("sandbox")
}

/// Fast retries so fault tests stay quick; same policy shape as the default.
pub fn fast_retry() -> RetryConfig {
    RetryConfig { base_delay_ms: 20, max_delay_ms: 100, ..RetryConfig::default() }
}

pub fn builder(sb: &Sandbox) -> ClientBuilder {
    Client::builder()
        .base_url(sb.base_url())
        .api_key(demo::COMPANY_KEY)
        .workspace_key(demo::WORKSPACE_KEY)
        .retry(fast_retry())
        .rate_limit(LimiterConfig::per_window(1_000_000, 60_000))
        .timeout(Some(Duration::from_secs(10)))
}

pub fn client(sb: &Sandbox) -> Client {
    builder(sb).build().expect("client")
}
