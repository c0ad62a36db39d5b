//! The operations. Each is a value type holding its typed parameters, with a
//! [`Operation::request`] that validates and builds, and an [`Operation::parse`] that turns the
//! response into its typed output or a typed error.
//!
//! Parameters deserialize from the SDK's canonical JSON form (camelCase, calendar months 1..=12,
//! `YYYY-MM-DD` dates): that is how the test vectors and the bindings' sans-IO layers call them.

use serde::Serialize;
use serde_json::Value;

use crate::context::Context;
use crate::error::Error;
use crate::http::{Request, Response};
use crate::routes::OperationId;

pub mod decl;
mod params;

pub(crate) use params::params;
pub use params::{object_from_text, params_from_json, params_from_text, MAX_DEPTH};

/// One API operation: typed parameters → [`Request`]; [`Response`] → typed output.
pub trait Operation {
    /// What a successful call returns.
    type Output: Serialize;
    /// Which operation this is (route key, idempotency).
    const ID: OperationId;

    /// Validates the parameters and builds the request. Fails with [`Error::InvalidInput`]
    /// before anything is sent.
    fn request(&self, ctx: &Context) -> Result<Request, Error>;

    /// Parses the response into the output or a typed error. Never panics.
    fn parse(response: &Response) -> Result<Self::Output, Error>;

    /// Whether it is safe to send again (reads).
    fn is_idempotent(&self) -> bool {
        Self::ID.is_idempotent()
    }
}

/// Builds a JSON object body from `(name, value)` pairs, skipping `None`s.
pub(crate) fn body<const N: usize>(fields: [(&str, Option<Value>); N]) -> serde_json::Map<String, Value> {
    // Entry by entry: `collect` into the (BTreeMap) map sorts first, a sort per `N` in the wasm.
    let mut out = serde_json::Map::new();
    for (k, v) in fields {
        if let Some(v) = v {
            out.insert(k.to_string(), v);
        }
    }
    out
}

/// `Some(Value::String)` of an optional string-like value.
pub(crate) fn s<T: ToString>(v: Option<T>) -> Option<Value> {
    v.map(|v| Value::String(v.to_string()))
}

/// Adds the company key (`api-key`) and the acting employee's e-mail to a body, for leave types
/// and the project operations.
pub(crate) fn key_in_body(
    ctx: &Context,
    email: &str,
    mut fields: serde_json::Map<String, Value>,
) -> Result<serde_json::Map<String, Value>, Error> {
    crate::validate::email("email", email)?;
    let key = ctx.api_key()?;
    fields.insert("email".to_string(), Value::String(email.to_string()));
    fields.insert("api-key".to_string(), Value::String(key.expose().to_string()));
    Ok(fields)
}

macro_rules! dispatch {
    ($($variant:ident),* $(,)?) => {
        /// Builds the request of the operation `op` from its canonical JSON parameters.
        pub fn build_request(op: crate::routes::OperationId, params: &serde_json::Value, ctx: &crate::context::Context) -> Result<crate::http::Request, crate::error::Error> {
            match op {
                $(crate::routes::OperationId::$variant => crate::ops::params_from_json::<$variant>(op, params).and_then(|p| crate::ops::Operation::request(&p, ctx)),)*
            }
        }

        /// Parses a response of `op` into the SDK's canonical JSON form of its output.
        pub fn parse_response(op: crate::routes::OperationId, response: &crate::http::Response) -> Result<serde_json::Value, crate::error::Error> {
            match op {
                $(crate::routes::OperationId::$variant => crate::ops::to_value(op, &<$variant as crate::ops::Operation>::parse(response)?),)*
            }
        }

        /// The declaration of every operation, in `OperationId::ALL` order (see [`crate::decl`]).
        pub(crate) fn declarations() -> Vec<crate::ops::decl::OperationDecl> {
            vec![$(crate::ops::decl::OperationDecl::of::<$variant>(),)*]
        }

        /// [`build_request`] from JSON text (no `serde_json::Value` on the way: the wasm build).
        pub fn build_request_text(op: crate::routes::OperationId, params: &str, ctx: &crate::context::Context) -> Result<crate::http::Request, crate::error::Error> {
            match op {
                $(crate::routes::OperationId::$variant => crate::ops::params_from_text::<$variant>(op, params).and_then(|p| crate::ops::Operation::request(&p, ctx)),)*
            }
        }

        /// [`parse_response`] as JSON text (no `serde_json::Value` on the way: the wasm build).
        pub fn parse_response_text(op: crate::routes::OperationId, response: &crate::http::Response) -> Result<String, crate::error::Error> {
            match op {
                $(crate::routes::OperationId::$variant => crate::ops::to_text(op, &<$variant as crate::ops::Operation>::parse(response)?),)*
            }
        }
    };
}

/// An operation's row of the route table, at the top of its file: doc summary, `OperationId`
/// variant, stable name, method, default path, whether it is idempotent, where the route comes from
/// (`help`, `spec` or `assumed`), the section of `docs/spec/api-spec.md` it follows (its heading),
/// the key it uses and its position in `OperationId::ALL`.
/// `scripts/codegen` reads the rows into `core/src/generated/` (the `operations!` table and the
/// registry below); here a row expands to a test that the generated table still says the same.
macro_rules! route {
    ($(#[doc = $doc:literal])* $variant:ident = $name:literal, $method:ident, $path:literal,
     idempotent: $idem:literal, source: $source:literal, spec: $spec:literal, key: $key:ident,
     position: $pos:literal) => {
        #[cfg(test)]
        #[test]
        fn the_generated_route_table_has_this_row() {
            use crate::routes::{KeyKind, OperationId};
            let op = OperationId::$variant;
            assert_eq!(OperationId::from_name($name), Some(op), "stale core/src/generated/: run scripts/codegen");
            let route = op.default_route();
            assert_eq!((route.method, route.template.as_str()), (crate::http::Method::$method, $path));
            assert_eq!((op.is_idempotent(), op.route_source(), op.key_kind()), ($idem, $source, KeyKind::$key));
            assert_eq!(op.spec_section(), $spec);
            assert_eq!(op.summary(), concat!($($doc),*).trim_ascii());
            let before = OperationId::ALL.iter().take_while(|o| **o != op).count();
            assert!(before < $pos, "position {} but {before} operations before it", $pos);
        }
    };
}
// The operation modules (`core/src/ops/<name>.rs`, each starting with its `route!` row), their
// re-exports and the `dispatch!` over them: generated by scripts/codegen.
#[path = "../generated/ops.rs"]
mod registry;
pub use registry::*;

pub(crate) fn to_text<T: Serialize>(op: OperationId, v: &T) -> Result<String, Error> {
    serde_json::to_string(v).map_err(|e| Error::Decode { operation: op.name().to_string(), detail: e.to_string() })
}

pub(crate) fn to_value<T: Serialize>(op: OperationId, v: &T) -> Result<Value, Error> {
    serde_json::to_value(v).map_err(|e| Error::Decode { operation: op.name().to_string(), detail: e.to_string() })
}
