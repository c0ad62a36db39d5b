//! The sandbox engine for `zeitkonto/testing` (its own `.wasm`, so the main entry's stays within
//! its budget). Sans-IO as the engine is: JavaScript passes each request with the time, gets back a
//! step (`[kind, status, headers, body, delayMs, pendingId]`, the headers as `[name, value]` pairs) and does the waiting itself (timers
//! that an `AbortSignal` cancels), then resumes a pending request by id. Bad input throws
//! `{kind: "InvalidInput", field, reason}`, the client's error form.

use std::sync::{Arc, Mutex};

use js_sys::{Array, Uint8Array};
use wasm_bindgen::prelude::*;
use zeitkonto_sandbox::engine::{Now, Response};
use zeitkonto_sandbox::kit::{self, Refusal};
use zeitkonto_sandbox::shared::TimeSource;
use zeitkonto_sandbox::{KitEngine, KitOptions, KitStep};

/// The core's error form of an `InvalidInput` (`kind`, `message`, `field`, `reason`), as the
/// client's and the planner's .wasm throw it.
fn invalid(field: &str, reason: impl Into<String>) -> JsValue {
    let text = serde_json::to_string(&zeitkonto_core::Error::invalid(field, reason)).unwrap_or_default();
    js_sys::JSON::parse(&text).unwrap_or(JsValue::NULL)
}

fn refused((field, reason): Refusal) -> JsValue {
    invalid(&field, reason)
}

fn now(epoch_ms: f64, elapsed_ms: f64) -> Now {
    Now { epoch_ms: epoch_ms as i64, elapsed_ms: elapsed_ms.max(0.0) as u64 }
}

/// The engine (`zeitkonto_sandbox::KitEngine`) and the JavaScript clock it reads: each call that
/// can need the time brings it.
#[wasm_bindgen]
pub struct SandboxEngine {
    kit: KitEngine,
    clock: Arc<Mutex<Now>>,
}

/// A step as `[kind, status, headers, body, delayMs, pendingId]`, the headers as `[name, value]`
/// pairs (a `handleAfter`'s response empty).
fn step(step: KitStep) -> Array {
    let none = || Response { status: 0, headers: Vec::new(), body: Vec::new() };
    let (kind, r, delay_ms, id) = match step {
        KitStep::Answer(r) => ("answer", r, 0, 0),
        KitStep::Reset(r) => ("reset", r, 0, 0),
        KitStep::AnswerAfter { delay_ms, response } => ("answerAfter", response, delay_ms, 0),
        KitStep::HandleAfter { delay_ms, pending } => ("handleAfter", none(), delay_ms, pending),
    };
    let headers: Array = r.headers.iter().map(|(k, v)| Array::of2(&k.into(), &v.into())).collect();
    let body = Uint8Array::from(r.body.as_slice());
    [JsValue::from(kind), r.status.into(), headers.into(), body.into(), (delay_ms as f64).into(), id.into()]
        .iter()
        .collect()
}

#[wasm_bindgen]
impl SandboxEngine {
    /// `today` `YYYY-MM-DD` or undefined; `seedJson` JSON text or undefined; `limit` 0 = no rate
    /// limit; `routes` an object of route overrides by operation name, or undefined.
    #[wasm_bindgen(constructor)]
    pub fn new(
        today: Option<String>,
        seed_json: Option<String>,
        limit: f64,
        window_ms: f64,
        routes: Option<js_sys::Object>,
        epoch_ms: f64,
    ) -> Result<SandboxEngine, JsValue> {
        let mut overrides = Vec::new();
        if let Some(routes) = routes {
            for entry in js_sys::Object::entries(&routes).iter() {
                let pair = Array::from(&entry);
                let (op, route) = (pair.get(0).as_string().unwrap_or_default(), pair.get(1).as_string());
                let route = route.ok_or_else(|| invalid("routes", format!("the route of {op:?} is not a string")))?;
                overrides.push((op, route));
            }
        }
        let options = KitOptions {
            today: today.as_deref(),
            seed_json: seed_json.as_deref(),
            rate_limit: Some((limit, window_ms)),
            routes: overrides,
        };
        let clock = Arc::new(Mutex::new(now(epoch_ms, 0.0)));
        let read = clock.clone();
        let time: TimeSource = Arc::new(move || *read.lock().unwrap_or_else(|e| e.into_inner()));
        Ok(SandboxEngine { kit: KitEngine::new(options, time).map_err(refused)?, clock })
    }

