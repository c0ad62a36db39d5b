//! The core's job planners (`zeitkonto_core::jobs`: the month close and the sweeps) for the npm
//! entry `zeitkonto/jobs` (its own .wasm: the main entry's budget has no room for the checkpoint
//! reader). Sans-IO: the JavaScript drivers (`jobs/month-close.js`, `jobs/sweep.js`, sharing
//! `jobs/driver.js`) ask for the next call, make it with the main entry's `Client`, and report what
//! came back. Errors throw the core error's JSON form.

use std::collections::BTreeMap;

use serde_json::{json, Map, Value};
use wasm_bindgen::prelude::*;
use zeitkonto_core::jobs::{Plan, Progress, Sweep, SweepAction, SweepCall};
use zeitkonto_core::{Date, Error};

fn error_js(e: &Error) -> JsValue {
    let text = serde_json::to_string(e).unwrap_or_else(|_| "{\"kind\":\"InvalidInput\"}".to_string());
    js_sys_parse(&text)
}

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = JSON, js_name = parse)]
    fn js_sys_parse(text: &str) -> JsValue;
    #[wasm_bindgen(catch, js_namespace = JSON, js_name = stringify)]
    fn js_sys_stringify(value: &JsValue) -> Result<JsValue, JsValue>;
}

fn invalid(field: &str, reason: &str) -> JsValue {
    error_js(&Error::invalid(field, reason.to_string()))
}

/// `[path, calls, etaMs]`.
fn plan_js(p: Plan) -> Vec<JsValue> {
    vec![JsValue::from_str(p.path), JsValue::from(p.calls as f64), JsValue::from(p.eta_ms as f64)]
}

/// `[done, total, etaMs]`.
fn progress_js(p: Progress) -> Vec<f64> {
    vec![p.done as f64, p.total as f64, p.eta_ms as f64]
}

/// `[key, reason, key, reason, ...]`.
fn failures_flat(f: &BTreeMap<String, String>) -> Vec<String> {
    f.iter().flat_map(|(k, r)| [k.clone(), r.clone()]).collect()
}

/// What both machines share with their core job: plan, progress, checkpoint, note, failures, the
/// rate limit the estimates assume.
macro_rules! common_methods {
    ($machine:ident) => {
        #[wasm_bindgen]
        impl $machine {
            /// `[path, calls, etaMs]`: the plan from here.
            pub fn plan(&self) -> Vec<JsValue> {
                plan_js(self.m.plan())
            }

            /// `[done, total, etaMs]`.
            pub fn progress(&self) -> Vec<f64> {
                progress_js(self.m.progress())
            }

            /// The state as JSON text.
            pub fn checkpoint(&self) -> String {
                self.m.checkpoint()
            }

            /// Keeps the caller's note in the checkpoint (undefined: none).
            #[wasm_bindgen(js_name = setNote)]
            pub fn set_note(&mut self, note: Option<String>) {
                self.m.set_note(note);
            }

            /// The note of the checkpoint resumed from (or set since), or undefined.
            pub fn note(&self) -> Option<String> {
                self.m.note().map(str::to_string)
            }

            /// The listed failures as `[key, reason, key, reason, ...]` (a resumed job makes the failed calls again).
            pub fn failures(&self) -> Vec<String> {
                failures_flat(self.m.failures())
            }

            /// The rate limit the estimates assume (default 60 a minute); 0: none.
            #[wasm_bindgen(js_name = setLimitPerMinute)]
            pub fn set_limit_per_minute(&mut self, limit: u32) {
                self.m.set_limit_per_minute(limit);
            }
        }
    };
}

/// The month-close planner, driven by `jobs/month-close.js` with the main entry's client's calls. Calls cross as `[operation, argument]`, failures as the error's kind and code.
#[wasm_bindgen]
pub struct MonthCloseMachine {
    m: zeitkonto_core::jobs::MonthClose,
}

