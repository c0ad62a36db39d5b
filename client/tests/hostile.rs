//! Hostile servers, end to end through the one driver (issue "Hostile servers, hostile inputs"):
//! secrets that a server echoes never show, whole or in part; redirects are never followed; a
//! write is a success only when the server says so.

mod common;

use std::io::{Read, Write};
use std::net::TcpListener;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use common::*;
use zeitkonto::{Error, Event, Month, OperationId};
use zeitkonto_sandbox::{demo, Fault, FaultKind};

/// Every substring of `secret` of at least 4 characters (a key fragment a reader could use).
fn fragments(secret: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for start in 0..secret.len() {
        for end in start + 4..=secret.len() {
            out.push(&secret[start..end]);
        }
    }
    out
}

/// Fails when `text` carries any fragment of `secret` that the surrounding template does not.
fn assert_no_fragment(text: &str, secret: &str, what: &str) {
    for f in fragments(secret) {
        // Fragments that are plain words of the key's own naming scheme ("demo", "key") also occur
        // in harmless text; only fragments with a '-' between letters are the key's own.
        if f.contains('-') && f.len() > 5 {
            assert!(!text.contains(f), "{what} leaks {f:?} of the key: {text}");
        }
    }
}

fn recorded() -> (Arc<Mutex<Vec<String>>>, impl Fn(&Event) + Send + Sync + 'static) {
    let log = Arc::new(Mutex::new(Vec::new()));
    let sink = log.clone();
    (log, move |e: &Event| sink.lock().unwrap().push(format!("{e:?}")))
}

/// Rule 1: redact first, then cut. A proxy's 502 echoes the path with the key straddling the
/// excerpt's cut at every offset; neither the error (Display, Debug) nor the log shows any part of it.
#[tokio::test]
async fn echoed_keys_never_show_at_any_cut() {
    let sb = sandbox();
    let (log, observer) = recorded();
    let c = builder(&sb).retry(zeitkonto::RetryConfig::none()).on_event(observer).build().unwrap();
    for pad in 0..60 {
        sb.inject(Fault::new(FaultKind::EchoPath).pad(pad).on(OperationId::Employees));
        let err = c.employees().await.unwrap_err();
        assert!(matches!(err, Error::UnexpectedStatus { status: 502, .. }), "{err:?}");
        assert_no_fragment(&err.to_string(), demo::COMPANY_KEY, "Display");
        assert_no_fragment(&format!("{err:?}"), demo::COMPANY_KEY, "Debug");
    }
    for pad in [0, 20, 40, 55] {
        sb.inject(Fault::new(FaultKind::EchoPath).pad(pad).on(OperationId::Shifts));
        let err = c.shifts(2026, 47).await.unwrap_err();
        assert_no_fragment(&err.to_string(), demo::WORKSPACE_KEY, "shifts");
    }
    for line in log.lock().unwrap().iter() {
        assert_no_fragment(line, demo::COMPANY_KEY, "event");
        assert_no_fragment(line, demo::WORKSPACE_KEY, "event");
    }
}

/// A key passed where another argument belongs (arguments mixed up) is refused before sending, and
/// the refusal, which quotes the value it refused, shows none of it.
#[tokio::test]
async fn a_key_in_the_wrong_argument_is_not_quoted_back() {
    let sb = sandbox();
    let c = client(&sb);
    let err = c.leave_types(demo::COMPANY_KEY).await.unwrap_err();
    assert!(matches!(err, Error::InvalidInput { .. }), "{err:?}");
    assert_no_fragment(&err.to_string(), demo::COMPANY_KEY, "Display");
    assert_no_fragment(&format!("{err:?}"), demo::COMPANY_KEY, "Debug");
    let json = c.call_json(OperationId::LeaveTypes, &serde_json::json!({"email": demo::WORKSPACE_KEY})).await;
    assert_no_fragment(&json.unwrap_err().to_string(), demo::WORKSPACE_KEY, "call_json");
    // A job's refusal too (its e-mail, and its dates read from JSON as the bindings hand them over).
    let (start, end) = (today(), today());
    let job = c.project_hours(demo::COMPANY_KEY, start, end, vec![], None).err().expect("refused");
    assert_no_fragment(&job.to_string(), demo::COMPANY_KEY, "job");
    let spec = serde_json::json!({"email": "pm@x.example", "start": demo::COMPANY_KEY, "end": "2026-01-31"});
    let job = c.job_from_json("project_hours", &spec, None).err().expect("refused");
    assert!(matches!(&job, Error::InvalidInput { field, .. } if field == "start"), "{job:?}");
    assert_no_fragment(&job.to_string(), demo::COMPANY_KEY, "job_from_json");
}

