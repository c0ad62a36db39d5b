//! Typed models of the API's responses.
//!
//! Every model keeps what it does not know: unknown fields land in `extra`, containers the spec
//! leaves vague stay raw JSON ([`serde_json::Value`]), and every field that might be absent is an
//! `Option`. Models serialize to the SDK's own JSON form (camelCase English names, calendar months,
//! `YYYY-MM-DD` dates, `extra` as an object) — the form the bindings and the test vectors use.

pub mod decl;
mod extra;
pub mod wire;

mod employees;
mod leave;
mod projects;
mod shifts;
mod time;

/// An instant as milliseconds since 1970-01-01 00:00 UTC, as the API sends it (the envelope's
/// `time`, an interval's `start` and `end`). Each language shows it as its instant type where
/// results are typed (Python an aware UTC `datetime`, Kotlin `java.time.Instant`, Swift `Date`);
/// JavaScript keeps the number (`new Date(ms)`).
pub type EpochMillis = i64;

pub use employees::*;
pub use leave::*;
pub use projects::*;
pub use shifts::*;
pub use time::*;

pub use extra::Extra;

/// Declares a model: a struct whose fields are read from the API's JSON names (through a lenient
/// wire type) and written under the SDK's names. Unknown fields go to `extra`.
///
/// Field syntax: `rust_name: opt Type [via Wire] = "apiName" => "sdkName"`; `opt` fields are
/// `Option<Type>`, `list` fields are `Type` (defaulted when absent).
macro_rules! model {
    (
        $(#[doc = $doc:literal])*
        pub struct $name:ident {
            $(
                $(#[doc = $fdoc:literal])*
                $field:ident : $kind:ident $ty:ty $([via $wire:ty])? = $api:literal => $sdk:literal
            ),* $(,)?
        }
    ) => {
        $(#[doc = $doc])*
        #[derive(Debug, Clone, PartialEq, Default)]
        pub struct $name {
            $( $(#[doc = $fdoc])* pub $field: model!(@fty $kind $ty), )*
            /// Fields the API sent that this model does not know, unchanged.
            pub extra: $crate::model::Extra,
        }

        impl $crate::model::wire::FromMap for $name {
            #[allow(unused_mut)]
            fn from_map<'de, A: serde::de::MapAccess<'de>>(mut map: A) -> Result<$name, A::Error> {
                use $crate::model::wire::WireField;
                let mut out = $name::default();
                let mut misfit = false;
                while let Some($crate::model::wire::Key(key)) = map.next_key()? {
                    match key.as_ref() {
                        $(
                            $api => {
                                // Wire types accept any JSON value: only malformed JSON fails here.
                                let v = $crate::model::wire::next_field::<_, model!(@wire $ty $(, $wire)?)>(&mut map)?;
                                let x = $crate::model::wire::settle(WireField::got(v), key, &mut out.extra, &mut misfit);
                                model!(@set $kind out.$field, x);
                            }
                        )*
                        _ => {
                            let v = $crate::model::wire::next_field::<_, serde_json::Value>(&mut map)?;
                            $crate::model::wire::keep_extra(&mut out.extra, key, v);
                        }
                    }
                }
                out.extra.finish();
                Ok(out)
            }
        }

        impl $crate::model::wire::DefaultWire for $name {
            type W = $crate::model::wire::Nested<$name>;
        }

        impl $crate::model::wire::DefaultWire for Vec<$name> {
            type W = $crate::model::wire::ModelList<$name>;
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                struct V;
                impl<'de> serde::de::Visitor<'de> for V {
                    type Value = $name;
                    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        // One shared text (the operation is named by the Decode error).
                        f.write_str("a JSON object")
                    }
                    fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<$name, A::Error> {
                        <$name as $crate::model::wire::FromMap>::from_map(map)
                    }
                }
                d.deserialize_map(V)
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                use serde::ser::SerializeMap;
                let mut m = s.serialize_map(None)?;
                $( m.serialize_entry($sdk, &self.$field)?; )*
                m.serialize_entry("extra", &self.extra)?;
                m.end()
            }
        }

        impl $name {
            /// The API's JSON names of the fields this model knows, in declaration order.
            pub const API_FIELDS: &'static [&'static str] = &[$($api),*];
        }

        impl $crate::parse::Answer for $name {
            fn extra(&self) -> &$crate::model::Extra {
                &self.extra
            }
        }

        impl $crate::model::decl::DeclaredModel for $name {
            const NAME: &'static str = stringify!($name);
            const DOC: &'static str = concat!($($doc, "\n"),*);
            const FIELDS: &'static [$crate::model::decl::FieldDecl] = &[$(
                $crate::model::decl::FieldDecl {
                    name: stringify!($field),
                    key: $sdk,
                    rust_type: stringify!($ty),
                    optional: model!(@optional $kind),
                    doc: concat!($($fdoc, "\n"),*),
                    api: $api,
                    wire: stringify!($($wire)?),
                },
            )*];
            const EXTRA: bool = true;
        }
    };
    (@optional opt) => { true };
    (@optional list) => { false };
    (@fty opt $ty:ty) => { Option<$ty> };
    (@fty list $ty:ty) => { $ty };
    (@wire $ty:ty) => { <$ty as $crate::model::wire::DefaultWire>::W };
    (@wire $ty:ty, $wire:ty) => { $wire };
    (@set opt $place:expr, $v:expr) => { $place = $v };
    (@set list $place:expr, $v:expr) => { $place = $v.unwrap_or_default() };
}
pub(crate) use model;

