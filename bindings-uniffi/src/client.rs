//! [`ZeitkontoClient`]: the 24 operations as async methods (`suspend` in Kotlin, `async throws` in
//! Swift). Each method turns its arguments into the core's canonical params, runs them through the
//! Rust client's one driver (`zeitkonto::Client::call_text`: limiter, retries, redaction) and reads
//! the canonical output into a record.

use std::collections::HashMap;
use std::sync::Arc;

use serde::de::DeserializeOwned;
use serde_json::{Map, Value};
use zeitkonto_core::ops::ClockAction;
use zeitkonto_core::{Error, OperationId};

use crate::config::ZeitkontoConfig;
use crate::events::{self, ZeitkontoEventListener};
use crate::models::*;
use crate::types::{IsoDate, RawJson};
use crate::ZeitkontoError;

/// Clock actions of `clock`: the core's own enum, exposed as is (`as_str` gives its wire name).
#[uniffi::remote(Enum)]
pub enum ClockAction {
    /// Clock in (optionally on a project).
    Come,
    /// Clock out.
    Go,
    /// Clock out and start a new booking right away.
    Stop,
}

/// An absence to book (`book_absence`).
#[derive(Debug, Clone, uniffi::Record)]
pub struct BookAbsenceParams {
    /// The leave type (see `leave_types`).
    pub reason_uuid: String,
    pub employee_uuid: String,
    #[uniffi(default = None)]
    pub replacement_uuid: Option<String>,
    /// Half a day instead of a full day.
    #[uniffi(default = false)]
    pub half_day: bool,
    #[uniffi(default = None)]
    pub start_day: Option<IsoDate>,
    #[uniffi(default = None)]
    pub end_day: Option<IsoDate>,
    /// Planned (requested) rather than approved.
    #[uniffi(default = false)]
    pub planned: bool,
    #[uniffi(default = None)]
    pub comment: Option<String>,
}

/// A shift to create (`create_shift`; needs the workspace key).
#[derive(Debug, Clone, uniffi::Record)]
pub struct CreateShiftParams {
    /// Minutes after midnight, 0-1439.
    pub start_time: i32,
    /// Minutes after midnight; not after `start_time` = overnight.
    pub end_time: i32,
    #[uniffi(default = None)]
    pub start_date: Option<IsoDate>,
    #[uniffi(default = None)]
    pub employee_amount: Option<i32>,
    #[uniffi(default = None)]
    pub comment: Option<String>,
    #[uniffi(default = None)]
    pub project_uuid: Option<String>,
    /// E-mail addresses of the employees to assign.
    #[uniffi(default = [])]
    pub employees: Vec<String>,
}

impl From<IsoDate> for Value {
    fn from(d: IsoDate) -> Value {
        Value::String(d.0)
    }
}

/// Canonical params as JSON text; absent (`null`) values are left out.
fn params<const N: usize>(pairs: [(&str, Value); N]) -> String {
    let map: Map<String, Value> =
        pairs.into_iter().filter(|(_, v)| !v.is_null()).map(|(k, v)| (k.to_string(), v)).collect();
    Value::Object(map).to_string()
}

/// Reads the canonical output of `op` into `T`.
fn decode<T: DeserializeOwned>(op: OperationId, text: &str) -> Result<T, ZeitkontoError> {
    serde_json::from_str(text).map_err(|e| ZeitkontoError::decode(op.name(), e))
}

/// Reads a canonical output of `op` into the record type its method returns (used by the vector
/// test to prove the records match the core's models field for field).
#[doc(hidden)]
pub fn decode_output(op: OperationId, text: &str) -> Result<(), ZeitkontoError> {
    use OperationId as O;
    match op {
        O::Employees | O::AllEmployees => decode::<Vec<EmployeeRecord>>(op, text).map(drop),
        O::Presence => decode::<PresenceReport>(op, text).map(drop),
        O::Overview => decode::<OverviewReport>(op, text).map(drop),
        O::TimeAccount | O::DepartmentMonth => decode::<MonthlyAccount>(op, text).map(drop),
        O::DepartmentMonthEmployees => decode::<Vec<MonthlyAccount>>(op, text).map(drop),
        O::TimeAccountReport => decode::<AccountReport>(op, text).map(drop),
        O::TargetActualDays => decode::<TargetActualReport>(op, text).map(drop),
        O::Clock | O::ExtraLeave | O::BookAbsence | O::DeleteProject => decode::<()>(op, text),
        O::DepartmentAccounts => decode::<HashMap<String, MonthlyAccount>>(op, text).map(drop),
        O::LeaveMonth => decode::<Vec<RawJson>>(op, text).map(drop),
        O::LeaveYear => decode::<LeaveYearOverview>(op, text).map(drop),
        O::LeaveTypes => decode::<LeaveTypesReport>(op, text).map(drop),
        O::EmployeeDepartments => decode::<Vec<EmployeeDepartment>>(op, text).map(drop),
        O::Projects => decode::<ProjectsReport>(op, text).map(drop),
        O::CreateProject => decode::<CreatedProject>(op, text).map(drop),
        O::FindProjects => decode::<FoundProjects>(op, text).map(drop),
        O::ProjectBookings => decode::<ProjectBookingsReport>(op, text).map(drop),
        O::Shifts => decode::<WeekShifts>(op, text).map(drop),
        O::CreateShift => decode::<CreatedShift>(op, text).map(drop),
    }
}

