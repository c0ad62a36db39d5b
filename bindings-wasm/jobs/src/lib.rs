//! The core's jobs as steps of JSON (`zeitkonto_core::jobs::JobSteps`: the month close and the
//! sweeps) for the npm entry `zeitkonto/jobs` (its own .wasm: the main entry's budget has no room
//! for the checkpoint reader). `jobs/driver.js` drives every job with one loop: the next call, made
//! with the main entry's `client.call(operation, params)`, its answer or failure reported, the
//! events handed out. JSON crosses as text; errors throw the core error's JSON form.

use serde_json::Value;
use wasm_bindgen::prelude::*;
use zeitkonto_core::jobs::JobSteps as Steps;
use zeitkonto_core::settings::NumericSettings;
use zeitkonto_core::Error;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = JSON, js_name = parse)]
    fn json_parse(text: &str) -> JsValue;
}

fn error_js(e: &Error) -> JsValue {
    json_parse(&serde_json::to_string(e).unwrap_or_else(|_| "{\"kind\":\"InvalidInput\"}".to_string()))
}

fn json_text(v: &Value) -> String {
    serde_json::to_string(v).unwrap_or_else(|_| "null".to_string())
}

fn parse(field: &str, text: &str) -> Result<Value, JsValue> {
    serde_json::from_str(text).map_err(|e| error_js(&Error::invalid(field, format!("not JSON: {e}"))))
}

/// A job as steps (see `zeitkonto_core::jobs::JobSteps`).
#[wasm_bindgen]
pub struct JobSteps {
    s: Steps,
}

#[wasm_bindgen]
impl JobSteps {
    /// The job `kind` with its options as JSON text (`year`, `month`, `departments`, `day`,
    /// `email`, `start`, `end`, `projects`, `limitPerMinute`); `checkpoint`: JSON text to go on from;
    /// `settings`: the client's numeric settings as its .wasm takes them (the core's
    /// `NumericSettings`), whose rate limit the estimates assume unless `limitPerMinute` is given;
    /// `owner`: whose the job is (the core's `owner_of` the client's base URL and key), which a
    /// checkpoint of another owner is refused for.
    #[wasm_bindgen(constructor)]
    pub fn new(
        kind: &str,
        spec_json: &str,
        checkpoint: Option<String>,
        settings: Option<Vec<f64>>,
        owner: Option<String>,
    ) -> Result<JobSteps, JsValue> {
        let spec = parse("options", spec_json)?;
        let limiter = NumericSettings::from_numbers(settings.as_deref().unwrap_or_default())
            .rate_limit
            .map(|r| r.to_config())
            .transpose()
            .map_err(|e| error_js(&e))?
            .unwrap_or_default();
        let mut s = Steps::start(kind, &spec, checkpoint.as_deref(), &limiter).map_err(|e| error_js(&e))?;
        if let Some(owner) = owner {
            s.claim(&owner).map_err(|e| error_js(&e))?;
        }
        Ok(JobSteps { s })
    }

    /// The job's span as the core describes it (`zeitkonto_core::telemetry::job_span`):
    /// `[name, attributes]` (`"zeitkonto.job month_close"`, `{"zeitkonto.job": "month_close"}`).
    #[wasm_bindgen(getter)]
    pub fn span(&self) -> Vec<JsValue> {
        let (name, attributes) = zeitkonto_core::telemetry::job_span(self.s.name());
        let attributes = serde_json::to_string(&attributes).unwrap_or_else(|_| "{}".to_string());
        vec![JsValue::from_str(&name), json_parse(&attributes)]
    }

    /// The next call as JSON text `{"operation", "params", "key"}`, or undefined when the job is
    /// done or stopped (asking finishes the call before it).
    #[wasm_bindgen(js_name = nextCall)]
    pub fn next_call(&mut self) -> Option<String> {
        self.s.next_call().map(|v| json_text(&v))
    }

    /// The call's answer (JSON text of its canonical form): its events as JSON text.
    pub fn answered(&mut self, answer_json: &str) -> Result<String, JsValue> {
        let answer = parse("answer", answer_json)?;
        self.s.answered(&answer).map(|e| json_text(&Value::Array(e))).map_err(|e| error_js(&e))
    }

    /// The call failed (`kind`, and `code` for `Api`): its events as JSON text (a failure event's
    /// `error` null, for the caller's error), or undefined when the job stops on it.
    pub fn failed(&mut self, kind: &str, code: Option<f64>) -> Result<Option<String>, JsValue> {
        let code = code.filter(|c| c.fract() == 0.0 && c.abs() < 9.0e15).map(|c| c as i64);
        self.s.failed(kind, code).map(|e| e.map(|e| json_text(&Value::Array(e)))).map_err(|e| error_js(&e))
    }

    /// The state as JSON text, to resume from.
    pub fn checkpoint(&self) -> String {
        self.s.checkpoint()
    }

    /// `[path, calls, etaMs]`: the plan from here.
    pub fn plan(&self) -> Vec<JsValue> {
        let p = self.s.plan();
        vec![JsValue::from_str(p.path), JsValue::from(p.calls as f64), JsValue::from(p.eta_ms as f64)]
    }

    /// What failed so far: JSON text of `[[key, reason], ...]`.
    pub fn failures(&self) -> String {
        serde_json::to_string(&self.s.failures()).unwrap_or_else(|_| "[]".to_string())
    }
}