#[test]
fn a_key_put_into_the_base_url_is_not_printed_by_the_builder_or_the_client() {
    let base = format!("http://127.0.0.1:9/{}/", demo::COMPANY_KEY);
    let builder = zeitkonto::Client::builder().base_url(&base).api_key(demo::COMPANY_KEY);
    assert_no_fragment(&format!("{builder:?}"), demo::COMPANY_KEY, "ClientBuilder Debug");
    let client = builder.build().expect("a client");
    let shown = format!("{client:?}");
    assert_no_fragment(&shown, demo::COMPANY_KEY, "Client Debug");
    assert!(shown.contains("\"http://127.0.0.1:9/***\""), "{shown}");
}

/// Rule 2: every secret-bearing path segment is a secret everywhere: an employee key as the clock
/// and time-account `{employee}`, a department key in `department_accounts`.
#[tokio::test]
async fn echoed_employee_and_department_keys_never_show() {
    let sb = sandbox();
    let (log, observer) = recorded();
    let c = builder(&sb).retry(zeitkonto::RetryConfig::none()).on_event(observer).build().unwrap();
    for pad in [0, 17, 33, 48] {
        sb.inject(Fault::new(FaultKind::EchoPath).pad(pad).on(OperationId::Clock));
        let err = c.come(demo::EMPLOYEE_KEY).await.unwrap_err();
        assert!(!err.to_string().contains(demo::EMPLOYEE_KEY), "{err}");
        assert_no_fragment(&err.to_string(), demo::EMPLOYEE_KEY, "clock");

        sb.inject(Fault::new(FaultKind::EchoPath).pad(pad).on(OperationId::TimeAccount));
        let err = c.time_account(demo::EMPLOYEE_KEY, 2026, Month::March).await.unwrap_err();
        assert_no_fragment(&err.to_string(), demo::EMPLOYEE_KEY, "time_account");

        sb.inject(Fault::new(FaultKind::EchoPath).pad(pad).on(OperationId::DepartmentAccounts));
        let err = c.department_accounts(demo::DEPARTMENT_KEY).await.unwrap_err();
        assert_no_fragment(&err.to_string(), demo::DEPARTMENT_KEY, "department_accounts");
        assert_no_fragment(&format!("{err:?}"), demo::DEPARTMENT_KEY, "department_accounts Debug");
    }
    for line in log.lock().unwrap().iter() {
        assert_no_fragment(line, demo::EMPLOYEE_KEY, "event");
        assert_no_fragment(line, demo::DEPARTMENT_KEY, "event");
    }
}

/// A loopback server that counts connections and answers `true` (the other host of a redirect).
fn other_host() -> (String, Arc<AtomicUsize>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let hits = Arc::new(AtomicUsize::new(0));
    let counter = hits.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming().take(50) {
            let Ok(mut s) = stream else { continue };
            counter.fetch_add(1, Ordering::SeqCst);
            let mut buf = [0u8; 4096];
            let _ = s.read(&mut buf);
            let _ = s.write_all(b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 4\r\n\r\ntrue");
        }
    });
    (format!("http://{addr}"), hits)
}

