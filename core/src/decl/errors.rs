//! The declaration of every error kind, its fields and the API's code table: what each language's
//! error classes (Python, npm), variants (Kotlin, Swift) and their docs are generated from.
//!
//! The core's [`crate::Error`] is the source of the kinds and of their canonical JSON fields (read from
//! its serializer, so the two cannot drift: `every_core_kind_is_declared_with_its_json_fields`);
//! this module adds what a binding needs on top: each kind's and field's doc, a field's type, the
//! parent kind (`Tls` is a `Transport` failure), and the kinds only a binding raises.

use serde::Serialize;

#[cfg(test)]
use crate::error::Error;
use crate::error::{ApiCode, TlsFailure};

/// The type of an error field, each language in its own form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum ErrorFieldType {
    /// Text.
    Text,
    /// A whole number (an HTTP status, an API code).
    Integer,
    /// `true` or `false`.
    Bool,
    /// An optional duration, in each language's duration type or unit (`durations` in the
    /// declaration); the canonical JSON carries it in milliseconds under `<key>Ms`.
    Duration,
    /// One of [`TlsFailure`]'s names (`untrustedIssuer`, ...).
    TlsFailure,
    /// One of [`ApiCode`]'s names (`employeeNotFound`, ..., `unknown`), read from `code`.
    ApiCode,
}

/// One field of an error kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ErrorFieldDecl {
    /// The name in camelCase (snake_case in Python and Rust).
    pub key: &'static str,
    /// Its type.
    #[serde(rename = "type")]
    pub ty: ErrorFieldType,
    /// What it means.
    pub doc: &'static str,
}

/// Where an error kind comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum ErrorOrigin {
    /// The core's [`crate::Error`] (every language).
    Core,
    /// A binding itself (a closed client, a failure inside the binding, a cancelled call).
    Binding,
}

/// One error kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ErrorKindDecl {
    /// The stable name (`"Api"`); classes are named after it (`ApiError`, `ZeitkontoException.Api`).
    pub kind: &'static str,
    /// What it means, for every language's doc comment.
    pub doc: &'static str,
    /// The kind it refines (`Tls` → `Transport`: an `except TransportError` catches it too).
    pub parent: Option<&'static str>,
    /// Its fields besides the message, in order.
    pub fields: &'static [ErrorFieldDecl],
    /// The core's, or a binding's own.
    pub origin: ErrorOrigin,
    /// For a binding's kind: which languages raise it, and what a caller sees there.
    pub note: &'static str,
}

const STATUS: ErrorFieldDecl =
    ErrorFieldDecl { key: "status", ty: ErrorFieldType::Integer, doc: "The HTTP status of the answer." };
const MAY_HAVE_REACHED_SERVER: ErrorFieldDecl = ErrorFieldDecl {
    key: "mayHaveReachedServer",
    ty: ErrorFieldType::Bool,
    doc: "Whether the request may have been applied: a write that may have been is never sent again on its own; check before trying again.",
};
const DETAIL: ErrorFieldDecl =
    ErrorFieldDecl { key: "detail", ty: ErrorFieldType::Text, doc: "What went wrong, without any key." };

/// The fields every error answers, whatever its kind (each language's base error class or type:
/// Python's `ZeitkontoError.may_have_reached_server`, npm's `mayHaveReachedServer`, Kotlin's and
/// Swift's property, Rust's `Error::may_have_reached_server()`): a kind that carries one of them
/// gives its value, every other kind `false`.
pub const SHARED: &[ErrorFieldDecl] = &[
    ErrorFieldDecl {
        key: "mayHaveReachedServer",
        ty: ErrorFieldType::Bool,
        doc: "Whether the request may have been applied, for every error: the value of the kinds that carry it (Transport, Tls, Timeout, UnexpectedStatus, Decode), false for every other (nothing was sent, or the API refused it). A write that may have been applied is never sent again on its own; check before trying again.",
    },
    ErrorFieldDecl {
        key: "apiCode",
        ty: ErrorFieldType::ApiCode,
        doc: "The name of the API's code, for every error: an `Api` error's (`unknown` for a number outside the table), null for every other kind.",
    },
];

