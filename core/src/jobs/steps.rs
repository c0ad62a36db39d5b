//! A job as steps of JSON ([`JobSteps`]), for a binding whose client is not the Rust client: the
//! npm package's `zeitkonto/jobs` drives it with one loop over its own `client.call(operation,
//! params)`. The machine says the next call (operation, canonical parameters, key), is given the
//! answer in the canonical JSON form (or the failure's kind and API code), and hands out the
//! call's events, its progress first, as JSON objects with a `type`; nothing is left to the
//! binding but making the call and putting its own error object into the failure events
//! (`"error": null`). The Rust client's driver (`zeitkonto::jobs`, also Python's, Kotlin's and
//! Swift's) makes the same calls and events from the same planners with typed answers.
//!
//! At least once, the rule of every language: a call is finished when the consumer asks for the
//! next one ([`JobSteps::next_call`]); until then [`JobSteps::checkpoint`] is the state before it,
//! and a job resumed from that makes the call again (a row is never lost, and may come twice). A
//! call that stops the job is not finished either.

use serde_json::{json, Map, Value};

use super::spec::{limit_per_minute, JobSpec};
use super::{FailureAction, JobCall, MonthClose, SummaryMatch, Sweep, SweepAction, SweepCall};
use super::{Plan, Progress};
use crate::error::Error;
use crate::limiter::LimiterConfig;

#[derive(Debug, Clone)]
enum Machine {
    MonthClose(MonthClose),
    Sweep(Sweep),
}

#[derive(Debug, Clone)]
enum Call {
    Month(JobCall),
    Sweep(SweepCall),
}

/// A whole-company job as steps of JSON (see the module docs).
#[derive(Debug, Clone)]
pub struct JobSteps {
    machine: Machine,
    /// The machine before the call in hand (the checkpoint's state until the call is finished).
    before: Option<Machine>,
    call: Option<Call>,
    stopped: bool,
}

/// The list in `v` (an array; anything else: none).
fn list(v: Option<&Value>) -> &[Value] {
    v.and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default()
}

impl JobSteps {
    /// The job `kind` (`month_close`: `year`, `month`, `departments`; `presence_board`: `day`;
    /// `leave_year_report`: `year`; `project_hours`: `email`, `start`, `end`, `projects`; each
    /// may have `limitPerMinute`, what the estimates assume), from `spec`, a JSON object with
    /// those fields (dates `YYYY-MM-DD`). With `checkpoint` it goes on from there, if that is the
    /// checkpoint of the same job asked the same way. `limiter`: the client's rate limit, which
    /// the estimates assume when `limitPerMinute` is not given ([`LimiterConfig::per_minute`]).
    pub fn start(
        kind: &str,
        spec: &Value,
        checkpoint: Option<&str>,
        limiter: &LimiterConfig,
    ) -> Result<JobSteps, Error> {
        let job = JobSpec::from_json(kind, spec)?;
        let mut machine = match (job.month_close(checkpoint)?, job.sweep(checkpoint)?) {
            (Some(m), _) => Machine::MonthClose(m),
            (None, Some(s)) => Machine::Sweep(s),
            (None, None) => return Err(Error::invalid("kind", "no machine for this job")),
        };
        let limit = limit_per_minute(spec)?.unwrap_or_else(|| limiter.per_minute());
        match &mut machine {
            Machine::MonthClose(m) => m.set_limit_per_minute(limit),
            Machine::Sweep(s) => s.set_limit_per_minute(limit),
        }
        Ok(JobSteps { machine, before: None, call: None, stopped: false })
    }