    fn at(&self, epoch_ms: f64, elapsed_ms: f64) -> &KitEngine {
        *self.clock.lock().unwrap_or_else(|e| e.into_inner()) = now(epoch_ms, elapsed_ms);
        &self.kit
    }

    /// Takes a request (the path percent-encoded as sent, the query without `?`).
    pub fn begin(&self, method: &str, path: &str, query: &str, body: &[u8], epoch_ms: f64, elapsed_ms: f64) -> Array {
        step(self.at(epoch_ms, elapsed_ms).begin(method, path, query, body))
    }

    /// Handles the request `id` after its wait.
    pub fn resume(&self, id: u32, epoch_ms: f64, elapsed_ms: f64) -> Array {
        step(self.at(epoch_ms, elapsed_ms).resume(id))
    }

    /// Forgets the request `id` (its caller gave up during the wait: nothing is applied).
    pub fn abandon(&self, id: u32) {
        self.kit.abandon(id);
    }

    /// Adds a fault: `kind` as JavaScript writes it, `options_json` its options (JSON text of an
    /// object by the declared names, durations in milliseconds), every value checked by the engine
    /// (`kit::InjectArgs::from_json`, `kit::inject_fault`).
    pub fn inject(&self, kind: &str, options_json: &str) -> Result<(), JsValue> {
        let options = serde_json::from_str(options_json).map_err(|e| invalid("options", format!("not JSON: {e}")))?;
        let args = kit::InjectArgs::from_json(&options, 1.0).map_err(refused)?;
        self.kit.inject(kind, args, false).map_err(refused)
    }

    /// Applied writes of `operation` (all when undefined).
    pub fn writes(&self, operation_name: Option<String>) -> Result<f64, JsValue> {
        Ok(self.kit.writes(operation_name.as_deref()).map_err(refused)? as f64)
    }

    /// Requests of `operation` received (all when undefined).
    pub fn requests(&self, operation_name: Option<String>) -> Result<f64, JsValue> {
        Ok(self.kit.requests(operation_name.as_deref()).map_err(refused)? as f64)
    }

    /// 429s of the sandbox's own rate limit.
    #[wasm_bindgen(js_name = rateLimited)]
    pub fn rate_limited(&self) -> f64 {
        self.kit.rate_limited() as f64
    }

    /// Back to the seed.
    pub fn reset(&self) {
        self.kit.reset();
    }

    /// The demo keys and people: `[[name, value], ...]` (camelCase names).
    pub fn keys(&self) -> Array {
        self.kit.keys().into_iter().map(|(k, v)| Array::of2(&k.into(), &v.into())).collect()
    }

    /// The seed the sandbox started from, as JSON text.
    #[wasm_bindgen(js_name = seedJson)]
    pub fn seed_json(&self) -> String {
        self.kit.seed_json()
    }

    /// Today, `YYYY-MM-DD`.
    pub fn today(&self) -> String {
        self.kit.today()
    }

    /// The rate limit: `[limit, windowMs]` (limit 0 = none).
    #[wasm_bindgen(js_name = rateLimit)]
    pub fn rate_limit(&self) -> Array {
        let (limit, window_ms) = self.kit.rate_limit();
        Array::of2(&JsValue::from(limit), &JsValue::from(window_ms as f64))
    }
}
