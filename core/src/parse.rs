//! Response classification shared by every operation: status → error mapping (the spec's Errors
//! section), JSON decoding whatever the content type says, envelopes, booleans.

use serde::de::DeserializeOwned;

use crate::error::Error;
use crate::http::Response;
use crate::routes::OperationId;
use crate::text::{skip_string, skip_value, skip_ws, utf8_or_windows_1252};

pub use crate::text::without_earlier_duplicates;

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
/// - 403 with an empty body or code 0 ("OK", which names no error) → [`Error::Forbidden`]; 401
///   with an empty body → [`Error::Api`]
///   with code 3 (authentication failed);
/// - anything else → [`Error::UnexpectedStatus`] with a short excerpt, secrets removed before it
///   is cut.
pub fn check_status(resp: &Response) -> Result<(), Error> {
    let status = resp.status;
    if (200..300).contains(&status) {
        return Ok(());
    }
    if status == 429 {
        return Err(Error::RateLimited { retry_after: resp.retry_after_ms().map(std::time::Duration::from_millis) });
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
        // Code 0 is the table's "OK": in a refusal it names no error.
        let code = error_code(trimmed);
        if let Some(code) = code.filter(|&c| c != 0) {
            return Err(Error::Api { status, code });
        }
        if (trimmed.is_empty() || code.is_some()) && status == 403 {
            return Err(Error::Forbidden);
        }
        if trimmed.is_empty() && status == 401 {
            return Err(Error::Api { status, code: crate::error::ApiCode::AuthenticationFailed.number() });
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

/// The API code of a body that is a JSON object with a top-level `code` key: the value of its
/// **last** `code` (a key given twice keeps its last value, as `JSON.parse` and the models read it),
/// read exactly as every model reads its `code` ([`crate::model::wire::Code`]: a whole number,
/// a whole float such as `3.0`, or a numeric string such as `"3"`; not a boolean). `None` when the
/// body is not a well-formed object at its top level, has no `code`, or its last `code` is not
/// such a number (`null`, `""`, `"abc"`, `true`, an object). A small scanner: no value is built but the code's.
pub fn top_level_code(b: &[u8]) -> Option<i64> {
    let mut i = skip_ws(b, 0);
    if b.get(i) != Some(&b'{') {
        return None;
    }
    // Natively, most objects carry no `"code"` anywhere: memchr's vectorized search spares them
    // the scan below, which steps through every byte of every value. A key may also be written
    // with escapes (`"\u0063ode"`), which the models read as `code` too: a body with a backslash
    // is always scanned. (The .wasm scans: a second search there would cost size for little.)
    #[cfg(not(target_arch = "wasm32"))]
    memchr::memmem::find(b, b"\"code\"").or_else(|| memchr::memchr(b'\\', b))?;
    i += 1;
    let mut last = None;
    loop {
        i = skip_ws(b, i);
        match *b.get(i)? {
            b'"' => {}
            b'}' if last.is_none() => return None, // `{}`
            _ => return None,
        }
        let key_end = skip_string(b, i)?;
        let key = &b[i..key_end];
        let is_code = key == b"\"code\""
            || (key.contains(&b'\\') && serde_json::from_slice::<String>(key).is_ok_and(|k| k == "code"));
        i = skip_ws(b, key_end);
        if *b.get(i)? != b':' {
            return None;
        }
        i = skip_ws(b, i + 1);
        let value_end = skip_value(b, i)?;
        if is_code {
            last = Some((i, value_end));
        }
        i = skip_ws(b, value_end);
        match *b.get(i)? {
            b',' => i += 1,
            b'}' => break,
            _ => return None,
        }
    }
    let (start, end) = last?;
    code_value(&b[start..end])
}

/// A `code` value's JSON text read as the models read an integer.
#[inline(never)]
fn code_value(text: &[u8]) -> Option<i64> {
    use crate::model::wire::{Code, Got};
    match serde_json::from_slice::<Code>(text) {
        Ok(Code(Got::Val(n))) => Some(n),
        _ => None,
    }
}

/// A 2xx body that is a JSON object whose `code` (read by [`top_level_code`]) is not 0 is the
/// API's error, whatever the operation (the spec's Errors rule 2): [`Error::Api`] with the HTTP
/// status. This is the one place a 2xx answer's `code` is judged; a double-encoded body (a JSON
/// string holding the object) is judged by its inner object when it is read.
pub fn check_body_code(resp: &Response) -> Result<(), Error> {
    code_error(resp.status, body_text(&resp.body))
}

fn code_error(status: u16, body: &[u8]) -> Result<(), Error> {
    match top_level_code(body) {
        Some(code) if code != 0 => Err(Error::Api { status, code }),
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
    if let Some(text) = another_reading(body) {
        code_error(resp.status, body_text(&text))?;
        if let Ok(v) = from_bytes::<T>(&text) {
            return Ok(v);
        }
    }
    Err(decode_error(op, resp, body, &first))
}

/// A model read as a whole answer ([`answer`]); the `model!` macro implements it.
pub trait Answer: DeserializeOwned {
    /// The model's unknown fields, which also say whether the body held a known one.
    fn extra(&self) -> &crate::model::Extra;
}

/// Decodes a 2xx body that is the operation's answer object ([`json`]), refusing an object with
/// none of the answer's fields (`{}`, a proxy's or a captive portal's own JSON): every field
/// absent would read as an empty success (a presence board of 0 rows, blank accounts). A field
/// sent as `null` counts, as does an envelope with its `code` only.
pub fn answer<T: Answer>(op: OperationId, resp: &Response) -> Result<T, Error> {
    let t: T = json(op, resp)?;
    if t.extra().had_known_field() {
        Ok(t)
    } else {
        Err(not_the_answer(op, resp, "an object with the answer's fields, got none of them"))
    }
}

/// One slice reader per model, never inlined (each call site would carry a copy of the reader).
#[inline(never)]
fn from_bytes<T: DeserializeOwned>(body: &[u8]) -> Result<T, serde_json::Error> {
    serde_json::from_slice(body)
}

/// The text to read a body that did not read as it is (its API code, if any, is the error): with
/// its odd numbers quoted ([`quote_odd_numbers`]), or (a JSON string holding JSON, double-encoded)
/// the JSON inside it, its odd numbers quoted too; `None` when there is no other reading.
fn another_reading(body: &[u8]) -> Option<Vec<u8>> {
    if let Some(text) = utf8_or_windows_1252(body) {
        return Some(another_reading(&text).unwrap_or(text));
    }
    quote_odd_numbers(body).or_else(|| double_encoded(body).map(inner_text))
}

/// The JSON text of a double-encoded answer, its odd numbers quoted ([`quote_odd_numbers`]).
fn inner_text(inner: String) -> Vec<u8> {
    let inner = inner.into_bytes();
    quote_odd_numbers(&inner).unwrap_or(inner)
}

/// `body` with each number beyond the range of a double (`1e400`: valid JSON, which the reader
/// refuses) or not written as JSON writes one (`007`, `1.2.3`) written as a string, so that it
/// is read in its own field as that text instead of failing the whole answer: a number field
/// reads `"007"` as 7 and `"1e400"` as none (absent, the text kept in `extra`); a text field
/// keeps the text. `None` when the body has none. Indexes stay below
/// `body.len()` (checked before each).
#[inline(never)]
fn quote_odd_numbers(body: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(body.len() + 8);
    let (mut quoted, mut in_string, mut i) = (false, false, 0);
    while i < body.len() {
        let c = body[i];
        let mut end = i + 1;
        if in_string {
            if c == b'\\' {
                end += 1;
            }
            in_string = c != b'"';
        } else if c == b'"' {
            in_string = true;
        } else if c == b'-' || c.is_ascii_digit() {
            while end < body.len() && matches!(body[end], b'0'..=b'9' | b'.' | b'e' | b'E' | b'+' | b'-') {
                end += 1;
            }
            if crate::model::wire::number(&body[i..end]).is_none() {
                quoted = true;
                out.push(b'"');
                out.extend_from_slice(&body[i..end]);
                out.push(b'"');
                i = end;
                continue;
            }
        }
        out.extend_from_slice(body.get(i..end.min(body.len()))?);
        i = end;
    }
    quoted.then_some(out)
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
#[inline(never)]
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

/// Decodes a 2xx body that is a JSON array of models. `{}` stands for an empty array. An element
/// that is not an object makes the answer a `Decode` error: a top-level answer has no `extra` to
/// keep it in, and a shorter list would be a false success (a month close missing people).
pub fn json_list<M: crate::model::wire::FromMap>(op: OperationId, resp: &Response) -> Result<Vec<M>, Error> {
    use crate::model::wire::{Got, ModelList};
    // A double-encoded answer (a JSON string holding the array) is read by `json`'s second
    // reading: a list refuses any value but an array, `{}` and `null`.
    match json::<ModelList<M>>(op, resp)?.0 {
        Got::Val(items) => Ok(items),
        Got::Partial(..) => Err(not_the_answer(op, resp, "a JSON array of objects (an element is not one)")),
        Got::Absent | Got::Raw(_) => Err(not_the_answer(op, resp, "a JSON array")),
    }
}

/// The `Decode` error of an answer (a list, or [`answer`]'s object) that is not `expected`.
fn not_the_answer(op: OperationId, resp: &Response, expected: &str) -> Error {
    Error::Decode {
        operation: op.name().to_string(),
        detail: format!("expected {expected}; body starts: {}", resp.excerpt(&resp.body, EXCERPT_CHARS)),
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

/// The [`Error::Decode`] of a write whose 2xx answer does not say that it succeeded (`missing`
/// names the proof that is not there). It may have been applied: the caller checks before trying
/// again ([`Error::may_have_reached_server`]).
pub fn unconfirmed(op: OperationId, resp: &Response, missing: &str) -> Error {
    Error::Decode {
        operation: op.name().to_string(),
        detail: format!(
            "the answer does not confirm the write ({missing}); it may have been applied; body starts: {}",
            resp.excerpt(&resp.body, EXCERPT_CHARS)
        ),
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

#[cfg(test)]
mod tests {
    use super::{another_reading, quote_odd_numbers, utf8_or_windows_1252};

    fn quoted(body: &[u8]) -> Option<String> {
        quote_odd_numbers(body).map(|v| String::from_utf8_lossy(&v).into_owned())
    }

    #[test]
    fn odd_numbers_are_quoted_outside_strings_only() {
        assert_eq!(
            quoted(br#"{"a":1e400,"b":"1e400 \" 2e999","c":[007,-1E+999,1.5]}"#).as_deref(),
            Some(r#"{"a":"1e400","b":"1e400 \" 2e999","c":["007","-1E+999",1.5]}"#)
        );
        assert_eq!(quoted(br#"{"a":1,"b":[2.5,-3e10,1e308],"c":"1e999"}"#), None);
        assert_eq!(quoted(b"-").as_deref(), Some("\"-\""));
        // A body cut inside a string or after its backslash: nothing to quote, no panic.
        assert_eq!(quoted(br#"{"a":"x\"#), None);
        assert_eq!(quoted(b"\"\\"), None);
        assert_eq!(quoted(b""), None);
    }

    #[test]
    fn a_byte_that_is_not_utf8_reads_as_windows_1252() {
        let text = |b: &[u8]| utf8_or_windows_1252(b).map(|v| String::from_utf8(v).unwrap_or_default());
        assert_eq!(
            text(b"[{\"n\":\"M\xfcller\",\"d\":\"K\xc3\xb6ln\"}]").as_deref(),
            Some(r#"[{"n":"Müller","d":"Köln"}]"#)
        );
        assert_eq!(text(b"\xff\xfe\xc3(").as_deref(), Some("ÿþÃ("));
        assert_eq!(text(b"\x80 \x8a\x9a \x81\x9f").as_deref(), Some("€ Šš \u{81}Ÿ"), "windows-1252's 0x80-0x9F");
        assert_eq!(text(b"\"x\xc3").as_deref(), Some("\"xÃ"), "a sequence cut at the end");
        assert_eq!(text("Köln".as_bytes()), None);
        assert_eq!(text(b""), None);
        // With an odd number besides: both readings apply.
        let both = another_reading(b"{\"n\":\"\xe9\",\"a\":1e400}").map(|v| String::from_utf8(v).unwrap_or_default());
        assert_eq!(both.as_deref(), Some(r#"{"n":"é","a":"1e400"}"#));
    }
}