/// Rule 4: a redirect is never followed. The key does not travel to the other host, the error
/// names the status and the (redacted) target, and a write answered 302 is not reported as done.
#[tokio::test]
async fn redirects_are_never_followed() {
    let sb = sandbox();
    let (elsewhere, hits) = other_host();
    let c = client(&sb);

    let target = format!("{elsewhere}/api/v2/employees/{}", demo::COMPANY_KEY);
    sb.inject(Fault::new(FaultKind::Redirect).location(target).on(OperationId::Employees));
    let err = c.employees().await.unwrap_err();
    match &err {
        Error::UnexpectedStatus { status: 302, excerpt } => {
            assert!(excerpt.contains(&elsewhere), "names the target: {excerpt}");
            assert!(!excerpt.contains(demo::COMPANY_KEY), "redacted: {excerpt}");
        }
        other => panic!("expected a 302 error, got {other:?}"),
    }

    sb.inject(Fault::new(FaultKind::Redirect).status(307).location(format!("{elsewhere}/come")).on(OperationId::Clock));
    let err = c.come(demo::ANNA).await.unwrap_err();
    assert!(matches!(err, Error::UnexpectedStatus { status: 307, .. }), "{err:?}");
    assert_eq!(sb.writes(OperationId::Clock), 0, "the clock-in was not applied");
    assert_eq!(hits.load(Ordering::SeqCst), 0, "nothing was sent to the other host");
}

/// A reqwest client of the user's that follows redirects (reqwest's default): its answer from
/// the other host is never taken for the API's (a clock-in the API never got passed for done),
/// the error is never retried (a write is never sent twice), and nothing more is sent through it.
#[tokio::test]
async fn a_given_reqwest_client_that_follows_a_redirect_is_not_believed_nor_used_again() {
    let sb = sandbox();
    let (elsewhere, hits) = other_host();
    // (reqwest is built here without a crypto provider of its own: the client's, as an app has one.)
    let _ = rustls::crypto::ring::default_provider().install_default();
    let follows = reqwest::Client::builder().no_proxy().build().unwrap();
    let (log, sink) = recorded();
    let transport = Arc::new(zeitkonto::ReqwestTransport::with_client(follows));
    let c = builder(&sb).transport(transport).on_event(sink).build().unwrap();
    sb.inject(Fault::new(FaultKind::Redirect).status(307).location(format!("{elsewhere}/come")).on(OperationId::Clock));
    let err = c.come(demo::ANNA).await.unwrap_err();
    match &err {
        Error::Transport { detail, may_have_reached_server: true } => {
            assert!(detail.contains("Policy::none()"), "says how to build it: {detail}");
            assert_no_fragment(detail, demo::COMPANY_KEY, "the error");
        }
        other => panic!("expected a transport error, got {other:?}"),
    }
    assert_eq!(hits.load(Ordering::SeqCst), 1, "the reqwest client followed the redirect, once: never re-sent");
    assert_eq!(
        (sb.requests(OperationId::Clock), sb.writes(OperationId::Clock)),
        (1, 0),
        "the API never got the clock-in"
    );
    // Nothing more goes through that client, and nothing waits to try again (a read is retried
    // after a lost connection): at once, nothing sent.
    let before = sb.requests(OperationId::Employees);
    let err = c.employees().await.unwrap_err();
    assert!(matches!(&err, Error::Transport { may_have_reached_server: false, .. }), "{err:?}");
    assert_eq!(sb.requests(OperationId::Employees), before);
    assert_eq!(hits.load(Ordering::SeqCst), 1);
    let events = log.lock().unwrap().clone();
    assert!(!events.iter().any(|e| e.starts_with("Wait")), "never retried: {events:?}");
}

/// Rule 16: a write that timed out says it may have been applied.
#[tokio::test]
async fn a_timed_out_write_says_it_may_have_been_applied() {
    let sb = sandbox();
    let c = builder(&sb).timeout(std::time::Duration::from_millis(200)).build().unwrap();
    sb.inject(Fault::new(FaultKind::Delay).delay_ms(1000).after_applying().on(OperationId::Clock));
    let err = c.come(demo::ANNA).await.unwrap_err();
    assert_eq!(err, Error::Timeout { may_have_reached_server: true });
    assert_eq!(sb.writes(OperationId::Clock), 1, "applied once, never re-sent");
    assert_eq!(sb.requests(OperationId::Clock), 1);
}

