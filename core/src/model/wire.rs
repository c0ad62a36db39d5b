//! Lenient wire types: how a field is read from the API's JSON before it becomes the model's type.
//!
//! The spec allows "integer or numeric string", sends "" for a missing date, counts some months
//! from 0, and may send decimals where it says number. Each wire type accepts those forms.
//!
//! **One odd value never fails a call**, lists aside. Every wire type but the lists accepts *any*
//! JSON value: a value that does not fit the field's type *degrades* — the field is absent and
//! the raw value is kept in the model's `extra` map under the field's API name, where the caller
//! can still reach it ([`Got::Raw`]). A decode error is only for a body that is not the
//! operation's shape at all (not JSON, not an object where the operation returns one, or a
//! top-level object with none of the fields of the operation's answer: `{}`, a proxy's own JSON;
//! see [`crate::parse::answer`]), and for a list field sent as something else than an array
//! (`NOT_A_LIST`: an empty list would read as "none found").

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt;
use std::marker::PhantomData;
use std::str::FromStr;

use serde::de::value::{MapAccessDeserializer, SeqAccessDeserializer};
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use serde_json::Value;

use crate::date::Month;
pub use crate::text::Key;

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
    extra.saw_known_field();
    let (value, raw) = match got {
        Got::Val(x) => (Some(x), None),
        Got::Absent => (None, None),
        Got::Raw(raw) => (None, Some(raw)),
        Got::Partial(x, raw) => (Some(x), Some(raw)),
    };
    if let Some(raw) = raw {
        *misfit = true;
        keep_extra(extra, key, raw);
    } else if *misfit {
        extra.forget(&key); // only a record that had a misfit can hold an earlier one under this name
    }
    value
}

/// Puts an entry into a model's `extra` map while it is read (one copy for every model); the
/// model's reader calls `Extra::finish` at the end.
#[inline(never)]
pub(crate) fn keep_extra(extra: &mut crate::model::Extra, key: Cow<'_, str>, raw: Value) {
    extra.push(key.into_owned(), raw); // ordered (and a repeated name settled) by `Extra::finish`
}

/// Any JSON value: scalars as they are (strings borrowed when possible), arrays and objects
/// captured as raw [`Value`]s. One visitor serves every scalar wire type.
pub enum Scalar<'de> {
    /// `null`.
    Null,
    /// `true` / `false`.
    Bool(bool),
    /// A negative (or any signed) integer.
    Int(i64),
    /// A non-negative integer.
    UInt(u64),
    /// A number with a fraction or exponent.
    Float(f64),
    /// A string.
    Str(Cow<'de, str>),
    /// An array or an object.
    Raw(Value),
}

impl Scalar<'_> {
    /// The value as JSON (for `extra`).
    pub fn into_value(self) -> Value {
        match self {
            Scalar::Null => Value::Null,
            Scalar::Bool(b) => Value::Bool(b),
            Scalar::Int(i) => Value::from(i),
            Scalar::UInt(u) => Value::from(u),
            Scalar::Float(f) => serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number),
            Scalar::Str(s) => Value::String(s.into_owned()),
            Scalar::Raw(v) => v,
        }
    }

    /// An integer, whatever its JSON form (whole number, whole float, numeric string).
    fn as_i64(&self) -> Option<i64> {
        match self {
            Scalar::Int(i) => Some(*i),
            Scalar::UInt(u) => i64::try_from(*u).ok(),
            Scalar::Float(f) => (f.fract() == 0.0 && f.abs() < 9.0e15).then_some(*f as i64),
            Scalar::Str(s) => trim(s).parse().ok(),
            Scalar::Bool(b) => Some(i64::from(*b)),
            _ => None,
        }
    }

    fn is_blank(&self) -> bool {
        match self {
            Scalar::Null => true,
            Scalar::Str(s) => trim(s).is_empty(),
            _ => false,
        }
    }
}