#[wasm_bindgen]
impl MonthCloseMachine {
    /// A month close; `checkpoint`: JSON text to resume from. Throws the error's JSON form.
    #[wasm_bindgen(constructor)]
    pub fn new(
        year: i32,
        month: f64,
        departments: Vec<String>,
        checkpoint: Option<String>,
    ) -> Result<MonthCloseMachine, JsValue> {
        use zeitkonto_core::jobs::MonthClose;
        if month.fract() != 0.0 {
            return Err(invalid("month", "must be a whole number (1-12)"));
        }
        let fresh = MonthClose::new(year, month as i64, departments.clone()).map_err(|e| error_js(&e))?;
        let m = match checkpoint {
            Some(text) => {
                MonthClose::resume(&text, Some((year, month as i64, &departments))).map_err(|e| error_js(&e))?
            }
            None => fresh,
        };
        Ok(MonthCloseMachine { m })
    }

    /// `[operation, argument]` of the next call, or undefined when done.
    #[wasm_bindgen(js_name = nextCall)]
    pub fn next_call(&self) -> Option<Vec<String>> {
        use zeitkonto_core::jobs::JobCall;
        self.m.next_call().map(|c| match c {
            JobCall::Employees => vec!["employees".to_string(), String::new()],
            JobCall::Department(d) => vec!["department_month_employees".to_string(), d],
            JobCall::Employee(e) => vec!["time_account".to_string(), e],
        })
    }

    /// The employee list as `[email, name, email, name, ...]`.
    #[wasm_bindgen(js_name = employeesAnswered)]
    pub fn employees_answered(&mut self, records_json: &str) -> Result<(), JsValue> {
        let records: Vec<serde_json::Value> =
            serde_json::from_str(records_json).map_err(|e| invalid("employees", &e.to_string()))?;
        self.m.employees_answered(&records);
        Ok(())
    }

    /// A department's summaries by name; for each: the e-mail (covered), "" (not in the list) or
    /// "\u{0}" (skip).
    #[wasm_bindgen(js_name = departmentAnswered)]
    pub fn department_answered(&mut self, department: &str, names: Vec<String>) -> Vec<String> {
        use zeitkonto_core::jobs::SummaryMatch;
        self.m
            .department_answered(department, &names)
            .into_iter()
            .map(|m| match m {
                SummaryMatch::Covered(e) => e,
                SummaryMatch::Unlisted => String::new(),
                SummaryMatch::Skip => "\u{0}".to_string(),
            })
            .collect()
    }

    /// An employee's own account came back.
    #[wasm_bindgen(js_name = employeeAnswered)]
    pub fn employee_answered(&mut self, email: &str) {
        self.m.employee_answered(email);
    }

    /// A failed call: "fatal", "fallback" or "failed".
    #[wasm_bindgen(js_name = callFailed)]
    pub fn call_failed(&mut self, operation: &str, argument: String, kind: &str, code: Option<f64>) -> String {
        use zeitkonto_core::jobs::{FailureAction, JobCall};
        let call = match operation {
            "employees" => JobCall::Employees,
            "department_month_employees" => JobCall::Department(argument),
            _ => JobCall::Employee(argument),
        };
        match self.m.call_failed(&call, kind, code.map(|c| c as i64)) {
            FailureAction::Fatal => "fatal",
            FailureAction::FallBack => "fallback",
            FailureAction::EmployeeFailed => "failed",
        }
        .to_string()
    }

    /// The last fallback as `[department, reason]`.
    #[wasm_bindgen(js_name = lastFallback)]
    pub fn last_fallback(&self) -> Vec<String> {
        self.m.fallbacks().last().map(|f| vec![f.department.clone(), f.reason.clone()]).unwrap_or_default()
    }
}

common_methods!(MonthCloseMachine);

