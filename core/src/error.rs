//! The one error type of Zeitkonto. Its variant names are shared by every language binding.

use std::fmt;
use std::time::Duration;

use serde::ser::{Serialize, SerializeMap, Serializer};

/// A result code of the API's error table (`code` in envelopes, or the bare number in a 403 body).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive] // the API may add codes
pub enum ApiCode {
    /// 0: OK.
    Ok,
    /// 1: employee not found.
    EmployeeNotFound,
    /// 2: company inactive.
    CompanyInactive,
    /// 3: authentication failed (invalid key).
    AuthenticationFailed,
    /// 4: bad date / value could not be resolved.
    BadValue,
    /// 7: e-mail already in use.
    EmailInUse,
    /// 8: missing module / licence.
    MissingModule,
    /// Any other number, kept as sent.
    Unknown(i64),
}

impl ApiCode {
    /// The codes of the spec's table (not `Unknown`), in number order.
    pub const ALL: &'static [ApiCode] = &[
        ApiCode::Ok,
        ApiCode::EmployeeNotFound,
        ApiCode::CompanyInactive,
        ApiCode::AuthenticationFailed,
        ApiCode::BadValue,
        ApiCode::EmailInUse,
        ApiCode::MissingModule,
    ];

    /// The stable, language-neutral name (`employeeNotFound`; `unknown` for a number outside the
    /// table). Each language names its class or case after it (`EmployeeNotFoundError`).
    pub fn name(self) -> &'static str {
        match self {
            ApiCode::Ok => "ok",
            ApiCode::EmployeeNotFound => "employeeNotFound",
            ApiCode::CompanyInactive => "companyInactive",
            ApiCode::AuthenticationFailed => "authenticationFailed",
            ApiCode::BadValue => "badValue",
            ApiCode::EmailInUse => "emailInUse",
            ApiCode::MissingModule => "missingModule",
            ApiCode::Unknown(_) => "unknown",
        }
    }

    /// The code for a number of the spec's table.
    pub fn from_number(n: i64) -> ApiCode {
        match n {
            0 => ApiCode::Ok,
            1 => ApiCode::EmployeeNotFound,
            2 => ApiCode::CompanyInactive,
            3 => ApiCode::AuthenticationFailed,
            4 => ApiCode::BadValue,
            7 => ApiCode::EmailInUse,
            8 => ApiCode::MissingModule,
            n => ApiCode::Unknown(n),
        }
    }

    /// The number as the API sends it.
    pub fn number(self) -> i64 {
        match self {
            ApiCode::Ok => 0,
            ApiCode::EmployeeNotFound => 1,
            ApiCode::CompanyInactive => 2,
            ApiCode::AuthenticationFailed => 3,
            ApiCode::BadValue => 4,
            ApiCode::EmailInUse => 7,
            ApiCode::MissingModule => 8,
            ApiCode::Unknown(n) => n,
        }
    }

    /// The meaning from the spec's table, in English.
    pub fn meaning(self) -> &'static str {
        match self {
            ApiCode::Ok => "OK",
            ApiCode::EmployeeNotFound => "employee not found",
            ApiCode::CompanyInactive => "company inactive",
            ApiCode::AuthenticationFailed => "authentication failed (invalid key)",
            ApiCode::BadValue => "bad date or value could not be resolved",
            ApiCode::EmailInUse => "e-mail already in use",
            ApiCode::MissingModule => "missing module or licence",
            ApiCode::Unknown(_) => "unknown code",
        }
    }
}

/// What failed in a TLS handshake ([`Error::Tls`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive] // another failure may be told apart later
pub enum TlsFailure {
    /// The server's certificate is not issued by an authority the client trusts (a private CA
    /// that was not added, a proxy that inspects TLS, a self-signed certificate).
    UntrustedIssuer,
    /// The certificate is valid, but not for the host name the client connected to.
    HostnameMismatch,
    /// The certificate has expired, or is not valid yet (check the machine's clock).
    Expired,
    /// Any other handshake failure (no common protocol version or cipher, a revoked or malformed
    /// certificate, no trust store on the machine).
    Other,
}

