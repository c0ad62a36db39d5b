//! Deserializing operation parameters from their canonical JSON with the offending field named.
//!
//! Parameters are flat objects, so it is enough to remember which top-level key was being read
//! when serde failed (a much smaller piece of code than a general path tracker, which matters for
//! the size of the wasm build). "missing field" errors name the field in their message.

use std::cell::RefCell;

use serde::de::{self, DeserializeSeed, IntoDeserializer, MapAccess, Visitor};
use serde::forward_to_deserialize_any;
use serde_json::{Map, Value};

use crate::error::Error;
use crate::routes::OperationId;

/// The params value, recording the key being read into `current`.
struct Tracked<'a> {
    value: Value,
    current: &'a RefCell<Option<String>>,
}

struct Entries<'a> {
    iter: <Map<String, Value> as IntoIterator>::IntoIter,
    pending: Option<Value>,
    current: &'a RefCell<Option<String>>,
}

impl<'de> MapAccess<'de> for Entries<'_> {
    type Error = serde_json::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, Self::Error> {
        match self.iter.next() {
            Some((k, v)) => {
                self.pending = Some(v);
                *self.current.borrow_mut() = Some(k.clone());
                seed.deserialize(k.into_deserializer()).map(Some)
            }
            None => {
                *self.current.borrow_mut() = None;
                Ok(None)
            }
        }
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Self::Error> {
        seed.deserialize(self.pending.take().unwrap_or(Value::Null))
    }
}

impl<'de> de::Deserializer<'de> for Tracked<'_> {
    type Error = serde_json::Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        match self.value {
            Value::Object(map) => {
                visitor.visit_map(Entries { iter: map.into_iter(), pending: None, current: self.current })
            }
            other => de::Deserializer::deserialize_any(other, visitor),
        }
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf option unit
        unit_struct newtype_struct seq tuple tuple_struct map struct enum identifier ignored_any
    }
}

/// Deserializes operation parameters from the canonical JSON form; errors are
/// [`Error::InvalidInput`] naming the offending field (`null` params mean `{}`).
pub fn params_from_json<T: de::DeserializeOwned>(op: OperationId, params: &Value) -> Result<T, Error> {
    if deeper_than(params, MAX_DEPTH) {
        // Nested deeper than JSON text can be (a value built in memory): the text path's answer,
        // so that both paths have one nesting limit and give the same error. Its reader stops at
        // the 128th level (or at a type error above it), so what lies deeper is never read.
        let shallow = serde_json::to_string(&pruned(params, MAX_DEPTH + 2)).unwrap_or_default();
        return params_from_text(op, &shallow);
    }
    let value = if params.is_null() { Value::Object(Map::new()) } else { params.clone() };
    let current = RefCell::new(None);
    T::deserialize(Tracked { value, current: &current }).map_err(|e| {
        let msg = e.to_string();
        let field = match msg.strip_prefix("missing field `").and_then(|r| r.split('`').next()) {
            Some(missing) => missing.to_string(),
            None => current.borrow().clone().unwrap_or_else(|| "params".to_string()),
        };
        Error::InvalidInput { field, reason: in_core_words(msg) }
    })
}

/// serde's refusal of a whole number outside a parameter's type (`invalid value: integer `-1`,
/// expected u32`) in the core's words, the reason every language's typed arguments give
/// ([`validate::u32_of`](crate::validate::u32_of), `i32_of`); any other message as it is. (A
/// translation of the one message rather than a reader of its own per parameter type: the
/// latter costs the browser's `.wasm` a kilobyte gzipped.) A value of the wrong type is named by
/// its type only (`invalid type: integer, expected a string`): serde quotes the value, and a key
/// given where it does not belong (an `apiKey` read from a config file as a number, a key passed
/// as a year) would be printed whole; the type expected is named in words (`a whole number`).
fn in_core_words(msg: String) -> String {
    if let Some(rest) = msg.strip_prefix("invalid type: ") {
        // The last ", expected ": a quoted string value may hold the words too.
        let at = rest.as_bytes().windows(11).rposition(|w| w == b", expected ").unwrap_or(rest.len());
        let (got, expected) = rest.split_at(at);
        let quote = got.bytes().position(|b| b == b'`' || b == b'"').unwrap_or(got.len());
        // Rust's number types in words every language's caller reads (a year is no `i32` in Python).
        let expected = match expected {
            ", expected i32" | ", expected u32" | ", expected i64" => ", expected a whole number",
            ", expected f64" => ", expected a number",
            other => other,
        };
        return format!("invalid type: {}{expected}", got.get(..quote).unwrap_or(got).trim_end());
    }
    let number = msg.strip_prefix("invalid value: integer `").and_then(|rest| rest.split_once('`'));
    let refusal = number.and_then(|(n, rest)| {
        let n = n.parse::<i64>().ok()?;
        match rest.strip_prefix(", expected ")? {
            "u32" => crate::validate::u32_of(n).err(),
            "i32" => crate::validate::i32_of(n).err(),
            _ => None,
        }
    });
    refusal.unwrap_or(msg)
}

