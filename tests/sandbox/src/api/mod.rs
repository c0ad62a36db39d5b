//! The API operations as the sandbox answers them, with the spec's auth modes and error codes.
//!
//! Handlers return `Result<Response, Response>`: the `Err` side is the early error reply (403 with a
//! code), so its size is the size of a response by design.
#![allow(clippy::result_large_err)]

use std::collections::HashMap;

use serde_json::{json, Value};
use zeitkonto_core::{Date, OperationId};

use crate::engine::Response;
use crate::seed::{Company, Employee, Modules};
use crate::state::World;

// The operation → handler match, generated from the handlers' names (scripts/codegen).
#[path = "../generated/api.rs"]
mod generated;
mod leave;
mod people;
mod projects;
mod shifts;
mod time;

/// One API request as the router hands it over.
#[derive(Debug)]
pub struct Call {
    /// Which operation the route belongs to.
    pub op: OperationId,
    /// Path parameters, percent-decoded.
    pub path: HashMap<String, String>,
    /// Query parameters.
    pub query: HashMap<String, String>,
    /// The JSON body (`{}` when empty); `None` when it is not JSON.
    pub body: Option<Value>,
}

impl Call {
    /// A path parameter (empty when absent, e.g. under a route override that dropped it).
    pub fn param(&self, name: &str) -> &str {
        self.path.get(name).map(String::as_str).unwrap_or("")
    }

    /// A string field of the body.
    pub fn str(&self, name: &str) -> Option<&str> {
        self.body.as_ref().and_then(|b| b.get(name)).and_then(Value::as_str)
    }

    /// Whether the body is a JSON object (an empty body counts as `{}`); not JSON, or JSON of
    /// another kind (array, string, number), is not a usable body.
    pub fn body_is_object(&self) -> bool {
        self.body.as_ref().is_some_and(Value::is_object)
    }

    /// A body field as given.
    pub fn field(&self, name: &str) -> Option<&Value> {
        self.body.as_ref().and_then(|b| b.get(name)).filter(|v| !v.is_null())
    }

    /// The key the rate limit counts against.
    pub fn limit_key(&self) -> String {
        for p in ["api", "workspaceApi"] {
            if let Some(k) = self.path.get(p) {
                return k.clone();
            }
        }
        for f in ["api-key", "workspace"] {
            if let Some(k) = self.str(f) {
                return k.to_string();
            }
        }
        "anonymous".to_string()
    }
}

/// HTTP 403 `text/plain` with a code of the error table.
pub fn code(n: i64) -> Response {
    Response::new(403, "text/plain", n.to_string())
}

/// HTTP 403 `text/plain` with an empty body.
pub fn forbidden() -> Response {
    Response::new(403, "text/plain", "")
}

/// A JSON 200.
pub fn ok_json(v: Value) -> Response {
    Response::new(200, "application/json", v.to_string())
}

/// A JSON 200 whose body is already JSON text.
pub fn ok_json_text(text: String) -> Response {
    Response::new(200, "application/json", text)
}

/// `{"code": 0, "time": now, ...fields}`.
pub fn envelope(w: &World, fields: Value) -> Response {
    let mut v = json!({ "code": 0, "time": w.clock.now_ms() });
    if let (Some(o), Value::Object(f)) = (v.as_object_mut(), fields) {
        o.extend(f);
    }
    ok_json(v)
}

/// Who a path key belongs to.
#[derive(Clone, Copy)]
pub enum Caller<'a> {
    /// A company key.
    Company(&'a Company),
    /// An employee key.
    Employee(&'a Company, &'a Employee),
}

impl<'a> Caller<'a> {
    /// The caller's company.
    pub fn company(&self) -> &'a Company {
        match self {
            Caller::Company(c) | Caller::Employee(c, _) => c,
        }
    }

    /// Whether details of `e` may be shown: company key, the employee, or their supervisor.
    pub fn may_see(&self, e: &Employee) -> bool {
        match self {
            Caller::Company(_) => true,
            Caller::Employee(_, me) => me.uuid == e.uuid || e.supervisor.as_deref() == Some(me.uuid.as_str()),
        }
    }
}

