//! Presence, overview, accounts, ranges, clock and department summaries.

use std::collections::HashMap;
use std::fmt::Write as _;

use crate::engine::Response;
use serde_json::{json, Map, Value};
use zeitkonto_core::{Date, OperationId};

use super::{
    code, company_auth, date_field, envelope, int_field, int_param, module, month0_param, ok_json, path_auth, Call,
};
use crate::calc::{self, booking_day, booking_minutes, running, timestamp, Index};
use crate::seed::{day_start_ms, Booking, Company, Department, Employee};
use crate::state::World;

type Reply = Result<Response, Response>;

/// The absence information of a day: the public holiday, else the leave record, else `{}`.
fn absence_info(w: &World, ix: &Index<'_>, e: &Employee, day: Date) -> Value {
    if let Some(h) = ix.holiday(e, day) {
        return json!({ "reason": "holiday", "name": h.name, "date": h.date.to_string() });
    }
    match ix.leave_on(&e.uuid, day) {
        Some(l) => {
            let name =
                w.data.leave_types.iter().find(|t| t.uuid == l.leave_type).map(|t| t.en.clone()).unwrap_or_default();
            json!({ "reason": "leave", "type": name, "typeUuid": l.leave_type, "halfDay": l.half_day })
        }
        None => json!({}),
    }
}

/// Optional `email` of the body: must be an employee of the company (403 1).
fn optional_employee<'a>(w: &'a World, call: &Call, company: &str) -> Result<Option<&'a Employee>, Response> {
    match call.str("email").filter(|s| !s.is_empty()) {
        None => Ok(None),
        Some(email) => w.find_employee(company, email).map(Some).ok_or_else(|| code(1)),
    }
}

pub fn presence(w: &mut World, call: &Call) -> Reply {
    // A company-wide endpoint: the company key (the spec's Authentication rule 1).
    let company = company_auth(w, call.param("api"))?;
    module(company, |m| m.time_tracking)?;
    let day = date_field(call, "day", w.clock.today())?;
    let only = optional_employee(w, call, &company.id)?;
    let ix = Index::new(&w.data);
    let info: Vec<Value> = w
        .employees_of(&company.id)
        .filter(|e| e.time_tracked && e.active_on(day) && only.is_none_or(|o| o.uuid == e.uuid))
        .map(|e| {
            let today_bookings: Vec<&&Booking> =
                ix.bookings(&e.uuid).iter().filter(|b| booking_day(b) == day).collect();
            let present = !today_bookings.is_empty();
            let membercode = today_bookings.last().map(|b| b.device.clone()).unwrap_or_default();
            let list = if present { json!({}) } else { absence_info(w, &ix, e, day) };
            json!({ "membercode": membercode, "employee": e.display_name(), "present": present, "list": list })
        })
        .collect();
    Ok(envelope(w, json!({ "info": info })))
}

pub fn overview(w: &mut World, call: &Call) -> Reply {
    let caller = path_auth(w, call.param("api"))?;
    let company = caller.company();
    module(company, |m| m.time_tracking)?;
    let today = w.clock.today();
    let only = optional_employee(w, call, &company.id)?;
    let ix = Index::new(&w.data);
    let info: Vec<Value> = w
        .employees_of(&company.id)
        .filter(|e| e.time_tracked && e.active_on(today))
        .filter(|e| match only {
            Some(o) => o.uuid == e.uuid,
            None => caller.may_see(e),
        })
        .map(|e| {
            let run = running(&ix, &e.uuid);
            let last_end = ix.bookings(&e.uuid).iter().filter_map(|b| b.end).max();
            let detail = caller.may_see(e);
            let project =
                run.and_then(|b| b.project.as_ref()).and_then(|p| w.data.projects.iter().find(|x| &x.uuid == p));
            json!({
                "membercode": run.map(|b| b.device.clone()).unwrap_or_default(),
                "lastTimestamp": last_end.map(timestamp).unwrap_or_default(),
                "emergencyContact": e.emergency_contact,
                "employee": e.display_name(),
                "department": w.department_name(e),
                "currentProject": if detail { project.map(|p| Value::String(p.name.clone())) } else { None },
                "currentService": if detail { run.and_then(|b| b.service.clone()) } else { None },
                "list": absence_info(w, &ix, e, today),
                "uuid": e.uuid,
                "currentStart": if detail { run.map(|b| timestamp(b.start)) } else { None },
                "status": if run.is_some() { "green" } else { "red" },
                "currentPlatform": if detail { run.map(|_| "API".to_string()) } else { None },
                "currentDevice": if detail { run.map(|b| b.device.clone()) } else { None },
            })
        })
        .collect();
    Ok(envelope(w, json!({ "info": info })))
}

