//! The sandbox engine for `zeitkonto/testing` (its own `.wasm`, so the main entry's stays within
//! its budget). Sans-IO as the engine is: JavaScript passes each request with the time, gets back a
//! step (`[kind, status, headers, body, delayMs, pendingId]`) and does the waiting itself (timers
//! that an `AbortSignal` cancels), then resumes a pending request by id. Bad input throws
//! `{kind: "InvalidInput", field, reason}`, the client's error form.

use std::collections::HashMap;

use js_sys::{Array, Uint8Array};
use wasm_bindgen::prelude::*;
use zeitkonto_core::limiter::LimiterConfig;
use zeitkonto_core::{OperationId, RouteTable};
use zeitkonto_sandbox::engine::{Engine, EngineConfig, HttpRequest, Now, Pending, Response, Step};
use zeitkonto_sandbox::kit::{self, Refusal};

fn invalid(field: &str, reason: impl Into<String>) -> JsValue {
    let v = serde_json::json!({
        "kind": "InvalidInput", "field": field, "reason": reason.into(),
    });
    js_sys::JSON::parse(&v.to_string()).unwrap_or(JsValue::NULL)
}

fn refused((field, reason): Refusal) -> JsValue {
    invalid(&field, reason)
}

fn now(epoch_ms: f64, elapsed_ms: f64) -> Now {
    Now { epoch_ms: epoch_ms as i64, elapsed_ms: elapsed_ms.max(0.0) as u64 }
}

/// The engine and the requests waiting for a `delay` fault.
#[wasm_bindgen]
pub struct SandboxEngine {
    engine: Engine,
    pending: HashMap<u32, Box<Pending>>,
    next: u32,
}

fn response_array(kind: &str, r: Option<Response>, delay_ms: u64, id: u32) -> Array {
    let out = Array::new();
    out.push(&JsValue::from_str(kind));
    match r {
        Some(r) => {
            out.push(&JsValue::from(r.status));
            let headers = Array::new();
            for (k, v) in r.headers {
                headers.push(&JsValue::from_str(&k));
                headers.push(&JsValue::from_str(&v));
            }
            out.push(&headers);
            out.push(&Uint8Array::from(r.body.as_slice()));
        }
        None => {
            out.push(&JsValue::from(0));
            out.push(&Array::new());
            out.push(&Uint8Array::new_with_length(0));
        }
    }
    out.push(&JsValue::from(delay_ms as f64));
    out.push(&JsValue::from(id));
    out
}

#[wasm_bindgen]
impl SandboxEngine {
    /// `today` `YYYY-MM-DD` or undefined; `seedJson` JSON text or undefined; `limit` 0 = no rate
    /// limit; `routes` an object of route overrides by operation name, or undefined.
    #[wasm_bindgen(constructor)]
    pub fn new(
        today: Option<String>,
        seed_json: Option<String>,
        limit: u32,
        window_ms: f64,
        routes: Option<js_sys::Object>,
        epoch_ms: f64,
    ) -> Result<SandboxEngine, JsValue> {
        let today = kit::today(today.as_deref()).map_err(refused)?;
        let seed = kit::seed(seed_json.as_deref()).map_err(refused)?;
        if !(window_ms.is_finite() && window_ms > 0.0) {
            return Err(invalid("rateLimit.window", "must be more than 0"));
        }
        let mut table = RouteTable::new();
        if let Some(routes) = routes {
            for entry in js_sys::Object::entries(&routes).iter() {
                let pair = Array::from(&entry);
                let (op, route) = (pair.get(0).as_string().unwrap_or_default(), pair.get(1).as_string());
                let route = route.ok_or_else(|| invalid("routes", format!("the route of {op:?} is not a string")))?;
                table.set_by_name(&op, &route).map_err(|e| invalid("routes", e.to_string()))?;
            }
        }
        let config = EngineConfig {
            seed,
            today,
            rate_limit: LimiterConfig { limit, window_ms: window_ms.ceil() as u64, margin_ms: 0 },
            routes: table,
        };
        Ok(SandboxEngine { engine: Engine::new(config, now(epoch_ms, 0.0)), pending: HashMap::new(), next: 1 })
    }

