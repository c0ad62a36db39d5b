//! The core's month-close planner (`zeitkonto_core::jobs`) for the npm entry `zeitkonto/jobs`
//! (its own .wasm: the main entry's budget has no room for the checkpoint reader). Sans-IO: the
//! JavaScript driver (`jobs/month-close.js`) asks for the next call, makes it with the main entry's
//! `Client`, and reports what came back. Errors throw the core error's JSON form.

use wasm_bindgen::prelude::*;
use zeitkonto_core::Error;

fn error_js(e: &Error) -> JsValue {
    let text = serde_json::to_string(e).unwrap_or_else(|_| "{\"kind\":\"InvalidInput\"}".to_string());
    js_sys_parse(&text)
}

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = JSON, js_name = parse)]
    fn js_sys_parse(text: &str) -> JsValue;
}

fn invalid(field: &str, reason: &str) -> JsValue {
    error_js(&Error::invalid(field, reason.to_string()))
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
    #[wasm_bindgen(js_name = employeesListed)]
    pub fn employees_listed(&mut self, flat: Vec<String>) {
        let people = flat
            .chunks(2)
            .filter_map(|p| match p {
                [email, name] => Some(zeitkonto_core::jobs::Person { email: email.clone(), name: name.clone() }),
                _ => None,
            })
            .collect();
        self.m.employees_listed(people);
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

    /// `[path, calls, etaMs]`.
    pub fn plan(&self) -> Vec<JsValue> {
        let p = self.m.plan();
        vec![JsValue::from_str(p.path), JsValue::from(p.calls as f64), JsValue::from(p.eta_ms as f64)]
    }

    /// `[done, total, etaMs]`.
    pub fn progress(&self) -> Vec<f64> {
        let p = self.m.progress();
        vec![p.done as f64, p.total as f64, p.eta_ms as f64]
    }

    /// The state as JSON text.
    pub fn checkpoint(&self) -> String {
        self.m.checkpoint()
    }

    /// The last fallback as `[department, reason]`.
    #[wasm_bindgen(js_name = lastFallback)]
    pub fn last_fallback(&self) -> Vec<String> {
        self.m.fallbacks().last().map(|f| vec![f.department.clone(), f.reason.clone()]).unwrap_or_default()
    }
}
