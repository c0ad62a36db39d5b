//! The npm build's transport: the global `fetch` (browsers, workers, Node >= 18), called through
//! `js_sys` directly. reqwest would do the same through its URL, header and IDNA machinery, which
//! `fetch` already has: leaving it out keeps the .wasm within its size budget.

use std::cell::RefCell;
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use js_sys::{Array, Function, Object, Promise, Reflect, Uint8Array};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use zeitkonto::transport::BoxFuture;
use zeitkonto::{Transport, TransportError};
use zeitkonto_core::{Request, Response};

/// `fetch` as a [`Transport`]. Each attempt goes through the calling task's `fetchFor(url, init,
/// timeoutMs)` (see [`WithFetch`]), the JS wrapper's function that ties the attempt to the
/// caller's AbortSignal and to a timer it clears when the call settles, calls the `fetch` of the
/// client's options (with its `dispatcher`), and marks the failures it can tell apart (a refused
/// connection, a failed TLS handshake: `{zeitkonto: "connect" | "tls", failure, detail}`).
/// Without one (not through the JS wrapper), the global `fetch` with `AbortSignal.timeout`.
///
/// A body is read up to `max_body` bytes ([`TransportError::TooLarge`] beyond) by `read_body`, the
/// JavaScript reader of src/core.js: all at once when the server declared a length within the
/// bound and no encoding (fetch then refuses a longer body), otherwise chunk by chunk from the
/// stream, cancelled at the bound, so a server that never stops sending (or a small gzip that
/// inflates to gigabytes) cannot exhaust memory. (In JavaScript: a few lines there are much
/// smaller in the .wasm than the same stream loop through `js_sys`.)
pub struct FetchTransport {
    /// The largest body read, in bytes.
    pub max_body: usize,
    /// `readBody(response, maxBytes)`: a promise of the body's `Uint8Array`, rejected with
    /// `"zeitkonto:too-large"` beyond the bound.
    pub read_body: BodyReader,
}

/// The JavaScript body reader, held by the transport.
pub struct BodyReader(pub Function);

// SAFETY: the npm build is wasm32-unknown-unknown without threads: the function is created, held
// and called on the one thread there is.
unsafe impl Send for BodyReader {}
// SAFETY: as above.
unsafe impl Sync for BodyReader {}

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

fn get(target: &JsValue, name: &str) -> Result<JsValue, TransportError> {
    Reflect::get(target, &JsValue::from_str(name)).map_err(|_| TransportError::Connect(format!("no `{name}` here")))
}

fn function(target: &JsValue, name: &str) -> Result<Function, TransportError> {
    get(target, name)?
        .dyn_into::<Function>()
        .map_err(|_| TransportError::Connect(format!("`{name}` is not a function")))
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
    TransportError::Lost(format!("fetch failed: {}", text("message").unwrap_or(name)))
}

impl Transport for FetchTransport {
    fn send<'a>(
        &'a self,
        request: &'a Request,
        timeout: Option<Duration>,
    ) -> BoxFuture<'a, Result<Response, TransportError>> {
        Box::pin(async move {
            let global: JsValue = js_sys::global().into();
            let init = Object::new();
            let set = |k: &str, v: &JsValue| Reflect::set(&init, &JsValue::from_str(k), v).map(|_| ());
            let headers = Object::new();
            for (k, v) in request.headers() {
                let _ = Reflect::set(&headers, &JsValue::from_str(k), &JsValue::from_str(v));
            }
            let body = request.body().map(|b| JsValue::from_str(&String::from_utf8_lossy(b)));
            let setup = set("method", &JsValue::from_str(request.method().as_str()))
                .and_then(|_| set("headers", &headers))
                // Never follow a redirect (the key would travel to another host, a write would be
                // replayed as a GET): the core turns the 3xx into a typed error.
                .and_then(|_| set("redirect", &JsValue::from_str("manual")))
                .and_then(|_| body.as_ref().map_or(Ok(()), |b| set("body", b)));
            setup.map_err(|_| TransportError::Connect("could not prepare the request".to_string()))?;
            // Timers take at most 2^31 - 1 ms (24.8 days): a longer one would fire at once.
            let timeout_ms = JsValue::from_f64(timeout.map_or(-1.0, |t| t.as_millis().min(i32::MAX as u128) as f64));
            let url = JsValue::from_str(request.url());
            let promise = match FETCH_FOR.with(|s| s.borrow().clone()) {
                Some(fetch_for) => fetch_for.call3(&JsValue::UNDEFINED, &url, &init, &timeout_ms),
                None => {
                    if timeout.is_some() {
                        let abort_signal = get(&global, "AbortSignal")?;
                        let signal = function(&abort_signal, "timeout")?
                            .call1(&abort_signal, &timeout_ms)
                            .map_err(|_| TransportError::Connect("AbortSignal.timeout failed".to_string()))?;
                        let _ = set("signal", &signal);
                    }
                    function(&global, "fetch")?.call2(&global, &url, &init)
                }
            };
            let promise = promise
                .map_err(failure)?
                .dyn_into::<Promise>()
                .map_err(|_| TransportError::Connect("fetch did not return a promise".to_string()))?;
            let resp = JsFuture::from(promise).await.map_err(failure)?;
            let mut status = get(&resp, "status")?.as_f64().unwrap_or(0.0) as u16;
            // Browsers hide a manual redirect ("opaqueredirect", status 0): report it as a 3xx
            // (300: the real status and target are not visible to the page).
            if status == 0 && get(&resp, "type")?.as_string().as_deref() == Some("opaqueredirect") {
                status = 300;
            }
            // The core reads headers of other answers only (`Retry-After` of a 429, `Location` of
            // a 3xx): a 2xx answer's headers are not copied into the .wasm, one string pair each.
            // (No `try_iter` on `undefined` either: its `Reflect.get` throws, and the caught
            // TypeError, stack trace included, cost ~20 µs on every 2xx call.)
            let mut pairs = Vec::new();
            if !(200..300).contains(&status) {
                if let Ok(Some(iter)) = js_sys::try_iter(&get(&resp, "headers")?) {
                    for entry in iter.flatten() {
                        let pair: Array = entry.unchecked_into();
                        if let (Some(k), Some(v)) = (pair.get(0).as_string(), pair.get(1).as_string()) {
                            pairs.push((k, v));
                        }
                    }
                }
            }
            let body = read_body(&resp, self.max_body, &self.read_body).await?;
            Ok(Response::new(status, pairs, body))
        })
    }
}

/// What the JavaScript body reader rejects with when a body is larger than its bound.
const TOO_LARGE: &str = "zeitkonto:too-large";

/// The body, at most `max` bytes, through the JavaScript `readBody(response, max)` (src/core.js:
/// it streams and cancels at the bound).
async fn read_body(resp: &JsValue, max: usize, reader: &BodyReader) -> Result<Vec<u8>, TransportError> {
    let promise = reader.0.call2(&JsValue::NULL, resp, &JsValue::from_f64(max as f64)).map_err(failure)?;
    match JsFuture::from(promise.unchecked_into::<Promise>()).await {
        // Already a Uint8Array: `Uint8Array::new` would copy it once more in JavaScript.
        Ok(bytes) => Ok(bytes.unchecked_into::<Uint8Array>().to_vec()),
        Err(e) if e.as_string().as_deref() == Some(TOO_LARGE) => Err(TransportError::TooLarge),
        Err(e) => Err(failure(e)),
    }
}
