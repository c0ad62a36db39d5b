//! The wasm-bindgen layer of the npm package `zeitkonto`. It only converts and forwards:
//! `WasmClient.call(operation, params, abort?, fetchFor?, fast?)` runs any operation through the
//! Rust driver (`zeitkonto::Client::call_text_with`, `fetch` through `fetch.rs`, each attempt
//! through the wrapper's `fetchFor`) and resolves to the canonical JSON output, read by the package's
//! generated fast reader (`fast`) when the answer is plain and by the core otherwise;
//! `buildRequest` / `parseResponse` are the sans-IO core. Failures reject / throw the error's JSON
//! form (`{kind, message, ...}`); the JavaScript wrapper turns it into `ZeitkontoError` classes.

#[cfg(target_arch = "wasm32")]
mod fetch;

/// talc instead of the standard library's dlmalloc: a smaller .wasm (its budget is 150 KB gzipped)
/// for a parse about as fast (docs/measurements.md).
#[cfg(target_arch = "wasm32")]
#[global_allocator]
// SAFETY: the npm build is single-threaded wasm32 (no atomics, no threads), as `new_global` needs.
static ALLOCATOR: talc::TalckWasm = unsafe { talc::TalckWasm::new_global() };

use futures_util::future::{select, Either};
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;
use zeitkonto::core::settings::NumericSettings;
use zeitkonto::{Client, ClientBuilder, Error, Event, OperationId};
use zeitkonto_core::{Context, Response, RouteTable, Target};

