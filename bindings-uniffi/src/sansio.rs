//! The sans-IO core, exported: build a request without sending it, parse a response you received.

use std::sync::Arc;

use zeitkonto_core::{Error, OperationId, Request, Response};

use crate::config::ZeitkontoConfig;
use crate::types::{IsoDate, PlatformInt, RawJson};
use crate::ZeitkontoError;

/// A request ready to send. An object rather than a record so that nothing prints the key:
/// `toString()`/`description` give `METHOD <redacted URL>`. `url()` and `body()` hold the key: send
/// them, never log them; log `redactedUrl()`/`redactedBody()`.
#[derive(Debug, uniffi::Object)]
#[uniffi::export(Display)]
pub struct BuiltRequest {
    pub(crate) inner: Request,
}

impl std::fmt::Display for BuiltRequest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.inner.fmt(f) // the core's redacted form
    }
}

#[uniffi::export]
impl BuiltRequest {
    /// `GET`, `POST`, `PUT` or `DELETE`.
    pub fn method(&self) -> String {
        self.inner.method().as_str().to_string()
    }

    /// The full URL, key included.
    pub fn url(&self) -> String {
        self.inner.url().to_string()
    }

    /// The headers to send (none carries a key).
    pub fn headers(&self) -> Vec<HttpHeader> {
        self.inner
            .headers()
            .iter()
            .map(|(name, value)| HttpHeader { name: name.clone(), value: value.clone() })
            .collect()
    }

    /// The JSON body (holds the key for operations that send it in the body).
    pub fn body(&self) -> Option<String> {
        self.inner.body().map(|b| String::from_utf8_lossy(b).into_owned())
    }

    /// The URL with every key replaced by `***`.
    pub fn redacted_url(&self) -> String {
        self.inner.redacted_url().to_string()
    }

    /// The body with every key replaced by `***`.
    pub fn redacted_body(&self) -> Option<String> {
        self.inner.redacted_body().map(str::to_string)
    }
}

/// One HTTP header.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct HttpHeader {
    /// The header name.
    pub name: String,
    /// The header value.
    pub value: String,
}

/// A foreign status code as an HTTP status (100..=999), if it is one.
pub(crate) fn http_status(status: PlatformInt) -> Option<u16> {
    u16::try_from(status.0).ok().filter(|s| (100..=999).contains(s))
}

/// The stable names of every operation.
#[uniffi::export]
pub fn operations() -> Vec<String> {
    OperationId::ALL.iter().map(|o| o.name().to_string()).collect()
}

/// Builds the request of `operation` from canonical params (JSON text) without sending it, with the
/// keys, base URL and route overrides of `config` (its other settings do not matter here).
/// `today` (`YYYY-MM-DD`) gives the checks that depend on the date a calendar (book-absence with
/// only a start or an end); without it they are left to the server, as in any sans-IO build.
#[uniffi::export(default(today = None))]
pub fn build_request(
    operation: String,
    params: RawJson,
    config: ZeitkontoConfig,
    today: Option<IsoDate>,
) -> Result<Arc<BuiltRequest>, ZeitkontoError> {
    let op = OperationId::by_name(&operation)?;
    let mut ctx = config.context()?;
    if let Some(day) = today {
        ctx = ctx.with_fixed_today(zeitkonto_core::Date::parse_field(&day.0, "today")?);
    }
    let inner = zeitkonto_core::build_request_text(op, &params.0, &ctx).map_err(|e| ctx.redact_error(e))?;
    Ok(Arc::new(BuiltRequest { inner }))
}

/// Parses a response of `operation` into its canonical output (JSON text), or the typed error.
/// Pass the `request` it answers (from [`build_request`]) to read it as the client does: the
/// request's secrets are redacted before an excerpt is cut, and an echoed month is read against
/// the requested one.
#[uniffi::export(default(request = None))]
pub fn parse_response(
    operation: String,
    status: PlatformInt,
    headers: Vec<HttpHeader>,
    body: Vec<u8>,
    request: Option<Arc<BuiltRequest>>,
) -> Result<RawJson, ZeitkontoError> {
    let op = OperationId::by_name(&operation)?;
    let status =
        http_status(status).ok_or_else(|| Error::invalid("status", format!("not an HTTP status: {}", status.0)))?;
    let headers = headers.into_iter().map(|h| (h.name, h.value)).collect();
    let response = Response::new(status, headers, body);
    let request = request.as_ref().map(|r| &r.inner);
    Ok(RawJson(zeitkonto_core::http::parse_answer(op, response, request, zeitkonto_core::parse_response_text)?))
}