/// Rule 3: dot segments are refused before anything is sent.
#[tokio::test]
async fn dot_segments_never_reach_the_server() {
    let sb = sandbox();
    let c = client(&sb);
    for bad in ["..", ".", " .. "] {
        let err = c.come(bad).await.unwrap_err();
        assert!(matches!(&err, Error::InvalidInput { field, .. } if field == "employee"), "{err:?}");
        let err = c.time_account(bad, 2026, Month::March).await.unwrap_err();
        assert!(matches!(&err, Error::InvalidInput { .. }), "{err:?}");
    }
    assert_eq!(sb.requests(OperationId::Clock), 0);
    assert_eq!(sb.requests(OperationId::TimeAccount), 0);
}

/// Fuzzing finding (amplification): a response body is bounded; a larger one is a typed error
/// naming the limit, and the bound is configurable.
#[tokio::test]
async fn response_bodies_are_bounded() {
    let sb = sandbox();
    let small = builder(&sb).max_response_bytes(512).build().unwrap();
    match small.employees().await.unwrap_err() {
        Error::Decode { operation, detail } => {
            assert_eq!(operation, "employees");
            assert!(detail.contains("512 bytes"), "{detail}");
        }
        other => panic!("expected a Decode error, got {other:?}"),
    }
    assert_eq!(sb.requests(OperationId::Employees), 1, "a body too large is not retried");
    assert!(!client(&sb).employees().await.unwrap().is_empty(), "the default bound is generous");
}

/// One raw HTTP/1.1 server that answers every request with `head` and `body` (up to 20 requests).
fn answering(head: String, body: Vec<u8>) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    std::thread::spawn(move || {
        for stream in listener.incoming().take(20) {
            let Ok(mut s) = stream else { continue };
            let mut buf = [0u8; 4096];
            let _ = s.read(&mut buf);
            let _ = s.write_all(head.as_bytes());
            let _ = s.write_all(&body);
        }
    });
    format!("http://{addr}")
}

