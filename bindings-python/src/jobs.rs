//! `zeitkonto._core.MonthClose`: the core's month-close planner (`zeitkonto_core::jobs`), driven by
//! `zeitkonto.jobs` in Python through the client's own calls. Sans-IO: it says which call is next
//! and is told what came back.

use pyo3::prelude::*;
use zeitkonto_core::jobs::{FailureAction, JobCall, MonthClose as Machine, Person, SummaryMatch};

use crate::errors::raise;

/// The month-close planner.
#[pyclass(module = "zeitkonto._core")]
pub(crate) struct MonthClose {
    m: Machine,
}

fn call_tuple(c: JobCall) -> (&'static str, Option<String>) {
    match c {
        JobCall::Employees => ("employees", None),
        JobCall::Department(d) => ("department_month_employees", Some(d)),
        JobCall::Employee(e) => ("time_account", Some(e)),
    }
}

fn job_call(op: &str, arg: Option<String>) -> PyResult<JobCall> {
    Ok(match (op, arg) {
        ("employees", _) => JobCall::Employees,
        ("department_month_employees", Some(d)) => JobCall::Department(d),
        ("time_account", Some(e)) => JobCall::Employee(e),
        _ => return Err(crate::errors::invalid("call", format!("not a call of this job: {op}"))),
    })
}

#[pymethods]
impl MonthClose {
    #[new]
    #[pyo3(signature = (year, month, departments, checkpoint=None, limit_per_minute=60))]
    fn new(
        year: i32,
        month: i64,
        departments: Vec<String>,
        checkpoint: Option<String>,
        limit_per_minute: u32,
    ) -> PyResult<MonthClose> {
        let fresh = Machine::new(year, month, departments.clone()).map_err(|e| raise(&e))?;
        let mut m = match checkpoint {
            Some(text) => Machine::resume(&text, Some((year, month, &departments))).map_err(|e| raise(&e))?,
            None => fresh,
        };
        m.set_limit_per_minute(limit_per_minute);
        Ok(MonthClose { m })
    }

    /// The next call as (operation, argument), or None when done.
    fn next_call(&self) -> Option<(&'static str, Option<String>)> {
        self.m.next_call().map(call_tuple)
    }

    /// The employee list: (email, "Given Last") pairs.
    fn employees_listed(&mut self, people: Vec<(String, String)>) {
        self.m.employees_listed(people.into_iter().map(|(email, name)| Person { email, name }).collect());
    }

    /// A department's summaries, by the names they carry; for each: its e-mail (covered), ""
    /// (not in the list: deliver without one) or None (skip: their own calls follow).
    fn department_answered(&mut self, department: &str, names: Vec<String>) -> Vec<Option<String>> {
        self.m
            .department_answered(department, &names)
            .into_iter()
            .map(|m| match m {
                SummaryMatch::Covered(e) => Some(e),
                SummaryMatch::Unlisted => Some(String::new()),
                SummaryMatch::Skip => None,
            })
            .collect()
    }

    fn employee_answered(&mut self, email: &str) {
        self.m.employee_answered(email);
    }

    /// A failed call: "fatal", "fallback" or "failed".
    #[pyo3(signature = (operation_name, argument, kind, code=None))]
    fn call_failed(
        &mut self,
        operation_name: &str,
        argument: Option<String>,
        kind: &str,
        code: Option<i64>,
    ) -> PyResult<&'static str> {
        let call = job_call(operation_name, argument)?;
        Ok(match self.m.call_failed(&call, kind, code) {
            FailureAction::Fatal => "fatal",
            FailureAction::FallBack => "fallback",
            FailureAction::EmployeeFailed => "failed",
        })
    }

    /// (path, calls, eta in ms).
    fn plan(&self) -> (&'static str, usize, u64) {
        let p = self.m.plan();
        (p.path, p.calls, p.eta_ms)
    }

    /// (done, total, eta in ms).
    fn progress(&self) -> (usize, usize, u64) {
        let p = self.m.progress();
        (p.done, p.total, p.eta_ms)
    }

    fn checkpoint(&self) -> String {
        self.m.checkpoint()
    }

    /// [(department, reason)].
    fn fallbacks(&self) -> Vec<(String, String)> {
        self.m.fallbacks().iter().map(|f| (f.department.clone(), f.reason.clone())).collect()
    }

    /// [(email, reason)].
    fn failures(&self) -> Vec<(String, String)> {
        self.m.failures().iter().map(|(k, v)| (k.clone(), v.clone())).collect()
    }

    #[pyo3(signature = (note=None))]
    fn set_note(&mut self, note: Option<String>) {
        self.m.set_note(note);
    }

    fn note(&self) -> Option<String> {
        self.m.note().map(str::to_string)
    }

    fn stopped(&self) -> bool {
        self.m.stopped()
    }
}