/// Every error kind: the core's, in the order of [`crate::Error`], then the bindings' own.
pub const KINDS: &[ErrorKindDecl] = &[
    ErrorKindDecl {
        kind: "InvalidInput",
        doc: "A parameter or setting was refused before anything was sent (it would have cost a request).",
        parent: None,
        fields: &[
            ErrorFieldDecl {
                key: "field",
                ty: ErrorFieldType::Text,
                doc: "The parameter or setting at fault, as the caller named it (in the language's casing).",
            },
            ErrorFieldDecl { key: "reason", ty: ErrorFieldType::Text, doc: "Why it was refused." },
        ],
        origin: ErrorOrigin::Core,
        note: "",
    },
    ErrorKindDecl {
        kind: "Api",
        doc: "The API answered with a code of its error table (HTTP 403 and a bare number, or an envelope whose `code` is not 0).",
        parent: None,
        fields: &[
            STATUS,
            ErrorFieldDecl { key: "code", ty: ErrorFieldType::Integer, doc: "The API's code, as sent." },
            ErrorFieldDecl {
                key: "apiCode",
                ty: ErrorFieldType::ApiCode,
                doc: "The code's name in the API's table (`unknown` for a number outside it).",
            },
        ],
        origin: ErrorOrigin::Core,
        note: "",
    },
    ErrorKindDecl {
        kind: "Forbidden",
        doc: "HTTP 403 without an error code (an empty body, or 0): authentication or authorization failed, reason not given. A 403 with another body (a proxy's page) is `UnexpectedStatus`, with an excerpt.",
        parent: None,
        fields: &[STATUS],
        origin: ErrorOrigin::Core,
        note: "",
    },
    ErrorKindDecl {
        kind: "Refused",
        doc: "The API refused the action: it answered `false` (clock, extra leave) or `success: false` (create shift).",
        parent: None,
        fields: &[],
        origin: ErrorOrigin::Core,
        note: "",
    },
    ErrorKindDecl {
        kind: "RateLimited",
        doc: "HTTP 429 after the configured waits: more requests than the API allows per minute.",
        parent: None,
        fields: &[
            STATUS,
            ErrorFieldDecl {
                key: "retryAfter",
                ty: ErrorFieldType::Duration,
                doc: "The wait the server asked for (`Retry-After`: seconds, or an HTTP date read against the answer's `Date`; read as at most one hour); `null` when it did not say.",
            },
        ],
        origin: ErrorOrigin::Core,
        note: "",
    },
    ErrorKindDecl {
        kind: "UnexpectedStatus",
        doc: "A status the API does not document for the case (a 5xx, a 4xx without a code, a redirect, which is never followed).",
        parent: None,
        fields: &[
            STATUS,
            ErrorFieldDecl {
                key: "excerpt",
                ty: ErrorFieldType::Text,
                doc: "The start of the body, one line, without any key.",
            },
            MAY_HAVE_REACHED_SERVER,
        ],
        origin: ErrorOrigin::Core,
        note: "",
    },
    ErrorKindDecl {
        kind: "Decode",
        doc: "A 2xx answer that is not what the operation returns (an HTML page from a proxy, truncated JSON); the API took the request.",
        parent: None,
        fields: &[
            ErrorFieldDecl { key: "operation", ty: ErrorFieldType::Text, doc: "The operation's stable name." },
            DETAIL,
            MAY_HAVE_REACHED_SERVER,
        ],
        origin: ErrorOrigin::Core,
        note: "",
    },
    ErrorKindDecl {
        kind: "Transport",
        doc: "The request could not be sent or the connection broke.",
        parent: None,
        fields: &[DETAIL, MAY_HAVE_REACHED_SERVER],
        origin: ErrorOrigin::Core,
        note: "",
    },
    ErrorKindDecl {
        kind: "Tls",
        doc: "The TLS handshake failed: nothing reached the server, and trying again cannot help, so it is never retried.",
        parent: Some("Transport"),
        fields: &[
            ErrorFieldDecl {
                key: "failure",
                ty: ErrorFieldType::TlsFailure,
                doc: "What failed: `untrustedIssuer` (trust your private CA), `hostnameMismatch`, `expired` (or not valid yet: check the clock), `other`.",
            },
            DETAIL,
            MAY_HAVE_REACHED_SERVER,
        ],
        origin: ErrorOrigin::Core,
        note: "",
    },
    ErrorKindDecl {
        kind: "Timeout",
        doc: "No answer within the timeout.",
        parent: None,
        fields: &[MAY_HAVE_REACHED_SERVER],
        origin: ErrorOrigin::Core,
        note: "",
    },
    ErrorKindDecl {
        kind: "ClientClosed",
        doc: "A call on a client after it was closed.",
        parent: None,
        fields: &[],
        origin: ErrorOrigin::Binding,
        note: "Python (`close()`, or the end of a `with` block). Kotlin and Swift: a call after `close()` fails in uniffi's own handle check.",
    },
    ErrorKindDecl {
        kind: "Internal",
        doc: "A failure inside Zeitkonto that is none of the other kinds (a bug: please report it).",
        parent: None,
        fields: &[],
        origin: ErrorOrigin::Binding,
        note: "Every language: the base error class with kind `Internal` (Kotlin: the `Internal` class; Swift: the `internal` case).",
    },
    ErrorKindDecl {
        kind: "Aborted",
        doc: "The caller cancelled the call.",
        parent: None,
        fields: &[],
        origin: ErrorOrigin::Binding,
        note: "Each platform's own cancellation, not a Zeitkonto error: npm rejects with the AbortSignal's reason (an `AbortError` DOMException by default), Python raises `asyncio.CancelledError` (or `KeyboardInterrupt` on Ctrl-C), Kotlin `CancellationException`, Swift `CancellationError`.",
    },
];

