//! The environment's proxy carries https only: plain http (allowed to a loopback host only, the
//! sandbox or a local test server) always goes direct, since a proxy would read the key in its
//! URL in the clear (`HTTP_PROXY` and `ALL_PROXY` apply to http in reqwest's own reading of the
//! environment). Its own test binary: it sets the process's proxy variables before the first
//! client is built.

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

#[tokio::test(flavor = "multi_thread")]
async fn plain_http_to_loopback_never_goes_through_a_proxy_and_https_does() {
    let (proxy, seen) = recording_proxy();
    for name in ["HTTP_PROXY", "http_proxy", "ALL_PROXY", "all_proxy", "HTTPS_PROXY", "https_proxy"] {
        std::env::set_var(name, &proxy);
    }
    std::env::remove_var("NO_PROXY");
    std::env::remove_var("no_proxy");
    let sb = sandbox();
    let seen_now = || seen.lock().unwrap_or_else(|p| p.into_inner()).clone();

    // From the environment: the sandbox (http://127.0.0.1) is reached directly.
    assert!(!client(&sb).employees().await.expect("plain http to loopback goes direct").is_empty());
    assert_eq!(sb.writes(zeitkonto::OperationId::Clock), 0);
    // Set explicitly: the same.
    let explicit = builder(&sb).proxy(&proxy).build().expect("client");
    assert!(!explicit.employees().await.expect("plain http goes direct past a set proxy too").is_empty());
    assert!(seen_now().is_empty(), "the proxy saw a plain-http request (the key in the clear): {:?}", seen_now());

    // https goes through the environment's proxy, with CONNECT (the proxy never sees the path).
    let key = "k3y-behind-a-proxy";
    let https = Client::builder().base_url("https://zeitkonto.invalid").api_key(key).build().expect("client");
    assert!(https.employees().await.is_err(), "the recording proxy closes the tunnel");
    let lines = seen_now();
    assert!(lines.iter().any(|l| l.starts_with("CONNECT zeitkonto.invalid:443")), "{lines:?}");
    assert!(lines.iter().all(|l| !l.contains(key)), "{lines:?}");

    // NO_PROXY still applies to https.
    std::env::set_var("NO_PROXY", "zeitkonto.invalid");
    let before = seen_now().len();
    let direct = Client::builder().base_url("https://zeitkonto.invalid").api_key(key).build().expect("client");
    assert!(direct.employees().await.is_err(), "no such host");
    assert_eq!(seen_now().len(), before, "NO_PROXY's host went through the proxy: {:?}", seen_now());
}