/// How deeply params may nest arrays and objects, the params object included: serde_json's
/// limit for JSON text (it refuses the 128th level it reads with "recursion limit exceeded"). A
/// deeper `Value` is answered as its text would be, so both paths give the same answer.
pub const MAX_DEPTH: usize = 127;

/// `v` with everything nested deeper than `levels` replaced by `null` (`levels` ≥ 1).
fn pruned(v: &Value, levels: usize) -> Value {
    match v {
        Value::Array(_) | Value::Object(_) if levels == 0 => Value::Null,
        Value::Array(a) => Value::Array(a.iter().map(|x| pruned(x, levels - 1)).collect()),
        Value::Object(o) => Value::Object(o.iter().map(|(k, x)| (k.clone(), pruned(x, levels - 1))).collect()),
        other => other.clone(),
    }
}

/// Whether `v` nests arrays and objects more than `levels` deep (a scalar is 0 deep, `[]` 1).
/// Without recursion: a value built in memory may be deeper than the stack.
fn deeper_than(v: &Value, levels: usize) -> bool {
    let mut stack = vec![(v, 1usize)];
    while let Some((v, depth)) = stack.pop() {
        let children: Box<dyn Iterator<Item = &Value>> = match v {
            Value::Array(a) => Box::new(a.iter()),
            Value::Object(o) => Box::new(o.values()),
            _ => continue,
        };
        if depth > levels {
            return true;
        }
        stack.extend(children.map(|c| (c, depth + 1)));
    }
    false
}

/// Like [`params_from_json`], from JSON text, without building a `serde_json::Value` (the wasm
/// build's path). The offending field is found from the error's position in the text.
/// (`_op`: the operation whose params these are; the error names the field, not the operation.)
pub fn params_from_text<T: de::DeserializeOwned>(_op: OperationId, text: &str) -> Result<T, Error> {
    object_from_text(text, "params")
}

/// An object of named values from JSON text (params; a binding's options or context), its
/// refusal an [`Error::InvalidInput`] naming the top-level key where reading failed (`whole`
/// when there is none: the text is not an object, or is not JSON). Blank or `null` is `{}`.
pub fn object_from_text<T: de::DeserializeOwned>(text: &str, whole: &str) -> Result<T, Error> {
    let text = params_text(text)?;
    // One JSON reader type (bytes) for params, models and everything else: half the reader code.
    serde_json::from_slice(text.as_bytes()).map_err(|e| text_error(&text, &e, whole))
}

/// The params text as it is read (not generic: shared by every operation). Blank or `null` is
/// `{}` (JSON's white space only: a form feed or U+00A0 before `null` is not JSON, as on the
/// Value path). A key given twice means its last value, as in the `Value` form (which cannot hold
/// both); the whole text must still be JSON (an earlier value that is not JSON is refused there).
fn params_text(text: &str) -> Result<std::borrow::Cow<'_, str>, Error> {
    let trimmed = text.trim_matches([' ', '\t', '\n', '\r']);
    if trimmed.is_empty() || trimmed == "null" {
        return Ok("{}".into());
    }
    match crate::text::without_earlier_duplicates(text) {
        None => Ok(text.into()),
        Some(deduplicated) => {
            serde_json::from_slice::<de::IgnoredAny>(text.as_bytes()).map_err(|e| text_error(text, &e, "params"))?;
            Ok(deduplicated.into())
        }
    }
}

