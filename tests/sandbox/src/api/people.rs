//! Employee master data and departments.

use crate::engine::Response;
use serde_json::{json, Value};

use super::{company_auth, ok_json, Call};
use crate::seed::Employee;
use crate::state::World;

type Reply = Result<Response, Response>;

/// The master record: all strings, empty for none.
fn master_record(w: &World, e: &Employee) -> Value {
    let date = |d: Option<zeitkonto_core::Date>| d.map(|d| d.to_string()).unwrap_or_default();
    json!({
        "personnelNumber": e.personnel_number, "mainDepartment": w.department_name(e), "email": e.email,
        "givenName": e.given_name, "lastName": e.last_name, "birthday": date(e.birthday),
        "joinDate": e.join_date.to_string(), "dateOfSeparation": date(e.separation_date)
    })
}

/// Active employees only.
pub fn employees(w: &mut World, call: &Call) -> Reply {
    let company = company_auth(w, call.param("api"))?;
    let today = w.clock.today();
    let list: Vec<Value> =
        w.employees_of(&company.id).filter(|e| e.active_on(today)).map(|e| master_record(w, e)).collect();
    Ok(ok_json(Value::Array(list)))
}

/// Every employee with a login account (former ones included).
pub fn all_employees(w: &mut World, call: &Call) -> Reply {
    let company = company_auth(w, call.param("api"))?;
    let list: Vec<Value> = w.employees_of(&company.id).filter(|e| e.login).map(|e| master_record(w, e)).collect();
    Ok(ok_json(Value::Array(list)))
}

/// `[{"Last, First": "Department"}]` for active employees.
pub fn employee_departments(w: &mut World, call: &Call) -> Reply {
    let company = company_auth(w, call.param("api"))?;
    let today = w.clock.today();
    let list: Vec<Value> = w
        .employees_of(&company.id)
        .filter(|e| e.active_on(today))
        .map(|e| {
            let mut m = serde_json::Map::new();
            m.insert(format!("{}, {}", e.last_name, e.given_name), Value::String(w.department_name(e)));
            Value::Object(m)
        })
        .collect();
    Ok(ok_json(Value::Array(list)))
}