/// Rust → JS through the engine's own `JSON.parse`: plain objects and `null`, the shapes the .d.ts
/// declares, with no serializer code of our own in the .wasm.
fn to_js<T: Serialize + ?Sized>(v: &T) -> JsValue {
    // (Our own values, maps of text keys: serde_json cannot fail on them.)
    let text = serde_json::to_string(v);
    parse_js(text.as_deref().unwrap_or(r#"{"kind":"Internal","message":"an answer could not be written as JSON"}"#))
}

fn invalid(field: &str, reason: impl Into<String>) -> JsValue {
    to_js(&Error::InvalidInput { field: field.to_string(), reason: reason.into() })
}

/// JS params → JSON text (`{}` for undefined/null).
fn params_text(v: &JsValue) -> Result<String, JsValue> {
    if v.is_undefined() || v.is_null() {
        return Ok("{}".to_string());
    }
    Ok(js_sys::JSON::stringify(v).map_err(|_| invalid("params", "not JSON-serializable"))?.into())
}

/// JSON text → JS value.
fn parse_js(text: &str) -> JsValue {
    js_sys::JSON::parse(text).unwrap_or_else(|_| JsValue::from_str(text))
}

/// JS → Rust through `JSON.stringify`.
fn from_js<T: for<'de> Deserialize<'de>>(v: JsValue, field: &str) -> Result<T, JsValue> {
    let text: String = js_sys::JSON::stringify(&v).map_err(|_| invalid(field, "not JSON-serializable"))?.into();
    // A bad value is named by its own key (`apiKey`), as the core names a parameter.
    zeitkonto_core::ops::object_from_text(&text, field).map_err(|e| to_js(&e))
}

fn operation(name: &str) -> Result<OperationId, JsValue> {
    OperationId::by_name(name).map_err(|e| to_js(&e))
}

/// Options of `new WasmClient(...)` (camelCase, as the JavaScript wrapper passes them).
#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase", default)]
struct Options {
    api_key: Option<String>,
    base_url: Option<String>,
    workspace_key: Option<String>,
    routes: Option<std::collections::BTreeMap<String, String>>,
}

impl Options {
    /// The options (`undefined`/`null`: none) as the core's [`Target`]; `same_origin`: `baseUrl`
    /// is the page's own origin.
    fn read(options: JsValue, field: &str, same_origin: bool) -> Result<Target, JsValue> {
        let o: Options =
            if options.is_undefined() || options.is_null() { Options::default() } else { from_js(options, field)? };
        Ok(Target {
            base_url: o.base_url,
            same_origin,
            api_key: o.api_key.map(Into::into),
            workspace_key: o.workspace_key.map(Into::into),
            routes: RouteTable::from_overrides(o.routes.unwrap_or_default()).map_err(|e| to_js(&e))?,
        })
    }
}

/// The numeric settings as the wrapper passes them (the core's `NumericSettings`: their order, NaN
/// for absent). The wrapper has checked each is a number; the core checks the ranges.
fn apply_settings(mut b: ClientBuilder, n: &[f64]) -> ClientBuilder {
    let s = NumericSettings::from_numbers(n);
    b = b.timeout(s.timeout);
    if let Some(r) = s.retry {
        b = b.retry(r);
    }
    if let Some(l) = s.rate_limit {
        b = b.rate_limit(l);
    }
    b
}

/// What the JavaScript wrapper knows of a sans-IO call's environment, passed as plain numbers
/// (each field of `Options`, or a class, costs glue and reader code in the .wasm): whether
/// `baseUrl` is the page's own origin (plain http is then allowed for any host, see
/// `Context::with_base_url_same_origin`), and the date of the checks that need a calendar as
/// year, month (1-12; 0 = none given), day.
type Env = (bool, i32, u8, u8);

/// The sans-IO context of `buildRequest`'s and `parseResponse`'s `context`: the client's option
/// names (`apiKey`, `baseUrl`, `workspaceKey`, `routes`); one reader for both keeps the .wasm
/// small, and the client's other options are ignored here.
fn sans_io_context(context: JsValue, env: Env) -> Result<Context, JsValue> {
    let (same_origin, year, month, day) = env;
    let mut ctx = Options::read(context, "context", same_origin)?.context().map_err(|e| to_js(&e))?;
    if month != 0 {
        let today = zeitkonto_core::Date::new(year, month, day)
            .ok_or_else(|| to_js(&zeitkonto_core::Error::invalid("today", "not a date")))?;
        ctx = ctx.with_fixed_today(today);
    }
    Ok(ctx)
}

/// The request of `op` with canonical `params` in the sans-IO `context`.
fn sans_io_request(
    op: OperationId,
    params: &JsValue,
    context: JsValue,
    env: Env,
) -> Result<zeitkonto_core::Request, JsValue> {
    let params = params_text(params)?;
    let ctx = sans_io_context(context, env)?;
    zeitkonto_core::build_request_text(op, &params, &ctx).map_err(|e| to_js(&ctx.redact_error(e)))
}

/// `call` inside `zeitkonto::with_spans` with a sink that hands each span action, as JSON text, to
/// `on_span` (none: no span is described at all).
#[cfg(target_arch = "wasm32")]
fn traced<F: std::future::Future>(on_span: Option<js_sys::Function>, call: F) -> zeitkonto::telemetry::WithSpans<F> {
    let sink = on_span.map(|f| {
        let listener = Listener(f);
        let sink: zeitkonto::SpanSink = std::sync::Arc::new(move |a: &zeitkonto::SpanAction| {
            if let Ok(text) = serde_json::to_string(a) {
                let _ = listener.0.call1(&JsValue::NULL, &JsValue::from_str(&text));
            }
        });
        sink
    });
    zeitkonto::with_spans(sink, call)
}

/// The Rust client behind the JavaScript `Client`.
#[wasm_bindgen]
pub struct WasmClient {
    inner: Client,
}

/// The JavaScript event listener, held by the driver.
struct Listener(js_sys::Function);

// SAFETY: the npm build is wasm32-unknown-unknown without threads: the listener is created,
// held and called on the one thread there is. (Native builds of this crate are for checks and
// tests only and never receive a JavaScript function.)
unsafe impl Send for Listener {}
// SAFETY: as above.
unsafe impl Sync for Listener {}

#[wasm_bindgen]
impl WasmClient {
    /// Builds a client; throws the error's JSON form on bad options. `on_event` (optional) is
    /// called with each driver event (redacted), when it happens; what it throws is ignored.
    /// `settings`: the numeric settings (see `apply_settings`). Each call's attempts go through the
    /// `fetchFor` given to [`WasmClient::call`] (see `fetch::FetchTransport`).
    #[wasm_bindgen(constructor)]
    pub fn new(
        options: JsValue,
        on_event: Option<js_sys::Function>,
        same_origin: bool,
        settings: Vec<f64>,
    ) -> Result<WasmClient, JsValue> {
        let mut b = Client::builder().target(Options::read(options, "options", same_origin)?);
        #[cfg(target_arch = "wasm32")]
        {
            b = b.transport(std::sync::Arc::new(fetch::FetchTransport {
                max_body: zeitkonto::DEFAULT_MAX_RESPONSE_BYTES,
            }));
        }
        // The core checks every value against its declared range (`build` fails naming it).
        b = apply_settings(b, &settings);
        if let Some(f) = on_event {
            let listener = Listener(f);
            b = b.on_event(move |e: &Event| {
                // The event's canonical form (`zeitkonto::Event`'s `Serialize`), as a plain object.
                let _ = listener.0.call1(&JsValue::NULL, &to_js(e));
            });
        }
        Ok(WasmClient { inner: b.build().map_err(|e| to_js(&e))? })
    }

    /// The base URL as the client prints it: a key put into it as `***` (the core's
    /// `Context::shown_base_url`, as Rust's `Debug` and Python's `repr`).
    #[wasm_bindgen(js_name = shownBaseUrl)]
    pub fn shown_base_url(&self) -> String {
        self.inner.context().shown_base_url()
    }

    /// Runs `operation` with canonical params (their JSON text: the wrapper's `JSON.stringify`,
    /// one crossing fewer than stringifying from here); resolves to the canonical output. When `abort`
    /// settles first, the call's future is dropped (a pending sleep clears its timer) and the
    /// promise rejects with `{kind: "Aborted"}`. `fetchFor(url, head, body)` sends each attempt
    /// and resolves to `[status, body, headers]` (see `fetch::FetchTransport`): the JS wrapper
    /// gives it a signal that `abort()` and the timeout abort (so an aborted call cancels its
    /// request too), uses the options' `fetch` and `dispatcher`, reads the body within the bound,
    /// and marks a refused connection or a failed TLS handshake.
    ///
    /// `onSpan(actionJson)` (optional) receives the call's span as the core describes it
    /// (`zeitkonto_core::telemetry::SpanAction`'s JSON text: start, events, end; redacted), when
    /// each happens; the wrapper hands it to OpenTelemetry when the page or process has it.
    ///
    /// `fast(status, body)` (optional) reads a final answer that passed the status and `code`
    /// checks with the engine's `JSON.parse` (the generated `src/decode.js`); when it returns
    /// `undefined` (or throws), the core reads the answer as usual.
    pub fn call(
        &self,
        operation_name: String,
        params: String,
        abort: Option<js_sys::Promise>,
        fetch_for: Option<js_sys::Function>,
        fast: Option<js_sys::Function>,
        on_span: Option<js_sys::Function>,
    ) -> js_sys::Promise {
        let client = self.inner.clone();
        wasm_bindgen_futures::future_to_promise(async move {
            let op = operation(&operation_name)?;
            let read = move |r: &Response| {
                if let Some(v) = fast.as_ref().and_then(|f| fast_read(f, r)) {
                    return Ok(v);
                }
                zeitkonto_core::parse_response_text(op, r).map(|t| parse_js(&t))
            };
            #[cfg(target_arch = "wasm32")]
            let call = fetch::WithFetch {
                fetch_for,
                inner: Box::pin(traced(on_span, async move { client.call_text_with(op, &params, read).await })),
            };
            #[cfg(not(target_arch = "wasm32"))]
            let call = {
                let _ = (fetch_for, on_span);
                Box::pin(async move { client.call_text_with(op, &params, read).await })
            };
            let result = match abort {
                None => call.await,
                Some(p) => match select(call, wasm_bindgen_futures::JsFuture::from(p)).await {
                    Either::Left((r, _)) => r,
                    Either::Right(_) => return Err(parse_js(r#"{"kind":"Aborted","message":"the call was aborted"}"#)),
                },
            };
            result.map_err(|e| to_js(&e))
        })
    }
}

/// The JavaScript fast reader's output for a 200 answer whose body carries no `code` other than 0
/// (checked here with the core's own scanner, which reads the first `code` as the core does), or
/// `None` when the core must read it.
fn fast_read(fast: &js_sys::Function, r: &Response) -> Option<JsValue> {
    if r.status != 200 || zeitkonto_core::parse::check_body_code(r).is_err() {
        return None;
    }
    // SAFETY: the view reads the body in place (no copy of a large answer). `fast` only decodes it
    // to a string before returning and calls nothing in this module, so the wasm memory cannot
    // grow (which would detach the view) while it is in use, and the view is dropped after.
    let body = unsafe { js_sys::Uint8Array::view(&r.body) };
    fast.call2(&JsValue::NULL, &JsValue::from(r.status), &body).ok().filter(|v| !v.is_undefined())
}

/// A request built without sending it: `{method, url, headers, body, redactedUrl, redactedBody}`;
/// `url` and `body` hold the key.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct BuiltRequest {
    method: &'static str,
    url: String,
    headers: Vec<(String, String)>,
    body: Option<String>,
    redacted_url: String,
    redacted_body: Option<String>,
}

/// Builds the request of `operation` (sans-IO) in `context` (see `sans_io_context`).
#[wasm_bindgen(js_name = buildRequest)]
#[allow(clippy::too_many_arguments)] // plain arguments: a class or an options field costs .wasm size
pub fn build_request(
    operation_name: &str,
    params: JsValue,
    context: JsValue,
    same_origin: bool,
    today_year: i32,
    today_month: u8,
    today_day: u8,
) -> Result<JsValue, JsValue> {
    let env = (same_origin, today_year, today_month, today_day);
    let req = sans_io_request(operation(operation_name)?, &params, context, env)?;
    Ok(to_js(&BuiltRequest {
        method: req.method().as_str(),
        url: req.url().to_string(),
        headers: req.headers().to_vec(),
        body: req.body().map(|b| String::from_utf8_lossy(b).into_owned()),
        redacted_url: req.redacted_url().to_string(),
        redacted_body: req.redacted_body().map(str::to_string),
    }))
}

/// Parses a response of `operation` (sans-IO) into its canonical output. With the operation,
/// `params` and `context` of the request it answers (`undefined` for none), the response is read
/// bound to that request, as the client reads it: its secrets redacted before an excerpt is cut, an
/// echoed month read against the requested one (a request of another operation is refused).
#[wasm_bindgen(js_name = parseResponse)]
#[allow(clippy::too_many_arguments)] // plain arguments: a class or an options field costs .wasm size
pub fn parse_response(
    operation_name: &str,
    status: u16,
    headers: JsValue,
    body: &[u8],
    request_operation: Option<String>,
    request_params: JsValue,
    request_context: JsValue,
    same_origin: bool,
    today_year: i32,
    today_month: u8,
    today_day: u8,
) -> Result<JsValue, JsValue> {
    let op = operation(operation_name)?;
    let headers: Vec<(String, String)> =
        if headers.is_undefined() || headers.is_null() { Vec::new() } else { from_js(headers, "headers")? };
    let resp = Response::new(status, headers, body.to_vec());
    let req = match request_operation {
        Some(built_for) => {
            let env = (same_origin, today_year, today_month, today_day);
            Some(sans_io_request(operation(&built_for)?, &request_params, request_context, env)?)
        }
        None => None,
    };
    let out = zeitkonto_core::http::parse_answer(op, resp, req.as_ref(), zeitkonto_core::parse_response_text);
    out.map(|t| parse_js(&t)).map_err(|e| to_js(&e))
}

/// `zeitkonto::reset_rate_limits` for the test kit (`zeitkonto/testing`, another .wasm): what the
/// clients of this module counted at `base_url` with `limit` per `window_ms` is forgotten.
#[wasm_bindgen(js_name = resetRateLimits)]
pub fn reset_rate_limits(base_url: &str, limit: u32, window_ms: f64) {
    zeitkonto::reset_rate_limits(base_url, limit, std::time::Duration::from_millis(window_ms as u64));
}

/// The stable names of every operation.
#[wasm_bindgen]
pub fn operations() -> Vec<String> {
    OperationId::ALL.iter().map(|o| o.name().to_string()).collect()
}
