//! What a job is asked ([`JobSpec`]), read from a JSON object once for every language: a binding
//! hands over the job's name and its arguments as its caller gave them (dates as `YYYY-MM-DD`), and
//! the core checks the types and ranges and names the argument that is wrong. No binding checks a
//! year, a month or a list of ids by hand.

use serde_json::{Map, Value};

use super::{MonthClose, Sweep};
use crate::date::Date;
use crate::error::Error;

/// A whole-company job and what it was asked, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum JobSpec {
    /// The month close for `year` and calendar `month` (1-12), by `departments` (ids) when given.
    MonthClose {
        /// The year.
        year: i32,
        /// The calendar month, 1-12.
        month: i64,
        /// Department ids (none: one call per employee).
        departments: Vec<String>,
    },
    /// The presence board of `day` (none: the server's today).
    PresenceBoard {
        /// The day.
        day: Option<Date>,
    },
    /// The leave-year report of `year`.
    LeaveYearReport {
        /// The year.
        year: i32,
    },
    /// The project hours from `start` to `end` (both included) as the project manager `email`.
    ProjectHours {
        /// The acting project manager's e-mail.
        email: String,
        /// The first day.
        start: Date,
        /// The last day.
        end: Date,
        /// Project ids (none: every top-level project).
        projects: Vec<String>,
    },
}

/// The jobs' stable names, in the order of [`JobSpec`]'s variants.
pub const JOB_NAMES: [&str; 4] = ["month_close", "presence_board", "leave_year_report", "project_hours"];

/// The type of a job's argument, as each language writes it (a `year` and a calendar `month` are
/// whole numbers; a `day` is each language's date or `YYYY-MM-DD`; `ids` a list of strings).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub enum JobArgType {
    /// A year, 1-9999.
    Year,
    /// A calendar month, 1-12.
    Month,
    /// A day.
    Day,
    /// A list of ids.
    Ids,
    /// An e-mail.
    Email,
}

/// One argument of a job, by its camelCase name (snake_case in Python and Rust).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct JobArg {
    /// The name.
    pub name: &'static str,
    /// Its type.
    #[serde(rename = "type")]
    pub ty: JobArgType,
    /// Whether the job needs it (else: none, or an empty list).
    pub required: bool,
    /// Whether a language with both passes it by position (Python's `presence_board(day)`);
    /// every required argument is.
    pub positional: bool,
    /// What it is.
    pub doc: &'static str,
}

/// A whole-company job as every language's entry point offers it: `client.jobs.month_close(...)`
/// in Python, `monthClose(client, ...)` in npm, `client.monthClose(...)` in Kotlin and Swift.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct JobDecl {
    /// The stable name (one of [`JOB_NAMES`]).
    pub name: &'static str,
    /// The job object it gives: `MonthCloseJob` or `SweepJob`.
    pub class: &'static str,
    /// What it does.
    pub doc: &'static str,
    /// Its arguments, in order.
    pub args: &'static [JobArg],
}

const fn arg(name: &'static str, ty: JobArgType, required: bool, positional: bool, doc: &'static str) -> JobArg {
    JobArg { name, ty, required, positional, doc }
}

