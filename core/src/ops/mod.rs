//! The operations. Each is a value type holding its typed parameters, with a
//! [`Operation::request`] that validates and builds, and an [`Operation::parse`] that turns the
//! response into its typed output or a typed error.
//!
//! Parameters deserialize from the SDK's canonical JSON form (camelCase, calendar months 1..=12,
//! `YYYY-MM-DD` dates): that is how the test vectors and the bindings' sans-IO layers call them.

use serde::Serialize;
use serde_json::Value;

use crate::context::Context;
use crate::error::Error;
use crate::http::{Request, Response};
use crate::routes::OperationId;

mod all_employees;
mod book_absence;
mod clock;
mod create_project;
mod create_shift;
pub mod decl;
mod delete_project;
mod department_accounts;
mod department_month;
mod department_month_employees;
mod employee_departments;
mod employees;
mod extra_leave;
mod find_projects;
mod leave_month;
mod leave_types;
mod leave_year;
mod overview;
mod params;
mod presence;
mod project_bookings;
mod projects;
mod shifts;
mod target_actual_days;
mod time_account;
mod time_account_report;

pub use all_employees::AllEmployees;
pub use book_absence::BookAbsence;
pub use clock::{Clock, ClockAction};
pub use create_project::CreateProject;
pub use create_shift::CreateShift;
pub use delete_project::DeleteProject;
pub use department_accounts::DepartmentAccounts;
pub use department_month::DepartmentMonth;
pub use department_month_employees::DepartmentMonthEmployees;
pub use employee_departments::EmployeeDepartments;
pub use employees::Employees;
pub use extra_leave::ExtraLeave;
pub use find_projects::FindProjects;
pub use leave_month::LeaveMonth;
pub use leave_types::LeaveTypes;
pub use leave_year::LeaveYear;
pub use overview::Overview;
pub(crate) use params::params;
pub use params::{params_from_json, params_from_text};
pub use presence::Presence;
pub use project_bookings::{ProjectBookings, MAX_BOOKING_RANGE_DAYS};
pub use projects::Projects;
pub use shifts::Shifts;
pub use target_actual_days::TargetActualDays;
pub use time_account::TimeAccount;
pub use time_account_report::TimeAccountReport;

/// One API operation: typed parameters → [`Request`]; [`Response`] → typed output.
pub trait Operation {
    /// What a successful call returns.
    type Output: Serialize;
    /// Which operation this is (route key, idempotency).
    const ID: OperationId;

    /// Validates the parameters and builds the request. Fails with [`Error::InvalidInput`]
    /// before anything is sent.
    fn request(&self, ctx: &Context) -> Result<Request, Error>;

    /// Parses the response into the output or a typed error. Never panics.
    fn parse(response: &Response) -> Result<Self::Output, Error>;

    /// Whether it is safe to send again (reads).
    fn is_idempotent(&self) -> bool {
        Self::ID.is_idempotent()
    }
}

/// Builds a JSON object body from `(name, value)` pairs, skipping `None`s.
pub(crate) fn body<const N: usize>(fields: [(&str, Option<Value>); N]) -> serde_json::Map<String, Value> {
    // Entry by entry: `collect` into the (BTreeMap) map sorts first, a sort per `N` in the wasm.
    let mut out = serde_json::Map::new();
    for (k, v) in fields {
        if let Some(v) = v {
            out.insert(k.to_string(), v);
        }
    }
    out
}

/// `Some(Value::String)` of an optional string-like value.
pub(crate) fn s<T: ToString>(v: Option<T>) -> Option<Value> {
    v.map(|v| Value::String(v.to_string()))
}

/// Adds the company key (`api-key`) and the acting employee's e-mail to a body, for leave types
/// and the project operations.
pub(crate) fn key_in_body(
    ctx: &Context,
    email: &str,
    mut fields: serde_json::Map<String, Value>,
) -> Result<serde_json::Map<String, Value>, Error> {
    crate::validate::email("email", email)?;
    let key = ctx.api_key()?;
    fields.insert("email".to_string(), Value::String(email.to_string()));
    fields.insert("api-key".to_string(), Value::String(key.expose().to_string()));
    Ok(fields)
}

macro_rules! dispatch {
    ($($variant:ident),* $(,)?) => {
        /// Builds the request of the operation `op` from its canonical JSON parameters.
        pub fn build_request(op: OperationId, params: &Value, ctx: &Context) -> Result<Request, Error> {
            match op {
                $(OperationId::$variant => params_from_json::<$variant>(op, params)?.request(ctx),)*
            }
        }

        /// Parses a response of `op` into the SDK's canonical JSON form of its output.
        pub fn parse_response(op: OperationId, response: &Response) -> Result<Value, Error> {
            match op {
                $(OperationId::$variant => to_value(op, &$variant::parse(response)?),)*
            }
        }

        /// The declaration of every operation, in `OperationId::ALL` order (see [`crate::decl`]).
        pub(crate) fn declarations() -> Vec<crate::ops::decl::OperationDecl> {
            vec![$(crate::ops::decl::OperationDecl::of::<$variant>(),)*]
        }

        /// [`build_request`] from JSON text (no `serde_json::Value` on the way: the wasm build).
        pub fn build_request_text(op: OperationId, params: &str, ctx: &Context) -> Result<Request, Error> {
            match op {
                $(OperationId::$variant => params_from_text::<$variant>(op, params)?.request(ctx),)*
            }
        }

        /// [`parse_response`] as JSON text (no `serde_json::Value` on the way: the wasm build).
        pub fn parse_response_text(op: OperationId, response: &Response) -> Result<String, Error> {
            match op {
                $(OperationId::$variant => to_text(op, &$variant::parse(response)?),)*
            }
        }
    };
}

dispatch!(
    Employees,
    Presence,
    Overview,
    TimeAccount,
    TimeAccountReport,
    TargetActualDays,
    Clock,
    DepartmentAccounts,
    DepartmentMonth,
    DepartmentMonthEmployees,
    ExtraLeave,
    BookAbsence,
    LeaveMonth,
    LeaveYear,
    LeaveTypes,
    EmployeeDepartments,
    AllEmployees,
    Projects,
    CreateProject,
    DeleteProject,
    FindProjects,
    ProjectBookings,
    Shifts,
    CreateShift,
);

fn to_text<T: Serialize>(op: OperationId, v: &T) -> Result<String, Error> {
    serde_json::to_string(v).map_err(|e| Error::Decode { operation: op.name().to_string(), detail: e.to_string() })
}

fn to_value<T: Serialize>(op: OperationId, v: &T) -> Result<Value, Error> {
    serde_json::to_value(v).map_err(|e| Error::Decode { operation: op.name().to_string(), detail: e.to_string() })
}