pub fn time_account(w: &mut World, call: &Call) -> Reply {
    let caller = path_auth(w, call.param("api"))?;
    let company = caller.company();
    module(company, |m| m.time_tracking)?;
    let year = i32::try_from(int_param(call, "year")?).map_err(|_| code(4))?;
    let month = month0_param(call)?;
    let e = w.find_employee(&company.id, call.param("employee")).ok_or_else(|| code(1))?;
    if !caller.may_see(e) {
        return Err(super::forbidden());
    }
    let ix = Index::new(&w.data);
    let (today, now) = (w.clock.today(), w.clock.now_ms());
    Ok(ok_json(calc::monthly_account(&ix, e, year, month, today, now)))
}

pub fn time_account_report(w: &mut World, call: &Call) -> Reply {
    // `{api}` without a word of an employee key in the spec: the company key.
    let company = company_auth(w, call.param("api"))?;
    module(company, |m| m.time_tracking)?;
    let today = w.clock.today();
    let email = call.str("email").filter(|s| !s.is_empty()).ok_or_else(|| code(4))?;
    let e = w.find_employee(&company.id, email).ok_or_else(|| code(1))?;
    let year = int_field(call, "year")?.unwrap_or(i64::from(today.year()));
    let month = int_field(call, "month")?.unwrap_or(i64::from(today.month().number()));
    if !(1..=12).contains(&month) || !(1..=9999).contains(&year) {
        return Err(code(4));
    }
    if (year, month) > (i64::from(today.year()), i64::from(today.month().number())) {
        return Err(code(4)); // a future month
    }
    let (year, month) = (year as i32, month as u8);
    let with_project = call.query.get("project").is_some_and(|v| v == "true");
    let ix = Index::new(&w.data);
    let now = w.clock.now_ms();
    let t = calc::month_totals(&ix, e, year, month, today, now);
    let mut list = Vec::new();
    if let Some((first, last)) = calc::month_days(year, month, today) {
        let (lo, hi) = (day_start_ms(first), day_start_ms(last) + 86_400_000);
        for b in ix.bookings(&e.uuid).iter().filter(|b| b.start >= lo && b.start < hi) {
            let mut entry = json!({ "length": booking_minutes(b, now), "start": b.start, "end": b.end });
            if with_project {
                let name = b
                    .project
                    .as_ref()
                    .and_then(|p| w.data.projects.iter().find(|x| &x.uuid == p))
                    .map(|p| p.name.clone());
                entry["project"] = json!(name);
            }
            list.push(entry);
        }
    }
    let today_ist = calc::day_actual(&ix, &e.uuid, today, now);
    Ok(envelope(
        w,
        json!({
            "today_soll": ix.target(e, today), "today_ist": today_ist, "list": list,
            "account_balance": t.carry_over, "account_soll": t.target, "account_ist": t.actual, "account_surcharge": 0,
            "account_saldo": t.actual - t.target, "flexTime": 0, "PAYOFF_TIMEACCOUNT": 0, "TIMEACCOUNT_PAYOFF": 0,
            "OVERTIMEACCOUNT_TIMEACCOUNT": 0, "TIMEACCOUNT_OVERTIMEACCOUNT": 0
        }),
    ))
}