    /// The job's stable name: `month_close`, `presence_board`, `leave_year_report` or
    /// `project_hours`.
    pub fn name(&self) -> &'static str {
        match &self.machine {
            Machine::MonthClose(_) => "month_close",
            Machine::Sweep(s) => s.kind().name(),
        }
    }

    /// The next call, `{"operation", "params", "key"}` (`params` in the canonical form the
    /// binding's by-name call takes), or `None` when the job is done or stopped. Asking finishes
    /// the call before it: the consumer handled its events.
    pub fn next_call(&mut self) -> Option<Value> {
        if self.stopped {
            return None;
        }
        self.before = None;
        self.call = None;
        let (operation, params, key, call) = match &self.machine {
            Machine::MonthClose(m) => {
                let c = m.next_call()?;
                let (y, mo) = (m.year(), m.month());
                let params = match &c {
                    JobCall::Employees => json!({}),
                    JobCall::Department(d) => json!({"department": d, "year": y, "month": mo}),
                    JobCall::Employee(e) => json!({"employee": e, "year": y, "month": mo}),
                };
                (c.operation(), params, c.key(), Call::Month(c))
            }
            Machine::Sweep(s) => {
                let c = s.next_call()?;
                let params = match &c {
                    SweepCall::Presence { day, email } => {
                        let mut p = Map::new();
                        if let Some(e) = email {
                            p.insert("email".into(), e.as_str().into());
                        }
                        if let Some(d) = day {
                            p.insert("day".into(), d.to_string().into());
                        }
                        Value::Object(p)
                    }
                    SweepCall::Employees => json!({}),
                    SweepCall::LeaveYear { year } => json!({ "year": year }),
                    SweepCall::Projects { email } => json!({ "email": email }),
                    SweepCall::ProjectBookings { email, uuid, start, end } => json!({
                        "email": email, "uuid": uuid, "startDate": start.to_string(), "endDate": end.to_string()
                    }),
                };
                (c.operation(), params, c.key(), Call::Sweep(c))
            }
        };
        self.before = Some(self.machine.clone());
        self.call = Some(call);
        Some(json!({ "operation": operation.name(), "params": params, "key": key }))
    }

    /// The call in hand came back with `answer` (its canonical JSON form): its events, the
    /// progress first. `Err` (naming `call`) when no call is in hand.
    pub fn answered(&mut self, answer: &Value) -> Result<Vec<Value>, Error> {
        let call = self.call.take().ok_or_else(|| Error::invalid("call", "no call is in hand"))?;
        let mut events = Vec::new();
        match (&mut self.machine, &call) {
            (Machine::MonthClose(m), Call::Month(JobCall::Employees)) => m.employees_answered(list(Some(answer))),
            (Machine::MonthClose(m), Call::Month(JobCall::Department(d))) => {
                let accounts = list(Some(answer));
                let names: Vec<String> =
                    accounts.iter().map(|a| a.get("name").and_then(Value::as_str).unwrap_or("").to_string()).collect();
                let source = format!("department_month_employees:{d}");
                for (account, found) in accounts.iter().zip(m.department_answered(d, &names)) {
                    let employee = match found {
                        SummaryMatch::Covered(e) => e,
                        SummaryMatch::Unlisted => String::new(),
                        SummaryMatch::Skip => continue,
                    };
                    events.push(json!({"type": "account", "employee": employee, "account": account, "source": source}));
                }
            }
            (Machine::MonthClose(m), Call::Month(JobCall::Employee(e))) => {
                m.employee_answered(e);
                events.push(json!({"type": "account", "employee": e, "account": answer, "source": "time_account"}));
            }
            (Machine::Sweep(s), Call::Sweep(c)) => {
                let source = c.key();
                match c {
                    SweepCall::Employees => {
                        let emails =
                            list(Some(answer)).iter().filter_map(|e| e.get("email")?.as_str().map(str::to_string));
                        s.employees_listed(emails.collect());
                    }
                    SweepCall::Projects { .. } => {
                        s.projects_answered(list(answer.get("projects")));
                    }
                    SweepCall::Presence { .. } => {
                        s.answered(c);
                        for entry in list(answer.get("info")) {
                            events.push(json!({"type": "presence", "entry": entry, "source": source}));
                        }
                    }
                    SweepCall::LeaveYear { .. } => {
                        s.answered(c);
                        let legend =
                            answer.get("legend").filter(|l| l.is_object()).cloned().unwrap_or_else(|| json!({}));
                        for entry in list(answer.get("employees")) {
                            events.push(json!({"type": "leave", "entry": entry, "legend": legend, "source": source}));
                        }
                    }
                    SweepCall::ProjectBookings { uuid, .. } => {
                        s.answered(c);
                        for entry in list(answer.get("entries")) {
                            events.push(json!({"type": "booking", "project": uuid, "entry": entry, "source": source}));
                        }
                    }
                }
            }
            _ => return Err(Error::invalid("call", "the call in hand is not this job's")),
        }
        events.insert(0, self.progress_event());
        Ok(events)
    }

    /// The call in hand failed with an error of `kind` (and, for `Api`, the API's `code`): its
    /// events, the progress first, a failure event's `error` null for the binding to put its
    /// error in; `None` when the job stops on it (the binding throws its error; the call is not
    /// finished). `Err` (naming `call`) when no call is in hand.
    pub fn failed(&mut self, kind: &str, code: Option<i64>) -> Result<Option<Vec<Value>>, Error> {
        let call = self.call.take().ok_or_else(|| Error::invalid("call", "no call is in hand"))?;
        let event = match (&mut self.machine, &call) {
            (Machine::MonthClose(m), Call::Month(c)) => match m.call_failed(c, kind, code) {
                FailureAction::Fatal => None,
                FailureAction::FallBack => Some(m.fallbacks().last().map_or(
                    Value::Null,
                    |f| json!({"type": "departmentFallback", "department": f.department, "reason": f.reason}),
                )),
                FailureAction::EmployeeFailed => {
                    let employee = match c {
                        JobCall::Employee(e) => e.as_str(),
                        _ => "",
                    };
                    Some(json!({"type": "employeeFailure", "employee": employee, "error": null}))
                }
            },
            (Machine::Sweep(s), Call::Sweep(c)) => match s.call_failed(c, kind, code) {
                SweepAction::Fatal => None,
                SweepAction::FallBack => Some(
                    s.fallbacks()
                        .last()
                        .map_or(Value::Null, |f| json!({"type": "fallback", "call": f.call, "reason": f.reason})),
                ),
                SweepAction::Failed => Some(json!({"type": "callFailure", "call": c.key(), "error": null})),
            },
            _ => return Err(Error::invalid("call", "the call in hand is not this job's")),
        };
        let Some(event) = event else {
            self.stopped = true;
            return Ok(None);
        };
        let mut events = vec![self.progress_event()];
        if !event.is_null() {
            events.push(event);
        }
        Ok(Some(events))
    }

    fn progress_event(&self) -> Value {
        let p = self.progress();
        json!({"type": "progress", "done": p.done, "total": p.total, "eta": p.eta_ms})
    }

    /// The state as JSON text, to resume from: the calls finished (see the module docs).
    pub fn checkpoint(&self) -> String {
        match self.before.as_ref().unwrap_or(&self.machine) {
            Machine::MonthClose(m) => m.checkpoint(),
            Machine::Sweep(s) => s.checkpoint(),
        }
    }

    /// The plan from here.
    pub fn plan(&self) -> Plan {
        match &self.machine {
            Machine::MonthClose(m) => m.plan(),
            Machine::Sweep(s) => s.plan(),
        }
    }

    /// Calls done, the total as far as known, the time the rest takes.
    pub fn progress(&self) -> Progress {
        match &self.machine {
            Machine::MonthClose(m) => m.progress(),
            Machine::Sweep(s) => s.progress(),
        }
    }

    /// What failed so far, with why: e-mails (month close) or call keys (sweeps).
    pub fn failures(&self) -> Vec<(String, String)> {
        let f = match &self.machine {
            Machine::MonthClose(m) => m.failures(),
            Machine::Sweep(s) => s.failures(),
        };
        f.iter().map(|(k, v)| (k.clone(), v.clone())).collect()
    }

    /// The fallbacks so far, as (department or call key, why).
    pub fn fallbacks(&self) -> Vec<(String, String)> {
        match &self.machine {
            Machine::MonthClose(m) => m.fallbacks().iter().map(|f| (f.department.clone(), f.reason.clone())).collect(),
            Machine::Sweep(s) => s.fallbacks().iter().map(|f| (f.call.clone(), f.reason.clone())).collect(),
        }
    }

    /// Makes the job `owner`'s ([`owner_of`](super::owner_of) the client's base URL and key): a
    /// checkpoint whose first answer came to another owner is refused (naming `checkpoint`).
    pub fn claim(&mut self, owner: &str) -> Result<(), Error> {
        match &mut self.machine {
            Machine::MonthClose(m) => m.claim(owner),
            Machine::Sweep(s) => s.claim(owner),
        }
    }

    /// The caller's note kept in the checkpoint.
    pub fn note(&self) -> Option<&str> {
        match &self.machine {
            Machine::MonthClose(m) => m.note(),
            Machine::Sweep(s) => s.note(),
        }
    }

    /// Keeps the caller's note in the checkpoint, from the end of the call in hand.
    pub fn set_note(&mut self, note: Option<String>) {
        match &mut self.machine {
            Machine::MonthClose(m) => m.set_note(note),
            Machine::Sweep(s) => s.set_note(note),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const API: &LimiterConfig = &LimiterConfig::DEFAULT;

    fn kinds(events: &[Value]) -> Vec<&str> {
        events.iter().map(|e| e["type"].as_str().unwrap_or("?")).collect()
    }

    #[test]
    fn a_month_close_step_by_step_with_a_failure_listed_and_one_that_stops_it() {
        let spec = json!({"year": 2026, "month": 3, "limitPerMinute": 0});
        let mut job = JobSteps::start("month_close", &spec, None, API).unwrap();
        assert_eq!(job.name(), "month_close");
        let fresh = job.checkpoint();
        let step = job.next_call().unwrap();
        assert_eq!(step, json!({"operation": "employees", "params": {}, "key": "employees"}));
        let people = json!([
            {"email": "a@x.de", "givenName": "Anna", "lastName": "A"},
            {"email": "b@x.de", "givenName": "Ben", "lastName": "B"},
            {"email": "c@x.de", "givenName": "Cem", "lastName": "C"}
        ]);
        assert_eq!(kinds(&job.answered(&people).unwrap()), ["progress"]);
        assert_eq!(job.checkpoint(), fresh, "the list call is finished only when the next is asked for");
        let step = job.next_call().unwrap();
        assert_ne!(job.checkpoint(), fresh);
        assert_eq!(step["params"], json!({"employee": "a@x.de", "year": 2026, "month": 3}));
        assert_eq!(step["operation"], "time_account");
        let events = job.answered(&json!({"name": "Anna A", "balance": 60})).unwrap();
        assert_eq!(kinds(&events), ["progress", "account"]);
        assert_eq!(events[1]["account"]["balance"], 60);
        assert_eq!(events[1]["employee"], "a@x.de");
        assert_eq!(events[0]["done"], 2);
        job.next_call().unwrap();
        let events = job.failed("UnexpectedStatus", None).unwrap().unwrap();
        assert_eq!(kinds(&events), ["progress", "employeeFailure"]);
        assert_eq!(events[1]["employee"], "b@x.de");
        assert!(events[1]["error"].is_null());
        job.next_call().unwrap();
        let before_the_stop = job.checkpoint();
        assert_eq!(job.failed("Api", Some(3)).unwrap(), None, "a refused key stops the job");
        assert_eq!(job.next_call(), None);
        assert_eq!(job.checkpoint(), before_the_stop, "the stopping call is not finished");
        assert_eq!(job.failures(), [("b@x.de".to_string(), "UnexpectedStatus".to_string())]);
        // Resumed: the failed and the stopping employees' calls are made again, not Anna's.
        let mut again = JobSteps::start("month_close", &spec, Some(&before_the_stop), API).unwrap();
        let mut asked = Vec::new();
        while let Some(step) = again.next_call() {
            asked.push(step["key"].as_str().unwrap().to_string());
            again.answered(&json!({})).unwrap();
        }
        assert_eq!(asked, ["employee:b@x.de", "employee:c@x.de"]);
    }

    #[test]
    fn the_presence_board_falls_back_per_employee_and_rows_come_from_the_answer() {
        let mut job = JobSteps::start("presence_board", &json!({"day": "2026-11-20"}), None, API).unwrap();
        let step = job.next_call().unwrap();
        assert_eq!(step["params"], json!({"day": "2026-11-20"}));
        let events = job.failed("Decode", None).unwrap().unwrap();
        assert_eq!(kinds(&events), ["progress", "fallback"]);
        assert_eq!(job.next_call().unwrap()["operation"], "employees");
        job.answered(&json!([{"email": "a@x.de"}, {"email": null}, {"email": "a@x.de"}])).unwrap();
        let step = job.next_call().unwrap();
        assert_eq!(step["params"], json!({"email": "a@x.de", "day": "2026-11-20"}));
        let events = job.answered(&json!({"info": [{"name": "Anna"}], "code": 0})).unwrap();
        assert_eq!(kinds(&events), ["progress", "presence"]);
        assert_eq!(events[1]["entry"]["name"], "Anna");
        assert_eq!(events[1]["source"], "presence:a@x.de");
        assert_eq!(job.next_call(), None);
    }

    #[test]
    fn project_hours_read_the_list_and_name_each_booking_s_project() {
        let spec = json!({"email": "m@x.de", "start": "2026-10-01", "end": "2026-10-10"});
        let mut job = JobSteps::start("project_hours", &spec, None, API).unwrap();
        assert_eq!(job.next_call().unwrap()["params"], json!({"email": "m@x.de"}));
        job.answered(&json!({"projects": [{"uuid": 12.0}, {"uuid": "c", "parentId": 12}]})).unwrap();
        let step = job.next_call().unwrap();
        assert_eq!(
            step["params"],
            json!({"email": "m@x.de", "uuid": "12", "startDate": "2026-10-01", "endDate": "2026-10-10"})
        );
        let events = job.answered(&json!({"entries": [{"minutes": 30}]})).unwrap();
        assert_eq!(
            events[1],
            json!({"type": "booking", "project": "12", "entry": {"minutes": 30}, "source": "project_bookings:12:2026-10-01..2026-10-10"})
        );
    }

    #[test]
    fn bad_specs_and_reports_name_the_field() {
        let field = |r: Result<JobSteps, Error>| match r {
            Err(Error::InvalidInput { field, .. }) => field,
            other => panic!("{other:?}"),
        };
        assert_eq!(field(JobSteps::start("month_close", &json!({"year": "2026", "month": 3}), None, API)), "year");
        assert_eq!(field(JobSteps::start("month_close", &json!({"year": 2026, "month": 13}), None, API)), "month");
        assert_eq!(
            field(JobSteps::start("month_close", &json!({"year": 2026, "month": 1, "departments": [1]}), None, API)),
            "departments"
        );
        assert_eq!(field(JobSteps::start("nightly", &json!({}), None, API)), "kind");
        assert_eq!(field(JobSteps::start("leave_year_report", &json!({"year": 1e12}), None, API)), "year");
        assert_eq!(field(JobSteps::start("presence_board", &json!({"day": "20.11.2026"}), None, API)), "day");
        let board = JobSteps::start("presence_board", &json!({}), None, API).unwrap().checkpoint();
        assert_eq!(
            field(JobSteps::start("month_close", &json!({"year": 2026, "month": 1}), Some(&board), API)),
            "checkpoint"
        );
        let mut job = JobSteps::start("leave_year_report", &json!({"year": 2026}), None, API).unwrap();
        assert!(matches!(job.answered(&json!({})), Err(Error::InvalidInput { .. })), "no call in hand");
    }

    #[test]
    fn the_estimates_assume_the_clients_rate_limit_unless_the_job_says_otherwise() {
        let eta = |spec: Value, limiter: LimiterConfig| {
            JobSteps::start("leave_year_report", &spec, None, &limiter).unwrap().plan().eta_ms
        };
        let year = json!({"year": 2026});
        // One call (the employee list) at the API's 60 a minute: one second.
        assert_eq!(eta(year.clone(), LimiterConfig::DEFAULT), 1_000);
        // A client limited to 30 a minute (or 1 per 2 s) makes it take twice as long.
        assert_eq!(eta(year.clone(), LimiterConfig::per_window(30, 60_000)), 2_000);
        assert_eq!(eta(year.clone(), LimiterConfig::per_window(1, 2_000)), 2_000);
        // A limiter set higher, or off, still meets the server's 60.
        assert_eq!(eta(year.clone(), LimiterConfig::per_window(600, 60_000)), 1_000);
        assert_eq!(eta(year.clone(), LimiterConfig::per_window(0, 60_000)), 1_000);
        // The job's own `limitPerMinute` wins (0: no limit).
        assert_eq!(eta(json!({"year": 2026, "limitPerMinute": 20}), LimiterConfig::per_window(30, 60_000)), 3_000);
        assert_eq!(eta(json!({"year": 2026, "limitPerMinute": 0}), LimiterConfig::per_window(30, 60_000)), 0);
    }
}
