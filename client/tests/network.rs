//! The Rust client through real network infrastructure: nginx with TLS from a private CA, gzip,
//! HTTP/2 and small keep-alive limits (and two ports at 10 Mbit/s), and tinyproxy as a CONNECT proxy (scripts/network-infra).
//! Ignored in a plain `cargo test`; `scripts/network-test` starts the infrastructure and runs them
//! with `--ignored` (the `ZK_NET_*` variables say where everything is).

use std::time::Duration;

use serde_json::Value;
use zeitkonto::{Client, ClientBuilder, Error, LimiterConfig, Month, RetryConfig, TlsFailure};

const KEY: &str = "demo-company-key";

fn env(name: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| panic!("{name} is not set: run scripts/network-test"))
}

fn ca() -> Vec<u8> {
    std::fs::read(env("ZK_NET_CA")).expect("the test CA")
}

fn builder(base: &str) -> ClientBuilder {
    Client::builder()
        .base_url(base)
        .api_key(KEY)
        .rate_limit(LimiterConfig::per_window(1_000_000, 60_000))
        .retry(RetryConfig { base_delay_ms: 20, max_delay_ms: 50, ..RetryConfig::default() })
        .timeout(Some(Duration::from_secs(20)))
}

/// The nginx access log's entries (JSON lines) since `skip` lines.
fn access_log(skip: usize) -> Vec<Value> {
    std::fs::read_to_string(env("ZK_NET_ACCESS_LOG"))
        .unwrap_or_default()
        .lines()
        .skip(skip)
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect()
}

fn log_len() -> usize {
    access_log(0).len()
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "needs scripts/network-infra (run by scripts/network-test)"]
async fn a_private_ca_gzip_http2_and_the_user_agent() {
    let c = builder(&env("ZK_NET_URL")).ca_certificates_pem(ca()).build().expect("client");
    let before = log_len();
    let people = c.employees().await.expect("employees through nginx");
    assert!(people.len() >= 35);
    let seen = access_log(before);
    let entry = &seen[0];
    assert_eq!(entry["protocol"], "HTTP/2.0", "HTTP/2 by ALPN: {entry}");
    let accept = entry["accept_encoding"].as_str().unwrap_or_default();
    assert!(accept.contains("gzip"), "{entry}");
    assert_eq!(entry["content_encoding"], "gzip", "{entry}");
    assert!(entry["user_agent"].as_str().unwrap_or_default().starts_with("zeitkonto-rust/"), "{entry}");
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "needs scripts/network-infra (run by scripts/network-test)"]
async fn a_large_answer_is_compressed_on_the_wire_within_twice_curls() {
    let c = builder(&env("ZK_NET_URL")).ca_certificates_pem(ca()).build().expect("client");
    let before = log_len();
    let all = c.department_month_employees("BENCH", 2026, Month::October).await.expect("1,000 summaries");
    assert_eq!(all.len(), 1000);
    let ours = access_log(before)[0]["bytes"].as_u64().unwrap_or(u64::MAX);
    // curl --compressed is the reference the issue names; it is measured in scripts/network-test,
    // which passes its figure here.
    let curl: u64 = env("ZK_NET_CURL_COMPRESSED_BYTES").parse().expect("a byte count");
    let plain: u64 = env("ZK_NET_CURL_PLAIN_BYTES").parse().expect("a byte count");
    println!(
        "1,000 summaries on the wire: zeitkonto-rust {ours} bytes, curl --compressed {curl}, uncompressed {plain}"
    );
    assert!(ours <= 2 * curl, "{ours} bytes on the wire against curl's {curl}");
    assert!(ours * 10 < plain, "{ours} bytes: not compressed ({plain} uncompressed)");
}

