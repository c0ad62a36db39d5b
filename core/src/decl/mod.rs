//! The declaration of the surface: the one place each language's methods, results, errors and
//! settings are derived from.
//!
//! Nothing here is written twice. An operation's parameters come from its `params!` struct (field
//! name, canonical key, Rust type, required or not, doc comment), its summary, route, idempotency
//! and key from the [`crate::OperationId`] table, its output from [`crate::Operation::Output`]; the models from
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

pub use crate::model::decl::{DeclaredModel, FieldDecl, ModelDecl};
pub use crate::ops::decl::{Declared, OperationDecl, ParamDecl, ParamType, ShorthandDecl};

/// Every result model's declaration (the outputs of the operations and the models inside them).
pub fn models() -> Vec<ModelDecl> {
    crate::ops::model_declarations()
}

pub mod errors;

/// The error kinds, the API's codes, TLS failures, the client settings, the shorthand methods and
/// how each language writes a duration, as JSON (`errors`, `errorShared`, `apiCodes`, `tlsFailures`, `settings`,
/// `shorthands`, `driverEvents`, `durations` in `tests/vectors/declaration.json`).
pub fn surface_json() -> serde_json::Map<String, serde_json::Value> {
    let mut out = serde_json::Map::new();
    out.insert("errors".into(), serde_json::to_value(errors::KINDS).unwrap_or_default());
    out.insert("errorShared".into(), serde_json::to_value(errors::SHARED).unwrap_or_default());
    out.insert("apiCodes".into(), serde_json::to_value(errors::api_codes()).unwrap_or_default());
    out.insert("tlsFailures".into(), serde_json::to_value(errors::tls_failures()).unwrap_or_default());
    out.insert("settings".into(), serde_json::to_value(crate::settings::SETTINGS).unwrap_or_default());
    out.insert("shorthands".into(), serde_json::to_value(shorthands()).unwrap_or_default());
    out.insert("driverEvents".into(), serde_json::to_value(DRIVER_EVENTS).unwrap_or_default());
    let durations: serde_json::Map<String, serde_json::Value> =
        crate::settings::DURATIONS.iter().map(|(lang, form)| (lang.to_string(), (*form).into())).collect();
    out.insert("durations".into(), durations.into());
    out
}

/// One kind of event of the client's driver (`zeitkonto::Event`), for logging: its kind, what it
/// says and its fields (`count`, `duration` or `text`, as [`crate::jobs::events::EventField`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct DriverEventDecl {
    /// The kind, as every language names it (`send`); the Kotlin/Swift case in its casing.
    pub kind: &'static str,
    /// What it says.
    pub doc: &'static str,
    /// Its fields, in order.
    pub fields: &'static [crate::jobs::events::EventField],
}

use crate::jobs::events::field;

const OPERATION: crate::jobs::events::EventField = field("operation", "text", "The operation's stable name.");

/// The driver's events, declared once: Kotlin's and Swift's `ZeitkontoEvent` is generated from
/// them; Python's log records and npm's `onEvent` hand over their canonical form (a duration as
/// `<name>Ms`, shown in each language's unit); the client's `Event` is held to them by a test.
/// Every text is redacted (keys print as `***`).
pub const DRIVER_EVENTS: &[DriverEventDecl] = &[
    DriverEventDecl {
        kind: "send",
        doc: "A request is being sent.",
        fields: &[
            OPERATION,
            field("request", "text", "The redacted `METHOD url` (keys print as `***`)."),
            field("attempt", "count", "The attempt, from 1."),
        ],
    },
    DriverEventDecl {
        kind: "received",
        doc: "A response arrived.",
        fields: &[
            OPERATION,
            field("status", "count", "The HTTP status."),
            field("elapsed", "duration", "How long after the request was sent."),
        ],
    },
    DriverEventDecl {
        kind: "wait",
        doc: "Waiting before the next attempt (one event per wait).",
        fields: &[
            OPERATION,
            field("delay", "duration", "How long."),
            field("reason", "text", "\"rate limit\" (the client-side limiter), \"429\" or \"retry\"."),
        ],
    },
    DriverEventDecl {
        kind: "failed",
        doc: "The call failed.",
        fields: &[OPERATION, field("error", "text", "The redacted error message.")],
    },
];

/// The operations' shorthand methods (`come`, `go`, `stop`), which every language's client has.
pub fn shorthands() -> &'static [ShorthandDecl] {
    crate::ops::CLOCK_SHORTHANDS
}

/// Every operation's declaration, in [`crate::OperationId::ALL`] order.
pub fn operations() -> Vec<OperationDecl> {
    crate::ops::declarations()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::routes::OperationId;
    use crate::text::{join_doc, short_type_name};

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
    fn every_shorthand_fixes_or_takes_each_required_parameter_of_its_operation() {
        for s in shorthands() {
            let op = OperationId::from_name(s.operation).expect("a declared operation");
            let decl = operations().into_iter().find(|d| d.id == op).expect("declared");
            let known = |n: &str| decl.params.iter().any(|p| p.name == n);
            for (name, _) in s.fixed {
                assert!(known(name) && !s.params.contains(name), "{}: {name}", s.name);
            }
            for name in s.params {
                assert!(known(name), "{}: {name}", s.name);
            }
            for p in decl.params.iter().filter(|p| p.required) {
                assert!(
                    s.params.contains(&p.name) || s.fixed.iter().any(|(n, _)| *n == p.name),
                    "{}: {}",
                    s.name,
                    p.name
                );
            }
            assert!(OperationId::from_name(s.name).is_none(), "{} is an operation's name", s.name);
        }
        let names: Vec<&str> = shorthands().iter().map(|s| s.name).collect();
        assert_eq!(names, ["come", "go", "stop"]);
        // The fixed values are the action's canonical names.
        for s in shorthands() {
            let action: crate::ops::ClockAction = serde_json::from_value(s.fixed[0].1.into()).expect("an action");
            assert_eq!(action.as_str(), s.name);
        }
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
