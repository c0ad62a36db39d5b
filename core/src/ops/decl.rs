//! What an operation declares about itself (its `params!` struct and its `operations!` line), read
//! by [`crate::decl`]: the parameters and the operation's declaration.

use serde::Serialize;

use crate::ops::Operation;
use crate::routes::OperationId;
use crate::text::{join_doc, short_type_name};

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

/// A shorthand method of an operation: the operation with some of its parameters fixed (`come` is
/// `clock` with `action` "come"), declared next to the operation so that every language's client
/// has it with the same name, parameters and doc.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ShorthandDecl {
    /// The method's name in snake_case.
    pub name: &'static str,
    /// The operation it calls (its stable name).
    pub operation: &'static str,
    /// The parameters it fixes, with their canonical values (`[("action", "come")]`).
    pub fixed: &'static [(&'static str, &'static str)],
    /// The operation's parameters it takes, in this order (required ones first); the others are
    /// left out (absent).
    pub params: &'static [&'static str],
    /// What it does (the method's doc).
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
            "routeSource": self.id.route_source(),
            "specSection": self.id.spec_section(),
            "key": self.id.key_kind().name(),
            "params": params,
            "output": self.output,
        })
    }
}