/// The time the 1,000-summary answer takes on a 10 Mbit/s link (nginx `limit_rate`), compressed
/// and not: the same client against two ports that differ only in `gzip off`, interleaved, five
/// rounds, medians printed with their ratio. A measurement, not an assertion on time; what is
/// asserted is that both ports answered all 1,000 and that the compressed one was compressed.
#[tokio::test(flavor = "multi_thread")]
#[ignore = "needs scripts/network-infra (run by scripts/network-test)"]
async fn the_time_a_large_answer_takes_at_10_mbit_with_and_without_compression() {
    let gzip = builder(&env("ZK_NET_SLOW")).ca_certificates_pem(ca()).build().expect("client");
    let plain = builder(&env("ZK_NET_SLOW_PLAIN")).ca_certificates_pem(ca()).build().expect("client");
    // The same answer without the rate limit: what the server (a debug-built sandbox behind
    // nginx) and TLS take on their own, included in both timings above it.
    let fast = builder(&env("ZK_NET_URL")).ca_certificates_pem(ca()).build().expect("client");
    // One call each first, so that every timing below is of a warm connection.
    for c in [&gzip, &plain, &fast] {
        assert_eq!(c.department_month_employees("BENCH", 2026, Month::October).await.expect("warm-up").len(), 1000);
    }
    let (mut with, mut without, mut unlimited, mut bytes) = (Vec::new(), Vec::new(), Vec::new(), (0u64, 0u64));
    for _ in 0..5 {
        let started = std::time::Instant::now();
        let all = fast.department_month_employees("BENCH", 2026, Month::October).await.expect("1,000 summaries");
        unlimited.push(started.elapsed().as_secs_f64() * 1000.0);
        assert_eq!(all.len(), 1000);
        for (c, times, compressed) in [(&gzip, &mut with, true), (&plain, &mut without, false)] {
            let before = log_len();
            let started = std::time::Instant::now();
            let all = c.department_month_employees("BENCH", 2026, Month::October).await.expect("1,000 summaries");
            times.push(started.elapsed().as_secs_f64() * 1000.0);
            assert_eq!(all.len(), 1000);
            let entry = &access_log(before)[0];
            let sent = entry["bytes"].as_u64().unwrap_or(0);
            if compressed {
                assert_eq!(entry["content_encoding"], "gzip", "{entry}");
                bytes.0 = sent;
            } else {
                assert_eq!(entry["content_encoding"], "", "{entry}");
                bytes.1 = sent;
            }
        }
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let (w, wo, u) = (median(&mut with), median(&mut without), median(&mut unlimited));
    println!(
        "1,000 summaries at 10 Mbit/s (median of 5, interleaved): gzip {} bytes in {w:.0} ms, \
         uncompressed {} bytes in {wo:.0} ms: {:.1}x faster compressed; server and TLS alone \
         (no rate limit) {u:.0} ms",
        bytes.0,
        bytes.1,
        wo / w
    );
    assert!(bytes.0 * 10 < bytes.1, "compressed {} against {} bytes", bytes.0, bytes.1);
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "needs scripts/network-infra (run by scripts/network-test)"]
async fn tls_failures_are_typed_and_never_retried() {
    let cases = [
        (env("ZK_NET_URL"), false, TlsFailure::UntrustedIssuer),
        (env("ZK_NET_WRONG_HOST"), true, TlsFailure::HostnameMismatch),
        (env("ZK_NET_EXPIRED"), true, TlsFailure::Expired),
    ];
    for (url, trust_ca, expected) in cases {
        let mut b = builder(&url);
        if trust_ca {
            b = b.ca_certificates_pem(ca());
        }
        let c = b.build().expect("client");
        let before = log_len();
        let started = std::time::Instant::now();
        match c.employees().await {
            Err(Error::Tls { failure, detail }) => {
                assert_eq!(failure, expected, "{url}: {detail}");
                assert!(!detail.contains(KEY), "{detail}");
            }
            other => panic!("{url}: expected a TLS failure {expected:?}, got {other:?}"),
        }
        let err = c.come("anna.schmidt@demo.example").await.expect_err("a write fails the same way");
        assert!(!err.may_have_reached_server(), "a failed handshake sent nothing: {err}");
        assert!(started.elapsed() < Duration::from_secs(2), "not retried: {:?}", started.elapsed());
        assert_eq!(access_log(before).len(), 0, "nginx saw no request");
    }
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "needs scripts/network-infra (run by scripts/network-test)"]
async fn a_corporate_proxy_sees_neither_the_url_nor_the_key() {
    let log = env("ZK_NET_PROXY_LOG");
    let before = std::fs::read_to_string(&log).unwrap_or_default().len();
    let c = builder(&env("ZK_NET_URL")).ca_certificates_pem(ca()).proxy(env("ZK_NET_PROXY")).build().expect("client");
    let people = c.employees().await.expect("through the proxy");
    assert!(!people.is_empty());
    let seen = std::fs::read_to_string(&log).unwrap_or_default()[before..].to_string();
    assert!(seen.contains("CONNECT"), "the proxy tunnelled the call: {seen}");
    assert!(!seen.contains(KEY) && !seen.contains("/api/v2"), "the proxy log holds no URL or key: {seen}");
    // A bad proxy URL is refused when the client is built.
    match builder(&env("ZK_NET_URL")).proxy("::not a url::").build() {
        Err(Error::InvalidInput { field, .. }) => assert_eq!(field, "proxy"),
        other => panic!("{other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "needs scripts/network-infra (run by scripts/network-test)"]
async fn writes_survive_keep_alive_limits_and_are_never_sent_twice() {
    // nginx closes a connection after 3 requests (GOAWAY on HTTP/2) and after 1 s idle: every write
    // still succeeds, and is applied exactly once.
    let c = builder(&env("ZK_NET_URL")).ca_certificates_pem(ca()).build().expect("client");
    let sandbox = env("ZK_NET_SANDBOX");
    let http = reqwest::Client::new();
    http.post(format!("{sandbox}/__sandbox/reset")).send().await.expect("reset");
    let anna = "anna.schmidt@demo.example";
    for i in 0..9 {
        if i == 4 {
            tokio::time::sleep(Duration::from_millis(1300)).await; // past keepalive_timeout
        }
        let result = if i % 2 == 0 { c.come(anna).await } else { c.go(anna).await };
        result.unwrap_or_else(|e| panic!("write {i}: {e}"));
    }
    let stats = http.get(format!("{sandbox}/__sandbox/stats")).send().await.expect("stats").text().await.expect("text");
    let stats: Value = serde_json::from_str(&stats).expect("json");
    assert_eq!(stats["writes"]["clock"], 9, "{stats}");
    assert_eq!(stats["requests"]["clock"], 9, "{stats}");
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "needs scripts/network-infra (run by scripts/network-test)"]
async fn one_http2_connection_carries_concurrent_calls() {
    let c = builder(&env("ZK_NET_URL")).ca_certificates_pem(ca()).build().expect("client");
    c.overview(None).await.expect("warm up");
    let before = log_len();
    let calls: Vec<_> = (0..5)
        .map(|_| {
            let c = c.clone();
            tokio::spawn(async move { c.overview(None).await })
        })
        .collect();
    for call in calls {
        call.await.expect("joined").expect("overview");
    }
    let conns: std::collections::BTreeSet<u64> = access_log(before).iter().filter_map(|e| e["conn"].as_u64()).collect();
    // keepalive_requests 3 ends a connection after 3 requests: 5 calls need at least 2, and h2
    // multiplexing keeps it at 2 or 3 (HTTP/1.1 would open 5).
    assert!(conns.len() <= 3, "{} connections for 5 concurrent calls: {conns:?}", conns.len());
}
