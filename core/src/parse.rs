//! Response classification shared by every operation: status → error mapping (the spec's Errors
//! section), JSON decoding whatever the content type says, envelopes, booleans.

use serde::de::DeserializeOwned;

use crate::error::Error;
use crate::http::Response;
use crate::routes::OperationId;

/// How many characters of a body an error message quotes.
pub const EXCERPT_CHARS: usize = 120;

/// Maps a non-2xx response to its error; `Ok(())` for 2xx.
///
/// - 429 → [`Error::RateLimited`] (with `Retry-After` seconds when present);
/// - 3xx → [`Error::UnexpectedStatus`] naming the (redacted) target: the API documents no
///   redirects and the SDK never follows one (the key would travel to another host, a write
///   would be replayed as a GET);
/// - a 4xx whose body carries a code of the error table → [`Error::Api`]: a bare integer
///   (the documented form), the same quoted (`"3"`), or a JSON object with an integer `code`;
/// - 403 with an empty body → [`Error::Forbidden`]; 401 with an empty body → [`Error::Api`]
///   with code 3 (authentication failed);
/// - anything else → [`Error::UnexpectedStatus`] with a short excerpt, secrets removed before it
///   is cut.
pub fn check_status(resp: &Response) -> Result<(), Error> {
    let status = resp.status;
    if (200..300).contains(&status) {
        return Ok(());
    }
    if status == 429 {
        return Err(Error::RateLimited { retry_after_ms: resp.retry_after_ms() });
    }
    if (300..400).contains(&status) {
        let excerpt = match resp.header("location") {
            Some(to) => format!("redirect to {} not followed", resp.excerpt(to.as_bytes(), EXCERPT_CHARS)),
            None => "redirect not followed".to_string(),
        };
        return Err(Error::UnexpectedStatus { status, excerpt });
    }
    let trimmed = body_text(&resp.body);
    if (400..500).contains(&status) {
        if let Some(code) = error_code(trimmed) {
            return Err(Error::Api { status, code });
        }
        if trimmed.is_empty() && status == 403 {
            return Err(Error::Forbidden);
        }
        if trimmed.is_empty() && status == 401 {
            return Err(Error::Api { status, code: crate::ApiCode::AuthenticationFailed.number() });
        }
    }
    Err(Error::UnexpectedStatus { status, excerpt: resp.excerpt(&resp.body, EXCERPT_CHARS) })
}

/// The code of an error body: `4`, `"4"` or `{"code": 4, ...}`.
fn error_code(body: &[u8]) -> Option<i64> {
    let text = std::str::from_utf8(body).ok()?;
    let unquoted = text.strip_prefix('"').and_then(|t| t.strip_suffix('"')).unwrap_or(text);
    unquoted.trim().parse::<i64>().ok().or_else(|| top_level_code(body))
}

/// The integer value of a top-level `code` key when `body` is a JSON object that has one (a
/// small scanner: no value is built). Anything else (not an object, no `code`, a code that is
/// not an integer, malformed JSON) is `None`.
pub fn top_level_code(b: &[u8]) -> Option<i64> {
    let mut i = skip_ws(b, 0);
    if b.get(i) != Some(&b'{') {
        return None;
    }
    // Natively, most objects carry no `"code"` anywhere: memchr's vectorized search spares them
    // the scan below, which steps through every byte of every value. The scan compares raw bytes
    // too, so a body without them has no top-level code either way. (The .wasm scans: a second
    // search there would cost size for little.)
    #[cfg(not(target_arch = "wasm32"))]
    memchr::memmem::find(b, b"\"code\"")?;
    i += 1;
    loop {
        i = skip_ws(b, i);
        if *b.get(i)? != b'"' {
            return None;
        }
        let key_end = skip_string(b, i)?;
        let is_code = &b[i..key_end] == b"\"code\"";
        i = skip_ws(b, key_end);
        if *b.get(i)? != b':' {
            return None;
        }
        i = skip_ws(b, i + 1);
        let value_end = skip_value(b, i)?;
        if is_code {
            let v = std::str::from_utf8(&b[i..value_end]).ok()?;
            return v.parse::<i64>().ok();
        }
        i = skip_ws(b, value_end);
        match *b.get(i)? {
            b',' => i += 1,
            _ => return None,
        }
    }
}

