//! [`ZeitkontoError`]: the core's error, variant for variant. Kotlin sees a sealed class
//! `ZeitkontoException` (uniffi renames `…Error` to `…Exception`), Swift an `enum ZeitkontoError`.
//!
//! Every variant carries `description`: the core's message, which never contains a key (the core
//! redacts at the source). No field is named `message` (it would clash with `Throwable.message`);
//! Kotlin's `message` lists the fields, `description` last. Field names are the core's; numbers are
//! the platform's plain integer (`Int` in Kotlin and Swift).

use zeitkonto_core::Error;

use crate::types::PlatformInt;

/// A failed call. Same variants as the core's `Error`; `description` is a readable, key-free sentence.
/// Kotlin's `toString()` and Swift's `description` give that sentence (the exported `Display`).
#[derive(Debug, Clone, PartialEq, uniffi::Error)]
#[uniffi::export(Display)]
pub enum ZeitkontoError {
    /// A parameter or setting was rejected before anything was sent.
    InvalidInput {
        /// The parameter or setting at fault, as the caller named it (camelCase).
        field: String,
        /// Why it was refused.
        reason: String,
        /// A readable, key-free sentence (also `toString()` / `description`).
        description: String,
    },
    /// The API answered with an error code (`403` and a bare number): 1 employee not found,
    /// 2 company inactive, 3 authentication failed, 4 bad value, 7 e-mail in use, 8 missing module.
    Api {
        /// The HTTP status.
        status: PlatformInt,
        /// The API's error code (a code beyond 32 bits reads as the nearest one; `description`
        /// holds it as sent).
        code: PlatformInt,
        /// A readable, key-free sentence (also `toString()` / `description`).
        description: String,
    },
    /// HTTP 403 without a code (`status` is 403).
    Forbidden {
        /// The HTTP status.
        status: PlatformInt,
        /// A readable, key-free sentence (also `toString()` / `description`).
        description: String,
    },
    /// The API refused the action (it answered `false`).
    Refused {
        /// A readable, key-free sentence (also `toString()` / `description`).
        description: String,
    },
    /// HTTP 429 (`status`) after the configured retries; `retry_after` when the server said.
    RateLimited {
        /// The HTTP status.
        status: PlatformInt,
        /// The wait the server asked for (`Retry-After`), in seconds; `null` when absent.
        retry_after: Option<f64>,
        /// A readable, key-free sentence (also `toString()` / `description`).
        description: String,
    },
    /// An HTTP status the API does not document, with a short excerpt of the body;
    /// `may_have_reached_server` is true on a 5xx (a write may have been applied).
    UnexpectedStatus {
        /// The HTTP status.
        status: PlatformInt,
        /// A short, redacted excerpt of the body.
        excerpt: String,
        /// Whether a write may have been applied (it is then never retried).
        may_have_reached_server: bool,
        /// A readable, key-free sentence (also `toString()` / `description`).
        description: String,
    },
    /// The answer could not be read as the operation's result; `may_have_reached_server` is true
    /// (a 2xx came back: a write was probably applied).
    Decode {
        /// The operation's stable name.
        operation: String,
        /// What went wrong (redacted).
        detail: String,
        /// Whether a write may have been applied (it is then never retried).
        may_have_reached_server: bool,
        /// A readable, key-free sentence (also `toString()` / `description`).
        description: String,
    },
    /// The request did not complete; `may_have_reached_server` tells whether a write may have
    /// been applied (it is then never retried).
    Transport {
        /// What went wrong (redacted).
        detail: String,
        /// Whether a write may have been applied (it is then never retried).
        may_have_reached_server: bool,
        /// A readable, key-free sentence (also `toString()` / `description`).
        description: String,
    },
    /// The TLS handshake failed: `failure` says what (`untrustedIssuer`, `hostnameMismatch`,
    /// `expired`, `other`). Nothing reached the server (`may_have_reached_server` is false), and it
    /// is never retried: trying again cannot help.
    Tls {
        /// What failed: `untrustedIssuer` (add your private CA), `hostnameMismatch`, `expired`
        /// (or not valid yet: check the clock), `other` (no trust store on the machine, no common
        /// protocol, ...).
        failure: String,
        /// What the TLS stack said (redacted).
        detail: String,
        /// Always false: the connection was never opened.
        may_have_reached_server: bool,
        /// A readable, key-free sentence (also `toString()` / `description`).
        description: String,
    },
    /// No answer within the timeout; `may_have_reached_server` tells whether a write may have
    /// been applied (it is then never retried).
    Timeout {
        /// Whether a write may have been applied (it is then never retried).
        may_have_reached_server: bool,
        /// A readable, key-free sentence (also `toString()` / `description`).
        description: String,
    },
}

impl std::fmt::Display for ZeitkontoError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let description = match self {
            ZeitkontoError::InvalidInput { description, .. }
            | ZeitkontoError::Api { description, .. }
            | ZeitkontoError::Forbidden { description, .. }
            | ZeitkontoError::Refused { description }
            | ZeitkontoError::RateLimited { description, .. }
            | ZeitkontoError::UnexpectedStatus { description, .. }
            | ZeitkontoError::Decode { description, .. }
            | ZeitkontoError::Transport { description, .. }
            | ZeitkontoError::Tls { description, .. }
            | ZeitkontoError::Timeout { description, .. } => description,
        };
        f.write_str(description)
    }
}

impl std::error::Error for ZeitkontoError {}

impl From<Error> for ZeitkontoError {
    fn from(e: Error) -> ZeitkontoError {
        let description = e.to_string();
        let may_have_reached_server = e.may_have_reached_server();
        match e {
            Error::InvalidInput { field, reason } => ZeitkontoError::InvalidInput { field, reason, description },
            Error::Api { status, code } => {
                ZeitkontoError::Api { status: status.into(), code: PlatformInt::saturating(code), description }
            }
            Error::Forbidden => ZeitkontoError::Forbidden { status: PlatformInt(403), description },
            Error::Refused => ZeitkontoError::Refused { description },
            Error::RateLimited { retry_after_ms } => ZeitkontoError::RateLimited {
                status: PlatformInt(429),
                retry_after: retry_after_ms.map(|ms| ms as f64 / 1000.0),
                description,
            },
            Error::UnexpectedStatus { status, excerpt } => ZeitkontoError::UnexpectedStatus {
                status: status.into(),
                excerpt,
                may_have_reached_server,
                description,
            },
            Error::Decode { operation, detail } => {
                ZeitkontoError::Decode { operation, detail, may_have_reached_server, description }
            }
            Error::Transport { detail, .. } => {
                ZeitkontoError::Transport { detail, may_have_reached_server, description }
            }
            Error::Tls { failure, detail } => ZeitkontoError::Tls {
                failure: failure.name().to_string(),
                detail,
                may_have_reached_server,
                description,
            },
            Error::Timeout { .. } => ZeitkontoError::Timeout { may_have_reached_server, description },
        }
    }
}
