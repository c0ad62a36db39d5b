//! A machine without a trust store (a slim container without `ca-certificates`): the client is
//! still built, plain-http calls (the sandbox, a loopback proxy) work, and an https call fails at
//! once, without retries, with a typed TLS error that names what is missing. Its own test binary: it changes the
//! process's environment (`SSL_CERT_FILE`, `SSL_CERT_DIR`) before the first client is built.

mod common;

use common::*;
use zeitkonto::{Client, Error, TlsFailure};

#[tokio::test(flavor = "multi_thread")]
async fn without_a_trust_store_http_works_and_https_names_the_missing_store() {
    // rustls-native-certs reads these first; pointing them nowhere leaves no roots at all.
    std::env::set_var("SSL_CERT_FILE", "/nonexistent/zeitkonto-test/ca.pem");
    std::env::set_var("SSL_CERT_DIR", "/nonexistent/zeitkonto-test/certs");
    let sb = sandbox();
    let c = client(&sb);
    assert!(!c.employees().await.expect("plain http to loopback works").is_empty());
    let https = Client::builder().api_key("k3y-for-a-missing-store").build().expect("the client is built");
    let started = std::time::Instant::now();
    match https.employees().await {
        Err(e @ Error::Tls { failure: TlsFailure::Other, .. }) => {
            let text = e.to_string();
            assert!(text.contains("trust store") && text.contains("SSL_CERT_FILE"), "{text}");
            assert!(!text.contains("k3y-for") && !e.may_have_reached_server(), "{text}");
        }
        other => panic!("expected a TLS error naming the trust store, got {other:?}"),
    }
    assert!(started.elapsed() < std::time::Duration::from_millis(400), "never retried: {:?}", started.elapsed());
}