/// When the JSON object `text` has a top-level key more than once, the same object with only the
/// last occurrence of each key (what a `serde_json::Value` keeps); `None` when nothing repeats or
/// `text` is not a well-formed object.
pub fn without_earlier_duplicates(text: &str) -> Option<String> {
    let b = text.as_bytes();
    let mut i = skip_ws(b, 0);
    if b.get(i) != Some(&b'{') {
        return None;
    }
    i += 1;
    let mut entries: Vec<(&[u8], &str)> = Vec::new();
    loop {
        i = skip_ws(b, i);
        match *b.get(i)? {
            b'}' if entries.is_empty() => return None,
            b'"' => {}
            _ => return None,
        }
        let key_end = skip_string(b, i)?;
        let key = &b[i..key_end];
        let entry_start = i;
        i = skip_ws(b, key_end);
        if *b.get(i)? != b':' {
            return None;
        }
        i = skip_ws(b, i + 1);
        let value_end = skip_value(b, i)?;
        entries.push((key, text.get(entry_start..value_end)?));
        i = skip_ws(b, value_end);
        match *b.get(i)? {
            b',' => i += 1,
            b'}' => break,
            _ => return None,
        }
    }
    let mut last = std::collections::BTreeMap::new();
    for (n, (k, _)) in entries.iter().enumerate() {
        last.insert(*k, n);
    }
    if last.len() == entries.len() {
        return None;
    }
    let kept: Vec<&str> =
        entries.iter().enumerate().filter(|(n, (k, _))| last.get(k) == Some(n)).map(|(_, (_, e))| *e).collect();
    Some(format!("{{{}}}", kept.join(",")))
}

fn skip_ws(b: &[u8], mut i: usize) -> usize {
    while b.get(i).is_some_and(|c| c.is_ascii_whitespace()) {
        i += 1;
    }
    i
}

/// `b[i]` is `"`: the index after the closing quote.
fn skip_string(b: &[u8], mut i: usize) -> Option<usize> {
    i += 1;
    loop {
        match *b.get(i)? {
            b'\\' => i += 2,
            b'"' => return Some(i + 1),
            _ => i += 1,
        }
    }
}