/// The sweeps (`zeitkonto_core::jobs::Sweep`): the presence board, the leave-year report, project
/// hours. Driven by `jobs/sweep.js`. Calls cross as `[operation, args, key]` (`args` an object of
/// the client method's arguments: `day`, `email`, `year`, `uuid`, `start`, `end`); what comes back
/// is reported for the current next call.
#[wasm_bindgen]
pub struct SweepMachine {
    m: Sweep,
}

/// The options a sweep takes, by kind.
fn known_options(kind: &str) -> Option<&'static [&'static str]> {
    match kind {
        "presence_board" => Some(&["day"]),
        "leave_year_report" => Some(&["year"]),
        "project_hours" => Some(&["email", "start", "end", "projects"]),
        _ => None,
    }
}

/// The options object as JSON (undefined and null: none).
fn options_map(options: &JsValue) -> Result<Map<String, Value>, JsValue> {
    if options.is_undefined() || options.is_null() {
        return Ok(Map::new());
    }
    let text = js_sys_stringify(options)
        .ok()
        .and_then(|t| t.as_string())
        .ok_or_else(|| invalid("options", "expected an options object"))?;
    match serde_json::from_str(&text) {
        Ok(Value::Object(m)) => Ok(m),
        _ => Err(invalid("options", "expected an options object")),
    }
}

/// A date option: `YYYY-MM-DD`; null or absent: none (refused when `required`).
fn date_option(o: &Map<String, Value>, field: &str, required: bool) -> Result<Option<Date>, JsValue> {
    match o.get(field) {
        None | Some(Value::Null) if required => Err(invalid(field, "is required (a date YYYY-MM-DD)")),
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => {
            s.parse().map(Some).map_err(|_| invalid(field, &format!("{s:?} is not a valid date YYYY-MM-DD")))
        }
        Some(_) => Err(invalid(field, "expected a date YYYY-MM-DD (a string)")),
    }
}

fn sweep_from(kind: &str, options: &JsValue) -> Result<Sweep, JsValue> {
    let known = known_options(kind)
        .ok_or_else(|| invalid("kind", "expected \"presence_board\", \"leave_year_report\" or \"project_hours\""))?;
    let o = options_map(options)?;
    if let Some(k) = o.keys().find(|k| !known.contains(&k.as_str())) {
        return Err(invalid(k, &format!("unknown option of {kind}; known: {}", known.join(", "))));
    }
    let core = |r: Result<Sweep, Error>| r.map_err(|e| error_js(&e));
    match kind {
        "presence_board" => Ok(Sweep::presence_board(date_option(&o, "day", false)?)),
        "leave_year_report" => {
            let year = match o.get("year").and_then(Value::as_f64) {
                Some(y) if y.fract() == 0.0 && y.abs() < 1e9 => y as i32,
                _ => return Err(invalid("year", "expected a whole number")),
            };
            core(Sweep::leave_year_report(year))
        }
        _ => {
            let email = match o.get("email") {
                Some(Value::String(s)) => s.clone(),
                _ => return Err(invalid("email", "expected the acting project manager's e-mail (a string)")),
            };
            let required = |field| date_option(&o, field, true)?.ok_or_else(|| invalid(field, "is required"));
            let (start, end) = (required("start")?, required("end")?);
            let projects = match o.get("projects") {
                None | Some(Value::Null) => Vec::new(),
                Some(Value::Array(a)) if a.iter().all(Value::is_string) => {
                    a.iter().filter_map(|p| p.as_str().map(str::to_string)).collect()
                }
                Some(_) => return Err(invalid("projects", "expected an array of project ids (strings)")),
            };
            core(Sweep::project_hours(&email, start, end, projects))
        }
    }
}

