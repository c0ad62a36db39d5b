//! The environment's proxy carries https only: plain http (allowed to a loopback host only, the
//! sandbox or a local test server) always goes direct, since a proxy would read the key in its
//! URL in the clear (`HTTP_PROXY` and `ALL_PROXY` apply to http in reqwest's own reading of the
//! environment). Its own test binary: it sets the process's proxy variables before each client is
//! built.

mod common;

use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::sync::{Arc, Mutex};

use common::*;
use zeitkonto::Client;

/// A "proxy" on loopback that records the first line of each connection it gets and closes it.
fn recording_proxy() -> (String, Arc<Mutex<Vec<String>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    let url = format!("http://{}", listener.local_addr().expect("address"));
    let seen = Arc::new(Mutex::new(Vec::new()));
    let lines = seen.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let mut first = String::new();
            let _ = BufReader::new(&stream).read_line(&mut first);
            lines.lock().unwrap_or_else(|p| p.into_inner()).push(first.trim().to_string());
        }
    });
    (url, seen)
}

const VARS: [&str; 8] =
    ["HTTP_PROXY", "http_proxy", "ALL_PROXY", "all_proxy", "HTTPS_PROXY", "https_proxy", "NO_PROXY", "no_proxy"];

/// Sets exactly these of [`VARS`] (the others removed).
fn env(set: &[(&str, &str)]) {
    for name in VARS {
        std::env::remove_var(name);
    }
    for (name, value) in set {
        std::env::set_var(name, value);
    }
}

/// Whether an https call made now goes through the recording proxy (with CONNECT: the proxy never
/// sees the path and its key).
async fn https_through(seen: &Arc<Mutex<Vec<String>>>) -> bool {
    let key = "k3y-behind-a-proxy";
    let before = seen.lock().unwrap_or_else(|p| p.into_inner()).len();
    let c = Client::builder().base_url("https://zeitkonto.invalid").api_key(key).build().expect("client");
    assert!(c.employees().await.is_err(), "the recording proxy closes the tunnel; the host does not exist");
    let lines = seen.lock().unwrap_or_else(|p| p.into_inner())[before..].to_vec();
    assert!(lines.iter().all(|l| !l.contains(key)), "{lines:?}");
    lines.iter().any(|l| l.starts_with("CONNECT zeitkonto.invalid:443"))
}

#[tokio::test(flavor = "multi_thread")]
async fn plain_http_to_loopback_never_goes_through_a_proxy_and_https_does() {
    let (proxy, seen) = recording_proxy();
    let seen_now = || seen.lock().unwrap_or_else(|p| p.into_inner()).clone();
    let every: Vec<(&str, &str)> = VARS[..6].iter().map(|name| (*name, proxy.as_str())).collect();
    env(&every);
    let sb = sandbox();

    // From the environment: the sandbox (http://127.0.0.1) is reached directly.
    assert!(!client(&sb).employees().await.expect("plain http to loopback goes direct").is_empty());
    // Set explicitly: the same.
    let explicit = builder(&sb).proxy(&proxy).build().expect("client");
    assert!(!explicit.employees().await.expect("plain http goes direct past a set proxy too").is_empty());
    assert!(seen_now().is_empty(), "the proxy saw a plain-http request (the key in the clear): {:?}", seen_now());

    // https goes through the environment's proxy: HTTPS_PROXY, https_proxy, ALL_PROXY or all_proxy.
    assert!(https_through(&seen).await, "HTTPS_PROXY: {:?}", seen_now());
    env(&[("https_proxy", &proxy)]);
    assert!(https_through(&seen).await, "https_proxy: {:?}", seen_now());
    env(&[("all_proxy", &proxy)]);
    assert!(https_through(&seen).await, "all_proxy: {:?}", seen_now());
    // One that is not an http(s) proxy URL is none, and the next variable is read.
    env(&[("HTTPS_PROXY", "socks9://127.0.0.1:1"), ("ALL_PROXY", &proxy)]);
    assert!(https_through(&seen).await, "ALL_PROXY after an unusable HTTPS_PROXY: {:?}", seen_now());
    // HTTP_PROXY alone: https goes direct (and plain http, above, always does).
    env(&[("HTTP_PROXY", &proxy)]);
    assert!(!https_through(&seen).await, "HTTP_PROXY carried https: {:?}", seen_now());
    // NO_PROXY still applies to https.
    env(&[("HTTPS_PROXY", &proxy), ("NO_PROXY", "zeitkonto.invalid")]);
    assert!(!https_through(&seen).await, "NO_PROXY's host went through the proxy: {:?}", seen_now());
}
