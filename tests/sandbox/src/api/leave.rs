//! Extra leave, absences, leave records, yearly overview, leave types.

use std::collections::BTreeMap;

use crate::engine::Response;
use serde_json::{json, Value};
use zeitkonto_core::{Date, OperationId};

use super::{body_auth, code, company_auth, date_field, envelope, int_param, module, month0_param, ok_json, Call};
use crate::calc::Index;
use crate::seed::{Employee, LeaveHistory, LeaveRecord};
use crate::state::World;

type Reply = Result<Response, Response>;

/// Extra leave in or out. Every failure is the JSON `false` (spec case rules).
pub fn extra_leave(w: &mut World, call: &Call) -> Response {
    let refused = ok_json(Value::Bool(false));
    if !call.body_is_object() {
        return refused; // a body that is not a JSON object
    }
    let Some(company) = w.company_by_key(call.param("api")).filter(|c| c.active && c.modules.leave).cloned() else {
        return refused;
    };
    if call.str("action") != Some("extraleave") {
        return refused;
    }
    let Some(days) = call.field("value").and_then(Value::as_f64).filter(|d| d.is_finite() && *d != 0.0) else {
        return refused;
    };
    let account = call.str("account").unwrap_or_default();
    let Some(e) = w.find_employee(&company.id, account).filter(|e| e.email.eq_ignore_ascii_case(account)).cloned()
    else {
        return refused;
    };
    let year = match call.field("year").and_then(Value::as_i64) {
        Some(y) => y as i32,
        None if call.field("year").is_some() => return refused,
        None => company.leave_year_of(w.clock.today()), // the current leave year
    };
    let at = w.clock.now_ms();
    w.data.leave_history.push(LeaveHistory {
        employee: e.uuid,
        year,
        days,
        comment: call.str("comment").unwrap_or_default().to_string(),
        at,
    });
    w.wrote(OperationId::ExtraLeave);
    ok_json(Value::Bool(true))
}

/// Books an absence; answers the JSON string `"success"`. Failures (not shown by the spec) are
/// 403 with a code: 1 unknown employee or substitute, 4 bad type/date/duration or missing substitute,
/// 8 no leave module.
pub fn book_absence(w: &mut World, call: &Call) -> Reply {
    let company = company_auth(w, call.param("api"))?.clone();
    module(&company, |m| m.leave)?;
    let reason = call.str("abscenceReasonUuid").unwrap_or_default();
    let leave_type = w
        .data
        .leave_types
        .iter()
        .find(|t| t.uuid == reason && t.company == company.id)
        .cloned()
        .ok_or_else(|| code(4))?;
    let employee_id = call.str("employeeUuid").unwrap_or_default();
    let employee = w.employees_of(&company.id).find(|e| e.uuid == employee_id).cloned().ok_or_else(|| code(1))?;
    let replacement = match call.str("replacementUuid").filter(|s| !s.is_empty()) {
        Some(r) => {
            Some(w.employees_of(&company.id).find(|e| e.uuid == r).map(|e| e.uuid.clone()).ok_or_else(|| code(1))?)
        }
        None if leave_type.needs_replacement => return Err(code(4)),
        None => None,
    };
    let half_day = match call.field("duration") {
        None => false,
        Some(v) if v == 1 => false,
        Some(v) if v == 0 => true,
        Some(_) => return Err(code(4)),
    };
    let today = w.clock.today();
    let (start, end) = (date_field(call, "startDay", today)?, date_field(call, "endDay", today)?);
    if start > end {
        return Err(code(4));
    }
    let id = w.id();
    w.data.leave.push(LeaveRecord {
        id,
        employee: employee.uuid,
        leave_type: leave_type.uuid,
        start,
        end,
        half_day,
        planned: call.field("planned").and_then(Value::as_bool).unwrap_or(false),
        comment: call.str("comment").unwrap_or_default().to_string(),
        replacement,
    });
    w.wrote(OperationId::BookAbsence);
    Ok(ok_json(Value::String("success".to_string())))
}

fn record_json(w: &World, l: &LeaveRecord, e: &Employee) -> Value {
    let t = w.data.leave_types.iter().find(|t| t.uuid == l.leave_type);
    json!({
        "id": l.id, "employee": e.uuid, "employeeName": format!("{} {}", e.given_name, e.last_name), "email": e.email,
        "type": l.leave_type, "typeName": t.map(|t| t.en.clone()), "start": l.start.to_string(), "end": l.end.to_string(),
        "halfDay": l.half_day, "planned": l.planned, "comment": l.comment, "replacement": l.replacement
    })
}