/// The Zeitkonto client. Thread-safe; share one per key (clients of a key share the rate limit).
#[derive(uniffi::Object)]
pub struct ZeitkontoClient {
    inner: zeitkonto::Client,
}

impl std::fmt::Debug for ZeitkontoClient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The Rust client's Debug shows the base URL and prints keys as `***`.
        self.inner.fmt(f)
    }
}

impl ZeitkontoClient {
    async fn run<T: DeserializeOwned>(&self, op: OperationId, params: String) -> Result<T, ZeitkontoError> {
        let out = self.inner.call_text(op, &params).await?;
        decode(op, &out)
    }

    async fn run_unit(&self, op: OperationId, params: String) -> Result<(), ZeitkontoError> {
        self.inner.call_text(op, &params).await?;
        Ok(())
    }
}

#[uniffi::export(async_runtime = "tokio")]
impl ZeitkontoClient {
    /// A client with `config`; fails with `InvalidInput` on a bad base URL, route or setting.
    #[uniffi::constructor]
    pub fn new(config: ZeitkontoConfig) -> Result<Arc<ZeitkontoClient>, ZeitkontoError> {
        Ok(Arc::new(ZeitkontoClient { inner: config.builder()?.build()? }))
    }

    /// A client with `config` that reports every driver event (send, answer, wait, failure;
    /// redacted) to `listener`: plug in your logger here.
    #[uniffi::constructor]
    pub fn with_event_listener(
        config: ZeitkontoConfig,
        listener: Arc<dyn ZeitkontoEventListener>,
    ) -> Result<Arc<ZeitkontoClient>, ZeitkontoError> {
        let inner = config.builder()?.on_event(events::observer(listener)).build()?;
        Ok(Arc::new(ZeitkontoClient { inner }))
    }

    /// Any operation by its stable name (`OperationId` names, e.g. `"time_account"`) with canonical
    /// params as JSON text; returns the canonical output as JSON text.
    pub async fn call(&self, operation: String, params: RawJson) -> Result<RawJson, ZeitkontoError> {
        let op = crate::sansio::operation(&operation)?;
        Ok(RawJson(self.inner.call_text(op, &params.0).await?))
    }

    /// Employees of the company with master data.
    pub async fn employees(&self) -> Result<Vec<EmployeeRecord>, ZeitkontoError> {
        self.run(OperationId::Employees, params([])).await
    }

    /// Who is present on `day` (default today), optionally one employee.
    #[uniffi::method(default(email = None, day = None))]
    pub async fn presence(
        &self,
        email: Option<String>,
        day: Option<IsoDate>,
    ) -> Result<PresenceReport, ZeitkontoError> {
        self.run(OperationId::Presence, params([("email", email.into()), ("day", day.into())])).await
    }

    /// The status board (who is clocked in, on which project), optionally one employee.
    #[uniffi::method(default(email = None))]
    pub async fn overview(&self, email: Option<String>) -> Result<OverviewReport, ZeitkontoError> {
        self.run(OperationId::Overview, params([("email", email.into())])).await
    }

    /// The working-time account of `employee` (e-mail or uuid) for a calendar month (1-12).
    pub async fn time_account(
        &self,
        employee: String,
        year: i32,
        month: i32,
    ) -> Result<MonthlyAccount, ZeitkontoError> {
        let p = params([("employee", employee.into()), ("year", year.into()), ("month", month.into())]);
        self.run(OperationId::TimeAccount, p).await
    }