/// A guard of the sandbox's own, not of the API (the spec sets no bound on the range): a range of
/// more than 100 years is refused with 403 4, so an absurd `start` cannot exhaust memory. Every
/// range within it is answered (documented in `tests/sandbox/README.md`).
pub const MAX_RANGE_DAYS: i64 = 36_525;

pub fn target_actual_days(w: &mut World, call: &Call) -> Reply {
    // A company-wide endpoint: the company key (the spec's Authentication rule 1).
    let company = company_auth(w, call.param("api"))?;
    module(company, |m| m.time_tracking)?;
    let today = w.clock.today();
    let start = date_field(call, "start", today)?;
    let end = date_field(call, "end", today)?.min(today); // `end` is capped at today
    if start.days_until(end) > MAX_RANGE_DAYS {
        return Err(code(4));
    }
    let only = optional_employee(w, call, &company.id)?;
    let ix = Index::new(&w.data);
    let now = w.clock.now_ms();
    // Written straight into the body text: a long range over every employee stays one string
    // (about 110 bytes a day and employee) instead of a tree of JSON values.
    let mut out = format!(r#"{{"code":0,"time":{now},"info":["#);
    let mut first = true;
    for e in w.employees_of(&company.id).filter(|e| e.time_tracked && only.is_none_or(|o| o.uuid == e.uuid)) {
        let mut ist_by_day: HashMap<Date, i64> = HashMap::new();
        for b in ix.bookings(&e.uuid) {
            *ist_by_day.entry(booking_day(b)).or_default() += booking_minutes(b, now);
        }
        let head = format!(
            r#"{{"email":{},"employee":{},"date":""#,
            Value::from(e.email.as_str()),
            Value::from(e.display_name())
        );
        let mut day = start;
        while day <= end {
            let ist = ist_by_day.get(&day).copied().unwrap_or(0);
            if !first {
                out.push(',');
            }
            first = false;
            let _ = write!(out, r#"{head}{day}","soll":{},"ist":{ist}}}"#, ix.target(e, day));
            day = match day.add_days(1) {
                Some(d) => d,
                None => break,
            };
        }
    }
    out.push_str("]}");
    Ok(super::ok_json_text(out))
}

/// The clock state machine. Every failure is the JSON `false` (spec case rules).
pub fn clock(w: &mut World, call: &Call) -> Response {
    let refused = ok_json(Value::Bool(false));
    if !call.body_is_object() {
        return refused; // a body that is not a JSON object
    }
    let Some(company) = w.company_by_key(call.param("api")).filter(|c| c.active).cloned() else {
        return refused;
    };
    let Some(employee) = w.find_employee(&company.id, call.param("employee")).cloned() else {
        return refused;
    };
    let now = w.clock.now_ms();
    let running_idx = w.data.bookings.iter().position(|b| b.employee == employee.uuid && b.end.is_none());
    let text = |name: &str| call.str(name).map(str::to_string);
    match call.param("action") {
        "come" => {
            let project = text("project").filter(|p| !p.is_empty());
            let allowed = match &project {
                Some(p) => {
                    company.modules.projects
                        && w.data.projects.iter().any(|x| &x.uuid == p && x.company == company.id && !x.removed)
                }
                None => company.modules.time_tracking,
            };
            if !allowed || running_idx.is_some() {
                return refused;
            }
            let id = w.id();
            w.data.bookings.push(Booking {
                id,
                employee: employee.uuid.clone(),
                start: now,
                end: None,
                pause: 0,
                project,
                service: text("service"),
                device: text("device").unwrap_or_else(|| "API".to_string()),
                comment: text("comment").unwrap_or_default(),
            });
        }
        "go" | "stop" => {
            let Some(i) = running_idx else { return refused };
            w.data.bookings[i].end = Some(now);
            if call.param("action") == "stop" {
                let id = w.id();
                let device = text("device").unwrap_or_else(|| "API".to_string());
                w.data.bookings.push(Booking {
                    id,
                    employee: employee.uuid.clone(),
                    start: now,
                    end: None,
                    pause: 0,
                    project: None,
                    service: None,
                    device,
                    comment: text("comment").unwrap_or_default(),
                });
            }
        }
        _ => return refused,
    }
    w.wrote(OperationId::Clock);
    ok_json(Value::Bool(true))
}

pub fn department_accounts(w: &mut World, call: &Call) -> Reply {
    let company = company_auth(w, call.param("api"))?;
    module(company, |m| m.time_tracking)?;
    let dept = w
        .data
        .departments
        .iter()
        .find(|d| d.key == call.param("department") && d.company == company.id)
        .ok_or_else(|| code(4))?;
    let (today, now) = (w.clock.today(), w.clock.now_ms());
    let ix = Index::new(&w.data);
    let mut out = Map::new();
    for e in w
        .employees_of(&company.id)
        .filter(|e| e.login && e.active_on(today) && e.department.as_deref() == Some(&dept.id))
    {
        let account = calc::monthly_account(&ix, e, today.year(), today.month().number(), today, now);
        out.insert(e.email.clone(), account);
    }
    Ok(ok_json(Value::Object(out)))
}

fn summary_entries<'a>(
    w: &'a World,
    ix: &Index<'_>,
    company: &'a str,
    dept: &str,
    year: i32,
    month: u8,
) -> Vec<(&'a Employee, Value)> {
    let (today, now) = (w.clock.today(), w.clock.now_ms());
    if calc::month_days(year, month, today).is_none() {
        return Vec::new(); // a future month
    }
    w.employees_of(company)
        .filter(|e| e.time_tracked && e.active_on(today) && e.department.as_deref() == Some(dept))
        .map(|e| (e, calc::department_entry(ix, e, year, month, today, now)))
        .collect()
}

/// The shared prelude of both department summaries: company key, module, year, 0-based month, and
/// the department of the company that `matches` the `{department}` segment (else 403 4).
fn department_month_request<'a>(
    w: &'a World,
    call: &Call,
    matches: fn(&Department, &str) -> bool,
) -> Result<(&'a Company, &'a Department, i32, u8), Response> {
    let company = company_auth(w, call.param("api"))?;
    module(company, |m| m.time_tracking)?;
    let year = i32::try_from(int_param(call, "year")?).map_err(|_| code(4))?;
    let month = month0_param(call)?;
    let dept = w
        .data
        .departments
        .iter()
        .find(|d| matches(d, call.param("department")) && d.company == company.id)
        .ok_or_else(|| code(4))?;
    Ok((company, dept, year, month))
}

/// One aggregate summary, by department ID.
pub fn department_month(w: &mut World, call: &Call) -> Reply {
    let (company, dept, year, month) = department_month_request(w, call, |d, seg| d.id == seg)?;
    let ix = Index::new(&w.data);
    let entries = summary_entries(w, &ix, &company.id, &dept.id, year, month);
    let values: Vec<&Value> = entries.iter().map(|(_, v)| v).collect();
    Ok(ok_json(calc::department_total(&dept.id, &dept.name, year, month, &values)))
}

/// One summary per active employee, by the department's external id.
pub fn department_month_employees(w: &mut World, call: &Call) -> Reply {
    let (company, dept, year, month) = department_month_request(w, call, |d, seg| d.external_id == seg)?;
    let ix = Index::new(&w.data);
    let entries: Vec<Value> =
        summary_entries(w, &ix, &company.id, &dept.id, year, month).into_iter().map(|(_, v)| v).collect();
    Ok(ok_json(Value::Array(entries)))
}