/// One code of the API's table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ApiCodeDecl {
    /// The number the API sends.
    pub number: i64,
    /// The stable name (`employeeNotFound`); per-code classes are named after it
    /// (`EmployeeNotFoundError` in Python and npm).
    pub name: &'static str,
    /// The meaning from the spec's table.
    pub meaning: &'static str,
}

/// The API's codes that are errors (every code of the table but 0), from [`ApiCode`].
pub fn api_codes() -> Vec<ApiCodeDecl> {
    ApiCode::ALL
        .iter()
        .filter(|c| **c != ApiCode::Ok)
        .map(|c| ApiCodeDecl { number: c.number(), name: c.name(), meaning: c.meaning() })
        .collect()
}

/// One way a TLS handshake fails ([`TlsFailure`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct TlsFailureDecl {
    /// The stable name (`untrustedIssuer`).
    pub name: &'static str,
    /// What it means.
    pub meaning: &'static str,
}

/// Every [`TlsFailure`], in order.
pub fn tls_failures() -> Vec<TlsFailureDecl> {
    [TlsFailure::UntrustedIssuer, TlsFailure::HostnameMismatch, TlsFailure::Expired, TlsFailure::Other]
        .iter()
        .map(|f| TlsFailureDecl { name: f.name(), meaning: f.meaning() })
        .collect()
}

/// One value of every variant of the core's [`crate::Error`] (the serializer tells its JSON fields).
#[cfg(test)]
fn samples() -> Vec<Error> {
    let samples = vec![
        Error::invalid("field", "reason"),
        Error::Api { status: 403, code: 3 },
        Error::Forbidden,
        Error::Refused,
        Error::RateLimited { retry_after: Some(std::time::Duration::from_secs(1)) },
        Error::UnexpectedStatus { status: 502, excerpt: String::new() },
        Error::Decode { operation: String::new(), detail: String::new() },
        Error::Transport { detail: String::new(), may_have_reached_server: false },
        Error::Tls { failure: TlsFailure::Other, detail: String::new() },
        Error::Timeout { may_have_reached_server: false },
    ];
    for e in &samples {
        // A new variant must get a sample above: this match stops compiling without it.
        match e {
            Error::InvalidInput { .. }
            | Error::Api { .. }
            | Error::Forbidden
            | Error::Refused
            | Error::RateLimited { .. }
            | Error::UnexpectedStatus { .. }
            | Error::Decode { .. }
            | Error::Transport { .. }
            | Error::Tls { .. }
            | Error::Timeout { .. } => {}
        }
    }
    samples
}

