//! Helpers of the generated `typed.rs`: collections of `<Model>Data` objects and JSON values as
//! Python objects.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use pyo3::PyClass;
use serde_json::Value;

/// A Python list of `<Model>Data` objects.
pub(crate) fn list_of<T: PyClass + Into<pyo3::PyClassInitializer<T>>>(
    py: Python<'_>,
    items: impl Iterator<Item = T>,
) -> PyResult<Py<PyAny>> {
    let objects = items.map(|x| Py::new(py, x)).collect::<PyResult<Vec<_>>>()?;
    Ok(PyList::new(py, objects)?.into_any().unbind())
}

/// A Python dict of `<Model>Data` objects by key.
pub(crate) fn map_of<T: PyClass + Into<pyo3::PyClassInitializer<T>>>(
    py: Python<'_>,
    items: impl Iterator<Item = (String, T)>,
) -> PyResult<Py<PyAny>> {
    let dict = PyDict::new(py);
    for (k, v) in items {
        dict.set_item(k, Py::new(py, v)?)?;
    }
    Ok(dict.into_any().unbind())
}

/// An optional JSON value as plain Python objects (`None` when absent).
pub(crate) fn opt_value(py: Python<'_>, v: Option<&Value>) -> PyResult<Py<PyAny>> {
    match v {
        Some(v) => Ok(crate::convert::to_py(py, v)?.unbind()),
        None => Ok(py.None()),
    }
}

/// A list of JSON values as a Python list.
pub(crate) fn values(py: Python<'_>, items: &[Value]) -> PyResult<Py<PyAny>> {
    let objects = items.iter().map(|v| crate::convert::to_py(py, v)).collect::<PyResult<Vec<_>>>()?;
    Ok(PyList::new(py, objects)?.into_any().unbind())
}

/// JSON values by key as a Python dict.
pub(crate) fn value_map<'a, K: AsRef<str>>(
    py: Python<'_>,
    items: impl Iterator<Item = (K, &'a Value)>,
) -> PyResult<Py<PyAny>> {
    let dict = PyDict::new(py);
    for (k, v) in items {
        dict.set_item(k.as_ref(), crate::convert::to_py(py, v)?)?;
    }
    Ok(dict.into_any().unbind())
}

/// A value's canonical JSON form (its `Serialize`) as plain Python objects: a model's `to_dict()`
/// and pickling, a driver event, a span's description.
pub(crate) fn canonical<T: serde::Serialize>(py: Python<'_>, v: &T) -> PyResult<Py<PyAny>> {
    let value = serde_json::to_value(v).map_err(|e| crate::errors::internal(&format!("could not serialize: {e}")))?;
    Ok(crate::convert::to_py(py, &value)?.unbind())
}
