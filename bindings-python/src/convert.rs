//! Python values ↔ the core's values.
//!
//! - [`Args`]: the parameters of a client call (a dict of Python values by canonical key, built
//!   by the generated `_operations.py`) read straight into the core's params structs (the
//!   generated `typed::params`): `str`, `int`, `float`, `bool`, `datetime.date`/`datetime`,
//!   `datetime.time`, lists, dicts. No JSON on the way; a value of the wrong type is the same
//!   `InvalidInput` naming the parameter as the core's own checks give.
//! - the core's dates and times as `datetime` objects (the `<Model>Data` getters);
//! - JSON values ↔ Python objects ([`to_py`], [`from_py`]) for the parts that are JSON: sans-IO's
//!   canonical params and output, vague containers, `extra`.

use pyo3::prelude::*;
use pyo3::types::{
    PyBool, PyDate, PyDateAccess, PyDateTime, PyDict, PyFloat, PyInt, PyList, PyString, PyTime, PyTimeAccess, PyTuple,
    PyTzInfo,
};
use pyo3::IntoPyObjectExt;
use serde_json::Value;
use zeitkonto_core::ops::ClockAction;
use zeitkonto_core::{validate, Date, DateTime, Month, TimeOfDay};

use crate::errors::invalid;
pub(crate) use crate::json::to_py;

/// Python object → JSON value (sans-IO's canonical params, a JSON parameter). Unsupported types
/// are an `InvalidInput` naming `field`.
pub(crate) fn from_py(obj: &Bound<'_, PyAny>, field: &str) -> PyResult<Value> {
    if obj.is_none() {
        return Ok(Value::Null);
    }
    if let Ok(b) = obj.cast::<PyBool>() {
        return Ok(Value::Bool(b.is_true()));
    }
    if let Ok(i) = obj.cast::<PyInt>() {
        return match i.extract::<i64>() {
            Ok(n) => Ok(Value::from(n)),
            Err(_) => Err(invalid(field, "integer out of range")),
        };
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
    // `datetime`: its own calendar day, as the clients read it) as `YYYY-MM-DD`, a `time` as
    // `hh:mm` (`hh:mm:ss` with seconds); the core then checks them as any text.
    if let Ok(d) = obj.cast::<PyDate>() {
        return Ok(Value::String(day_of(d, field)?.to_string()));
    }
    if let Ok(t) = obj.cast::<PyTime>() {
        return Ok(Value::String(time_of(t, field)?.to_string()));
    }
    if let Ok(d) = obj.cast::<PyDict>() {
        let mut map = serde_json::Map::new();
        for (k, v) in d.iter() {
            let key = unicode(k.cast::<PyString>().map_err(|_| invalid(field, "keys must be strings"))?, field)?;
            let value = from_py(&v, &key)?;
            map.insert(key, value);
        }
        return Ok(Value::Object(map));
    }
    if let Ok(l) = obj.cast::<PyList>() {
        return l.iter().map(|v| from_py(&v, field)).collect::<PyResult<Vec<_>>>().map(Value::Array);
    }
    if let Ok(t) = obj.cast::<PyTuple>() {
        return t.iter().map(|v| from_py(&v, field)).collect::<PyResult<Vec<_>>>().map(Value::Array);
    }
    Err(invalid(field, format!("unsupported type {}", obj.get_type().name()?)))
}

/// The parameters of one client call: a dict of Python values by canonical key (`None` entries
/// left out by the caller), each read into the core's type for the declared parameter.
pub(crate) struct Args<'a, 'py>(pub(crate) &'a Bound<'py, PyDict>);

fn wrong(key: &str, what: &str, got: &Bound<'_, PyAny>) -> PyErr {
    let name = got.get_type().name().map(|n| n.to_string()).unwrap_or_else(|_| "?".into());
    invalid(key, format!("expected {what}, got {name}"))
}

impl<'py> Args<'_, 'py> {
    /// The value of `key`, `None` when absent or `None`.
    fn get(&self, key: &str) -> PyResult<Option<Bound<'py, PyAny>>> {
        Ok(self.0.get_item(key)?.filter(|v| !v.is_none()))
    }

    fn required(&self, key: &str) -> PyResult<Bound<'py, PyAny>> {
        self.get(key)?.ok_or_else(|| invalid(key, "missing"))
    }

    fn opt<T>(&self, key: &str, read: impl Fn(&Bound<'py, PyAny>, &str) -> PyResult<T>) -> PyResult<Option<T>> {
        self.get(key)?.map(|v| read(&v, key)).transpose()
    }

    /// A required `str`.
    pub(crate) fn text(&self, key: &str) -> PyResult<String> {
        text(&self.required(key)?, key)
    }

    /// An optional `str`.
    pub(crate) fn opt_text(&self, key: &str) -> PyResult<Option<String>> {
        self.opt(key, text)
    }

    /// A required `int` that fits 32 bits (a year).
    pub(crate) fn int32(&self, key: &str) -> PyResult<i32> {
        int32(&self.required(key)?, key)
    }

    /// An optional `int` that fits 32 bits.
    pub(crate) fn opt_int32(&self, key: &str) -> PyResult<Option<i32>> {
        self.opt(key, int32)
    }

    /// A required `int`, not negative (a week, a count).
    pub(crate) fn uint32(&self, key: &str) -> PyResult<u32> {
        uint32(&self.required(key)?, key)
    }

    /// An optional `int`, not negative.
    pub(crate) fn opt_uint32(&self, key: &str) -> PyResult<Option<u32>> {
        self.opt(key, uint32)
    }

    /// A required number (`int` or `float`).
    pub(crate) fn number(&self, key: &str) -> PyResult<f64> {
        let v = self.required(key)?;
        if v.cast::<PyBool>().is_err() {
            if let Ok(f) = v.cast::<PyFloat>() {
                return Ok(f.value());
            }
            if let Ok(i) = v.cast::<PyInt>() {
                return i.extract::<f64>();
            }
        }
        Err(wrong(key, "a number", &v))
    }

    /// A `bool` (absent: `false`).
    pub(crate) fn flag(&self, key: &str) -> PyResult<bool> {
        match self.get(key)? {
            None => Ok(false),
            Some(v) => v.cast::<PyBool>().map(|b| b.is_true()).map_err(|_| wrong(key, "a bool", &v)),
        }
    }

    /// A required calendar month, 1-12.
    pub(crate) fn month(&self, key: &str) -> PyResult<Month> {
        month(&self.required(key)?, key)
    }

    /// An optional calendar month.
    pub(crate) fn opt_month(&self, key: &str) -> PyResult<Option<Month>> {
        self.opt(key, month)
    }

    /// A required `datetime.date` (a `datetime` is its own date) or `YYYY-MM-DD` text.
    pub(crate) fn date(&self, key: &str) -> PyResult<Date> {
        date(&self.required(key)?, key)
    }

    /// An optional date.
    pub(crate) fn opt_date(&self, key: &str) -> PyResult<Option<Date>> {
        self.opt(key, date)
    }

    /// A required `datetime.time` or `hh:mm` text.
    pub(crate) fn time_of_day(&self, key: &str) -> PyResult<TimeOfDay> {
        let v = self.required(key)?;
        if let Ok(t) = v.cast::<PyTime>() {
            return time_of(t, key);
        }
        let text = unicode(v.cast::<PyString>().map_err(|_| wrong(key, "a datetime.time or 'hh:mm'", &v))?, key)?;
        TimeOfDay::parse_field(&text, key).map_err(|e| crate::errors::raise(&e))
    }

    /// A required clock action: `"come"`, `"go"` or `"stop"`.
    pub(crate) fn clock_action(&self, key: &str) -> PyResult<ClockAction> {
        let v = self.required(key)?;
        ClockAction::parse_field(&text(&v, key)?, key).map_err(|e| crate::errors::raise(&e))
    }

    /// A list of `str` (absent: empty; one `str` is one text, not its characters).
    pub(crate) fn texts(&self, key: &str) -> PyResult<Vec<String>> {
        let Some(v) = self.get(key)? else { return Ok(Vec::new()) };
        if v.cast::<PyString>().is_ok() {
            return Ok(vec![text(&v, key)?]);
        }
        v.try_iter().map_err(|_| wrong(key, "a list of str", &v))?.map(|item| text(&item?, key)).collect()
    }

    /// An optional JSON object (a `dict` of JSON values by name).
    pub(crate) fn opt_json_object(&self, key: &str) -> PyResult<Option<Value>> {
        self.opt(key, from_py)
    }
}