    fn step(&mut self, step: Step) -> Array {
        match step {
            Step::Answer(r) => response_array("answer", Some(r), 0, 0),
            Step::Reset(r) => response_array("reset", Some(r), 0, 0),
            Step::AnswerAfter { delay_ms, response } => response_array("answerAfter", Some(response), delay_ms, 0),
            Step::HandleAfter { delay_ms, pending } => {
                let id = self.next;
                self.next = self.next.wrapping_add(1).max(1);
                self.pending.insert(id, pending);
                response_array("handleAfter", None, delay_ms, id)
            }
        }
    }

    /// Takes a request (the path percent-encoded as sent, the query without `?`).
    pub fn begin(
        &mut self,
        method: &str,
        path: &str,
        query: &str,
        body: &[u8],
        epoch_ms: f64,
        elapsed_ms: f64,
    ) -> Array {
        let step = self.engine.begin(&HttpRequest { method, path, query, body }, now(epoch_ms, elapsed_ms));
        self.step(step)
    }

    /// Handles the request `id` after its wait.
    pub fn resume(&mut self, id: u32, epoch_ms: f64, elapsed_ms: f64) -> Array {
        match self.pending.remove(&id) {
            Some(p) => {
                let step = self.engine.resume(p, now(epoch_ms, elapsed_ms));
                self.step(step)
            }
            None => response_array("answer", Some(Response::new(500, "text/plain", "")), 0, 0),
        }
    }

    /// Forgets the request `id` (its caller gave up during the wait: nothing is applied).
    pub fn abandon(&mut self, id: u32) {
        self.pending.remove(&id);
    }

    /// The kit's surface as the engine declares it (fault kinds, `inject`'s options), JSON text.
    pub fn declaration() -> String {
        kit::declaration().to_string()
    }

    /// Adds a fault; every value is checked by the engine (`kit::inject_fault`), durations in
    /// milliseconds.
    #[allow(clippy::too_many_arguments)]
    pub fn inject(
        &mut self,
        kind: &str,
        operation: Option<String>,
        count: Option<f64>,
        status: Option<f64>,
        delay_ms: Option<f64>,
        retry_after_ms: Option<f64>,
        after_applying: bool,
        pad: Option<f64>,
        location: Option<String>,
    ) -> Result<(), JsValue> {
        let args =
            kit::InjectArgs { operation, count, status, delay_ms, retry_after_ms, after_applying, pad, location };
        self.engine.inject(kit::inject_fault(kind, args, false).map_err(refused)?);
        Ok(())
    }

    /// Applied writes of `operation` (all when undefined).
    pub fn writes(&self, operation_name: Option<String>) -> Result<f64, JsValue> {
        Ok(kit::writes(&self.engine, operation_name.as_deref()).map_err(refused)? as f64)
    }

    /// Requests of `operation` received (all when undefined).
    pub fn requests(&self, operation_name: Option<String>) -> Result<f64, JsValue> {
        Ok(kit::requests(&self.engine, operation_name.as_deref()).map_err(refused)? as f64)
    }

    /// 429s of the sandbox's own rate limit.
    #[wasm_bindgen(js_name = rateLimited)]
    pub fn rate_limited(&self) -> f64 {
        self.engine.stats.rate_limited as f64
    }

    /// Back to the seed.
    pub fn reset(&mut self) {
        self.engine.reset();
        self.pending.clear();
    }

    /// The demo keys and people: `[name, value, name, value, ...]` (camelCase names).
    pub fn keys(&self) -> Array {
        let out = Array::new();
        for (k, v) in zeitkonto_sandbox::demo_keys() {
            out.push(&JsValue::from_str(k));
            out.push(&JsValue::from_str(v));
        }
        out
    }

    /// The seed the sandbox started from, as JSON text.
    #[wasm_bindgen(js_name = seedJson)]
    pub fn seed_json(&self) -> String {
        serde_json::to_string(&self.engine.initial).unwrap_or_default()
    }

    /// Today, `YYYY-MM-DD`.
    pub fn today(&self) -> String {
        self.engine.clock.today().to_string()
    }

    /// The rate limit: `[limit, windowMs]` (limit 0 = none).
    #[wasm_bindgen(js_name = rateLimit)]
    pub fn rate_limit(&self) -> Array {
        let l = self.engine.limit;
        Array::of2(&JsValue::from(l.limit), &JsValue::from(l.window_ms as f64))
    }

    /// The operations' names.
    pub fn operations() -> Array {
        OperationId::ALL.iter().map(|o| JsValue::from_str(o.name())).collect()
    }
}
