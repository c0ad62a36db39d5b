//! The sans-IO core, exported: build a request without sending it, parse a response you received.

use zeitkonto_core::{Error, OperationId, Response};

use crate::config::RequestContext;
use crate::types::RawJson;
use crate::ZeitkontoError;

/// A request ready to send. `url` and `body` may hold the key: send them, never log them; log the
/// redacted forms.
#[derive(Clone, uniffi::Record)]
pub struct BuiltRequest {
    /// `GET`, `POST`, `PUT` or `DELETE`.
    pub method: String,
    pub url: String,
    pub headers: Vec<HttpHeader>,
    pub body: Option<String>,
    pub redacted_url: String,
    pub redacted_body: Option<String>,
}

impl std::fmt::Debug for BuiltRequest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BuiltRequest")
            .field("method", &self.method)
            .field("url", &self.redacted_url)
            .field("body", &self.redacted_body)
            .finish_non_exhaustive()
    }
}

/// One HTTP header.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct HttpHeader {
    pub name: String,
    pub value: String,
}

pub(crate) fn operation(name: &str) -> Result<OperationId, ZeitkontoError> {
    OperationId::from_name(name)
        .ok_or_else(|| Error::invalid("operation", format!("unknown operation {name:?}")).into())
}

/// The stable names of the 24 operations.
#[uniffi::export]
pub fn operations() -> Vec<String> {
    OperationId::ALL.iter().map(|o| o.name().to_string()).collect()
}

/// Builds the request of `operation` from canonical params (JSON text) without sending it.
#[uniffi::export]
pub fn build_request(
    operation: String,
    params: RawJson,
    context: RequestContext,
) -> Result<BuiltRequest, ZeitkontoError> {
    let op = self::operation(&operation)?;
    let ctx = context.to_core()?;
    let req = zeitkonto_core::build_request_text(op, &params.0, &ctx).map_err(|e| ctx.redact_error(e))?;
    Ok(BuiltRequest {
        method: req.method().as_str().to_string(),
        url: req.url().to_string(),
        headers: req
            .headers()
            .iter()
            .map(|(name, value)| HttpHeader { name: name.clone(), value: value.clone() })
            .collect(),
        body: req.body().map(|b| String::from_utf8_lossy(b).into_owned()),
        redacted_url: req.redacted_url().to_string(),
        redacted_body: req.redacted_body().map(str::to_string),
    })
}

/// Parses a response of `operation` into its canonical output (JSON text), or the typed error.
#[uniffi::export]
pub fn parse_response(
    operation: String,
    status: u16,
    headers: Vec<HttpHeader>,
    body: Vec<u8>,
) -> Result<RawJson, ZeitkontoError> {
    let op = self::operation(&operation)?;
    let headers = headers.into_iter().map(|h| (h.name, h.value)).collect();
    Ok(RawJson(zeitkonto_core::parse_response_text(op, &Response::new(status, headers, body))?))
}