impl TlsFailure {
    /// The stable, language-neutral name: `untrustedIssuer`, `hostnameMismatch`, `expired`, `other`.
    pub fn name(self) -> &'static str {
        match self {
            TlsFailure::UntrustedIssuer => "untrustedIssuer",
            TlsFailure::HostnameMismatch => "hostnameMismatch",
            TlsFailure::Expired => "expired",
            TlsFailure::Other => "other",
        }
    }

    /// The failure by its stable name; anything else is [`TlsFailure::Other`].
    pub fn from_name(name: &str) -> TlsFailure {
        match name {
            "untrustedIssuer" => TlsFailure::UntrustedIssuer,
            "hostnameMismatch" => TlsFailure::HostnameMismatch,
            "expired" => TlsFailure::Expired,
            _ => TlsFailure::Other,
        }
    }

    /// What it means, in English.
    pub fn meaning(self) -> &'static str {
        match self {
            TlsFailure::UntrustedIssuer => {
                "the server's certificate is not issued by a trusted authority (add your private CA to the client)"
            }
            TlsFailure::HostnameMismatch => "the server's certificate is not valid for this host name",
            TlsFailure::Expired => "the server's certificate has expired or is not valid yet",
            TlsFailure::Other => "the TLS handshake failed",
        }
    }
}