model! {
    /// The response envelope alone (`code` 0 = OK, `time` in epoch milliseconds).
    pub struct Envelope {
        /// Result code (0 = OK); a non-zero code is turned into [`crate::Error::Api`].
        code: opt i64 [via wire::Code] = "code" => "code",
        /// Epoch milliseconds at which the call was executed.
        time: opt EpochMillis [via wire::FlexInt] = "time" => "time",
        /// A `success` flag some answers carry beside `code` (`false`, `0`, `"false"`: not done).
        success: opt bool [via wire::FlexBool] = "success" => "success",
    }
}

#[cfg(test)]
mod extra_tests {
    use serde_json::json;

    use super::{Extra, MonthlyAccount};

    #[test]
    fn a_known_field_sent_twice_takes_its_last_value_as_json_parse_does() {
        let read = |text: &str| serde_json::from_str::<MonthlyAccount>(text).unwrap();
        // A later null clears, a later value replaces, a later misfit degrades.
        let a = read(r#"{"saldo":5,"saldo":null}"#);
        assert_eq!((a.balance, a.extra.len()), (None, 0));
        let a = read(r#"{"saldo":"x","saldo":5}"#);
        assert_eq!((a.balance, a.extra.len()), (Some(5.0), 0), "the earlier misfit leaves extra");
        let a = read(r#"{"saldo":5,"saldo":"x"}"#);
        assert_eq!((a.balance, a.extra.get("saldo")), (None, Some(&json!("x"))));
        let a = read(r#"{"list":[{"date":"2026-03-02"}],"list":null}"#);
        assert!(a.bookings.is_empty());
        let a = read(r#"{"list":[1,{"date":"2026-03-02"}],"list":[{"date":"2026-03-03"}]}"#);
        assert_eq!((a.bookings.len(), a.extra.len()), (1, 0), "the left-out element of the first list is gone");
        let a = read(r#"{"start":"2026-03-01","start":""}"#);
        assert_eq!(a.start, None);
        // Past the first 32 unknown names the extra map is not ordered yet while reading.
        let many: String = (0..40).map(|i| format!(r#""u{i}":{i},"#)).collect();
        let a = read(&format!(r#"{{"saldo":"x",{many}"saldo":1}}"#));
        assert_eq!((a.balance, a.extra.len(), a.extra.contains_key("saldo")), (Some(1.0), 40, false));
    }

    #[test]
    fn unknown_fields_are_kept_by_name_a_repeated_name_keeps_its_last_value() {
        let a: MonthlyAccount =
            serde_json::from_str(r#"{"zeta":1,"saldo":5,"alpha":"x","zeta":2,"mid":[1],"alpha":null}"#).unwrap();
        assert_eq!(a.balance, Some(5.0));
        assert_eq!(a.extra.len(), 3);
        assert_eq!(a.extra.get("zeta"), Some(&json!(2)));
        assert_eq!(a.extra.get("alpha"), Some(&json!(null)));
        assert!(a.extra.contains_key("mid") && !a.extra.contains_key("saldo"));
        let names: Vec<&str> = a.extra.iter().map(|(k, _)| k).collect();
        assert_eq!(names, ["alpha", "mid", "zeta"]);
        assert_eq!(serde_json::to_value(&a.extra).unwrap(), json!({"alpha": null, "mid": [1], "zeta": 2}));
        assert_eq!(format!("{:?}", a.extra), r#"{"alpha": Null, "mid": Array [Number(1)], "zeta": Number(2)}"#);
    }

    #[test]
    fn insert_and_remove_keep_the_order() {
        let mut e = Extra::new();
        assert!(e.is_empty());
        assert_eq!(e.insert("b".into(), json!(1)), None);
        assert_eq!(e.insert("a".into(), json!(2)), None);
        assert_eq!(e.insert("b".into(), json!(3)), Some(json!(1)));
        assert_eq!(e.remove("a"), Some(json!(2)));
        assert_eq!(e.remove("a"), None);
        assert_eq!(e.clone().into_iter().collect::<Vec<_>>(), [("b".to_string(), json!(3))]);
        let rebuilt: Extra = [("y".to_string(), json!(1)), ("x".to_string(), json!(2)), ("y".to_string(), json!(3))]
            .into_iter()
            .collect();
        assert_eq!(
            rebuilt.iter().map(|(k, v)| (k.to_string(), v.clone())).collect::<Vec<_>>(),
            [("x".to_string(), json!(2)), ("y".to_string(), json!(3))]
        );
    }

    #[test]
    fn many_unknown_fields_stay_cheap() {
        // 200,000 distinct names (and each repeated): sorted once, not one insertion at a time.
        let mut body = String::from("{");
        for i in 0..200_000 {
            body.push_str(&format!("\"k{i}\":{i},\"k{i}\":-{i},"));
        }
        body.push_str("\"saldo\":1}");
        let a: MonthlyAccount = serde_json::from_str(&body).unwrap();
        assert_eq!(a.extra.len(), 200_000);
        assert_eq!(a.extra.get("k199999"), Some(&json!(-199_999)));
    }
}