    /// The time-account report (body-based, calendar month 1-12) of `email`; `year` and `month`
    /// default to the current year and month on the server; `project` adds project times.
    #[uniffi::method(default(year = None, month = None, project = false))]
    pub async fn time_account_report(
        &self,
        email: String,
        year: Option<i32>,
        month: Option<i32>,
        project: bool,
    ) -> Result<AccountReport, ZeitkontoError> {
        let p = params([
            ("email", email.into()),
            ("year", year.into()),
            ("month", month.into()),
            ("project", project.into()),
        ]);
        self.run(OperationId::TimeAccountReport, p).await
    }

    /// Target and actual minutes per day from `start` to `end` (each defaults to today on the
    /// server, `end` is capped at today; no bound on the range), for `email` or for every
    /// time-tracked employee when absent.
    #[uniffi::method(default(email = None, start = None, end = None))]
    pub async fn target_actual_days(
        &self,
        email: Option<String>,
        start: Option<IsoDate>,
        end: Option<IsoDate>,
    ) -> Result<TargetActualReport, ZeitkontoError> {
        let p = params([("email", email.into()), ("start", start.into()), ("end", end.into())]);
        self.run(OperationId::TargetActualDays, p).await
    }

    /// Clocks `employee` (e-mail) in, out, or out-and-in.
    #[uniffi::method(default(device = None, comment = None, project = None, service = None))]
    pub async fn clock(
        &self,
        action: ClockAction,
        employee: String,
        device: Option<String>,
        comment: Option<String>,
        project: Option<String>,
        service: Option<String>,
    ) -> Result<(), ZeitkontoError> {
        let p = params([
            ("action", action.as_str().into()),
            ("employee", employee.into()),
            ("device", device.into()),
            ("comment", comment.into()),
            ("project", project.into()),
            ("service", service.into()),
        ]);
        self.run_unit(OperationId::Clock, p).await
    }

    /// Clocks `employee` in, optionally on a project.
    #[uniffi::method(default(project = None, comment = None))]
    pub async fn come(
        &self,
        employee: String,
        project: Option<String>,
        comment: Option<String>,
    ) -> Result<(), ZeitkontoError> {
        self.clock(ClockAction::Come, employee, None, comment, project, None).await
    }

    /// Clocks `employee` out.
    pub async fn go(&self, employee: String) -> Result<(), ZeitkontoError> {
        self.clock(ClockAction::Go, employee, None, None, None, None).await
    }

    /// Clocks `employee` out and starts a new booking right away.
    pub async fn stop(&self, employee: String) -> Result<(), ZeitkontoError> {
        self.clock(ClockAction::Stop, employee, None, None, None, None).await
    }

    /// The accounts of a department by login e-mail (entries as sent); needs the department key.
    pub async fn department_accounts(
        &self,
        department: String,
    ) -> Result<HashMap<String, MonthlyAccount>, ZeitkontoError> {
        self.run(OperationId::DepartmentAccounts, params([("department", department.into())])).await
    }

    /// The summed account of a department for a calendar month (1-12).
    pub async fn department_month(
        &self,
        department: String,
        year: i32,
        month: i32,
    ) -> Result<MonthlyAccount, ZeitkontoError> {
        let p = params([("department", department.into()), ("year", year.into()), ("month", month.into())]);
        self.run(OperationId::DepartmentMonth, p).await
    }

    /// The account of every employee of a department for a calendar month (1-12).
    pub async fn department_month_employees(
        &self,
        department: String,
        year: i32,
        month: i32,
    ) -> Result<Vec<MonthlyAccount>, ZeitkontoError> {
        let p = params([("department", department.into()), ("year", year.into()), ("month", month.into())]);
        self.run(OperationId::DepartmentMonthEmployees, p).await
    }

    /// Grants (or with a negative value withdraws) extra leave days.
    #[uniffi::method(default(year = None, comment = None))]
    pub async fn extra_leave(
        &self,
        account: String,
        days: f64,
        year: Option<i32>,
        comment: Option<String>,
    ) -> Result<(), ZeitkontoError> {
        let p = params([
            ("account", account.into()),
            ("value", days.into()),
            ("year", year.into()),
            ("comment", comment.into()),
        ]);
        self.run_unit(OperationId::ExtraLeave, p).await
    }

    /// Books an absence; `Refused` when the API answers `false`.
    pub async fn book_absence(&self, absence: BookAbsenceParams) -> Result<(), ZeitkontoError> {
        let p = params([
            ("reasonUuid", absence.reason_uuid.into()),
            ("employeeUuid", absence.employee_uuid.into()),
            ("replacementUuid", absence.replacement_uuid.into()),
            ("duration", if absence.half_day { "halfDay" } else { "fullDay" }.into()),
            ("startDay", absence.start_day.into()),
            ("endDay", absence.end_day.into()),
            ("planned", absence.planned.into()),
            ("comment", absence.comment.into()),
        ]);
        self.run_unit(OperationId::BookAbsence, p).await
    }