/// Every job, in the order of [`JOB_NAMES`]: the one declaration of the jobs' entry points,
/// from which `scripts/codegen` writes them in Python, npm, Kotlin and Swift (`jobs` in
/// `tests/vectors/declaration.json`). [`JobSpec::from_json`] reads the arguments by these names.
pub const JOBS: &[JobDecl] = &[
    JobDecl {
        name: "month_close",
        class: "MonthCloseJob",
        doc: "Every active employee's monthly account for `year` and calendar `month` (1-12): one summary call per department of `departments` (ids), one call per employee otherwise; per-employee calls for whoever a summary missed.",
        args: &[
            arg("year", JobArgType::Year, true, true, "The year."),
            arg("month", JobArgType::Month, true, true, "The calendar month, 1-12 (January is 1)."),
            arg("departments", JobArgType::Ids, false, false, "Department ids (none: one call per employee)."),
        ],
    },
    JobDecl {
        name: "presence_board",
        class: "SweepJob",
        doc: "Every time-tracked employee's presence on `day` in one company-wide call; when that answer cannot be used, a fallback event, the employee list and one call per employee. One presence row per entry.",
        args: &[arg("day", JobArgType::Day, false, true, "The day (none: the server's today).")],
    },
    JobDecl {
        name: "leave_year_report",
        class: "SweepJob",
        doc: "Every leave-managed employee's yearly overview of `year` (one call): one leave row per employee, with the legend of leave types. Its failure is listed (no other call gives the same answer).",
        args: &[arg("year", JobArgType::Year, true, true, "The year.")],
    },
    JobDecl {
        name: "project_hours",
        class: "SweepJob",
        doc: "The bookings from `start` to `end` (both included, any length: asked in pieces of at most 32 days, an end at most 31 days after the start) of `projects`, asked as the project manager `email`: the project list first (it checks given ids: an unknown one is listed without a call), then each top-level project's bookings, which include its sub-projects'. One booking row per booking; a piece that fails is listed and the others go on.",
        args: &[
            arg("email", JobArgType::Email, true, true, "The acting project manager's e-mail."),
            arg("start", JobArgType::Day, true, true, "The first day."),
            arg("end", JobArgType::Day, true, true, "The last day."),
            arg("projects", JobArgType::Ids, false, true, "Project ids (none: every top-level project of the company's list)."),
        ],
    },
];

fn int(spec: &Map<String, Value>, field: &str, out_of_range: &str) -> Result<Option<i64>, Error> {
    match spec.get(field) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Number(n)) => match n.as_i64() {
            Some(i) => Ok(Some(i)),
            None => match n.as_f64() {
                Some(f) if f.fract() != 0.0 => Err(Error::invalid(field, format!("{n} is not a whole number"))),
                Some(f) if f.abs() < 9.0e15 => Ok(Some(f as i64)),
                _ => Err(Error::invalid(field, format!("{n} {out_of_range}"))),
            },
        },
        Some(_) => Err(Error::invalid(field, "expected a whole number")),
    }
}

fn year(spec: &Map<String, Value>) -> Result<i32, Error> {
    let out = crate::date::NOT_A_YEAR;
    let y = required("year", int(spec, "year", out)?)?;
    i32::try_from(y).map_err(|_| Error::invalid("year", format!("{y} {out}")))
}

fn text<'a>(spec: &'a Map<String, Value>, field: &str) -> Result<Option<&'a str>, Error> {
    match spec.get(field) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(_) => Err(Error::invalid(field, "expected a string")),
    }
}

fn date(spec: &Map<String, Value>, field: &str) -> Result<Option<Date>, Error> {
    text(spec, field)
        .map_err(|_| Error::invalid(field, "expected a date YYYY-MM-DD"))?
        .map(|t| t.parse::<Date>().map_err(|_| Error::invalid(field, "is not a date YYYY-MM-DD")))
        .transpose()
}

fn required<T>(field: &str, v: Option<T>) -> Result<T, Error> {
    v.ok_or_else(|| Error::invalid(field, "is required"))
}

fn ids(spec: &Map<String, Value>, field: &str) -> Result<Vec<String>, Error> {
    let refused = || Error::invalid(field, "expected a list of ids (strings)");
    match spec.get(field) {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Array(a)) => a.iter().map(|v| v.as_str().map(str::to_string).ok_or_else(refused)).collect(),
        Some(_) => Err(refused()),
    }
}

fn object(spec: &Value) -> Result<&Map<String, Value>, Error> {
    static EMPTY: std::sync::OnceLock<Map<String, Value>> = std::sync::OnceLock::new();
    match spec {
        Value::Object(o) => Ok(o),
        Value::Null => Ok(EMPTY.get_or_init(Map::new)),
        _ => Err(Error::invalid("options", "expected an object")),
    }
}