/// `data` gzip-coded.
fn gzip(data: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

/// The bound applies to the **decoded** bytes: a 20 KB gzip body that inflates to 24 MiB (a
/// compression bomb) stops at the 16 MiB default as the same typed error as any large body; an
/// ordinary gzip answer decodes. (The transport asks for gzip since issue 20.)
#[tokio::test]
async fn a_compression_bomb_stops_at_the_bound_on_decoded_bytes() {
    let head = |len: usize| {
        format!("HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-encoding: gzip\r\ncontent-length: {len}\r\n\r\n")
    };
    // A JSON list of 24 MiB of spaces: valid JSON, so only the bound can refuse it.
    let mut big = vec![b' '; 24 << 20];
    big[0] = b'[';
    *big.last_mut().unwrap() = b']';
    let bomb = gzip(&big);
    assert!(bomb.len() < 64 << 10, "a bomb: {} bytes", bomb.len());
    let url = answering(head(bomb.len()), bomb);
    let c = zeitkonto::Client::builder().base_url(&url).api_key(demo::COMPANY_KEY).build().unwrap();
    match c.employees().await.unwrap_err() {
        Error::Decode { operation, detail } => {
            assert_eq!(operation, "employees");
            assert!(detail.contains("16777216 bytes"), "{detail}");
        }
        other => panic!("expected the bound's Decode error, got {other:?}"),
    }

    let fine = gzip(br#"[{"id":7,"firstName":"Anna"}]"#);
    let url = answering(head(fine.len()), fine);
    let c = zeitkonto::Client::builder().base_url(&url).api_key(demo::COMPANY_KEY).build().unwrap();
    let people = c.employees().await.expect("a gzip answer decodes");
    assert_eq!(people.len(), 1);
}

/// A gzip body whose coding is written another way than reqwest decodes (`GZIP`, `x-gzip`: codings
/// are case-insensitive and `x-gzip` is gzip, RFC 9110 8.4.1) is decoded too, bounded as any body:
/// a successful clock-in read as a `Decode` error "that may have been applied" was the result.
#[tokio::test]
async fn a_gzip_body_labelled_gzip_in_another_case_or_x_gzip_decodes() {
    let head = |coding: &str, len: usize| {
        format!("HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-encoding: {coding}\r\ncontent-length: {len}\r\n\r\n")
    };
    for coding in ["GZIP", "x-gzip", " Gzip "] {
        let body = gzip(b"true");
        let url = answering(head(coding, body.len()), body);
        let c = zeitkonto::Client::builder().base_url(&url).api_key(demo::COMPANY_KEY).build().unwrap();
        c.come("anna@demo.example").await.unwrap_or_else(|e| panic!("{coding}: {e:?}"));
    }
    let mut big = vec![b' '; 24 << 20];
    big[0] = b'[';
    *big.last_mut().unwrap() = b']';
    let bomb = gzip(&big);
    let url = answering(head("X-GZIP", bomb.len()), bomb);
    let c = zeitkonto::Client::builder().base_url(&url).api_key(demo::COMPANY_KEY).build().unwrap();
    let r = c.employees().await;
    assert!(matches!(r, Err(Error::Decode { .. })), "bounded on decoded bytes: {r:?}");
    // An error page labelled gzip that is not: read as sent (an empty 401 would read as "invalid key").
    let page = b"<html>proxy login</html>".to_vec();
    let url = answering(
        format!("HTTP/1.1 401 Unauthorized\r\ncontent-encoding: GZIP\r\ncontent-length: {}\r\n\r\n", page.len()),
        page,
    );
    let c = zeitkonto::Client::builder().base_url(&url).api_key(demo::COMPANY_KEY).build().unwrap();
    match c.come("anna@demo.example").await {
        Err(Error::UnexpectedStatus { status: 401, excerpt, .. }) => {
            assert!(excerpt.contains("proxy login"), "{excerpt}")
        }
        other => panic!("a 401 page labelled gzip: {other:?}"),
    }
    let url = answering(head("GZIP", 12), b"not gzip at all".to_vec());
    let c = zeitkonto::Client::builder().base_url(&url).api_key(demo::COMPANY_KEY).build().unwrap();
    match c.come("anna@demo.example").await {
        Err(Error::Transport { may_have_reached_server: true, detail }) => assert!(detail.contains("gzip"), "{detail}"),
        other => panic!("a body that does not decode: {other:?}"),
    }
}

/// An answer that is not a 2xx is read by its status and its start: one beyond the bound (a 403
/// with its code and a long tail, a 429, a proxy's long error page) is cut at the bound, not a
/// `Decode` error "that may have been applied" hiding a refusal.
#[tokio::test]
async fn an_error_answer_beyond_the_bound_is_read_by_its_status_and_start() {
    let long = |status: &str, start: &str| {
        let mut body = start.as_bytes().to_vec();
        body.resize(4096, b' ');
        answering(
            format!("HTTP/1.1 {status}\r\ncontent-type: text/plain\r\ncontent-length: {}\r\n\r\n", body.len()),
            body,
        )
    };
    let small = |url: &str| {
        zeitkonto::Client::builder().base_url(url).api_key(demo::COMPANY_KEY).max_response_bytes(1024).build().unwrap()
    };
    match small(&long("403 Forbidden", "3")).come("anna@demo.example").await {
        Err(Error::Api { code: 3, .. }) => {}
        other => panic!("a 403 with its code: {other:?}"),
    }
    match small(&long("503 Service Unavailable", "<html>busy")).come("anna@demo.example").await {
        Err(Error::UnexpectedStatus { status: 503, excerpt, .. }) => {
            assert!(excerpt.starts_with("<html>busy"), "{excerpt}")
        }
        other => panic!("a 503: {other:?}"),
    }
    // A 2xx beyond the bound is still the bound's Decode error.
    match small(&long("200 OK", "[")).employees().await {
        Err(Error::Decode { detail, .. }) => assert!(detail.contains("1024 bytes"), "{detail}"),
        other => panic!("a 2xx beyond the bound: {other:?}"),
    }
}

/// A transport of the app's own (Kotlin's, Swift's) hands over a whole body: an error answer
/// beyond the bound is cut by the driver, as the bundled transport cuts it.
#[tokio::test]
async fn a_foreign_transport_s_long_error_answer_is_cut_by_the_driver() {
    struct Long;
    impl zeitkonto::Transport for Long {
        fn send<'a>(
            &'a self,
            _request: &'a zeitkonto_core::Request,
            _timeout: Option<std::time::Duration>,
        ) -> zeitkonto::BoxFuture<'a, Result<zeitkonto_core::Response, zeitkonto::TransportError>> {
            let mut body = b"3".to_vec();
            body.resize(1 << 20, b' ');
            Box::pin(async move { Ok(zeitkonto_core::Response::new(403, vec![], body)) })
        }
    }
    let c = zeitkonto::Client::builder()
        .api_key(demo::COMPANY_KEY)
        .transport(Arc::new(Long))
        .max_response_bytes(1024)
        .build()
        .unwrap();
    assert!(matches!(c.come("anna@demo.example").await, Err(Error::Api { code: 3, .. })));
}

