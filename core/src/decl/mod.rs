//! The declaration of the surface: the one place each language's methods, results, errors and
//! settings are derived from.
//!
//! Nothing here is written twice. An operation's parameters come from its `params!` struct (field
//! name, canonical key, Rust type, required or not, doc comment), its summary, route, idempotency
//! and key from the [`OperationId`] table, its output from [`Operation::Output`]; the models from
//! their `model!` blocks; the errors from [`errors`]; the settings from [`crate::settings`]. The
//! generator (`scripts/codegen`, `scripts/codegen_lib/`) turns them into every language's surface
//! and `tests/vectors/declaration.json`, which every language's suite compares with its public
//! surface (the drift check).
//!
//! # The surface rule (every language)
//!
//! - The method is the operation's name in the language's casing (`time_account`, `timeAccount`).
//! - Required parameters come first, positionally, in declared order; optional ones are named
//!   (Python keyword-only, one trailing options object in JS, default arguments in Kotlin/Swift).
//! - A parameter's name is [`ParamDecl::name`] in the language's casing, the same concept
//!   everywhere; its canonical JSON key is the camelCase of that name ([`ParamDecl::key`]).
//! - Errors about a parameter ([`crate::Error::InvalidInput`]'s `field`) name the canonical key;
//!   each language prints it in its own casing.

use serde::Serialize;

use crate::ops::Operation;
use crate::routes::OperationId;

/// One parameter of an operation, as written in its `params!` struct.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ParamDecl {
    /// The SDK name in snake_case (the Rust field and the Python argument; camelCase elsewhere).
    pub name: &'static str,
    /// The key in the canonical JSON params (the camelCase of `name`).
    pub key: &'static str,
    /// The Rust type as written in the struct (`Option<Date>`, `Month`, ...).
    pub rust_type: &'static str,
    /// Whether the caller must give it (no default).
    pub required: bool,
    /// The field's doc comment.
    pub doc: &'static str,
}

/// The language-neutral type of a parameter, derived from its Rust type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum ParamType {
    /// Text (`String`).
    Text,
    /// A whole number (`i32`, `u32`).
    Integer,
    /// A number with a fraction (`f64`).
    Number,
    /// `true` or `false`.
    Bool,
    /// A calendar day (`YYYY-MM-DD`).
    Date,
    /// A calendar month, 1 (January) to 12 (December), never 0-based.
    Month,
    /// `come`, `go` or `stop`.
    ClockAction,
    /// A list of texts.
    TextList,
    /// JSON values by name (the further fields of `create_project`'s project).
    JsonMap,
    /// A clock time of day, `hh:mm` (a shift's start and end).
    TimeOfDay,
}

impl ParamDecl {
    /// The Rust type without white space and without an outer `Option<...>`.
    fn inner_type(&self) -> String {
        let t: String = self.rust_type.chars().filter(|c| !c.is_whitespace()).collect();
        match t.strip_prefix("Option<").and_then(|r| r.strip_suffix('>')) {
            Some(inner) => inner.to_string(),
            None => t,
        }
    }

    /// The language-neutral type. Unknown Rust types are a bug caught by this crate's tests.
    pub fn ty(&self) -> Option<ParamType> {
        Some(match self.inner_type().as_str() {
            "String" => ParamType::Text,
            "i32" | "u32" | "i64" | "u64" => ParamType::Integer,
            "f64" => ParamType::Number,
            "bool" => ParamType::Bool,
            "Date" => ParamType::Date,
            "Month" => ParamType::Month,
            "ClockAction" => ParamType::ClockAction,
            "Vec<String>" => ParamType::TextList,
            "JsonObject" => ParamType::JsonMap,
            "TimeOfDay" => ParamType::TimeOfDay,
            _ => return None,
        })
    }

    /// Whether an absent value is `null`/`None` (an `Option`), as opposed to a value default.
    pub fn nullable(&self) -> bool {
        self.rust_type.trim_start().starts_with("Option")
    }