/// The index after the JSON value starting at `b[i]` (nesting counted, strings skipped).
fn skip_value(b: &[u8], mut i: usize) -> Option<usize> {
    match *b.get(i)? {
        b'"' => skip_string(b, i),
        b'{' | b'[' => {
            let mut depth = 0usize;
            loop {
                match *b.get(i)? {
                    b'"' => {
                        i = skip_string(b, i)?;
                        continue;
                    }
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth -= 1;
                        if depth == 0 {
                            return Some(i + 1);
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
        }
        _ => {
            let start = i;
            while b.get(i).is_some_and(|c| !matches!(c, b',' | b'}' | b']') && !c.is_ascii_whitespace()) {
                i += 1;
            }
            (i > start).then_some(i)
        }
    }
}

/// A 2xx body that is a JSON object with an integer `code` other than 0 is the API's error,
/// whatever the operation (the spec's Errors rule 2): [`Error::Api`] with the HTTP status.
pub fn check_body_code(resp: &Response) -> Result<(), Error> {
    match top_level_code(body_text(&resp.body)) {
        Some(code) if code != 0 => Err(Error::Api { status: resp.status, code }),
        _ => Ok(()),
    }
}

fn body_text(body: &[u8]) -> &[u8] {
    let b = body.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(body);
    b.trim_ascii()
}

/// Decodes a 2xx body as JSON into `T`, whatever the content type says. A body that is a JSON
/// string holding JSON (double-encoded) is accepted too.
pub fn json<T: DeserializeOwned>(op: OperationId, resp: &Response) -> Result<T, Error> {
    // Only the two reads are generic: everything else is shared by every model (wasm size).
    let body = json_body(op, resp)?;
    let first = match from_bytes::<T>(body) {
        Ok(v) => return Ok(v),
        Err(e) => e,
    };
    if let Some(inner) = double_encoded(body) {
        if let Ok(v) = from_bytes::<T>(inner.as_bytes()) {
            return Ok(v);
        }
    }
    Err(decode_error(op, resp, body, &first))
}

/// One slice reader per model, never inlined (each call site would carry a copy of the reader).
#[inline(never)]
fn from_bytes<T: DeserializeOwned>(body: &[u8]) -> Result<T, serde_json::Error> {
    serde_json::from_slice(body)
}

/// The trimmed 2xx body of `resp` after the status and `code` checks; an empty body is an error.
fn json_body(op: OperationId, resp: &Response) -> Result<&[u8], Error> {
    check_status(resp)?;
    check_body_code(resp)?;
    let body = body_text(&resp.body);
    if body.is_empty() {
        return Err(Error::Decode { operation: op.name().to_string(), detail: "empty body".to_string() });
    }
    Ok(body)
}

/// The JSON text inside a body that is a JSON string (double-encoded JSON), if it is one.
fn double_encoded(body: &[u8]) -> Option<String> {
    if body.first() != Some(&b'"') {
        return None;
    }
    serde_json::from_slice::<String>(body).ok()
}

/// The `Decode` error for a body that is not the operation's shape.
fn decode_error(op: OperationId, resp: &Response, body: &[u8], first: &serde_json::Error) -> Error {
    Error::Decode {
        operation: op.name().to_string(),
        detail: format!("{first}; body starts: {}", resp.excerpt(body, EXCERPT_CHARS)),
    }
}

/// Decodes a 2xx body that is a JSON array of models. `{}` stands for an empty array; an element
/// that is not an object is left out (a top-level answer has no `extra` to keep it in).
pub fn json_list<M: crate::model::wire::FromMap>(op: OperationId, resp: &Response) -> Result<Vec<M>, Error> {
    use crate::model::wire::{Got, ModelList};
    let list: ModelList<M> = json(op, resp)?;
    match list.0 {
        Got::Val(items) | Got::Partial(items, _) => Ok(items),
        // A double-encoded answer (a JSON string holding the array), as `json` reads one.
        Got::Raw(serde_json::Value::String(inner)) => match from_bytes::<ModelList<M>>(inner.as_bytes()) {
            Ok(ModelList(Got::Val(items) | Got::Partial(items, _))) => Ok(items),
            _ => Err(not_a_list(op, resp)),
        },
        Got::Absent | Got::Raw(_) => Err(not_a_list(op, resp)),
    }
}

/// The `Decode` error of a list answer whose body is neither an array nor `{}`.
fn not_a_list(op: OperationId, resp: &Response) -> Error {
    Error::Decode {
        operation: op.name().to_string(),
        detail: format!("expected a JSON array; body starts: {}", resp.excerpt(&resp.body, EXCERPT_CHARS)),
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
/// and `"false"` are accepted too (the body may arrive as text); an object with a `code` other
/// than 0 is [`Error::Api`].
pub fn boolean(op: OperationId, resp: &Response) -> Result<(), Error> {
    let v: serde_json::Value = json(op, resp)?;
    match v {
        serde_json::Value::Bool(true) => Ok(()),
        serde_json::Value::Bool(false) => Err(Error::Refused),
        serde_json::Value::String(s) if s.trim() == "true" => Ok(()),
        serde_json::Value::String(s) if s.trim() == "false" => Err(Error::Refused),
        other => Err(Error::Decode {
            operation: op.name().to_string(),
            detail: format!(
                "expected true or false, got {}",
                resp.excerpt(json_text(&other).as_bytes(), EXCERPT_CHARS)
            ),
        }),
    }
}
