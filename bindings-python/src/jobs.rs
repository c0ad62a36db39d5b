//! `zeitkonto._core.MonthClose` and `zeitkonto._core.Sweep`: the core's job planners
//! (`zeitkonto_core::jobs`), driven by `zeitkonto.jobs` in Python through the client's own calls.
//! Sans-IO: each says which call is next and is told what came back. What both have (plan,
//! progress, checkpoint, note, failures) is written once ([`job_methods!`]).

use pyo3::prelude::*;
use zeitkonto_core::jobs::{
    FailureAction, JobCall, MonthClose as Machine, Plan, Progress, SummaryMatch, Sweep as SweepMachine, SweepAction,
    SweepCall,
};
use zeitkonto_core::Date;

use crate::errors::{guarded, invalid, raise};
use crate::json::to_py;

/// (path, calls, eta in ms).
fn plan_tuple(p: Plan) -> (&'static str, usize, u64) {
    (p.path, p.calls, p.eta_ms)
}

/// (done, total, eta in ms).
fn progress_tuple(p: Progress) -> (usize, usize, u64) {
    (p.done, p.total, p.eta_ms)
}

/// `#[pymethods] impl $class { <its own methods> + the methods every job has }`, over the
/// machine in `self.m` (both machines have `plan`, `progress`, `checkpoint`, `failures`, `note`,
/// `set_note` and `stopped` of the same shape).
macro_rules! job_methods {
    (impl $class:ident { $($own:tt)* }) => {
        #[pymethods]
        impl $class {
            $($own)*

            /// (path, calls, eta in ms): the plan from here.
            fn plan(&self) -> (&'static str, usize, u64) {
                plan_tuple(self.m.plan())
            }

            /// (done, total, eta in ms).
            fn progress(&self) -> (usize, usize, u64) {
                progress_tuple(self.m.progress())
            }

            /// The state as JSON text, to resume from.
            fn checkpoint(&self) -> String {
                self.m.checkpoint()
            }

            /// [(what failed, reason)]: e-mails (month close) or call keys (sweeps).
            fn failures(&self) -> Vec<(String, String)> {
                self.m.failures().iter().map(|(k, v)| (k.clone(), v.clone())).collect()
            }

            /// Keeps the caller's note in the checkpoint.
            #[pyo3(signature = (note=None))]
            fn set_note(&mut self, note: Option<String>) {
                self.m.set_note(note);
            }

            /// The note kept in the checkpoint.
            fn note(&self) -> Option<String> {
                self.m.note().map(str::to_string)
            }

            /// Whether the job stopped on a fatal failure.
            fn stopped(&self) -> bool {
                self.m.stopped()
            }
        }
    };
}

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
        _ => return Err(invalid("call", format!("not a call of this job: {op}"))),
    })
}

job_methods! {
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

    /// The employee list: the records' canonical JSON (`to_dict()`), as JSON text; the core reads
    /// the people by its one rule.
    fn employees_answered(&mut self, records_json: &str) -> PyResult<()> {
        let records: Vec<serde_json::Value> =
            serde_json::from_str(records_json).map_err(|e| invalid("employees", e.to_string()))?;
        self.m.employees_answered(&records);
        Ok(())
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

    /// [(department, reason)].
    fn fallbacks(&self) -> Vec<(String, String)> {
        self.m.fallbacks().iter().map(|f| (f.department.clone(), f.reason.clone())).collect()
    }
}
}

/// The sweep planner: the presence board, the leave-year report, project hours. What it is told
/// (`answered`, `employees_listed`, `projects_answered`, `call_failed`) is about its current call,
/// the one `next_call` gives.
#[pyclass(module = "zeitkonto._core")]
pub(crate) struct Sweep {
    m: SweepMachine,
}

/// An ISO date of the field `field` (none stays none).
fn date(field: &str, text: Option<String>) -> PyResult<Option<Date>> {
    text.map(|s| s.parse().map_err(|_| invalid(field, format!("expected a date YYYY-MM-DD, got {s:?}")))).transpose()
}

fn required<T>(field: &str, value: Option<T>) -> PyResult<T> {
    value.ok_or_else(|| invalid(field, "is required for this job"))
}

impl Sweep {
    /// The call the machine is at; reporting on none is refused naming `call`.
    fn current(&self) -> PyResult<SweepCall> {
        self.m.next_call().ok_or_else(|| invalid("call", "no call is pending (the job is done or stopped)"))
    }
}

