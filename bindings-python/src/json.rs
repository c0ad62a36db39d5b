//! JSON values as Python objects: the one conversion every other module may use (errors' JSON
//! form, sans-IO's canonical output, the JSON parts of results), depending on none of them.

use std::collections::HashMap;

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyList, PyString};
use serde_json::Value;

/// JSON value → Python object (dict, list, str, int, float, bool, None), without a JSON string.
/// Object keys are created once per call and shared (the same few dozen names repeat in every
/// element of a large list).
pub(crate) fn to_py<'py>(py: Python<'py>, v: &Value) -> PyResult<Bound<'py, PyAny>> {
    let mut keys = HashMap::new();
    to_py_with(py, v, &mut keys)
}

fn to_py_with<'py, 'v>(
    py: Python<'py>,
    v: &'v Value,
    keys: &mut HashMap<&'v str, Bound<'py, PyString>>,
) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        Value::Number(n) => match (n.as_i64(), n.as_u64()) {
            (Some(i), _) => i.into_pyobject(py)?.into_any(),
            (None, Some(u)) => u.into_pyobject(py)?.into_any(),
            _ => PyFloat::new(py, n.as_f64().unwrap_or(f64::NAN)).into_any(),
        },
        Value::String(s) => PyString::new(py, s).into_any(),
        Value::Array(a) => {
            let items = a.iter().map(|item| to_py_with(py, item, keys)).collect::<PyResult<Vec<_>>>()?;
            PyList::new(py, items)?.into_any()
        }
        Value::Object(o) => {
            let dict = PyDict::new(py);
            for (k, item) in o {
                let key = keys.entry(k.as_str()).or_insert_with(|| PyString::new(py, k)).clone();
                dict.set_item(key, to_py_with(py, item, keys)?)?;
            }
            dict.into_any()
        }
    })
}