/// The fields of `e`'s canonical JSON besides `kind` and `message` (a duration as its key without
/// `Ms`, as the declaration names it).
#[cfg(test)]
fn json_fields(e: &Error) -> Vec<String> {
    let json = serde_json::to_value(e).unwrap_or_default();
    json.as_object()
        .map(|o| {
            o.keys()
                .filter(|k| *k != "kind" && *k != "message")
                .map(|k| k.strip_suffix("Ms").unwrap_or(k).to_string())
                .collect()
        })
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_core_kind_is_declared_with_its_json_fields() {
        let core: Vec<&ErrorKindDecl> = KINDS.iter().filter(|k| k.origin == ErrorOrigin::Core).collect();
        let samples = samples();
        assert_eq!(core.len(), samples.len(), "one declaration per variant of Error");
        for (decl, e) in core.iter().zip(&samples) {
            assert_eq!(decl.kind, e.kind());
            let mut declared: Vec<String> = decl
                .fields
                .iter()
                .filter(|f| f.ty != ErrorFieldType::ApiCode) // derived from `code` in each language
                .map(|f| f.key.to_string())
                .collect();
            let mut json = json_fields(e);
            declared.sort();
            json.sort();
            assert_eq!(declared, json, "{}: the declared fields are the JSON form's", decl.kind);
        }
    }

    #[test]
    fn a_shared_field_is_the_rust_accessor_false_where_a_kind_lacks_it() {
        assert_eq!(SHARED.iter().map(|f| f.key).collect::<Vec<_>>(), ["mayHaveReachedServer", "apiCode"]);
        let core: Vec<&ErrorKindDecl> = KINDS.iter().filter(|k| k.origin == ErrorOrigin::Core).collect();
        for (decl, e) in core.iter().zip(samples()) {
            // `apiCode` is derived from `code` in each language: only the `Api` kind declares it.
            let declares_code = decl.fields.iter().any(|f| f.key == "apiCode");
            assert_eq!(declares_code, e.api_code().is_some(), "{}", decl.kind);
            let json = serde_json::to_value(&e).unwrap_or_default();
            let carried = json.get("mayHaveReachedServer").and_then(serde_json::Value::as_bool);
            assert_eq!(carried.unwrap_or(false), e.may_have_reached_server(), "{}", decl.kind);
            assert_eq!(carried.is_some(), decl.fields.iter().any(|f| f.key == "mayHaveReachedServer"), "{}", decl.kind);
        }
    }

    #[test]
    fn kinds_are_unique_documented_and_parents_exist() {
        let mut kinds: Vec<&str> = KINDS.iter().map(|k| k.kind).collect();
        kinds.sort_unstable();
        kinds.dedup();
        assert_eq!(kinds.len(), KINDS.len());
        for k in KINDS {
            assert!(!k.doc.is_empty() && k.fields.iter().all(|f| !f.doc.is_empty()), "{}", k.kind);
            assert_eq!(k.origin == ErrorOrigin::Binding, !k.note.is_empty(), "{}: a binding's kind says where", k.kind);
            if let Some(p) = k.parent {
                assert!(KINDS.iter().any(|o| o.kind == p), "{}: parent {p}", k.kind);
            }
        }
    }

    #[test]
    fn api_codes_are_the_table_without_ok() {
        let codes = api_codes();
        assert_eq!(codes.iter().map(|c| c.number).collect::<Vec<_>>(), [1, 2, 3, 4, 7, 8]);
        for c in codes {
            assert_eq!(ApiCode::from_number(c.number).name(), c.name);
        }
    }
}
