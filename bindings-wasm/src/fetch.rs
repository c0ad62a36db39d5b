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

/// `fetch` as a [`Transport`]. Each attempt's `signal` comes from the calling task's
/// `signalFor(timeoutMs)` (see [`WithSignal`]): the JS wrapper ties it to the caller's AbortSignal
/// and to a timer it clears when the call settles. Without one, timeouts use `AbortSignal.timeout`.
pub struct FetchTransport;

thread_local! {
    static SIGNAL_FOR: RefCell<Option<Function>> = const { RefCell::new(None) };
}

/// Runs a call's future with its `signalFor` function current, so that every `fetch` the driver
/// starts for this call (retries included) gets a signal that the caller's `abort()` cancels.
/// The wasm is single-threaded and `fetch` starts inside a poll, so a poll-scoped slot suffices.
pub struct WithSignal<F> {
    pub signal_for: Option<Function>,
    pub inner: Pin<Box<F>>,
}

impl<F: Future> Future for WithSignal<F> {
    type Output = F::Output;
    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<F::Output> {
        let previous = SIGNAL_FOR.with(|s| s.replace(self.signal_for.clone()));
        let r = self.inner.as_mut().poll(cx);
        SIGNAL_FOR.with(|s| *s.borrow_mut() = previous);
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

/// A rejected `fetch`: a timeout, or a failure that may have happened after sending (fetch does
/// not say which; the driver then never resends a write).
fn failure(e: JsValue) -> TransportError {
    let name = Reflect::get(&e, &JsValue::from_str("name")).ok().and_then(|n| n.as_string()).unwrap_or_default();
    if name == "TimeoutError" {
        return TransportError::Timeout;
    }
    let message = Reflect::get(&e, &JsValue::from_str("message")).ok().and_then(|m| m.as_string());
    TransportError::Lost(format!("fetch failed: {}", message.unwrap_or(name)))
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
            let timeout_ms = JsValue::from_f64(timeout.map_or(-1.0, |t| t.as_millis() as f64));
            if let Some(f) = SIGNAL_FOR.with(|s| s.borrow().clone()) {
                let signal = f.call1(&JsValue::UNDEFINED, &timeout_ms).map_err(failure)?;
                let _ = set("signal", &signal);
            } else if timeout.is_some() {
                let abort_signal = get(&global, "AbortSignal")?;
                let signal = function(&abort_signal, "timeout")?
                    .call1(&abort_signal, &timeout_ms)
                    .map_err(|_| TransportError::Connect("AbortSignal.timeout failed".to_string()))?;
                let _ = set("signal", &signal);
            }
            let promise = function(&global, "fetch")?
                .call2(&global, &JsValue::from_str(request.url()), &init)
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
            let buffer = function(&resp, "arrayBuffer")?.call0(&resp).map_err(failure)?;
            let buffer = JsFuture::from(buffer.unchecked_into::<Promise>()).await.map_err(failure)?;
            Ok(Response::new(status, pairs, Uint8Array::new(&buffer).to_vec()))
        })
    }
}
