//! Leave: yearly overview and leave types. Leave records stay raw JSON (fields not shown by the spec).

use serde_json::Value;

use super::{model, wire, EpochMillis};

model! {
    /// The yearly leave overview (`leave_year`).
    pub struct LeaveYearOverview {
        /// One overview per leave-managed employee (fields not shown by the spec: raw JSON).
        employees: list Vec<Value> = "list" => "employees",
        /// Resolves each leave-type id to its localized names (`legende` on the wire).
        legend: list std::collections::BTreeMap<String, Value> = "legende" => "legend",
    }
}

model! {
    /// The leave types of the company (`leave_types`).
    pub struct LeaveTypesReport {
        /// Result code (0 = OK).
        code: opt i64 [via wire::Code] = "code" => "code",
        /// Epoch milliseconds of the call.
        time: opt EpochMillis [via wire::FlexInt] = "time" => "time",
        /// The leave types (fields not shown by the spec: raw JSON).
        leave_types: list Vec<Value> = "list" => "leaveTypes",
    }
}
