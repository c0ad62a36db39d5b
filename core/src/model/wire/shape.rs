//! The wire types of a shape (an object or an array): raw lists and maps, lists of text, nested
//! models and lists of models. `null` is absent; any other scalar degrades to its raw value.

use std::collections::BTreeMap;
use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use serde_json::Value;

use super::scalar::{capture_map, capture_seq, Scalar};
use super::{FromMap, Got, WireField};

/// An array kept raw. `{}` stands for an empty array (the vendor's own example sends it).
pub struct RawList(pub Got<Vec<Value>>);

impl<'de> Deserialize<'de> for RawList {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Scalar::deserialize(d).map(|s| {
            RawList(match s {
                Scalar::Null => Got::Absent,
                Scalar::Raw(Value::Array(a)) => Got::Val(a),
                Scalar::Raw(Value::Object(m)) if m.is_empty() => Got::Val(Vec::new()),
                other => Got::Raw(other.into_value()),
            })
        })
    }
}

impl WireField for RawList {
    type Out = Vec<Value>;
    fn got(self) -> Got<Vec<Value>> {
        self.0
    }
}

/// An array of strings (integers taken as their text). `{}` stands for an empty array.
pub struct TextList(pub Got<Vec<String>>);

impl<'de> Deserialize<'de> for TextList {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let list = RawList::deserialize(d)?;
        Ok(TextList(match list.0 {
            Got::Val(items) => {
                let texts: Option<Vec<String>> = items
                    .iter()
                    .map(|v| match v {
                        Value::String(s) => Some(s.clone()),
                        Value::Number(n) if !n.is_f64() => Some(n.to_string()),
                        _ => None,
                    })
                    .collect();
                match texts {
                    Some(t) => Got::Val(t),
                    None => Got::Raw(Value::Array(items)),
                }
            }
            Got::Absent => Got::Absent,
            Got::Raw(v) | Got::Partial(_, v) => Got::Raw(v),
        }))
    }
}

impl WireField for TextList {
    type Out = Vec<String>;
    fn got(self) -> Got<Vec<String>> {
        self.0
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

impl WireField for RawMap {
    type Out = BTreeMap<String, Value>;
    fn got(self) -> Got<BTreeMap<String, Value>> {
        self.0
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
/// out and kept raw (in `extra`, under the field's API name, as an array of the left-out values).
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
        d.deserialize_any(ShapeVisitor(PhantomData))
    }
}

impl<M> WireField for ModelList<M> {
    type Out = Vec<M>;
    fn got(self) -> Got<Vec<M>> {
        self.0
    }
}
