//! The scalar wire types: any JSON value read through one visitor ([`Scalar`]) and converted by a
//! plain function (a whole number, a decimal, a boolean, a month, a text, a date or time where `""`
//! means none).

use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;

use serde::de::value::{MapAccessDeserializer, SeqAccessDeserializer};
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use serde_json::Value;

use super::{Got, WireField};
use crate::date::Month;

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
pub(super) fn capture_seq<'de, A: SeqAccess<'de>>(seq: A) -> Result<Value, A::Error> {
    Value::deserialize(SeqAccessDeserializer::new(seq))
}

/// Captures the rest of an object as a raw value.
pub(super) fn capture_map<'de, A: MapAccess<'de>>(map: A) -> Result<Value, A::Error> {
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
    /// A number (possibly decimal) that may arrive as a JSON number or a numeric string.
    FlexNum => f64, |s| convert(s, |s| match s {
        Scalar::Int(i) => Some(*i as f64),
        Scalar::UInt(u) => Some(*u as f64),
        Scalar::Float(f) => Some(*f),
        Scalar::Str(t) => parse_f64(t),
        _ => None,
    })
);

/// A decimal number from text, through serde_json's parser (no second float parser in the build).
fn parse_f64(v: &str) -> Option<f64> {
    serde_json::from_slice::<f64>(trim(v).as_bytes()).ok().filter(|f| f.is_finite())
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

impl WireField for Text {
    type Out = String;
    fn got(self) -> Got<String> {
        self.0
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
