//! The jobs' events: the rows and failures a job hands over, and their declared parts.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde_json::Value;
use zeitkonto_core::jobs::{Fallback, Progress, SweepFallback};
use zeitkonto_core::{Error, MonthlyAccount, PresenceEntry};

/// One employee's monthly account, and the call that produced it.
#[derive(Debug, Clone, PartialEq)]
pub struct AccountRow {
    /// The e-mail (empty for someone a department summary lists who is not in the active list).
    pub employee: String,
    /// The account, as `time_account` returns it.
    pub account: MonthlyAccount,
    /// `"department_month_employees:<id>"` or `"time_account"`.
    pub source: String,
}

/// One employee's presence of the day (the presence board), and the call that produced it.
#[derive(Debug, Clone, PartialEq)]
pub struct PresenceRow {
    /// The entry, as `presence` returns it.
    pub entry: PresenceEntry,
    /// The call's key: `"presence"` (the whole company) or `"presence:<email>"` (a fallback).
    pub source: String,
}

/// One leave-managed employee's yearly overview (the leave-year report).
#[derive(Debug, Clone, PartialEq)]
pub struct LeaveRow {
    /// The overview, as `leave_year` returns it (its fields are not shown by the spec: raw JSON).
    pub entry: Value,
    /// The overview's legend (leave-type id to its localized names), shared by every row.
    pub legend: Arc<BTreeMap<String, Value>>,
    /// The call's key: `"leave_year:<year>"`.
    pub source: String,
}

/// One booking of a project (the project-hours report).
#[derive(Debug, Clone, PartialEq)]
pub struct BookingRow {
    /// The top-level project asked (its bookings include its sub-projects').
    pub project: String,
    /// The booking, as `project_bookings` returns it (raw JSON).
    pub entry: Value,
    /// The call's key: `"project_bookings:<uuid>:<start>..<end>"`.
    pub source: String,
}

/// What a job reports.
#[derive(Debug)]
#[non_exhaustive]
#[allow(clippy::large_enum_variant)] // one event at a time, handed over: boxing buys nothing
pub enum JobEvent {
    /// After every call: done, total, the time the rest takes.
    Progress(Progress),
    /// An account.
    Account(AccountRow),
    /// One employee's account failed; the job went on.
    EmployeeFailure {
        /// The e-mail.
        employee: String,
        /// Why.
        error: Error,
    },
    /// A department's summary could not be used: its employees get calls of their own.
    DepartmentFallback(Fallback),
    /// The presence board: one employee's presence.
    Presence(PresenceRow),
    /// The leave-year report: one employee's overview.
    Leave(LeaveRow),
    /// The project-hours report: one booking.
    Booking(BookingRow),
    /// A sweep's call failed (listed in [`SweepJob::failures`](super::SweepJob::failures)); the job went on.
    CallFailure {
        /// The call's key.
        call: String,
        /// Why.
        error: Error,
    },
    /// A sweep's company-wide call could not be used: per-employee calls follow.
    Fallback(SweepFallback),
}

/// A value of an event's field, by the field's declared type (`zeitkonto_core::jobs::events`):
/// what a binding converts, field by field, into its language's event types.
#[derive(Debug)]
#[non_exhaustive]
#[allow(clippy::large_enum_variant)] // handed over one at a time: boxing buys nothing
pub enum EventValue {
    /// `count`.
    Count(u64),
    /// `duration`, in milliseconds.
    DurationMs(u64),
    /// `text`.
    Text(String),
    /// `error`.
    Error(Error),
    /// `json`.
    Json(Value),
    /// `legend`.
    Legend(Arc<BTreeMap<String, Value>>),
    /// `MonthlyAccount`.
    MonthlyAccount(MonthlyAccount),
    /// `PresenceEntry`.
    PresenceEntry(PresenceEntry),
}

impl JobEvent {
    /// The event as its declared kind and its fields' values in declared order
    /// (`zeitkonto_core::jobs::events::EVENTS`), for the bindings' generated conversions.
    pub fn into_parts(self) -> (&'static str, Vec<EventValue>) {
        use EventValue as V;
        match self {
            JobEvent::Progress(p) => {
                ("progress", vec![V::Count(p.done as u64), V::Count(p.total as u64), V::DurationMs(p.eta_ms)])
            }
            JobEvent::Account(r) => {
                ("account", vec![V::Text(r.employee), V::MonthlyAccount(r.account), V::Text(r.source)])
            }
            JobEvent::EmployeeFailure { employee, error } => {
                ("employee_failure", vec![V::Text(employee), V::Error(error)])
            }
            JobEvent::DepartmentFallback(f) => ("department_fallback", vec![V::Text(f.department), V::Text(f.reason)]),
            JobEvent::Presence(r) => ("presence", vec![V::PresenceEntry(r.entry), V::Text(r.source)]),
            JobEvent::Leave(r) => ("leave", vec![V::Json(r.entry), V::Legend(r.legend), V::Text(r.source)]),
            JobEvent::Booking(r) => ("booking", vec![V::Text(r.project), V::Json(r.entry), V::Text(r.source)]),
            JobEvent::CallFailure { call, error } => ("call_failure", vec![V::Text(call), V::Error(error)]),
            JobEvent::Fallback(f) => ("fallback", vec![V::Text(f.call), V::Text(f.reason)]),
        }
    }
}