/// Every way a Zeitkonto call can fail. Messages never contain an API key.
///
/// Non-exhaustive: a later version may add a kind (match with a `_` arm). Every kind, its fields
/// and what they mean in each language are declared in [`crate::decl::errors`].
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Error {
    /// The input was refused before anything was sent (it would have cost a request).
    InvalidInput {
        /// The parameter, as named in the SDK's canonical JSON form.
        field: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The API answered with a code of its error table (a 4xx with a bare number, or an envelope
    /// whose `code` is not 0).
    Api {
        /// HTTP status (403 for a bare code, 200 for an envelope).
        status: u16,
        /// The code; see [`ApiCode::from_number`].
        code: i64,
    },
    /// HTTP 403 with an empty body: authentication or authorization failed, reason not given.
    Forbidden,
    /// The API answered `false` (clock, extra leave) or `success: false` (create shift).
    Refused,
    /// HTTP 429: more than the allowed requests per minute, after the configured waits.
    RateLimited {
        /// The wait the server asked for (`Retry-After`: seconds, or an HTTP date read against the
        /// answer's `Date`; read as at most one hour), when it said.
        retry_after: Option<Duration>,
    },
    /// A status the API does not document for this case (5xx, a 4xx with a non-numeric body, a
    /// redirect, ...). [`Error::may_have_reached_server`] is true on any status but a 4xx.
    UnexpectedStatus {
        /// HTTP status.
        status: u16,
        /// The start of the body, one line, keys removed.
        excerpt: String,
    },
    /// A 2xx body that is not what the operation returns (HTML from a proxy, truncated JSON, ...).
    /// [`Error::may_have_reached_server`] is true: the API took the request.
    Decode {
        /// The operation's stable name.
        operation: String,
        /// What did not fit, with the start of the body.
        detail: String,
    },
    /// The request could not be sent or the connection broke (from the drivers, never the core).
    Transport {
        /// What failed (never the URL: it holds the key).
        detail: String,
        /// Whether the request may have been applied (false: the connection was never opened).
        may_have_reached_server: bool,
    },
    /// The connection's TLS handshake failed (from the drivers): nothing reached the server, and
    /// trying again cannot help, so it is never retried.
    Tls {
        /// What failed.
        failure: TlsFailure,
        /// What the TLS stack said (never the URL).
        detail: String,
    },
    /// The request took longer than the configured timeout (from the drivers).
    Timeout {
        /// Whether the request may have been applied: true once it may have been sent (a write
        /// that timed out may well have been applied, and is never re-sent).
        may_have_reached_server: bool,
    },
}

impl Error {
    /// An [`Error::InvalidInput`] for `field`.
    pub fn invalid(field: &str, reason: impl Into<String>) -> Error {
        Error::InvalidInput { field: field.to_string(), reason: reason.into() }
    }

    /// The stable, language-neutral name of the variant (`"InvalidInput"`, `"Api"`, ...).
    pub fn kind(&self) -> &'static str {
        match self {
            Error::InvalidInput { .. } => "InvalidInput",
            Error::Api { .. } => "Api",
            Error::Forbidden => "Forbidden",
            Error::Refused => "Refused",
            Error::RateLimited { .. } => "RateLimited",
            Error::UnexpectedStatus { .. } => "UnexpectedStatus",
            Error::Decode { .. } => "Decode",
            Error::Transport { .. } => "Transport",
            Error::Tls { .. } => "Tls",
            Error::Timeout { .. } => "Timeout",
        }
    }

    /// The API code of an [`Error::Api`].
    pub fn api_code(&self) -> Option<ApiCode> {
        match self {
            Error::Api { code, .. } => Some(ApiCode::from_number(*code)),
            _ => None,
        }
    }

    /// The HTTP status, where the error came with one.
    pub fn status(&self) -> Option<u16> {
        match self {
            Error::Api { status, .. } | Error::UnexpectedStatus { status, .. } => Some(*status),
            Error::Forbidden => Some(403),
            Error::RateLimited { .. } => Some(429),
            _ => None,
        }
    }

    /// Whether the request may have been applied by the API: the flag of [`Error::Transport`] and
    /// [`Error::Timeout`]; for [`Error::UnexpectedStatus`] true on a 5xx (a gateway or server
    /// failure may come after the API applied a write), on a 3xx (a server or proxy may apply a
    /// POST and answer 303 or 302, post/redirect/get) and on any other status but a 4xx (a 1xx as
    /// the final answer: the request was read), false on a 4xx; for
    /// [`Error::Decode`] true (a 2xx came back: the API took the request). Every other error means
    /// nothing was applied (refused before sending, or refused by the API). A write is never re-sent
    /// on its own either way; this tells the caller whether to check before trying again.
    pub fn may_have_reached_server(&self) -> bool {
        match self {
            Error::Transport { may_have_reached_server, .. } | Error::Timeout { may_have_reached_server } => {
                *may_have_reached_server
            }
            Error::UnexpectedStatus { status, .. } => !(400..500).contains(status),
            Error::Decode { .. } => true,
            _ => false,
        }
    }

    /// Applies `f` to every free-text field and to the name of a refused field (a JSON key given
    /// as params may be anything): used to redact secrets.
    pub fn map_text(self, f: impl Fn(&str) -> String) -> Error {
        match self {
            Error::InvalidInput { field, reason } => Error::InvalidInput { field: f(&field), reason: f(&reason) },
            Error::UnexpectedStatus { status, excerpt } => Error::UnexpectedStatus { status, excerpt: f(&excerpt) },
            Error::Decode { operation, detail } => Error::Decode { operation, detail: f(&detail) },
            Error::Transport { detail, may_have_reached_server } => {
                Error::Transport { detail: f(&detail), may_have_reached_server }
            }
            Error::Tls { failure, detail } => Error::Tls { failure, detail: f(&detail) },
            other => other,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::InvalidInput { field, reason } => write!(f, "invalid input `{field}`: {reason}"),
            Error::Api { status, code } => {
                write!(f, "API error code {code} ({}), HTTP {status}", ApiCode::from_number(*code).meaning())
            }
            Error::Forbidden => {
                f.write_str("forbidden: HTTP 403 without a code (authentication or authorization failed)")
            }
            Error::Refused => f.write_str("the API refused the action (it answered false)"),
            Error::RateLimited { retry_after: Some(wait) } => {
                // Integer arithmetic: no float formatting code in small (wasm) builds.
                let ms = crate::units::millis(*wait);
                write!(f, "rate limited (HTTP 429), retry after {}.{} s", ms / 1000, (ms % 1000) / 100)
            }
            Error::RateLimited { retry_after: None } => f.write_str("rate limited (HTTP 429)"),
            Error::UnexpectedStatus { status, excerpt } if excerpt.is_empty() => {
                write!(f, "unexpected HTTP status {status}")
            }
            Error::UnexpectedStatus { status, excerpt } => {
                write!(f, "unexpected HTTP status {status}: {excerpt}")
            }
            Error::Decode { operation, detail } => {
                write!(f, "could not decode the `{operation}` response: {detail}")
            }
            Error::Transport { detail, .. } => write!(f, "transport error: {detail}"),
            Error::Tls { failure, detail } => write!(f, "TLS failed: {} ({detail})", failure.meaning()),
            Error::Timeout { may_have_reached_server: true } => {
                f.write_str("the request timed out (it may have reached the server)")
            }
            Error::Timeout { may_have_reached_server: false } => f.write_str("the request timed out"),
        }
    }
}

impl std::error::Error for Error {}

impl Serialize for Error {
    /// The language-neutral JSON form used by the bindings and the vectors:
    /// `{"kind": "Api", "message": "...", "status": 403, "code": 4}` (fields per variant, camelCase).
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("kind", self.kind())?;
        m.serialize_entry("message", &self.to_string())?;
        match self {
            Error::InvalidInput { field, reason } => {
                m.serialize_entry("field", field)?;
                m.serialize_entry("reason", reason)?;
            }
            Error::Api { status, code } => {
                m.serialize_entry("status", status)?;
                m.serialize_entry("code", code)?;
            }
            Error::Forbidden => m.serialize_entry("status", &403)?,
            Error::Refused => {}
            Error::Timeout { may_have_reached_server } => {
                m.serialize_entry("mayHaveReachedServer", may_have_reached_server)?;
            }
            Error::RateLimited { retry_after } => {
                m.serialize_entry("status", &429)?;
                m.serialize_entry("retryAfterMs", &retry_after.map(crate::units::millis))?;
            }
            Error::UnexpectedStatus { status, excerpt } => {
                m.serialize_entry("status", status)?;
                m.serialize_entry("excerpt", excerpt)?;
                m.serialize_entry("mayHaveReachedServer", &self.may_have_reached_server())?;
            }
            Error::Decode { operation, detail } => {
                m.serialize_entry("operation", operation)?;
                m.serialize_entry("detail", detail)?;
                m.serialize_entry("mayHaveReachedServer", &self.may_have_reached_server())?;
            }
            Error::Transport { detail, may_have_reached_server } => {
                m.serialize_entry("detail", detail)?;
                m.serialize_entry("mayHaveReachedServer", may_have_reached_server)?;
            }
            Error::Tls { failure, detail } => {
                m.serialize_entry("failure", failure.name())?;
                m.serialize_entry("detail", detail)?;
                m.serialize_entry("mayHaveReachedServer", &false)?;
            }
        }
        m.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn may_have_reached_server_says_whether_a_write_may_have_been_applied() {
        let status = |status| Error::UnexpectedStatus { status, excerpt: String::new() };
        assert!(status(502).may_have_reached_server());
        assert!(!status(404).may_have_reached_server());
        assert!(status(302).may_have_reached_server(), "post/redirect/get: a write may have been applied");
        assert!(status(303).may_have_reached_server());
        assert!(Error::Decode { operation: "clock".into(), detail: String::new() }.may_have_reached_server());
        assert!(Error::Timeout { may_have_reached_server: true }.may_have_reached_server());
        assert!(!Error::Transport { detail: String::new(), may_have_reached_server: false }.may_have_reached_server());
        assert!(!Error::Api { status: 403, code: 4 }.may_have_reached_server());
        assert!(!Error::Refused.may_have_reached_server());
        assert!(!Error::invalid("x", "y").may_have_reached_server());
        // In the canonical form every language reads.
        let json = serde_json::to_value(status(503)).unwrap_or_default();
        assert_eq!(json["mayHaveReachedServer"], serde_json::Value::Bool(true));
    }
}
