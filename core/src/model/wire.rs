//! Lenient wire types: how a field is read from the API's JSON before it becomes the model's type.
//!
//! The spec allows "integer or numeric string", sends "" for a missing date, counts some months
//! from 0, and may send decimals where it says number. Each wire type accepts those forms and
//! converts into the field's type through [`IntoField`].

use std::borrow::Cow;
use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, Deserializer, IntoDeserializer, Visitor};
use serde::Deserialize;

use crate::date::Month;

/// Converts a wire value into the model field (`None` = absent).
pub trait IntoField<T> {
    /// The field value, or `None` when the wire value means "absent" (e.g. an empty date string).
    fn into_field(self) -> Option<T>;
}

impl<T> IntoField<T> for T {
    fn into_field(self) -> Option<T> {
        Some(self)
    }
}

/// A map key that borrows from the input when it can.
pub struct Key<'de>(pub Cow<'de, str>);

impl<'de> Deserialize<'de> for Key<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Key<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string key")
            }
            fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Borrowed(v)))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(v.to_string())))
            }
            fn visit_string<E: de::Error>(self, v: String) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(v)))
            }
        }
        d.deserialize_str(V)
    }
}

macro_rules! number_visitor {
    ($name:ident, $out:ty, $expect:literal, |$v:ident| int $int:expr, float $float:expr, str $s:expr) => {
        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                struct V;
                impl<'de> Visitor<'de> for V {
                    type Value = $name;
                    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                        f.write_str($expect)
                    }
                    fn visit_i64<E: de::Error>(self, $v: i64) -> Result<$name, E> {
                        $int.map($name).ok_or_else(|| E::custom(concat!("expected ", $expect)))
                    }
                    fn visit_u64<E: de::Error>(self, v: u64) -> Result<$name, E> {
                        let $v = i64::try_from(v).map_err(|_| E::custom("number too large"))?;
                        $int.map($name).ok_or_else(|| E::custom(concat!("expected ", $expect)))
                    }
                    fn visit_f64<E: de::Error>(self, $v: f64) -> Result<$name, E> {
                        $float.map($name).ok_or_else(|| E::custom(concat!("expected ", $expect)))
                    }
                    fn visit_str<E: de::Error>(self, $v: &str) -> Result<$name, E> {
                        $s.map($name).ok_or_else(|| E::custom(format!(concat!("expected ", $expect, ", got {:?}"), $v)))
                    }
                }
                d.deserialize_any(V)
            }
        }
        impl IntoField<$out> for $name {
            fn into_field(self) -> Option<$out> {
                Some(self.0)
            }
        }
    };
}

/// An integer that may arrive as a JSON number (whole) or a numeric string.
pub struct FlexInt(pub i64);
number_visitor!(FlexInt, i64, "an integer or numeric string",
    |v| int Some(v),
    float (v.fract() == 0.0 && v.abs() < 9.0e15).then_some(v as i64),
    str v.trim().parse::<i64>().ok());

/// A number (possibly decimal) that may arrive as a JSON number or a numeric string.
pub struct FlexNum(pub f64);
number_visitor!(FlexNum, f64, "a number or numeric string",
    |v| int Some(v as f64),
    float Some(v),
    str parse_f64(v));

/// A decimal number from text, through serde_json's parser (no second float parser in the build).
fn parse_f64(v: &str) -> Option<f64> {
    serde_json::from_slice::<f64>(v.trim().as_bytes()).ok().filter(|f| f.is_finite())
}

/// A month counted from 0 (0 = January) on the wire, a calendar [`Month`] in the model.
pub struct ZeroBasedMonth(pub Month);
number_visitor!(ZeroBasedMonth, Month, "a 0-based month 0..=11",
    |v| int Month::from_zero_based(v),
    float (v.fract() == 0.0).then(|| Month::from_zero_based(v as i64)).flatten(),
    str v.trim().parse::<i64>().ok().and_then(Month::from_zero_based));

/// A boolean that may also arrive as 0/1 or `"true"`/`"false"`.
pub struct FlexBool(pub bool);

impl<'de> Deserialize<'de> for FlexBool {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = FlexBool;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a boolean (or 0/1)")
            }
            fn visit_bool<E: de::Error>(self, v: bool) -> Result<FlexBool, E> {
                Ok(FlexBool(v))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<FlexBool, E> {
                match v {
                    0 => Ok(FlexBool(false)),
                    1 => Ok(FlexBool(true)),
                    _ => Err(E::custom("expected a boolean (or 0/1)")),
                }
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<FlexBool, E> {
                self.visit_i64(i64::try_from(v).unwrap_or(i64::MAX))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<FlexBool, E> {
                match v.trim() {
                    "true" | "1" => Ok(FlexBool(true)),
                    "false" | "0" => Ok(FlexBool(false)),
                    _ => Err(E::custom(format!("expected a boolean, got {v:?}"))),
                }
            }
        }
        d.deserialize_any(V)
    }
}

impl IntoField<bool> for FlexBool {
    fn into_field(self) -> Option<bool> {
        Some(self.0)
    }
}

/// A string-typed value (a date, a timestamp) where an empty string means "none".
pub struct EmptyOr<T>(pub Option<T>);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for EmptyOr<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<T>(PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for V<T> {
            type Value = EmptyOr<T>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string (empty for none)")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<EmptyOr<T>, E> {
                if v.trim().is_empty() {
                    return Ok(EmptyOr(None));
                }
                T::deserialize(v.into_deserializer()).map(|t| EmptyOr(Some(t)))
            }
        }
        d.deserialize_str(V(PhantomData))
    }
}

impl<T> IntoField<T> for EmptyOr<T> {
    fn into_field(self) -> Option<T> {
        self.0
    }
}