/// Records overlapping a month, of leave-managed employees.
pub fn leave_month(w: &mut World, call: &Call) -> Reply {
    let company = company_auth(w, call.param("api"))?;
    module(company, |m| m.leave)?;
    let year = i32::try_from(int_param(call, "year")?).map_err(|_| code(4))?;
    let month = month0_param(call)?;
    let first = Date::new(year, month, 1).ok_or_else(|| code(4))?;
    let last = Date::new(year, month, first.days_in_month()).ok_or_else(|| code(4))?;
    let list: Vec<Value> = w
        .data
        .leave
        .iter()
        .filter(|l| l.start <= last && l.end >= first)
        .filter_map(|l| {
            w.employees_of(&company.id).find(|e| e.uuid == l.employee && e.leave_managed).map(|e| record_json(w, l, e))
        })
        .collect();
    Ok(ok_json(Value::Array(list)))
}

/// Working days of a record inside `[from, to)` (half days count 0.5; public holidays do not count).
fn days_within(ix: &Index<'_>, e: &Employee, l: &LeaveRecord, (from, to): (Date, Date)) -> f64 {
    let mut d = l.start.max(from);
    let mut days = 0.0;
    while d <= l.end && d < to {
        if e.weekly_minutes[(d.iso_weekday() - 1) as usize] > 0 && ix.holiday(e, d).is_none() {
            days += if l.half_day { 0.5 } else { 1.0 };
        }
        d = match d.add_days(1) {
            Some(n) => n,
            None => break,
        };
    }
    days
}

/// The yearly overview with the legend of leave types.
pub fn leave_year(w: &mut World, call: &Call) -> Reply {
    let company = company_auth(w, call.param("api"))?;
    module(company, |m| m.leave)?;
    let year = i32::try_from(int_param(call, "year")?).map_err(|_| code(4))?;
    // `{year}` is the leave year (the calendar year unless the company's starts in another month).
    let range = company.leave_year_range(year).ok_or_else(|| code(4))?;
    let ix = Index::new(&w.data);
    let types: Vec<_> = w.data.leave_types.iter().filter(|t| t.company == company.id).collect();
    let list: Vec<Value> = w
        .employees_of(&company.id)
        .filter(|e| e.leave_managed && e.join_date < range.1 && e.separation_date.is_none_or(|s| s >= range.0))
        .map(|e| {
            let mut by_type: BTreeMap<String, f64> = BTreeMap::new();
            let mut taken = 0.0;
            for l in ix.leave(&e.uuid) {
                let days = days_within(&ix, e, l, range);
                if days > 0.0 {
                    *by_type.entry(l.leave_type.clone()).or_default() += days;
                    if types.iter().any(|t| t.uuid == l.leave_type && t.counts_as_leave) {
                        taken += days;
                    }
                }
            }
            // `+ 0.0`: the sum of nothing is -0.0 in Rust, which the API would not write.
            let extra: f64 = w
                .data
                .leave_history
                .iter()
                .filter(|h| h.employee == e.uuid && h.year == year)
                .map(|h| h.days)
                .sum::<f64>()
                + 0.0;
            json!({
                "employee": e.uuid, "name": format!("{} {}", e.given_name, e.last_name), "email": e.email,
                "entitlement": e.leave_days_per_year, "extra": extra, "taken": taken,
                "remaining": e.leave_days_per_year + extra - taken, "byType": by_type
            })
        })
        .collect();
    let legende: serde_json::Map<String, Value> =
        types.iter().map(|t| (t.uuid.clone(), json!({ "de": t.de, "en": t.en }))).collect();
    Ok(ok_json(json!({ "list": list, "legende": legende })))
}

/// Leave types (key in the body).
pub fn leave_types(w: &mut World, call: &Call) -> Reply {
    let (company, _) = body_auth(w, call)?;
    module(company, |m| m.leave)?;
    let list: Vec<Value> = w
        .data
        .leave_types
        .iter()
        .filter(|t| t.company == company.id)
        .map(|t| json!({ "uuid": t.uuid, "name": t.en, "nameDe": t.de, "needsReplacement": t.needs_replacement }))
        .collect();
    Ok(envelope(w, json!({ "list": list })))
}