job_methods! {
impl Sweep {
    /// `kind`: "presence_board" (`day`), "leave_year_report" (`year`) or "project_hours"
    /// (`email`, `start`, `end`, `projects`); dates as "YYYY-MM-DD". With `checkpoint` (a
    /// checkpoint's text) the job goes on from it, if it is one of the same job asked the same way.
    #[new]
    #[pyo3(signature = (kind, *, day=None, year=None, email=None, start=None, end=None, projects=Vec::new(), checkpoint=None, limit_per_minute=60))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        kind: &str,
        day: Option<String>,
        year: Option<i64>,
        email: Option<String>,
        start: Option<String>,
        end: Option<String>,
        projects: Vec<String>,
        checkpoint: Option<String>,
        limit_per_minute: u32,
    ) -> PyResult<Sweep> {
        guarded(|| {
            let fresh = match kind {
                "presence_board" => SweepMachine::presence_board(date("day", day)?),
                "leave_year_report" => {
                    let year = required("year", year)?;
                    let year = i32::try_from(year)
                        .map_err(|_| invalid("year", format!("{year} is not a year from 1 to 9999")))?;
                    SweepMachine::leave_year_report(year).map_err(|e| raise(&e))?
                }
                "project_hours" => {
                    let email = required("email", email)?;
                    let start = required("start", date("start", start)?)?;
                    let end = required("end", date("end", end)?)?;
                    SweepMachine::project_hours(&email, start, end, projects).map_err(|e| raise(&e))?
                }
                other => {
                    return Err(invalid(
                        "kind",
                        format!("unknown job {other:?}: expected presence_board, leave_year_report or project_hours"),
                    ))
                }
            };
            let mut m = match checkpoint {
                Some(text) => SweepMachine::resume(&text, Some(&fresh)).map_err(|e| raise(&e))?,
                None => fresh,
            };
            m.set_limit_per_minute(limit_per_minute);
            Ok(Sweep { m })
        })
    }

    /// "presence_board", "leave_year_report" or "project_hours".
    fn kind(&self) -> &'static str {
        self.m.kind().name()
    }

    /// The next call as (operation name, arguments with the SDK's snake_case names, key), or
    /// None when the job is done or stopped.
    fn next_call<'py>(&self, py: Python<'py>) -> PyResult<Option<(&'static str, Bound<'py, PyAny>, String)>> {
        self.m.next_call().map(|c| Ok((c.operation().name(), to_py(py, &c.args())?, c.key()))).transpose()
    }

    /// The current call (presence, leave_year or project_bookings) came back.
    fn answered(&mut self) -> PyResult<()> {
        let call = self.current()?;
        if matches!(call, SweepCall::Employees | SweepCall::Projects { .. }) {
            return Err(invalid("call", format!("{} is a list: report it with its own method", call.key())));
        }
        self.m.answered(&call);
        Ok(())
    }

    /// The current call, the employee list, came back: the employees' e-mails.
    fn employees_listed(&mut self, emails: Vec<String>) -> PyResult<()> {
        match self.current()? {
            SweepCall::Employees => {
                self.m.employees_listed(emails);
                Ok(())
            }
            other => Err(invalid("call", format!("the current call is {}, not employees", other.key()))),
        }
    }

    /// The current call, the project list, came back: its `projects` as JSON text (the core reads
    /// the ids by its one rule). Returns the ids of the projects it will ask for, in list order.
    fn projects_answered(&mut self, projects_json: &str) -> PyResult<Vec<String>> {
        match self.current()? {
            SweepCall::Projects { .. } => {
                let projects: Vec<serde_json::Value> =
                    serde_json::from_str(projects_json).map_err(|e| invalid("projects", e.to_string()))?;
                Ok(self.m.projects_answered(&projects))
            }
            other => Err(invalid("call", format!("the current call is {}, not projects", other.key()))),
        }
    }

    /// The current call failed with an error of `kind` (and the API's `code`): "fatal",
    /// "fallback" or "failed".
    #[pyo3(signature = (kind, code=None))]
    fn call_failed(&mut self, kind: &str, code: Option<i64>) -> PyResult<&'static str> {
        let call = self.current()?;
        Ok(match self.m.call_failed(&call, kind, code) {
            SweepAction::Fatal => "fatal",
            SweepAction::FallBack => "fallback",
            SweepAction::Failed => "failed",
        })
    }

    /// [(call key, reason)]: company-wide calls whose answer could not be used.
    fn fallbacks(&self) -> Vec<(String, String)> {
        self.m.fallbacks().iter().map(|f| (f.call.clone(), f.reason.clone())).collect()
    }

    /// The latest fallback as (call key, reason), or None.
    fn last_fallback(&self) -> Option<(String, String)> {
        self.m.fallbacks().last().map(|f| (f.call.clone(), f.reason.clone()))
    }
}
}
