//! The npm build's transport: each attempt goes, through `js_sys` directly, to the JS wrapper's
//! `fetchFor`, which sends it with `fetch` (browsers, workers, and Node with a `fetch` or
//! `dispatcher` option) or node:http (Node's default, `npm/src/node-http.js`). reqwest would do the
//! same through its URL, header and IDNA machinery, which the platform already has: leaving it out
//! keeps the .wasm within its size budget.

use std::cell::RefCell;
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use js_sys::{Array, Function, Promise, Reflect, Uint8Array};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use zeitkonto::transport::BoxFuture;
use zeitkonto::{Transport, TransportError};
use zeitkonto_core::{Request, Response};

/// The JS wrapper's `fetchFor` as a [`Transport`]. Each attempt goes through the calling task's
/// `fetchFor(url, head, body)` (see [`WithFetch`] and [`exchange`]), the JS wrapper's function that
/// ties the attempt to the caller's AbortSignal and to a timer it clears when the call settles,
/// sends it (the `fetch` of the client's options with its `dispatcher`, or node:http in Node by
/// default), and marks the failures it can tell apart (a refused connection, a failed TLS
/// handshake: `{zeitkonto: "connect" | "tls", failure, detail}`). Every call runs through it (the
/// npm wrapper passes one to every call).
///
/// A body is read up to `max_body` bytes ([`TransportError::TooLarge`] beyond) by the wrapper
/// (`readBody` in src/core.js for fetch, `send` in src/node-http.js): all at once when the server
/// declared a length within the bound and no encoding, otherwise chunk by chunk (after decoding),
/// cancelled at the bound, so a server that never stops sending (or a small gzip that inflates to
/// gigabytes) cannot exhaust memory. (In JavaScript: a few lines there are much smaller in the
/// .wasm than the same stream loop through `js_sys`.)
pub struct FetchTransport {
    /// The largest body read, in bytes.
    pub max_body: usize,
}

thread_local! {
    static FETCH_FOR: RefCell<Option<Function>> = const { RefCell::new(None) };
}

/// Runs a call's future with its `fetchFor` function current, so that every `fetch` the driver
/// starts for this call (retries included) goes through it. The wasm is single-threaded and
/// `fetch` starts inside a poll, so a poll-scoped slot suffices.
pub struct WithFetch<F> {
    pub fetch_for: Option<Function>,
    pub inner: Pin<Box<F>>,
}

impl<F: Future> Future for WithFetch<F> {
    type Output = F::Output;
    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<F::Output> {
        let previous = FETCH_FOR.with(|s| s.replace(self.fetch_for.clone()));
        let r = self.inner.as_mut().poll(cx);
        FETCH_FOR.with(|s| *s.borrow_mut() = previous);
        r
    }
}

/// A rejected `fetch`: a timeout; a refused connection or a failed TLS handshake, as `fetchFor`
/// marked them (nothing reached the server); anything else may have happened after sending
/// (fetch does not say, and the driver then never resends a write).
fn failure(e: JsValue) -> TransportError {
    let text = |name: &str| Reflect::get(&e, &JsValue::from_str(name)).ok().and_then(|n| n.as_string());
    match text("zeitkonto").as_deref() {
        Some("tls") => {
            let failure = zeitkonto_core::TlsFailure::from_name(&text("failure").unwrap_or_default());
            return TransportError::Tls(failure, text("detail").unwrap_or_default());
        }
        Some("connect") => return TransportError::Connect(text("detail").unwrap_or_default()),
        _ => {}
    }
    let name = text("name").unwrap_or_default();
    if name == "TimeoutError" {
        return TransportError::Timeout;
    }
    // (Node's fetch says only "fetch failed"; node:http names what broke: "socket hang up".)
    TransportError::Lost(format!("the request failed: {}", text("message").unwrap_or(name)))
}

impl Transport for FetchTransport {
    fn send<'a>(
        &'a self,
        request: &'a Request,
        timeout: Option<Duration>,
    ) -> BoxFuture<'a, Result<Response, TransportError>> {
        Box::pin(async move {
            if let Some(fetch_for) = FETCH_FOR.with(|s| s.borrow().clone()) {
                return exchange(&fetch_for, request, timeout, self.max_body).await;
            }
            Err(TransportError::Connect("no fetch: calls run through the npm wrapper's fetchFor".to_string()))
        })
    }
}

/// One attempt through the npm wrapper's `fetchFor(url, head, body)`, one round trip: `head` is
/// `METHOD\ntimeoutMs\nmaxBytes` and then one `name: value` line per header (one string, not an
/// object built property by property from here); it resolves to `[status, bodyBytes, headers]`
/// (`headers` an array of pairs, or `null` for a 2xx answer, whose headers the core does not
/// read), the body read within the bound, a manual redirect's hidden status reported as 300.
async fn exchange(
    fetch_for: &Function,
    request: &Request,
    timeout: Option<Duration>,
    max_body: usize,
) -> Result<Response, TransportError> {
    // Whole numbers only: formatting an f64 would link the float printer (~10 KB of .wasm).
    let timeout_ms: i64 = timeout.map_or(-1, |t| zeitkonto_core::settings::millis(t).min(i32::MAX as u64) as i64);
    let mut head = format!("{}\n{timeout_ms}\n{max_body}", request.method().as_str());
    for (k, v) in request.headers() {
        head.push('\n');
        head.push_str(k);
        head.push_str(": ");
        head.push_str(v);
    }
    let body = request.body().map_or(JsValue::UNDEFINED, |b| JsValue::from_str(&String::from_utf8_lossy(b)));
    let promise = fetch_for
        .call3(&JsValue::UNDEFINED, &JsValue::from_str(request.url()), &JsValue::from_str(&head), &body)
        .map_err(failure)?
        .dyn_into::<Promise>()
        .map_err(|_| TransportError::Connect("fetch did not return a promise".to_string()))?;
    let answer: Array = match JsFuture::from(promise).await {
        Ok(a) => a.unchecked_into(),
        Err(e) if e.as_string().as_deref() == Some(TOO_LARGE) => return Err(TransportError::TooLarge),
        Err(e) => return Err(failure(e)),
    };
    let status = answer.get(0).as_f64().unwrap_or(0.0) as u16;
    let body = answer.get(1).unchecked_into::<Uint8Array>().to_vec();
    let mut pairs = Vec::new();
    let headers = answer.get(2);
    if !headers.is_null() && !headers.is_undefined() {
        for entry in headers.unchecked_into::<Array>().iter() {
            let pair: Array = entry.unchecked_into();
            if let (Some(k), Some(v)) = (pair.get(0).as_string(), pair.get(1).as_string()) {
                pairs.push((k, v));
            }
        }
    }
    Ok(Response::new(status, pairs, body))
}

/// What the JavaScript body reader rejects with when a body is larger than its bound.
const TOO_LARGE: &str = "zeitkonto:too-large";