impl JobSpec {
    /// The job `kind` (one of [`JOB_NAMES`]) from `spec`, a JSON object of its arguments by their
    /// camelCase names (`month_close`: `year`, `month`, `departments`; `presence_board`: `day`;
    /// `leave_year_report`: `year`; `project_hours`: `email`, `start`, `end`, `projects`; dates
    /// `YYYY-MM-DD`, ids lists of strings); `null` is an argument not given. Checked as the
    /// planners check them (a month 1-12, a year 1-9999, no department twice, a range of days in
    /// order); an error names the argument.
    pub fn from_json(kind: &str, spec: &Value) -> Result<JobSpec, Error> {
        let spec = object(spec)?;
        let job = match kind {
            "month_close" => {
                let month = required("month", int(spec, "month", "is not a calendar month (1-12; January is 1)")?)?;
                JobSpec::MonthClose { year: year(spec)?, month, departments: ids(spec, "departments")? }
            }
            "presence_board" => JobSpec::PresenceBoard { day: date(spec, "day")? },
            "leave_year_report" => JobSpec::LeaveYearReport { year: year(spec)? },
            "project_hours" => JobSpec::ProjectHours {
                email: required("email", text(spec, "email")?)?.to_string(),
                start: required("start", date(spec, "start")?)?,
                end: required("end", date(spec, "end")?)?,
                projects: ids(spec, "projects")?,
            },
            other => {
                let known = JOB_NAMES.join(", ");
                return Err(Error::invalid("kind", format!("unknown job {other:?}: expected one of {known}")));
            }
        };
        job.check()?;
        Ok(job)
    }

    /// The job's stable name (one of [`JOB_NAMES`]).
    pub fn name(&self) -> &'static str {
        match self {
            JobSpec::MonthClose { .. } => JOB_NAMES[0],
            JobSpec::PresenceBoard { .. } => JOB_NAMES[1],
            JobSpec::LeaveYearReport { .. } => JOB_NAMES[2],
            JobSpec::ProjectHours { .. } => JOB_NAMES[3],
        }
    }

    /// Checks the arguments as the planner does, by planning the job.
    fn check(&self) -> Result<(), Error> {
        match self {
            JobSpec::MonthClose { .. } => self.month_close(None).map(drop),
            _ => self.sweep(None).map(drop),
        }
    }

    /// The month close's machine (fresh, or from `checkpoint` when it is this job's); `None` for
    /// a sweep.
    pub fn month_close(&self, checkpoint: Option<&str>) -> Result<Option<MonthClose>, Error> {
        let JobSpec::MonthClose { year, month, departments } = self else { return Ok(None) };
        let fresh = MonthClose::new(*year, *month, departments.clone())?;
        Ok(Some(match checkpoint {
            Some(text) => MonthClose::resume(text, Some((*year, *month, departments)))?,
            None => fresh,
        }))
    }

    /// A sweep's machine (fresh, or from `checkpoint` when it is this job's); `None` for the
    /// month close.
    pub fn sweep(&self, checkpoint: Option<&str>) -> Result<Option<Sweep>, Error> {
        let fresh = match self {
            JobSpec::MonthClose { .. } => return Ok(None),
            JobSpec::PresenceBoard { day } => Sweep::presence_board(*day),
            JobSpec::LeaveYearReport { year } => Sweep::leave_year_report(*year)?,
            JobSpec::ProjectHours { email, start, end, projects } => {
                Sweep::project_hours(email, *start, *end, projects.clone())?
            }
        };
        Ok(Some(match checkpoint {
            Some(text) => Sweep::resume(text, Some(&fresh))?,
            None => fresh,
        }))
    }
}

