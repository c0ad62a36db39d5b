//! What a job reports, declared once: every language's event types (Python's dataclasses, the
//! Kotlin/Swift `JobEvent` enum, and the conversions from the Rust client's events) are generated
//! from [`EVENTS`] (`jobEvents` in `tests/vectors/declaration.json`).

use serde::Serialize;

/// A field of an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct EventField {
    /// Its name in snake_case (camelCase in JS, Kotlin and Swift).
    pub name: &'static str,
    /// Its type: `count` (a whole number), `duration`, `text`, `error` (the error's kind and
    /// fields), `json` (raw JSON: the spec does not show its fields), `legend` (text → raw JSON), or
    /// a result model's name (`MonthlyAccount`).
    #[serde(rename = "type")]
    pub ty: &'static str,
    /// What it holds.
    pub doc: &'static str,
}

/// One kind of event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct EventDecl {
    /// The stable name of the kind (`account`); the Kotlin/Swift enum's case in its casing.
    pub kind: &'static str,
    /// The class of its own in the languages that give each event one (Python: `AccountRow`).
    pub class: &'static str,
    /// The jobs that report it: `all`, `month_close` or `sweeps`.
    pub jobs: &'static str,
    /// What it says.
    pub doc: &'static str,
    /// Its fields, in order.
    pub fields: &'static [EventField],
}

/// A field of an event (the job's events and the driver's, `crate::decl::DRIVER_EVENTS`).
pub(crate) const fn field(name: &'static str, ty: &'static str, doc: &'static str) -> EventField {
    EventField { name, ty, doc }
}

/// Every kind of event, in the order the client's `JobEvent` declares them.
pub const EVENTS: &[EventDecl] = &[
    EventDecl {
        kind: "progress",
        class: "Progress",
        jobs: "all",
        doc: "After every call: calls done of the total (as far as known), and the time the rest takes at the rate limit.",
        fields: &[
            field("done", "count", "Calls finished (answered or failed), also before a resume."),
            field("total", "count", "Calls the job needs as far as it knows now."),
            field("eta", "duration", "The time the rest takes at the rate limit."),
        ],
    },
    EventDecl {
        kind: "account",
        class: "AccountRow",
        jobs: "month_close",
        doc: "One employee's monthly account, as the single `time_account` call returns it.",
        fields: &[
            field("employee", "text", "The e-mail (empty for someone a department summary lists who is not in the active employee list, e.g. left during the month)."),
            field("account", "MonthlyAccount", "The account."),
            field("source", "text", "The call that produced it: `department_month_employees:<id>` or `time_account`."),
        ],
    },
    EventDecl {
        kind: "employee_failure",
        class: "EmployeeFailure",
        jobs: "month_close",
        doc: "One employee's account could not be read; the job went on.",
        fields: &[field("employee", "text", "The e-mail."), field("error", "error", "Why.")],
    },
    EventDecl {
        kind: "department_fallback",
        class: "DepartmentFallback",
        jobs: "month_close",
        doc: "A department's summary could not be used: its employees got calls of their own.",
        fields: &[
            field("department", "text", "The department id."),
            field("reason", "text", "Why (the error's kind and code, or \"missing employees\")."),
        ],
    },
    EventDecl {
        kind: "presence",
        class: "PresenceRow",
        jobs: "sweeps",
        doc: "The presence board: one employee's presence of the day, as the `presence` call returns it.",
        fields: &[
            field("entry", "PresenceEntry", "The entry."),
            field("source", "text", "The call's key: `presence` (the whole company) or `presence:<email>` (one employee, after a fallback)."),
        ],
    },
    EventDecl {
        kind: "leave",
        class: "LeaveRow",
        jobs: "sweeps",
        doc: "The leave-year report: one leave-managed employee's yearly overview.",
        fields: &[
            field("entry", "json", "An element of `leave_year`'s `employees` (raw JSON: the spec does not show its fields)."),
            field("legend", "legend", "The overview's legend: leave-type id to its localized names (the same for every row)."),
            field("source", "text", "The call's key: `leave_year:<year>`."),
        ],
    },
    EventDecl {
        kind: "booking",
        class: "BookingRow",
        jobs: "sweeps",
        doc: "The project-hours report: one booking.",
        fields: &[
            field("project", "text", "The top-level project asked (its bookings include its sub-projects')."),
            field("entry", "json", "An element of `project_bookings`' `entries` (raw JSON)."),
            field("source", "text", "The call's key: `project_bookings:<uuid>:<start>..<end>`."),
        ],
    },
    EventDecl {
        kind: "call_failure",
        class: "CallFailure",
        jobs: "sweeps",
        doc: "A call of a presence board, leave-year report or project-hours report failed; it is listed in the job's failures and the job went on.",
        fields: &[field("call", "text", "The call's key (as in a row's `source`)."), field("error", "error", "Why.")],
    },
    EventDecl {
        kind: "fallback",
        class: "Fallback",
        jobs: "sweeps",
        doc: "The presence board's company-wide call could not be used: the employee list and one call per employee follow.",
        fields: &[field("call", "text", "The call's key."), field("reason", "text", "Why (the error's kind and code).")],
    },
];

#[cfg(test)]
mod tests {
    use super::EVENTS;

    #[test]
    fn kinds_and_classes_are_unique_and_types_known() {
        let mut kinds: Vec<&str> = EVENTS.iter().map(|e| e.kind).collect();
        kinds.sort_unstable();
        kinds.dedup();
        assert_eq!(kinds.len(), EVENTS.len());
        let models: Vec<&str> = crate::decl::models().iter().map(|m| m.name).collect();
        for f in EVENTS.iter().flat_map(|e| e.fields) {
            let known =
                ["count", "duration", "text", "error", "json", "legend"].contains(&f.ty) || models.contains(&f.ty);
            assert!(known, "{}: {}", f.name, f.ty);
        }
        assert!(EVENTS.iter().all(|e| ["all", "month_close", "sweeps"].contains(&e.jobs)));
    }
}