    /// Leave records of a calendar month (1-12), as sent.
    pub async fn leave_month(&self, year: i32, month: i32) -> Result<Vec<RawJson>, ZeitkontoError> {
        self.run(OperationId::LeaveMonth, params([("year", year.into()), ("month", month.into())])).await
    }

    /// The leave of a year with the legend of leave types.
    pub async fn leave_year(&self, year: i32) -> Result<LeaveYearOverview, ZeitkontoError> {
        self.run(OperationId::LeaveYear, params([("year", year.into())])).await
    }

    /// All leave types of the company (`email` names an employee of the company, who makes the
    /// call; needs the leave-management module).
    pub async fn leave_types(&self, email: String) -> Result<LeaveTypesReport, ZeitkontoError> {
        self.run(OperationId::LeaveTypes, params([("email", email.into())])).await
    }

    /// Every employee with their department.
    pub async fn employee_departments(&self) -> Result<Vec<EmployeeDepartment>, ZeitkontoError> {
        self.run(OperationId::EmployeeDepartments, params([])).await
    }

    /// All employees, including those who have left.
    pub async fn all_employees(&self) -> Result<Vec<EmployeeRecord>, ZeitkontoError> {
        self.run(OperationId::AllEmployees, params([])).await
    }

    /// The projects of a manager.
    pub async fn projects(&self, email: String) -> Result<ProjectsReport, ZeitkontoError> {
        self.run(OperationId::Projects, params([("email", email.into())])).await
    }

    /// Creates a project named `name`; `fields` (a JSON object as text) adds further project fields.
    #[uniffi::method(default(parent_id = None, fields = None))]
    pub async fn create_project(
        &self,
        email: String,
        name: String,
        parent_id: Option<String>,
        fields: Option<RawJson>,
    ) -> Result<CreatedProject, ZeitkontoError> {
        let mut project = match fields {
            Some(raw) => match raw.parse("fields")? {
                Value::Object(map) => map,
                _ => return Err(Error::invalid("fields", "must be a JSON object").into()),
            },
            None => Map::new(),
        };
        project.insert("name".to_string(), name.into());
        let p = params([("email", email.into()), ("project", Value::Object(project)), ("parentId", parent_id.into())]);
        self.run(OperationId::CreateProject, p).await
    }

    /// Deletes a project.
    pub async fn delete_project(&self, email: String, uuid: String) -> Result<(), ZeitkontoError> {
        self.run_unit(OperationId::DeleteProject, params([("email", email.into()), ("uuid", uuid.into())])).await
    }

    /// UUIDs of the non-removed projects whose name is exactly `name` (equal names give several).
    pub async fn find_projects(&self, email: String, name: String) -> Result<FoundProjects, ZeitkontoError> {
        self.run(OperationId::FindProjects, params([("email", email.into()), ("name", name.into())])).await
    }

    /// Bookings on a project between two dates.
    pub async fn project_bookings(
        &self,
        email: String,
        uuid: String,
        start: IsoDate,
        end: IsoDate,
    ) -> Result<ProjectBookingsReport, ZeitkontoError> {
        let p = params([
            ("email", email.into()),
            ("uuid", uuid.into()),
            ("startDate", start.into()),
            ("endDate", end.into()),
        ]);
        self.run(OperationId::ProjectBookings, p).await
    }

    /// The shifts of the workspace in ISO week `week` (1-53) of `year`; needs the workspace key.
    pub async fn shifts(&self, year: i32, week: i32) -> Result<WeekShifts, ZeitkontoError> {
        self.run(OperationId::Shifts, params([("year", year.into()), ("week", week.into())])).await
    }

    /// Creates a shift; needs the workspace key.
    pub async fn create_shift(&self, shift: CreateShiftParams) -> Result<CreatedShift, ZeitkontoError> {
        let p = params([
            ("startDate", shift.start_date.into()),
            ("startTime", shift.start_time.into()),
            ("endTime", shift.end_time.into()),
            ("employeeAmount", shift.employee_amount.into()),
            ("comment", shift.comment.into()),
            ("projectUuid", shift.project_uuid.into()),
            ("employees", shift.employees.into()),
        ]);
        self.run(OperationId::CreateShift, p).await
    }
}
