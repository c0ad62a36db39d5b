//! Shifts of a workspace.

use serde_json::Value;

use super::{model, wire};

model! {
    /// The shifts of a workspace for one ISO week (`shifts`). German wire names are translated.
    pub struct WeekShifts {
        /// ISO week-year (`jahr`).
        year: opt i64 [via wire::FlexInt] = "jahr" => "year",
        /// ISO week (`kw`).
        week: opt i64 [via wire::FlexInt] = "kw" => "week",
        /// Workspace name (`arbeitsbereich`).
        workspace_name: opt String = "arbeitsbereich" => "workspaceName",
        /// Workspace id (`arbeitsbereich_id`).
        workspace_id: opt String = "arbeitsbereich_id" => "workspaceId",
        /// Shifts with their assigned employees (`schichten`; fields not shown: raw JSON).
        shifts: list Vec<Value> = "schichten" => "shifts",
    }
}

model! {
    /// A created shift (`create_shift`).
    pub struct CreatedShift {
        /// Whether the shift was created (`false` becomes [`crate::Error::Refused`]).
        success: opt bool [via wire::FlexBool] = "success" => "success",
        /// Id of the new shift.
        shift_id: opt i64 [via wire::FlexInt] = "shift_id" => "shiftId",
    }
}