/// A key given in the wrong setting (a route, the proxy, the base URL) is not quoted by the
/// refusal of the client's settings.
#[test]
fn refusals_of_the_settings_quote_no_key() {
    const KEY: &str = "SECRETKEY-abcdef1234567890";
    let builders = [
        zeitkonto::Client::builder().api_key(KEY).route(OperationId::Employees, &format!("GET x{KEY}{{api}}")),
        zeitkonto::Client::builder().api_key(KEY).route(OperationId::Employees, &format!("{KEY} /x/{{api}}")),
        zeitkonto::Client::builder().api_key(KEY).proxy(format!("ftp://{KEY}")),
        zeitkonto::Client::builder().api_key(KEY).base_url(format!("{KEY}://x")),
    ];
    for b in builders {
        let e = b.build().expect_err("refused");
        let printed = format!("{e} {e:?}");
        assert!(matches!(e, zeitkonto::Error::InvalidInput { .. }), "{printed}");
        assert!(!printed.contains(KEY) && !printed.contains("abcdef"), "{printed}");
    }
}

/// A 429 whose `Retry-After` is an HTTP date and that has no `Date` header: the date is read
/// against the answer's arrival by the client's clock (it was not read at all: the client retried
/// after its own estimate, 1 s, into another 429). A wait beyond `max_retry_after` gives up at once
/// with the wait the server asked for.
#[tokio::test]
async fn a_retry_after_date_without_a_date_header_is_read_against_the_arrival() {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64 + 30;
    let day = zeitkonto::Date::from_days_since_epoch(now.div_euclid(86_400)).unwrap();
    let secs = now.rem_euclid(86_400);
    let date = format!(
        "Mon, {:02} {} {} {:02}:{:02}:{:02} GMT",
        day.day(),
        &day.month().name()[..3],
        day.year(),
        secs / 3600,
        secs / 60 % 60,
        secs % 60
    );
    let head = format!("HTTP/1.1 429 Too Many Requests\r\nRetry-After: {date}\r\nContent-Length: 0\r\n\r\n");
    let url = answering(head, Vec::new());
    let retry = zeitkonto::RetrySettings { max_retry_after: std::time::Duration::from_secs(5), ..Default::default() };
    let c = zeitkonto::Client::builder().base_url(url).api_key("k3y-of-a-429").retry(retry).build().unwrap();
    match c.employees().await {
        Err(Error::RateLimited { retry_after: Some(wait) }) => {
            assert!((25..=31).contains(&wait.as_secs()), "the date read as a wait of {wait:?}, not about 30 s");
        }
        other => panic!("expected RateLimited with the date's wait, got {other:?}"),
    }
}