fn text(v: &Bound<'_, PyAny>, key: &str) -> PyResult<String> {
    unicode(v.cast::<PyString>().map_err(|_| wrong(key, "a str", v))?, key)
}

/// A `str` as Rust text: one with a lone surrogate (`"\ud800"`, which no UTF-8 can hold) is
/// `InvalidInputError` naming `field`, not Python's `UnicodeEncodeError`.
fn unicode(s: &Bound<'_, PyString>, field: &str) -> PyResult<String> {
    s.extract().map_err(|_| invalid(field, "is not Unicode text (it holds a lone surrogate)"))
}

fn int(v: &Bound<'_, PyAny>, key: &str) -> PyResult<i64> {
    if v.cast::<PyBool>().is_ok() {
        return Err(wrong(key, "an int", v));
    }
    let i = v.cast::<PyInt>().map_err(|_| wrong(key, "an int", v))?;
    i.extract::<i64>().map_err(|_| invalid(key, "integer out of range"))
}

fn int32(v: &Bound<'_, PyAny>, key: &str) -> PyResult<i32> {
    validate::i32_field(key, int(v, key)?).map_err(|e| crate::errors::raise(&e))
}

fn uint32(v: &Bound<'_, PyAny>, key: &str) -> PyResult<u32> {
    validate::u32_field(key, int(v, key)?).map_err(|e| crate::errors::raise(&e))
}

fn month(v: &Bound<'_, PyAny>, key: &str) -> PyResult<Month> {
    let n = int(v, key)?;
    Month::try_from_number(n, key).map_err(|e| crate::errors::raise(&e))
}

fn date(v: &Bound<'_, PyAny>, key: &str) -> PyResult<Date> {
    if let Ok(d) = v.cast::<PyDate>() {
        return day_of(d, key);
    }
    let s = unicode(v.cast::<PyString>().map_err(|_| wrong(key, "a datetime.date or 'YYYY-MM-DD'", v))?, key)?;
    Date::parse_field(&s, key).map_err(|e| crate::errors::raise(&e))
}

/// A `datetime.date` as the core's day (a `datetime` is a `date` too: its own calendar day, in its
/// own time zone).
fn day_of(d: &Bound<'_, PyDate>, key: &str) -> PyResult<Date> {
    Date::new(d.get_year(), d.get_month(), d.get_day()).ok_or_else(|| invalid(key, "not a day"))
}

/// A `datetime.time` as the core's clock time: whole minutes (seconds kept when not 0).
fn time_of(t: &Bound<'_, PyTime>, key: &str) -> PyResult<TimeOfDay> {
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