    /// The default of an optional parameter as JSON text (`null`, `false`, `[]`); `None` when
    /// the parameter is required.
    pub fn default_json(&self) -> Option<&'static str> {
        if self.required {
            return None;
        }
        Some(match self.ty() {
            _ if self.nullable() => "null",
            Some(ParamType::Bool) => "false",
            Some(ParamType::TextList) => "[]",
            _ => "null",
        })
    }

    /// The doc comment as one paragraph (lines joined, trimmed).
    pub fn doc_text(&self) -> String {
        join_doc(self.doc)
    }
}

/// One field of a result model, as written in its `model!` block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FieldDecl {
    /// The SDK name in snake_case (the Rust field; camelCase in JS, Kotlin, Swift).
    pub name: &'static str,
    /// The key in the canonical JSON form (the camelCase of `name`).
    pub key: &'static str,
    /// The Rust type as written: the value type of an optional field (`String` for
    /// `Option<String>`), the whole type of a list or map (`Vec<AccountBooking>`).
    pub rust_type: &'static str,
    /// An optional value (`Option<rust_type>`, `null` when absent); otherwise always present
    /// (a list or map is empty when the API sent none).
    pub optional: bool,
    /// The field's doc comment.
    pub doc: &'static str,
    /// The field's name in the API's JSON (`soll` for `target`).
    pub api: &'static str,
    /// The lenient wire type that reads it (`wire::FlexNum`), or `""` for the type's default
    /// (`String` → `Text`, `Value` → any, `Vec<Value>` → `RawList`, `Vec<String>` → `TextList`,
    /// a map → `RawMap`, a model → `Nested`, a list of models → `ModelList`; see `model::wire`).
    /// The npm package's generated fast reader (`src/decode.js`) is derived from it.
    pub wire: &'static str,
}

impl FieldDecl {
    /// The Rust type without white space.
    pub fn type_text(&self) -> String {
        self.rust_type.chars().filter(|c| !c.is_whitespace()).collect()
    }
}

/// What the `model!` macro declares about a result model.
pub trait DeclaredModel {
    /// The model's name (`MonthlyAccount`), the same in every language.
    const NAME: &'static str;
    /// Its doc comment.
    const DOC: &'static str;
    /// Its fields, in declared order.
    const FIELDS: &'static [FieldDecl];
    /// Whether it keeps unknown fields in `extra`.
    const EXTRA: bool;
}

/// The declaration of one result model.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ModelDecl {
    /// The model's name.
    pub name: &'static str,
    /// Its doc comment.
    pub doc: &'static str,
    /// Its fields.
    pub fields: &'static [FieldDecl],
    /// Whether it has `extra` (unknown fields, unchanged).
    pub extra: bool,
}

impl ModelDecl {
    /// The declaration of the model `M`.
    pub fn of<M: DeclaredModel>() -> ModelDecl {
        ModelDecl { name: M::NAME, doc: M::DOC, fields: M::FIELDS, extra: M::EXTRA }
    }

    /// The declaration as JSON (`models` in `tests/vectors/declaration.json`).
    pub fn to_json(&self) -> serde_json::Value {
        let fields: Vec<serde_json::Value> = self
            .fields
            .iter()
            .map(|f| {
                serde_json::json!({
                    "name": f.name,
                    "key": f.key,
                    "rustType": f.type_text(),
                    "optional": f.optional,
                    "doc": join_doc(f.doc),
                    "api": f.api,
                    "wire": f.wire.chars().filter(|c| !c.is_whitespace()).collect::<String>(),
                })
            })
            .collect();
        serde_json::json!({ "name": self.name, "doc": join_doc(self.doc), "fields": fields, "extra": self.extra })
    }
}

/// Every result model's declaration (the outputs of the operations and the models inside them).
pub fn models() -> Vec<ModelDecl> {
    crate::model::declarations()
}