/// `s.trim()`, without its char-by-char walk when both ends are visible ASCII (most values: a
/// date, a number, a name), where it would trim nothing.
fn trim(s: &str) -> &str {
    match (s.as_bytes().first(), s.as_bytes().last()) {
        (Some(a), Some(z)) if a.is_ascii_graphic() && z.is_ascii_graphic() => s,
        _ => s.trim(),
    }
}

/// Captures the rest of an array as a raw value.
fn capture_seq<'de, A: SeqAccess<'de>>(seq: A) -> Result<Value, A::Error> {
    Value::deserialize(SeqAccessDeserializer::new(seq))
}

/// Captures the rest of an object as a raw value.
fn capture_map<'de, A: MapAccess<'de>>(map: A) -> Result<Value, A::Error> {
    Value::deserialize(MapAccessDeserializer::new(map))
}

impl<'de> Deserialize<'de> for Scalar<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Scalar<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("any JSON value")
            }
            fn visit_unit<E: de::Error>(self) -> Result<Scalar<'de>, E> {
                Ok(Scalar::Null)
            }
            fn visit_none<E: de::Error>(self) -> Result<Scalar<'de>, E> {
                Ok(Scalar::Null)
            }
            fn visit_some<D2: Deserializer<'de>>(self, d: D2) -> Result<Scalar<'de>, D2::Error> {
                Scalar::deserialize(d)
            }
            fn visit_bool<E: de::Error>(self, v: bool) -> Result<Scalar<'de>, E> {
                Ok(Scalar::Bool(v))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Scalar<'de>, E> {
                Ok(Scalar::Int(v))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Scalar<'de>, E> {
                Ok(Scalar::UInt(v))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Scalar<'de>, E> {
                Ok(Scalar::Float(v))
            }
            fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Scalar<'de>, E> {
                Ok(Scalar::Str(Cow::Borrowed(v)))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Scalar<'de>, E> {
                Ok(Scalar::Str(Cow::Owned(v.to_string())))
            }
            fn visit_string<E: de::Error>(self, v: String) -> Result<Scalar<'de>, E> {
                Ok(Scalar::Str(Cow::Owned(v)))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Scalar<'de>, A::Error> {
                capture_seq(seq).map(Scalar::Raw)
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Scalar<'de>, A::Error> {
                capture_map(map).map(Scalar::Raw)
            }
        }
        d.deserialize_any(V)
    }
}

/// Declares a scalar wire type: any JSON value, converted by a plain function.
macro_rules! scalar_wire {
    ($(#[$meta:meta])* $name:ident => $out:ty, $convert:expr) => {
        $(#[$meta])*
        pub struct $name(pub Got<$out>);

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let f: fn(Scalar<'_>) -> Got<$out> = $convert;
                Scalar::deserialize(d).map(|s| $name(f(s)))
            }
        }

        impl WireField for $name {
            type Out = $out;
            fn got(self) -> Got<$out> {
                self.0
            }
        }
    };
}

/// The common shape of a scalar conversion: blank → absent, fitting → value, else raw.
fn convert<T>(s: Scalar<'_>, fit: impl FnOnce(&Scalar<'_>) -> Option<T>) -> Got<T> {
    if s.is_blank() {
        return Got::Absent;
    }
    match fit(&s) {
        Some(v) => Got::Val(v),
        None => Got::Raw(s.into_value()),
    }
}

scalar_wire!(
    /// An integer that may arrive as a JSON number (whole), a numeric string, or a boolean
    /// (`true` = 1, as for the `onWork` flag).
    FlexInt => i64, |s| convert(s, |s| s.as_i64())
);

scalar_wire!(
    /// The API's `code`: an integer as [`FlexInt`] reads one, but not a boolean (`{"code": false}`
    /// is no code 0, which would be a success; `true` no code 1): one degrades, as any odd value.
    Code => i64, |s| convert(s, |s| if matches!(s, Scalar::Bool(_)) { None } else { s.as_i64() })
);

