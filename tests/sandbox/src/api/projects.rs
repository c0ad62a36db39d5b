//! Projects: key and manager e-mail in the body; module and manager role required.

use crate::engine::Response;
use serde_json::{json, Value};
use zeitkonto_core::{Date, OperationId};

use super::{body_auth, code, envelope, module, Call};
use crate::calc::{booking_day, booking_minutes, timestamp};
use crate::seed::{Company, Project};
use crate::state::World;

type Reply = Result<Response, Response>;

/// Key, e-mail, module and role: 403 3 / 1 / 8 (the code for a missing role is not shown by the
/// spec; the sandbox answers 8).
fn manager(w: &World, call: &Call) -> Result<Company, Response> {
    let (company, employee) = body_auth(w, call)?;
    module(company, |m| m.projects)?;
    if !employee.project_manager {
        return Err(code(8));
    }
    Ok(company.clone())
}

fn project_json(p: &Project) -> Value {
    let mut v = match &p.data {
        Value::Object(o) => Value::Object(o.clone()),
        _ => json!({}),
    };
    v["uuid"] = json!(p.uuid);
    v["name"] = json!(p.name);
    v["parentId"] = json!(p.parent.clone().unwrap_or_else(|| "0".to_string()));
    v
}

pub fn projects(w: &mut World, call: &Call) -> Reply {
    let company = manager(w, call)?;
    let projects: Vec<Value> =
        w.data.projects.iter().filter(|p| p.company == company.id && !p.removed).map(project_json).collect();
    Ok(envelope(w, json!({ "projects": projects })))
}

pub fn create_project(w: &mut World, call: &Call) -> Reply {
    let company = manager(w, call)?;
    let data = call.field("project").filter(|p| p.is_object()).cloned().ok_or_else(|| code(4))?;
    let name =
        data.get("name").and_then(Value::as_str).filter(|n| !n.trim().is_empty()).ok_or_else(|| code(4))?.to_string();
    let parent = match call.str("parentId").or_else(|| data.get("parentId").and_then(Value::as_str)) {
        None | Some("0") | Some("") => None,
        Some(p) => {
            if !w.data.projects.iter().any(|x| x.uuid == p && x.company == company.id && !x.removed) {
                return Err(code(4));
            }
            Some(p.to_string())
        }
    };
    let uuid = format!("p-{}", w.id());
    w.data.projects.push(Project {
        uuid: uuid.clone(),
        company: company.id.clone(),
        name,
        parent,
        removed: false,
        data,
    });
    w.wrote(OperationId::CreateProject);
    Ok(envelope(w, json!({ "uuid": uuid })))
}

/// The project of the caller's company; unknown, removed or foreign → 403 3 (spec case rule).
fn own_project(w: &World, company: &Company, uuid: &str) -> Result<usize, Response> {
    w.data.projects.iter().position(|p| p.uuid == uuid && p.company == company.id && !p.removed).ok_or_else(|| code(3))
}

pub fn delete_project(w: &mut World, call: &Call) -> Reply {
    let company = manager(w, call)?;
    let i = own_project(w, &company, call.param("uuid"))?;
    w.data.projects[i].removed = true;
    w.wrote(OperationId::DeleteProject);
    Ok(envelope(w, json!({})))
}

pub fn find_projects(w: &mut World, call: &Call) -> Reply {
    let company = manager(w, call)?;
    let name = call.str("name").filter(|n| !n.is_empty()).ok_or_else(|| code(4))?;
    let uuids: Vec<Value> = w
        .data
        .projects
        .iter()
        .filter(|p| p.company == company.id && !p.removed && p.name == name)
        .map(|p| json!(p.uuid))
        .collect();
    Ok(envelope(w, json!({ "projects": uuids })))
}

/// Bookings of a project and all its sub-projects, at most 31 days, start not after end.
pub fn project_bookings(w: &mut World, call: &Call) -> Reply {
    let company = manager(w, call)?;
    let root = w.data.projects[own_project(w, &company, call.param("uuid"))?].uuid.clone();
    let date = |name: &str| call.str(name).and_then(|s| s.parse::<Date>().ok()).ok_or_else(|| code(4));
    let (start, end) = (date("startDate")?, date("endDate")?);
    let span = start.days_until(end);
    if !(0..=31).contains(&span) {
        return Err(code(4));
    }
    let mut tree = vec![root];
    let mut i = 0;
    while i < tree.len() {
        let parent = tree[i].clone();
        tree.extend(w.data.projects.iter().filter(|p| p.parent.as_deref() == Some(&parent)).map(|p| p.uuid.clone()));
        i += 1;
    }
    let now = w.clock.now_ms();
    let entries: Vec<Value> = w
        .data
        .bookings
        .iter()
        .filter(|b| b.project.as_ref().is_some_and(|p| tree.contains(p)))
        .filter(|b| (start..=end).contains(&booking_day(b)))
        .map(|b| {
            let e = w.data.employees.iter().find(|e| e.uuid == b.employee);
            let p = w.data.projects.iter().find(|p| Some(&p.uuid) == b.project.as_ref());
            json!({
                "id": b.id, "employee": b.employee, "employeeName": e.map(|e| format!("{} {}", e.given_name, e.last_name)),
                "project": b.project, "projectName": p.map(|p| p.name.clone()), "start": timestamp(b.start),
                "end": b.end.map(timestamp), "minutes": booking_minutes(b, now)
            })
        })
        .collect();
    Ok(envelope(w, json!({ "entries": entries })))
}