/// The `limitPerMinute` of a job's arguments (what its estimates assume; none: the client's rate
/// limit, [`LimiterConfig::per_minute`](crate::limiter::LimiterConfig::per_minute)), as
/// [`JobSpec::from_json`] reads the others.
pub fn limit_per_minute(spec: &Value) -> Result<Option<u32>, Error> {
    let refused = "must be 0 (no limit) or more, and less than 2**32";
    let limit = int(object(spec)?, "limitPerMinute", refused)?;
    limit.map(|l| u32::try_from(l).map_err(|_| Error::invalid("limitPerMinute", refused))).transpose()
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn field(kind: &str, spec: Value) -> String {
        match JobSpec::from_json(kind, &spec) {
            Err(Error::InvalidInput { field, .. }) => field,
            other => panic!("{kind} {spec}: {other:?}"),
        }
    }

    #[test]
    fn the_declaration_names_every_job_and_argument_the_reader_takes() {
        assert_eq!(JOBS.iter().map(|j| j.name).collect::<Vec<_>>(), JOB_NAMES);
        for job in JOBS {
            // Every declared argument is read: with the others right, a wrong type of it is
            // refused, naming it.
            let good = |t: JobArgType| match t {
                JobArgType::Year => json!(2026),
                JobArgType::Month => json!(3),
                JobArgType::Day => json!("2026-01-01"),
                JobArgType::Ids => json!([]),
                JobArgType::Email => json!("pm@x.de"),
            };
            let valid: Map<String, Value> = job.args.iter().map(|a| (a.name.to_string(), good(a.ty))).collect();
            assert!(JobSpec::from_json(job.name, &Value::Object(valid.clone())).is_ok(), "{}", job.name);
            // Only the required ones: the others may be left out.
            let required: Map<String, Value> =
                job.args.iter().filter(|a| a.required).map(|a| (a.name.to_string(), good(a.ty))).collect();
            assert!(JobSpec::from_json(job.name, &Value::Object(required.clone())).is_ok(), "{}", job.name);
            for a in job.args.iter().filter(|a| a.required) {
                let mut spec = required.clone();
                spec.remove(a.name);
                match JobSpec::from_json(job.name, &Value::Object(spec)) {
                    Err(Error::InvalidInput { field, .. }) => assert_eq!(field, a.name, "{} without it", job.name),
                    other => panic!("{} without {}: {other:?}", job.name, a.name),
                }
            }
            for a in job.args {
                let mut spec = valid.clone();
                spec.insert(a.name.to_string(), json!({"not": "this"}));
                match JobSpec::from_json(job.name, &Value::Object(spec)) {
                    Err(Error::InvalidInput { field, .. }) => assert_eq!(field, a.name, "{}", job.name),
                    other => panic!("{}.{}: {other:?}", job.name, a.name),
                }
            }
            assert!(job.args.iter().all(|a| !a.required || a.positional), "{}: required means positional", job.name);
        }
    }

    #[test]
    fn each_job_is_read_from_its_arguments() {
        let m = JobSpec::from_json("month_close", &json!({"year": 2026, "month": 3.0, "departments": ["a"]}));
        assert_eq!(m.unwrap(), JobSpec::MonthClose { year: 2026, month: 3, departments: vec!["a".into()] });
        assert_eq!(JobSpec::from_json("presence_board", &Value::Null).unwrap(), JobSpec::PresenceBoard { day: None });
        let p = JobSpec::from_json(
            "project_hours",
            &json!({"email": "pm@x.de", "start": "2026-01-01", "end": "2026-03-01", "projects": null}),
        )
        .unwrap();
        assert_eq!(p.name(), "project_hours");
        assert!(p.sweep(None).unwrap().is_some() && p.month_close(None).unwrap().is_none());
        for (i, kind) in JOB_NAMES.iter().enumerate().skip(1) {
            let spec = json!({"year": 2026, "email": "pm@x.de", "start": "2026-01-01", "end": "2026-01-02"});
            assert_eq!(JobSpec::from_json(kind, &spec).unwrap().name(), JOB_NAMES[i]);
        }
    }

    #[test]
    fn a_wrong_argument_is_named() {
        assert_eq!(field("month_close", json!({"year": 2026})), "month");
        assert_eq!(field("month_close", json!({"year": 2026, "month": 13})), "month");
        assert_eq!(field("month_close", json!({"year": 2026, "month": "3"})), "month");
        assert_eq!(field("month_close", json!({"year": 2026.5, "month": 3})), "year");
        assert_eq!(field("month_close", json!({"year": 1e300, "month": 3})), "year");
        assert_eq!(field("month_close", json!({"year": 2026, "month": 3, "departments": "a"})), "departments");
        assert_eq!(field("month_close", json!({"year": 2026, "month": 3, "departments": ["a", "a"]})), "departments");
        assert_eq!(field("leave_year_report", json!({"year": 5_000_000_000i64})), "year");
        assert_eq!(field("presence_board", json!({"day": "2026-13-01"})), "day");
        assert_eq!(field("project_hours", json!({"email": 5, "start": "2026-01-01", "end": "2026-01-02"})), "email");
        assert_eq!(field("project_hours", json!({"email": "pm@x.de", "end": "2026-01-02"})), "start");
        assert_eq!(field("nightly", json!({})), "kind");
        assert_eq!(field("presence_board", json!([])), "options");
        assert!(matches!(limit_per_minute(&json!({"limitPerMinute": -1})), Err(Error::InvalidInput { .. })));
        assert_eq!(limit_per_minute(&json!({"limitPerMinute": 30})).unwrap(), Some(30));
        assert_eq!(limit_per_minute(&json!({})).unwrap(), None);
    }
}