#[wasm_bindgen]
impl SweepMachine {
    /// A sweep of `kind` ("presence_board" with `{ day }`, "leave_year_report" with `{ year }`,
    /// "project_hours" with `{ email, start, end, projects }`; dates `YYYY-MM-DD`); `checkpoint`:
    /// JSON text to resume from (refused, naming `checkpoint`, when it is of another job or was
    /// asked differently). Throws the error's JSON form, naming the field.
    #[wasm_bindgen(constructor)]
    pub fn new(kind: &str, options: JsValue, checkpoint: Option<String>) -> Result<SweepMachine, JsValue> {
        let fresh = sweep_from(kind, &options)?;
        let m = match checkpoint {
            Some(text) => Sweep::resume(&text, Some(&fresh)).map_err(|e| error_js(&e))?,
            None => fresh,
        };
        Ok(SweepMachine { m })
    }

    /// `[operation, args, key]` of the next call (`operation` the snake_case name, `args` an
    /// object), or undefined when the job is done or stopped.
    #[wasm_bindgen(js_name = nextCall)]
    pub fn next_call(&self) -> JsValue {
        match self.m.next_call() {
            Some(c) => js_sys_parse(&json!([c.operation().name(), c.args(), c.key()]).to_string()),
            None => JsValue::UNDEFINED,
        }
    }

    /// The next call, when `ok` says it is the one being reported.
    fn current(&self, what: &str, ok: impl Fn(&SweepCall) -> bool) -> Result<SweepCall, JsValue> {
        match self.m.next_call() {
            Some(c) if ok(&c) => Ok(c),
            Some(c) => Err(invalid("call", &format!("the next call is {}, not {what}", c.key()))),
            None => Err(invalid("call", "no call is pending")),
        }
    }

    /// The next call (presence, leave_year or project_bookings) came back; its rows are the
    /// caller's.
    pub fn answered(&mut self) -> Result<(), JsValue> {
        let call = self
            .current("a call that gives rows", |c| !matches!(c, SweepCall::Employees | SweepCall::Projects { .. }))?;
        self.m.answered(&call);
        Ok(())
    }

    /// The employee list (the presence board's fallback) came back: its e-mails.
    #[wasm_bindgen(js_name = employeesListed)]
    pub fn employees_listed(&mut self, emails: Vec<String>) -> Result<(), JsValue> {
        self.current("employees", |c| matches!(c, SweepCall::Employees))?;
        self.m.employees_listed(emails);
        Ok(())
    }

    /// The project list came back: its `projects` as JSON text (the core reads the ids by its one
    /// rule). Returns the ids of the projects it will ask for, in list order.
    #[wasm_bindgen(js_name = projectsAnswered)]
    pub fn projects_answered(&mut self, projects_json: &str) -> Result<Vec<String>, JsValue> {
        self.current("projects", |c| matches!(c, SweepCall::Projects { .. }))?;
        let projects: Vec<serde_json::Value> =
            serde_json::from_str(projects_json).map_err(|e| invalid("projects", &e.to_string()))?;
        Ok(self.m.projects_answered(&projects))
    }

    /// The next call failed with an error of `kind` (and, for "Api", the API's `code`): "fatal"
    /// (stop), "fallback" (per-employee calls follow: `lastFallback()`) or "failed" (listed).
    #[wasm_bindgen(js_name = callFailed)]
    pub fn call_failed(&mut self, kind: &str, code: Option<f64>) -> Result<String, JsValue> {
        let call = self.current("any", |_| true)?;
        Ok(match self.m.call_failed(&call, kind, code.map(|c| c as i64)) {
            SweepAction::Fatal => "fatal",
            SweepAction::FallBack => "fallback",
            SweepAction::Failed => "failed",
        }
        .to_string())
    }

    /// The last fallback as `[call, reason]` (empty when none).
    #[wasm_bindgen(js_name = lastFallback)]
    pub fn last_fallback(&self) -> Vec<String> {
        self.m.fallbacks().last().map(|f| vec![f.call.clone(), f.reason.clone()]).unwrap_or_default()
    }

    /// Which sweep this is: "presence_board", "leave_year_report" or "project_hours".
    pub fn kind(&self) -> String {
        self.m.kind().name().to_string()
    }
}

common_methods!(SweepMachine);