/// The declaration of one operation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OperationDecl {
    /// Which operation.
    pub id: OperationId,
    /// The long description (the params struct's doc comment).
    pub doc: &'static str,
    /// The parameters, in declared order.
    pub params: &'static [ParamDecl],
    /// The output type without module paths (`MonthlyAccount`, `Vec<EmployeeRecord>`, `()`).
    pub output: String,
}

/// What the `params!` macro declares about an operation's parameter struct.
pub trait Declared {
    /// The struct's doc comment.
    const DOC: &'static str;
    /// Its fields.
    const PARAMS: &'static [ParamDecl];
}

impl OperationDecl {
    /// The declaration of the operation `O`.
    pub fn of<O: Operation + Declared>() -> OperationDecl {
        OperationDecl {
            id: O::ID,
            doc: O::DOC,
            params: O::PARAMS,
            output: short_type_name(std::any::type_name::<O::Output>()),
        }
    }

    /// The long description as one paragraph per blank-line-separated block.
    pub fn doc_text(&self) -> String {
        join_doc(self.doc)
    }

    /// The declaration as JSON (`tests/vectors/declaration.json` holds the list of these).
    pub fn to_json(&self) -> serde_json::Value {
        let route = self.id.default_route();
        let params: Vec<serde_json::Value> = self
            .params
            .iter()
            .map(|p| {
                serde_json::json!({
                    "name": p.name,
                    "key": p.key,
                    "rustType": p.rust_type.chars().filter(|c| !c.is_whitespace()).collect::<String>(),
                    "type": p.ty(),
                    "required": p.required,
                    "nullable": p.nullable(),
                    "default": p.default_json(),
                    "doc": p.doc_text(),
                })
            })
            .collect();
        serde_json::json!({
            "name": self.id.name(),
            "summary": self.id.summary(),
            "doc": self.doc_text(),
            "method": route.method.as_str(),
            "path": route.template,
            "idempotent": self.id.is_idempotent(),
            "key": self.id.key_kind().name(),
            "params": params,
            "output": self.output,
        })
    }
}

pub mod errors;

/// The error kinds, the API's codes, TLS failures, the client settings and how each language
/// writes a duration, as JSON (`errors`, `apiCodes`, `tlsFailures`, `settings`, `durations` in
/// `tests/vectors/declaration.json`).
pub fn surface_json() -> serde_json::Map<String, serde_json::Value> {
    let mut out = serde_json::Map::new();
    out.insert("errors".into(), serde_json::to_value(errors::KINDS).unwrap_or_default());
    out.insert("apiCodes".into(), serde_json::to_value(errors::api_codes()).unwrap_or_default());
    out.insert("tlsFailures".into(), serde_json::to_value(errors::tls_failures()).unwrap_or_default());
    out.insert("settings".into(), serde_json::to_value(crate::settings::SETTINGS).unwrap_or_default());
    let durations: serde_json::Map<String, serde_json::Value> =
        crate::settings::DURATIONS.iter().map(|(lang, form)| (lang.to_string(), (*form).into())).collect();
    out.insert("durations".into(), durations.into());
    out
}

/// Every operation's declaration, in [`OperationId::ALL`] order.
pub fn operations() -> Vec<OperationDecl> {
    crate::ops::declarations()
}

/// `alloc::vec::Vec<zeitkonto_core::model::employees::EmployeeRecord>` → `Vec<EmployeeRecord>`.
fn short_type_name(full: &str) -> String {
    let mut out = String::new();
    let mut word = String::new();
    for c in full.chars().chain(std::iter::once('\0')) {
        if c.is_alphanumeric() || c == '_' || c == ':' {
            word.push(c);
        } else {
            out.push_str(word.rsplit("::").next().unwrap_or_default());
            word.clear();
            if c != '\0' && c != ' ' {
                out.push(c);
            }
            if c == ',' {
                out.push(' ');
            }
        }
    }
    out
}