scalar_wire!(
    /// A number (possibly decimal) that may arrive as a JSON number or a numeric string.
    FlexNum => f64, |s| convert(s, |s| match s {
        Scalar::Int(i) => Some(*i as f64),
        Scalar::UInt(u) => Some(*u as f64),
        Scalar::Float(f) => Some(*f),
        // A whole number with leading zeros (`007`: JSON writes 7, the body's reader quoted it)
        // as its integer reader reads it.
        Scalar::Str(t) => number(trim(t).as_bytes()).or_else(|| trim(t).parse::<i64>().ok().map(|i| i as f64)),
        _ => None,
    })
);

/// A JSON number's text as a double, through serde_json's parser (no second float parser in the
/// build); `None` when it is not one or beyond a double's range. Never inlined: one copy serves
/// the wire types and the body's reader ([`crate::parse`]).
#[inline(never)]
pub(crate) fn number(text: &[u8]) -> Option<f64> {
    serde_json::from_slice::<f64>(text).ok().filter(|f| f.is_finite())
}

scalar_wire!(
    /// A month as the API echoes it. The spec only says "the requested month": 0..=11 is read
    /// 0-based (as the request was sent), 12 as December (a 1-based echo); anything else degrades.
    /// Operations that know the requested month read the echo against it (see
    /// [`crate::Response::for_request`]).
    ZeroBasedMonth => Month, |s| convert(s, |s| s.as_i64().and_then(|n| {
        if n == 12 { Some(Month::December) } else { Month::from_zero_based(n) }
    }))
);

scalar_wire!(
    /// A boolean that may also arrive as 0/1 or `"true"`/`"false"`.
    FlexBool => bool, |s| convert(s, |s| match s {
        Scalar::Bool(b) => Some(*b),
        Scalar::Str(t) => match trim(t) {
            "true" | "1" => Some(true),
            "false" | "0" => Some(false),
            _ => None,
        },
        other @ (Scalar::Int(_) | Scalar::UInt(_) | Scalar::Float(_)) => match other.as_i64() {
            Some(0) => Some(false),
            Some(1) => Some(true),
            _ => None,
        },
        _ => None,
    })
);

/// A string field. An integer is taken as its decimal text (an id sent as a number); `null` is
/// absent; anything else degrades.
pub struct Text(pub Got<String>);

impl<'de> Deserialize<'de> for Text {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Scalar::deserialize(d).map(|s| {
            Text(match s {
                Scalar::Null => Got::Absent,
                Scalar::Str(t) => Got::Val(t.into_owned()),
                Scalar::Int(i) => Got::Val(i.to_string()),
                Scalar::UInt(u) => Got::Val(u.to_string()),
                other => Got::Raw(other.into_value()),
            })
        })
    }
}

/// A string-typed value (a date, a timestamp) where an empty string means "none". A string that
/// does not parse (`"0000-00-00"`) degrades.
pub struct EmptyOr<T>(pub Got<T>);

impl<'de, T: FromStr> Deserialize<'de> for EmptyOr<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Scalar::deserialize(d).map(|s| {
            EmptyOr(convert(s, |s| match s {
                Scalar::Str(t) => trim(t).parse().ok(),
                _ => None,
            }))
        })
    }
}

