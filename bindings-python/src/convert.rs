//! Python values ↔ the core's values.
//!
//! - the core's dates and times as `datetime` objects (the `<Model>Data` getters);
//! - JSON values ↔ Python objects ([`to_py`], [`from_py`]): a call's parameters (then read by the
//!   core's own reader, `typed::params`, the same for the clients, sans-IO and every language),
//!   sans-IO's canonical output, vague containers, `extra`.

use pyo3::exceptions::PyOverflowError;
use pyo3::prelude::*;
use pyo3::types::{
    PyBool, PyDate, PyDateAccess, PyDateTime, PyDict, PyFloat, PyInt, PyList, PyString, PyTime, PyTimeAccess, PyTuple,
    PyTzInfo,
};
use pyo3::IntoPyObjectExt;
use serde_json::Value;
use zeitkonto_core::{Date, DateTime, TimeOfDay};

use crate::errors::invalid;
pub(crate) use crate::json::to_py;

/// Python object → JSON value (sans-IO's canonical params, a JSON parameter). Unsupported types
/// are an `InvalidInput` naming `field`; a whole number is an `int` or a `numbers.Integral`
/// (numpy's and pandas' integers; not numpy's `bool_`). A container that holds itself (as
/// `json.dumps` says, a circular reference) is refused naming the parameter; containers nested
/// deeper than the core reads (a list 10,000 deep) are cut there, so the core refuses them with
/// its one answer (`recursion limit exceeded`): this conversion never overflows the stack.
pub(crate) fn from_py(obj: &Bound<'_, PyAny>, field: &str) -> PyResult<Value> {
    value_of(obj, field, &mut Vec::new())
}

/// [`from_py`] at a depth: `path` holds the containers being converted above this value.
fn value_of(obj: &Bound<'_, PyAny>, field: &str, path: &mut Vec<usize>) -> PyResult<Value> {
    if obj.is_none() {
        return Ok(Value::Null);
    }
    if let Ok(b) = obj.cast::<PyBool>() {
        return Ok(Value::Bool(b.is_true()));
    }
    if obj.cast::<PyInt>().is_ok() || integral(obj)? {
        match obj.extract::<i64>() {
            Ok(n) => return Ok(Value::from(n)),
            Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => {
                return Err(invalid(field, "integer out of range"))
            }
            Err(_) => {} // an `__index__` that refuses: not a whole number
        }
    }
    if let Ok(f) = obj.cast::<PyFloat>() {
        let v = f.value();
        return serde_json::Number::from_f64(v)
            .map(Value::Number)
            .ok_or_else(|| invalid(field, format!("{v} is not a finite number")));
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(Value::String(unicode(s, field)?));
    }
    // A day and a clock time as the clients take them, in their canonical text: a `date` (a
    // `datetime`: its own calendar day, as the clients read it; given for a clock time:
    // `params_from_py`) as `YYYY-MM-DD`, a `time` as `hh:mm` (`hh:mm:ss` with seconds); the core
    // then checks them as any text.
    if let Ok(d) = obj.cast::<PyDate>() {
        return Ok(Value::String(day_of(d, field)?.to_string()));
    }
    if let Ok(t) = obj.cast::<PyTime>() {
        return Ok(Value::String(time_of(t, field)?.to_string()));
    }
    let container = obj.cast::<PyDict>().is_ok() || obj.cast::<PyList>().is_ok() || obj.cast::<PyTuple>().is_ok();
    if !container {
        return Err(invalid(field, format!("unsupported type {}", obj.get_type().name()?)));
    }
    if path.contains(&(obj.as_ptr() as usize)) {
        // The parameter as the caller named it (`extra`, `retry`), not the path into itself.
        let param = field.split('.').next().unwrap_or(field);
        return Err(invalid(param, "holds itself (a circular reference)"));
    }
    if path.len() > zeitkonto_core::ops::MAX_DEPTH {
        return Ok(Value::Null); // deeper than the core reads: it refuses the value at its limit
    }
    path.push(obj.as_ptr() as usize);
    let out = container_value(obj, field, path);
    path.pop();
    out
}

/// A dict, list or tuple (what [`value_of`] lets through) as JSON, [`value_of`] of each item.
fn container_value(obj: &Bound<'_, PyAny>, field: &str, path: &mut Vec<usize>) -> PyResult<Value> {
    if let Ok(d) = obj.cast::<PyDict>() {
        let mut map = serde_json::Map::new();
        for (k, v) in d.iter() {
            let key = unicode(k.cast::<PyString>().map_err(|_| invalid(field, "keys must be strings"))?, field)?;
            // A call's parameter by its own name; a value inside a group by its path (`retry.maxRetries`).
            let value = value_of(&v, &if field == "params" { key.clone() } else { format!("{field}.{key}") }, path)?;
            map.insert(key, value);
        }
        return Ok(Value::Object(map));
    }
    if let Ok(l) = obj.cast::<PyList>() {
        return l.iter().map(|v| value_of(&v, field, path)).collect::<PyResult<Vec<_>>>().map(Value::Array);
    }
    let t = obj.cast::<PyTuple>()?;
    t.iter().map(|v| value_of(&v, field, path)).collect::<PyResult<Vec<_>>>().map(Value::Array)
}

