//! Errors as Python sees them: every failure is `CoreError(dict)`, the dict the error's JSON form
//! (`{"kind": ..., "message": ..., ...}`); `zeitkonto/errors.py` maps its `kind` to the exception
//! classes. A panic becomes `CoreError` too: none crosses into Python.

use std::collections::HashMap;
use std::panic::AssertUnwindSafe;

use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use serde_json::{json, Value};
use zeitkonto::{Error, OperationId};
use zeitkonto_core::RouteTable;

use crate::json::to_py;

create_exception!(_core, CoreError, PyException, "A Zeitkonto error; args[0] is its JSON form as a dict.");

pub(crate) fn error_value(e: &Error) -> Value {
    serde_json::to_value(e).unwrap_or_else(|_| json!({"kind": "Decode", "message": "unprintable error"}))
}

/// `e` with its field, message and reason redacted by `ctx` when it is a `CoreError`: a value
/// refused as it was converted (a key of `extra`, which may be a key passed in the wrong place).
pub(crate) fn redacted(py: Python<'_>, e: PyErr, ctx: &zeitkonto_core::Context) -> PyErr {
    if e.is_instance_of::<CoreError>(py) {
        if let Ok(dict) = e.value(py).getattr("args").and_then(|a| a.get_item(0)) {
            for key in ["field", "message", "reason"] {
                if let Ok(text) = dict.get_item(key).and_then(|v| v.extract::<String>()) {
                    let _ = dict.set_item(key, ctx.redact(&text));
                }
            }
        }
    }
    e
}

/// `CoreError(dict)`; the dict is the error's JSON form.
pub(crate) fn raise_value(v: Value) -> PyErr {
    Python::attach(|py| match to_py(py, &v) {
        Ok(obj) => CoreError::new_err(obj.unbind()),
        Err(e) => e,
    })
}

pub(crate) fn raise(e: &Error) -> PyErr {
    raise_value(error_value(e))
}

pub(crate) fn internal_value(what: &str) -> Value {
    json!({"kind": "Internal", "message": format!("internal error in Zeitkonto: {what}")})
}

pub(crate) fn internal(what: &str) -> PyErr {
    raise_value(internal_value(what))
}

pub(crate) fn invalid(field: &str, reason: impl Into<String>) -> PyErr {
    raise(&Error::InvalidInput { field: field.to_string(), reason: reason.into() })
}

pub(crate) fn operation(name: &str) -> PyResult<OperationId> {
    OperationId::by_name(name).map_err(|e| raise(&e))
}

/// Runs `f`, turning a panic into `CoreError`.
pub(crate) fn guarded<T>(f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    std::panic::catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|_| Err(internal("panic")))
}

/// Route overrides by operation name as the core's table.
pub(crate) fn routes_from(routes: Option<HashMap<String, String>>) -> Result<RouteTable, Error> {
    RouteTable::from_overrides(routes.unwrap_or_default())
}