impl<T> WireField for EmptyOr<T> {
    type Out = T;
    fn got(self) -> Got<T> {
        self.0
    }
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

/// The wire types whose one field is what they got.
macro_rules! wire_field {
    ($($w:ty => $out:ty),*) => { $(impl WireField for $w { type Out = $out; fn got(self) -> Got<$out> { self.0 } })* };
}
wire_field!(Text => String, RawList => Vec<Value>, TextList => Vec<String>, RawMap => BTreeMap<String, Value>);

/// The default wire type of each field type whose wire type is not its own model's.
macro_rules! default_wire {
    ($($ty:ty => $w:ty),*) => { $(impl DefaultWire for $ty { type W = $w; })* };
}
default_wire!(String => Text, Value => Value, Vec<Value> => RawList, Vec<String> => TextList,
    BTreeMap<String, Value> => RawMap);

/// Why a list sent as something else than an array (`"none"`, `{"a": 1}`) fails the whole answer
/// (wherever the list stands, in a nested record too) instead of degrading: it would read as an
/// empty list, "none found" (a presence board of 0 rows), a false success. `null` and `{}` are an
/// empty list; an element a list cannot hold is left out.
const NOT_A_LIST: &str = "expected a JSON array";

/// An array kept raw. `{}` stands for an empty array (the vendor's own example sends it); any
/// other value but `null` is an error (`NOT_A_LIST`).
pub struct RawList(pub Got<Vec<Value>>);

impl<'de> Deserialize<'de> for RawList {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(RawList(match Scalar::deserialize(d)? {
            Scalar::Null => Got::Absent,
            Scalar::Raw(Value::Array(a)) => Got::Val(a),
            Scalar::Raw(Value::Object(m)) if m.is_empty() => Got::Val(Vec::new()),
            _ => return Err(serde::de::Error::custom(NOT_A_LIST)),
        }))
    }
}

/// An array of strings (integers taken as their text; any other element left out, the array as
/// sent kept in `extra`). `{}` stands for an empty array.
pub struct TextList(pub Got<Vec<String>>);

impl<'de> Deserialize<'de> for TextList {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let list = RawList::deserialize(d)?;
        Ok(TextList(match list.0 {
            Got::Val(items) => {
                let texts: Vec<String> = items
                    .iter()
                    .filter_map(|v| match v {
                        Value::String(s) => Some(s.clone()),
                        Value::Number(n) if !n.is_f64() => Some(n.to_string()),
                        _ => None,
                    })
                    .collect();
                // An element that is no text (`null`) leaves the others: the list as sent goes to
                // `extra`, never an empty list that reads as "none found" (a list of elements of
                // which none is a text is no answer at all).
                if texts.is_empty() && !items.is_empty() {
                    return Err(serde::de::Error::custom("no text in a list of texts"));
                }
                if texts.len() == items.len() {
                    Got::Val(texts)
                } else {
                    Got::Partial(texts, Value::Array(items))
                }
            }
            _ => Got::Absent, // `null` (RawList has no other)
        }))
    }
}

/// An object kept raw. `[]` stands for an empty object (PHP encodes an empty map so).
pub struct RawMap(pub Got<BTreeMap<String, Value>>);

impl<'de> Deserialize<'de> for RawMap {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Scalar::deserialize(d).map(|s| {
            RawMap(match s {
                Scalar::Null => Got::Absent,
                // Entry by entry: `collect` into a BTreeMap sorts first (sort code in the wasm).
                Scalar::Raw(Value::Object(m)) => Got::Val(m.into_iter().fold(BTreeMap::new(), |mut out, (k, v)| {
                    out.insert(k, v);
                    out
                })),
                Scalar::Raw(Value::Array(a)) if a.is_empty() => Got::Val(BTreeMap::new()),
                other => Got::Raw(other.into_value()),
            })
        })
    }
}

/// A wire type whose object or array form is the one it reads; `null` is absent and every other
/// scalar degrades to its raw value. One visitor ([`ShapeVisitor`]) serves every such type.
trait Shaped<'de>: Sized + Deserialize<'de> {
    /// From a JSON object.
    fn from_object<A: MapAccess<'de>>(map: A) -> Result<Self, A::Error>;
    /// From a JSON array.
    fn from_array<A: SeqAccess<'de>>(seq: A) -> Result<Self, A::Error>;
    /// `null`.
    fn absent() -> Self;
    /// Any other value, kept raw.
    fn raw(v: Value) -> Self;
}

struct ShapeVisitor<T>(PhantomData<T>);

