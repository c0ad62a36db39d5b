//! Response classification shared by every operation: status → error mapping (the spec's Errors
//! section), JSON decoding whatever the content type says, envelopes, booleans.

use serde::de::DeserializeOwned;

use crate::error::Error;
use crate::http::{excerpt, Response};
use crate::routes::OperationId;

/// How many characters of a body an error message quotes.
pub const EXCERPT_CHARS: usize = 120;

/// Maps a non-2xx response to its error; `Ok(())` for 2xx.
///
/// - 429 → [`Error::RateLimited`] (with `Retry-After` seconds when present);
/// - a 4xx whose body is a bare integer (white space tolerated) → [`Error::Api`];
/// - 403 with an empty body → [`Error::Forbidden`];
/// - anything else → [`Error::UnexpectedStatus`] with a short excerpt.
pub fn check_status(resp: &Response) -> Result<(), Error> {
    let status = resp.status;
    if (200..300).contains(&status) {
        return Ok(());
    }
    if status == 429 {
        return Err(Error::RateLimited { retry_after_ms: resp.retry_after_ms() });
    }
    let text = String::from_utf8_lossy(&resp.body);
    let trimmed = text.trim().trim_start_matches('\u{feff}').trim();
    if (400..500).contains(&status) {
        if let Ok(code) = trimmed.parse::<i64>() {
            return Err(Error::Api { status, code });
        }
        if trimmed.is_empty() && status == 403 {
            return Err(Error::Forbidden);
        }
    }
    Err(Error::UnexpectedStatus { status, excerpt: excerpt(&resp.body, EXCERPT_CHARS) })
}

fn body_text(body: &[u8]) -> &[u8] {
    let b = body.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(body);
    b.trim_ascii()
}

/// Decodes a 2xx body as JSON into `T`, whatever the content type says. A body that is a JSON
/// string holding JSON (double-encoded) is accepted too.
pub fn json<T: DeserializeOwned>(op: OperationId, resp: &Response) -> Result<T, Error> {
    check_status(resp)?;
    let body = body_text(&resp.body);
    if body.is_empty() {
        return Err(Error::Decode { operation: op.name().to_string(), detail: "empty body".to_string() });
    }
    match serde_json::from_slice::<T>(body) {
        Ok(v) => Ok(v),
        Err(first) => {
            if body.first() == Some(&b'"') {
                if let Ok(inner) = serde_json::from_slice::<String>(body) {
                    // Through the same slice reader as above: one instantiation of every model's
                    // deserializer, not two (it matters for the size of the wasm build).
                    if let Ok(v) = serde_json::from_slice::<T>(inner.as_bytes()) {
                        return Ok(v);
                    }
                }
            }
            Err(Error::Decode {
                operation: op.name().to_string(),
                detail: format!("{first}; body starts: {}", excerpt(body, EXCERPT_CHARS)),
            })
        }
    }
}

/// Like [`json`] into a [`serde_json::Value`], but a 2xx body that is not JSON is returned as a
/// JSON string of its text (for answers documented as strings, which may arrive unquoted).
pub fn json_or_text(op: OperationId, resp: &Response) -> Result<serde_json::Value, Error> {
    match json::<serde_json::Value>(op, resp) {
        Err(Error::Decode { .. }) if !body_text(&resp.body).is_empty() => {
            match std::str::from_utf8(body_text(&resp.body)) {
                Ok(text) => Ok(serde_json::Value::String(text.to_string())),
                Err(_) => json(op, resp),
            }
        }
        other => other,
    }
}

/// JSON text of a value through the same writer as request bodies (`Value`'s `Display` would add
/// a second copy of the serializer to small builds).
pub fn json_text(v: &serde_json::Value) -> String {
    serde_json::to_vec(v).map(|b| String::from_utf8_lossy(&b).into_owned()).unwrap_or_default()
}

/// Turns an envelope `code` other than 0 into [`Error::Api`] (status 200).
pub fn check_code(status: u16, code: Option<i64>) -> Result<(), Error> {
    match code {
        Some(c) if c != 0 => Err(Error::Api { status, code: c }),
        _ => Ok(()),
    }
}

/// A JSON boolean answer: `true` → `Ok(())`, `false` → [`Error::Refused`]. The strings `"true"`
/// and `"false"` are accepted too (the body may arrive as text).
pub fn boolean(op: OperationId, resp: &Response) -> Result<(), Error> {
    let v: serde_json::Value = json(op, resp)?;
    match v {
        serde_json::Value::Bool(true) => Ok(()),
        serde_json::Value::Bool(false) => Err(Error::Refused),
        serde_json::Value::String(s) if s.trim() == "true" => Ok(()),
        serde_json::Value::String(s) if s.trim() == "false" => Err(Error::Refused),
        other => Err(Error::Decode {
            operation: op.name().to_string(),
            detail: format!("expected true or false, got {}", excerpt(json_text(&other).as_bytes(), EXCERPT_CHARS)),
        }),
    }
}