/// Doc comment lines (each with its leading space) joined into paragraphs.
fn join_doc(doc: &str) -> String {
    let mut paragraphs: Vec<String> = vec![String::new()];
    for line in doc.lines().map(str::trim) {
        if line.is_empty() {
            if paragraphs.last().is_some_and(|p| !p.is_empty()) {
                paragraphs.push(String::new());
            }
            continue;
        }
        if let Some(last) = paragraphs.last_mut() {
            if !last.is_empty() {
                last.push(' ');
            }
            last.push_str(line);
        }
    }
    paragraphs.retain(|p| !p.is_empty());
    paragraphs.join("\n\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_type_names() {
        assert_eq!(
            short_type_name("alloc::vec::Vec<zeitkonto_core::model::employees::EmployeeRecord>"),
            "Vec<EmployeeRecord>"
        );
        assert_eq!(short_type_name("()"), "()");
        assert_eq!(
            short_type_name("alloc::collections::btree::map::BTreeMap<alloc::string::String, zeitkonto_core::model::time::MonthlyAccount>"),
            "BTreeMap<String, MonthlyAccount>"
        );
    }

    #[test]
    fn every_operation_is_declared_once_in_table_order() {
        let decls = operations();
        let ids: Vec<OperationId> = decls.iter().map(|d| d.id).collect();
        assert_eq!(ids, OperationId::ALL);
    }

    #[test]
    fn every_parameter_has_a_known_type_a_doc_and_a_camel_case_key() {
        for d in operations() {
            assert!(!d.id.summary().is_empty(), "{}: no summary", d.id);
            assert!(!d.doc_text().is_empty(), "{}: no doc", d.id);
            for p in d.params {
                assert!(p.ty().is_some(), "{}.{}: unknown type {}", d.id, p.name, p.rust_type);
                assert!(!p.doc_text().is_empty(), "{}.{}: no doc", d.id, p.name);
                assert_eq!(p.key, camel(p.name), "{}.{}: the canonical key is the camelCase of the name", d.id, p.name);
            }
        }
    }

    #[test]
    fn every_model_named_by_an_output_or_a_field_is_declared_and_documented() {
        let models = models();
        let known: Vec<&str> = models.iter().map(|m| m.name).collect();
        let is_model = |t: &str| t.chars().next().is_some_and(char::is_uppercase);
        let primitive = ["String", "Value", "Date", "DateTime", "TimeOfDay", "Month", "EpochMillis", "Vec", "BTreeMap"];
        let named = |t: &str| -> Vec<String> {
            t.split(|c: char| !c.is_alphanumeric())
                .filter(|w| is_model(w) && !primitive.contains(w))
                .map(str::to_string)
                .collect()
        };
        for op in operations() {
            for m in named(&op.output) {
                assert!(known.contains(&m.as_str()), "{}: output {m} is not declared", op.id);
            }
        }
        for m in &models {
            assert!(!join_doc(m.doc).is_empty(), "{}: no doc", m.name);
            for f in m.fields {
                assert!(!join_doc(f.doc).is_empty(), "{}.{}: no doc", m.name, f.name);
                assert_eq!(
                    f.key,
                    camel(f.name),
                    "{}.{}: the canonical key is the camelCase of the name",
                    m.name,
                    f.name
                );
                for inner in named(&f.type_text()) {
                    assert!(known.contains(&inner.as_str()), "{}.{}: {inner} is not declared", m.name, f.name);
                }
            }
        }
    }

    #[test]
    fn required_parameters_are_never_nullable() {
        for d in operations() {
            for p in d.params {
                assert!(!(p.required && p.nullable()), "{}.{} is required but an Option", d.id, p.name);
            }
        }
    }

    fn camel(snake: &str) -> String {
        let mut out = String::new();
        let mut up = false;
        for c in snake.chars() {
            if c == '_' {
                up = true;
            } else if up {
                out.extend(c.to_uppercase());
                up = false;
            } else {
                out.push(c);
            }
        }
        out
    }
}