/// The typed error for a params text that serde_json refused, naming the field where it failed.
fn text_error(text: &str, e: &serde_json::Error, whole: &str) -> Error {
    let msg = e.to_string();
    let field = match msg.strip_prefix("missing field `").and_then(|r| r.split('`').next()) {
        Some(missing) => missing.to_string(),
        None => key_before(text, offset_of(text, e.line(), e.column())).unwrap_or_else(|| whole.to_string()),
    };
    // serde_json appends " at line L column C"; the position means nothing to a caller.
    // (A byte search: a `&str` pattern would link core's two-way string searcher into the .wasm.)
    let cut = msg.as_bytes().windows(9).position(|w| w == b" at line ").unwrap_or(msg.len());
    let msg = msg.get(..cut).unwrap_or(&msg).to_string();
    Error::InvalidInput { field, reason: in_core_words(msg) }
}

/// The byte offset of serde_json's 1-based `line` and `column` in `text`.
fn offset_of(text: &str, line: usize, column: usize) -> usize {
    let line_start: usize = text.split_inclusive('\n').take(line.saturating_sub(1)).map(str::len).sum();
    line_start.saturating_add(column)
}

/// The last top-level object key that starts before byte `end` of `text`.
fn key_before(text: &str, end: usize) -> Option<String> {
    let bytes = text.as_bytes();
    let end = end.min(bytes.len());
    let (mut depth, mut i, mut key) = (0usize, 0usize, None);
    while i < end {
        match bytes[i] {
            b'{' | b'[' => depth += 1,
            b'}' | b']' => depth = depth.saturating_sub(1),
            b'"' => {
                let start = i + 1;
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                let rest = text.get(i + 1..).unwrap_or("").trim_start();
                if depth == 1 && rest.starts_with(':') {
                    key = serde_json::from_slice::<String>(text.get(start - 1..=i).unwrap_or("\"\"").as_bytes()).ok();
                }
            }
            _ => {}
        }
        i += 1;
    }
    key
}

/// Declares an operation's parameter struct with a map-only deserializer (smaller than serde's
/// derive, which also generates sequence and identifier visitors JSON objects never use — it
/// matters for the wasm build). Field syntax: `name: Type = "jsonName"` (required) or
/// `name: Type = "jsonName", default` (absent → `Default`). Unknown keys are refused.
macro_rules! params {
    (
        $(#[doc = $doc:literal])*
        #[derive($($derive:ident),* $(,)?)]
        pub struct $name:ident {
            $(
                $(#[doc = $fdoc:literal])*
                $field:ident : $ty:ty = $json:literal $(, $default:ident)?
            );* $(;)?
        }
    ) => {
        $(#[doc = $doc])*
        #[derive($($derive),*)]
        pub struct $name {
            $( $(#[doc = $fdoc])* pub $field: $ty, )*
        }

        impl $crate::ops::decl::Declared for $name {
            const DOC: &'static str = concat!($($doc, "\n"),*);
            const PARAMS: &'static [$crate::ops::decl::ParamDecl] = &[$(
                $crate::ops::decl::ParamDecl {
                    name: stringify!($field),
                    key: $json,
                    rust_type: stringify!($ty),
                    required: params!(@required $($default)?),
                    doc: concat!($($fdoc, "\n"),*),
                },
            )*];
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                struct V;
                impl<'de> serde::de::Visitor<'de> for V {
                    type Value = $name;
                    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        // One shared text (the operation is named by the caller's error).
                        f.write_str("the operation's parameters (a JSON object)")
                    }
                    #[allow(unused_mut)]
                    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<$name, A::Error> {
                        $( let mut $field: Option<$ty> = None; )*
                        while let Some($crate::text::Key(key)) = map.next_key()? {
                            match key.as_ref() {
                                $( $json => $field = Some(map.next_value()?), )*
                                other => return Err(serde::de::Error::unknown_field(other, &[$($json),*])),
                            }
                        }
                        Ok($name {
                            $( $field: params!(@finish $field, $json $(, $default)?), )*
                        })
                    }
                }
                d.deserialize_map(V)
            }
        }
    };
    (@required) => { true };
    (@required default) => { false };
    (@finish $field:ident, $json:literal) => {
        $field.ok_or_else(|| serde::de::Error::missing_field($json))?
    };
    (@finish $field:ident, $json:literal, default) => {
        $field.unwrap_or_default()
    };
}
pub(crate) use params;
