//! Shifts: workspace key in the path (read) or in the body as `workspace` (create).

use crate::engine::Response;
use serde_json::{json, Value};
use zeitkonto_core::date::validate_iso_week;
use zeitkonto_core::OperationId;

use super::{code, date_field, int_param, ok_json, Call};
use crate::seed::{Shift, Workspace};
use crate::state::World;

type Reply = Result<Response, Response>;

/// The workspace of a key; unknown → 403 3, inactive company → 403 2.
fn workspace(w: &World, key: &str) -> Result<Workspace, Response> {
    let ws = w.data.workspaces.iter().find(|x| x.key == key).ok_or_else(|| code(3))?;
    match w.company(&ws.company) {
        Some(c) if c.active => Ok(ws.clone()),
        Some(_) => Err(code(2)),
        None => Err(code(3)),
    }
}

fn shift_json(w: &World, s: &Shift) -> Value {
    let staff: Vec<Value> = s
        .employees
        .iter()
        .filter_map(|u| w.data.employees.iter().find(|e| &e.uuid == u))
        .map(|e| json!({ "uuid": e.uuid, "name": format!("{} {}", e.given_name, e.last_name) }))
        .collect();
    json!({
        "id": s.id, "date": s.date.to_string(), "startTime": s.start_time, "endTime": s.end_time,
        "overnight": s.end_time <= s.start_time, "employeeAmount": s.employee_amount, "comment": s.comment,
        "projectUuid": s.project_uuid, "mitarbeiter": staff
    })
}

pub fn shifts(w: &mut World, call: &Call) -> Reply {
    let ws = workspace(w, call.param("workspaceApi"))?;
    let year = i32::try_from(int_param(call, "year")?).map_err(|_| code(4))?;
    let week = u32::try_from(int_param(call, "week")?).map_err(|_| code(4))?;
    validate_iso_week(year, week).map_err(|_| code(4))?;
    let schichten: Vec<Value> = w
        .data
        .shifts
        .iter()
        .filter(|s| s.workspace == ws.id && s.date.iso_week() == (year, week as u8))
        .map(|s| shift_json(w, s))
        .collect();
    Ok(ok_json(
        json!({ "jahr": year, "kw": week, "arbeitsbereich": ws.name, "arbeitsbereich_id": ws.id, "schichten": schichten }),
    ))
}

pub fn create_shift(w: &mut World, call: &Call) -> Reply {
    let ws = workspace(w, call.str("workspace").unwrap_or_default())?;
    let date = date_field(call, "startDate", w.clock.today())?;
    let minute = |name: &str| {
        call.field(name).and_then(Value::as_u64).filter(|m| *m <= 1439).map(|m| m as u32).ok_or_else(|| code(4))
    };
    let (start_time, end_time) = (minute("startTime")?, minute("endTime")?);
    // The spec bounds neither: a whole number (at least 1) is taken as sent, anything else is a
    // value that could not be resolved (403 4).
    let amount = match call.field("employeeAmount") {
        None => 1,
        Some(v) => v.as_u64().filter(|n| *n >= 1).and_then(|n| u32::try_from(n).ok()).ok_or_else(|| code(4))?,
    };
    // The spec does not say what the server does with a UUID that names no project of the
    // company: the sandbox keeps it as sent (the shift links to nothing), as it ignores unknown
    // employee UUIDs rather than refusing the shift.
    let project_uuid = call.str("projectUuid").filter(|s| !s.is_empty()).map(str::to_string);
    // Only employees of the workspace's company are assigned; unknown or foreign UUIDs are ignored.
    let employees: Vec<String> = call
        .field("employees")
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(Value::as_str).collect::<Vec<_>>())
        .unwrap_or_default()
        .into_iter()
        .filter(|u| w.employees_of(&ws.company).any(|e| e.uuid == *u))
        .map(str::to_string)
        .collect();
    let id = w.data.shifts.iter().map(|s| s.id).max().unwrap_or(0) + 1;
    w.data.shifts.push(Shift {
        id,
        workspace: ws.id,
        date,
        start_time,
        end_time,
        employee_amount: amount,
        comment: call.str("comment").unwrap_or_default().to_string(),
        project_uuid,
        employees,
    });
    w.wrote(OperationId::CreateShift);
    Ok(ok_json(json!({ "success": true, "shift_id": id })))
}