/// Resolves `{api}`: a company key or an employee key. Unknown → 403 3; inactive company → 403 2.
pub fn path_auth<'a>(w: &'a World, key: &str) -> Result<Caller<'a>, Response> {
    if let Some(c) = w.company_by_key(key) {
        return if c.active { Ok(Caller::Company(c)) } else { Err(code(2)) };
    }
    if let Some(e) = w.employee_by_key(key) {
        let c = w.company(&e.company).ok_or_else(|| code(3))?;
        return if c.active { Ok(Caller::Employee(c, e)) } else { Err(code(2)) };
    }
    Err(code(3))
}

/// A company key only: an employee key is refused with an empty 403.
pub fn company_auth<'a>(w: &'a World, key: &str) -> Result<&'a Company, Response> {
    match path_auth(w, key)? {
        Caller::Company(c) => Ok(c),
        Caller::Employee(..) => Err(forbidden()),
    }
}

/// The module check: 403 8 when missing.
pub fn module(c: &Company, has: fn(&Modules) -> bool) -> Result<(), Response> {
    if has(&c.modules) {
        Ok(())
    } else {
        Err(code(8))
    }
}

/// The body-key mode (leave types, projects): `api-key` + `email`. Bad key → 403 3, inactive → 2,
/// e-mail not an employee of the company → 403 1.
pub fn body_auth<'a>(w: &'a World, call: &Call) -> Result<(&'a Company, &'a Employee), Response> {
    let key = call.str("api-key").ok_or_else(|| code(3))?;
    let company = w.company_by_key(key).ok_or_else(|| code(3))?;
    if !company.active {
        return Err(code(2));
    }
    let email = call.str("email").unwrap_or_default();
    let employee = w.employees_of(&company.id).find(|e| e.email.eq_ignore_ascii_case(email)).ok_or_else(|| code(1))?;
    Ok((company, employee))
}

/// A `YYYY-MM-DD` field; malformed → 403 4.
pub fn date_field(call: &Call, name: &str, default: Date) -> Result<Date, Response> {
    match call.field(name) {
        None => Ok(default),
        Some(Value::String(s)) => s.parse().map_err(|_| code(4)),
        Some(_) => Err(code(4)),
    }
}

/// An integer path parameter; malformed → 403 4.
pub fn int_param(call: &Call, name: &str) -> Result<i64, Response> {
    call.param(name).parse().map_err(|_| code(4))
}

/// An integer body field given as a number or numeric string; malformed → 403 4.
pub fn int_field(call: &Call, name: &str) -> Result<Option<i64>, Response> {
    match call.field(name) {
        None => Ok(None),
        Some(Value::Number(n)) => n.as_i64().map(Some).ok_or_else(|| code(4)),
        Some(Value::String(s)) => s.trim().parse().map(Some).map_err(|_| code(4)),
        Some(_) => Err(code(4)),
    }
}

/// A 0-based month path parameter 0..=11 as a calendar month 1..=12; otherwise 403 4.
pub fn month0_param(call: &Call) -> Result<u8, Response> {
    let m = int_param(call, "month")?;
    if (0..=11).contains(&m) {
        Ok(m as u8 + 1)
    } else {
        Err(code(4))
    }
}

/// Runs the handler of `call.op`.
pub fn handle(w: &mut World, call: &Call) -> Response {
    if call.body.is_none() && !generated::answers_every_failure(call.op) {
        // Not JSON: the value could not be resolved. (Clock and extra leave answer every failure
        // with the JSON `false`, a body that is not JSON included: their handlers refuse it.)
        return code(4);
    }
    generated::route(w, call).unwrap_or_else(|reply| reply)
}
