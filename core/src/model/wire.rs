//! Lenient wire types: how a field is read from the API's JSON before it becomes the model's type.
//!
//! The spec allows "integer or numeric string", sends "" for a missing date, counts some months
//! from 0, and may send decimals where it says number. Each wire type accepts those forms.
//!
//! **One odd value never fails a call.** Every wire type accepts *any* JSON value: a value that
//! does not fit the field's type *degrades* — the field is absent and the raw value is kept in
//! the model's `extra` map under the field's API name, where the caller can still reach it
//! ([`Got::Raw`]). A decode error is only for a body that is not the operation's shape at all
//! (not JSON, or not an object where the operation returns one).

//!
//! The scalar wire types (numbers, booleans, months, text, dates) are in `scalar.rs`; the lists,
//! maps and nested models in `shape.rs`.

use std::borrow::Cow;
use std::collections::BTreeMap;

use serde::de::MapAccess;
use serde::Deserialize;
use serde_json::Value;

pub use crate::text::Key;

mod scalar;
mod shape;

use scalar::capture_map;
pub use scalar::{EmptyOr, FlexBool, FlexInt, FlexNum, Scalar, Text, ZeroBasedMonth};
pub use shape::{ModelList, Nested, RawList, RawMap, TextList};

/// What a field's wire value turned out to be.
pub enum Got<T> {
    /// A value of the field's type.
    Val(T),
    /// `null` (or an empty string where the API uses one for "none"): the field is absent.
    Absent,
    /// A value that does not fit: the field is absent, the raw value goes to `extra`.
    Raw(Value),
    /// A list whose fitting elements are kept; the elements that did not fit go to `extra`.
    Partial(T, Value),
}

/// A wire type: deserializes from any JSON value and says what it got.
pub trait WireField {
    /// The model field's type.
    type Out;
    /// The value, or why there is none.
    fn got(self) -> Got<Self::Out>;
}

/// The wire type used for a field type when the model names none (`[via ...]`).
pub trait DefaultWire {
    /// The wire type.
    type W;
}

/// A model that reads itself from a JSON object (implemented by the `model!` macro).
pub trait FromMap: Sized {
    /// Reads the model from the entries of a JSON object.
    fn from_map<'de, A: MapAccess<'de>>(map: A) -> Result<Self, A::Error>;
}

/// A JSON object read as it is (keys sorted, a repeated key keeps its last value): the elements
/// of a list answer without a model of their own (`employee_departments`), read by
/// [`crate::parse::json_list`] like every other list.
impl FromMap for serde_json::Map<String, Value> {
    fn from_map<'de, A: MapAccess<'de>>(map: A) -> Result<Self, A::Error> {
        // Through `capture_map`, the reader raw objects already use (one copy in the .wasm).
        match capture_map(map)? {
            Value::Object(m) => Ok(m),
            _ => Ok(serde_json::Map::new()), // not reached: a map reads as an object
        }
    }
}

/// The next value of `map` as `W`. Never inlined: one copy per wire type and reader serves every
/// model's fields (inlined, each field of each model carried its own copy of the JSON reader).
#[inline(never)]
pub fn next_field<'de, A: MapAccess<'de>, W: Deserialize<'de>>(map: &mut A) -> Result<W, A::Error> {
    map.next_value()
}

/// The model field's value from what its wire type got; a misfit's raw value goes to `extra`
/// under the field's API name. A field the API sends twice takes its last value, as
/// `serde_json::Value` and JavaScript's `JSON.parse` read it (a later `null` clears it, a later
/// value drops an earlier misfit from `extra`); `misfit` says whether the record had one so far.
/// Never inlined: one copy per field type serves every model.
#[inline(never)]
pub(crate) fn settle<T>(
    got: Got<T>,
    key: Cow<'_, str>,
    extra: &mut crate::model::Extra,
    misfit: &mut bool,
) -> Option<T> {
    let (value, raw) = match got {
        Got::Val(x) => (Some(x), None),
        Got::Absent => (None, None),
        Got::Raw(raw) => (None, Some(raw)),
        Got::Partial(x, raw) => (Some(x), Some(raw)),
    };
    match raw {
        Some(raw) => {
            *misfit = true;
            keep_extra(extra, key, raw);
        }
        // Only a record that had a misfit can hold an earlier one under this name.
        None if *misfit => extra.forget(&key),
        None => {}
    }
    value
}

/// Puts an entry into a model's `extra` map while it is read (one copy for every model); the
/// model's reader calls `Extra::finish` at the end.
#[inline(never)]
pub(crate) fn keep_extra(extra: &mut crate::model::Extra, key: Cow<'_, str>, raw: Value) {
    extra.push(key.into_owned(), raw); // ordered (and a repeated name settled) by `Extra::finish`
}

impl WireField for Value {
    type Out = Value;
    fn got(self) -> Got<Value> {
        match self {
            Value::Null => Got::Absent,
            v => Got::Val(v),
        }
    }
}

impl DefaultWire for String {
    type W = Text;
}

impl DefaultWire for Value {
    type W = Value;
}

impl DefaultWire for Vec<Value> {
    type W = RawList;
}

impl DefaultWire for Vec<String> {
    type W = TextList;
}

impl DefaultWire for BTreeMap<String, Value> {
    type W = RawMap;
}