impl<'de, T: Shaped<'de>> Visitor<'de> for ShapeVisitor<T> {
    type Value = T;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
        T::from_object(map)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<T, A::Error> {
        T::from_array(seq)
    }
    fn visit_unit<E: de::Error>(self) -> Result<T, E> {
        Ok(T::absent())
    }
    fn visit_none<E: de::Error>(self) -> Result<T, E> {
        Ok(T::absent())
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<T, D::Error> {
        T::deserialize(d)
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<T, E> {
        Ok(T::raw(Value::Bool(v)))
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<T, E> {
        Ok(T::raw(Value::from(v)))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<T, E> {
        Ok(T::raw(Value::from(v)))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<T, E> {
        Ok(T::raw(Scalar::Float(v).into_value()))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<T, E> {
        Ok(T::raw(Value::String(v.to_string())))
    }
}

/// A nested model: an object is read as the model; `[]` (an empty map as PHP encodes it) is an
/// absent value; anything else degrades.
pub struct Nested<M>(pub Got<M>);

impl<'de, M: FromMap> Shaped<'de> for Nested<M> {
    fn from_object<A: MapAccess<'de>>(map: A) -> Result<Self, A::Error> {
        M::from_map(map).map(|m| Nested(Got::Val(m)))
    }
    fn from_array<A: SeqAccess<'de>>(seq: A) -> Result<Self, A::Error> {
        Ok(Nested(match capture_seq(seq)? {
            Value::Array(a) if a.is_empty() => Got::Absent,
            v => Got::Raw(v),
        }))
    }
    fn absent() -> Self {
        Nested(Got::Absent)
    }
    fn raw(v: Value) -> Self {
        Nested(Got::Raw(v))
    }
}

impl<'de, M: FromMap> Deserialize<'de> for Nested<M> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(ShapeVisitor(PhantomData))
    }
}

impl<M> WireField for Nested<M> {
    type Out = M;
    fn got(self) -> Got<M> {
        self.0
    }
}

/// An array of models. `{}` stands for an empty array; an element that is not an object is left
/// out and kept raw (in `extra`, under the field's API name, as an array of the left-out values);
/// any other value but `null` is an error (`NOT_A_LIST`).
pub struct ModelList<M>(pub Got<Vec<M>>);

impl<'de, M: FromMap> Shaped<'de> for ModelList<M> {
    fn from_array<A: SeqAccess<'de>>(mut seq: A) -> Result<Self, A::Error> {
        // serde_json gives no size hint: 16 spares the first few regrowths (each moves every
        // record read so far) of the usual lists (a month's days, a department's employees).
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(16).min(4096));
        let mut left_out = Vec::new();
        while let Some(Nested(item)) = seq.next_element::<Nested<M>>()? {
            match item {
                Got::Val(m) | Got::Partial(m, _) => items.push(m),
                Got::Absent => left_out.push(Value::Null),
                Got::Raw(v) => left_out.push(v),
            }
        }
        Ok(ModelList(if left_out.is_empty() { Got::Val(items) } else { Got::Partial(items, Value::Array(left_out)) }))
    }
    fn from_object<A: MapAccess<'de>>(map: A) -> Result<Self, A::Error> {
        Ok(ModelList(match capture_map(map)? {
            Value::Object(m) if m.is_empty() => Got::Val(Vec::new()),
            v => Got::Raw(v),
        }))
    }
    fn absent() -> Self {
        ModelList(Got::Absent)
    }
    fn raw(v: Value) -> Self {
        ModelList(Got::Raw(v))
    }
}

impl<'de, M: FromMap> Deserialize<'de> for ModelList<M> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match d.deserialize_any(ShapeVisitor(PhantomData))? {
            ModelList(Got::Raw(_)) => Err(serde::de::Error::custom(NOT_A_LIST)),
            list => Ok(list),
        }
    }
}

impl<M> WireField for ModelList<M> {
    type Out = Vec<M>;
    fn got(self) -> Got<Vec<M>> {
        self.0
    }
}