/// Whether `obj` is a `numbers.Integral` (numpy registers its integers there, not its `bool_`,
/// whose `__index__` gave 0 or 1 before numpy 2.3).
fn integral(obj: &Bound<'_, PyAny>) -> PyResult<bool> {
    if !obj.get_type().hasattr("__index__")? {
        return Ok(false);
    }
    obj.is_instance(&obj.py().import("numbers")?.getattr("Integral")?)
}

/// A call's parameters (a dict by canonical name) as their JSON form, as [`from_py`] reads them,
/// but a `datetime` given for one of `clock_times` (the declaration's clock times,
/// `typed::CLOCK_TIMES`) is its own time of day, as one given for a day is its date.
pub(crate) fn params_from_py(params: &Bound<'_, PyAny>, clock_times: &[&str]) -> PyResult<Value> {
    let mut value = from_py(params, "params")?;
    if let (Ok(d), Value::Object(map)) = (params.cast::<PyDict>(), &mut value) {
        for &name in clock_times {
            if let Some(item) = d.get_item(name)? {
                if let Ok(t) = item.cast::<PyDateTime>() {
                    map.insert(name.to_string(), Value::String(time_of(t, name)?.to_string()));
                }
            }
        }
    }
    Ok(value)
}

/// A day given as a `datetime.date` (a `datetime`: its own calendar day) or `YYYY-MM-DD` text.
pub(crate) fn day(v: &Bound<'_, PyAny>, field: &str) -> PyResult<Date> {
    match from_py(v, field)? {
        Value::String(text) => Date::parse_field(&text, field).map_err(|e| crate::errors::raise(&e)),
        _ => Err(invalid(field, "expected a datetime.date or 'YYYY-MM-DD'")),
    }
}

/// A `str` as Rust text: one with a lone surrogate (`"\ud800"`, which no UTF-8 can hold) is
/// `InvalidInputError` naming `field`, not Python's `UnicodeEncodeError`.
fn unicode(s: &Bound<'_, PyString>, field: &str) -> PyResult<String> {
    s.extract().map_err(|_| invalid(field, "is not Unicode text (it holds a lone surrogate)"))
}

/// A `datetime.date` as the core's day (a `datetime` is a `date` too: its own calendar day, in its
/// own time zone).
fn day_of(d: &Bound<'_, PyDate>, key: &str) -> PyResult<Date> {
    Date::new(d.get_year(), d.get_month(), d.get_day()).ok_or_else(|| invalid(key, "not a day"))
}

/// A `datetime.time` (or a `datetime`'s time of day) as the core's clock time: whole minutes
/// (seconds kept when not 0).
fn time_of(t: &impl PyTimeAccess, key: &str) -> PyResult<TimeOfDay> {
    if t.get_microsecond() != 0 {
        return Err(invalid(key, "the API takes whole minutes"));
    }
    let second = t.get_second();
    Ok(TimeOfDay { hour: t.get_hour(), minute: t.get_minute(), second: (second != 0).then_some(second) })
}

/// A day as `datetime.date`.
pub(crate) fn date_py(py: Python<'_>, d: Option<Date>) -> PyResult<Py<PyAny>> {
    match d {
        Some(d) => PyDate::new(py, d.year(), d.month().number(), d.day())?.into_py_any(py),
        None => Ok(py.None()),
    }
}

/// A wall-clock timestamp as a naive `datetime.datetime`.
pub(crate) fn datetime_py(py: Python<'_>, t: Option<DateTime>) -> PyResult<Py<PyAny>> {
    match t {
        Some(t) => PyDateTime::new(
            py,
            t.date.year(),
            t.date.month().number(),
            t.date.day(),
            t.hour,
            t.minute,
            t.second,
            0,
            None,
        )?
        .into_py_any(py),
        None => Ok(py.None()),
    }
}

/// A clock time as `datetime.time`.
pub(crate) fn time_py(py: Python<'_>, t: Option<TimeOfDay>) -> PyResult<Py<PyAny>> {
    match t {
        Some(t) => PyTime::new(py, t.hour, t.minute, t.second.unwrap_or(0), 0, None)?.into_py_any(py),
        None => Ok(py.None()),
    }
}

/// Epoch milliseconds as an aware `datetime` in UTC; `None` when absent or outside `datetime`'s
/// range (a degraded field, never an exception).
pub(crate) fn epoch_py(py: Python<'_>, ms: Option<i64>) -> PyResult<Py<PyAny>> {
    let Some(ms) = ms else { return Ok(py.None()) };
    let utc = PyTzInfo::utc(py)?;
    match PyDateTime::from_timestamp(py, ms as f64 / 1000.0, Some(&utc)) {
        Ok(t) => t.into_py_any(py),
        Err(_) => Ok(py.None()),
    }
}
