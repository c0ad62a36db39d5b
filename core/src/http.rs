//! Plain HTTP values: the [`Request`] an operation builds and the [`Response`] it parses.
//!
//! The URL of a request holds the API key, so [`Request`]'s `Debug`/`Display` print a redacted
//! form; the real URL and body are handed out only through [`Request::url`] and [`Request::body`],
//! which the transport calls.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::date::{Date, Month};
pub use crate::method::Method;
use crate::routes::OperationId;
use crate::secret::Secrets;
pub use crate::text::{decode_segment, encode_segment};

/// An HTTP request ready for any transport. Prints redacted.
#[derive(Clone, PartialEq)]
pub struct Request {
    pub(crate) method: Method,
    pub(crate) url: String,
    pub(crate) redacted_url: String,
    pub(crate) path_len: usize,
    pub(crate) headers: Vec<(String, String)>,
    pub(crate) body: Option<Vec<u8>>,
    pub(crate) redacted_body: Option<String>,
    /// Every secret that went into this request (keys, secret path segments, secret body fields).
    pub(crate) secrets: Secrets,
    /// The calendar month the request asked for, where the answer echoes it.
    pub(crate) requested_month: Option<Month>,
    /// The operation it was built for.
    pub(crate) operation: OperationId,
}

impl Request {
    /// The operation it was built for.
    pub fn operation(&self) -> OperationId {
        self.operation
    }

    /// The method.
    pub fn method(&self) -> Method {
        self.method
    }

    /// The full URL **including the API key**. For the transport only: never log it.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// The URL with every key replaced by `***`, safe to log.
    pub fn redacted_url(&self) -> &str {
        &self.redacted_url
    }

    /// The path and query of the URL (without scheme and host), **including the key**.
    pub fn path_and_query(&self) -> &str {
        &self.url[self.url.len() - self.path_len..]
    }

    /// Headers to send (`Content-Type: application/json` when there is a body, `Accept`).
    pub fn headers(&self) -> &[(String, String)] {
        &self.headers
    }

    /// The JSON body, if any. It may hold a key (`api-key`, `workspace`): never log it.
    pub fn body(&self) -> Option<&[u8]> {
        self.body.as_deref()
    }

    /// The body with keys replaced by `***`, safe to log.
    pub fn redacted_body(&self) -> Option<&str> {
        self.redacted_body.as_deref()
    }

    /// The secrets this request carries (company, employee, department and workspace keys in the
    /// path or body), for redacting anything a server echoes back.
    pub fn secrets(&self) -> &Secrets {
        &self.secrets
    }

    /// `err` with every secret of this request removed from its text fields.
    pub fn redact_error(&self, err: crate::error::Error) -> crate::error::Error {
        self.secrets.redact_error(err)
    }
}

/// Parses `response`, an answer of `op`, with `parse` (the operation's typed or canonical reader);
/// bound to the `request` it answers when given, as the client reads it: the request's secrets
/// removed from the body before an excerpt is cut and from the error, an echoed month read against
/// the requested one ([`Response::for_request`]), and a request built for another operation an
/// [`crate::Error::InvalidInput`] naming `request`. Every language's sans-IO `parse_response`.
pub fn parse_answer<T>(
    op: OperationId,
    response: Response,
    request: Option<&Request>,
    parse: impl FnOnce(OperationId, &Response) -> Result<T, crate::error::Error>,
) -> Result<T, crate::error::Error> {
    let Some(req) = request else { return parse(op, &response) };
    if req.operation != op {
        let reason = format!("built for `{}`, not for `{}`", req.operation.name(), op.name());
        return Err(crate::error::Error::invalid("request", reason));
    }
    parse(op, &response.for_request(req)).map_err(|e| req.redact_error(e))
}

impl fmt::Debug for Request {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Request")
            .field("method", &self.method)
            .field("url", &self.redacted_url)
            .field("headers", &self.headers)
            .field("body", &self.redacted_body)
            .finish()
    }
}

impl fmt::Display for Request {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.method, self.redacted_url)
    }
}

/// An HTTP response as received: status, headers, raw body bytes.
///
/// Bind it to the request it answers with [`Response::for_request`] before parsing: the parser
/// then removes that request's secrets from any excerpt *before* cutting it, and reads an echoed
/// month against the month that was asked for.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Response {
    /// The HTTP status code.
    pub status: u16,
    /// Header names and values as received (names compared case-insensitively).
    #[serde(default)]
    pub headers: Vec<(String, String)>,
    /// The body bytes.
    #[serde(default)]
    pub body: Vec<u8>,
    #[serde(skip)]
    pub(crate) secrets: Secrets,
    #[serde(skip)]
    pub(crate) requested_month: Option<Month>,
    /// When it arrived by the receiver's clock (seconds since 1970; [`Response::received_at`]).
    #[serde(skip)]
    received_secs: Option<i64>,
}

impl Response {
    /// A response from its parts.
    pub fn new(status: u16, headers: Vec<(String, String)>, body: impl Into<Vec<u8>>) -> Response {
        Response {
            status,
            headers,
            body: body.into(),
            secrets: Secrets::new(),
            requested_month: None,
            received_secs: None,
        }
    }

    /// Notes when the response arrived by the receiver's clock (seconds since 1970; the core reads
    /// no clock): a `Retry-After` date of an answer without a `Date` header is read against it
    /// ([`Response::retry_after_ms`]). The driver does this for every response.
    pub fn received_at(mut self, unix_secs: i64) -> Response {
        self.received_secs = Some(unix_secs);
        self
    }

    /// Binds this response to the request it answers (its secrets and requested month); see the
    /// type's documentation. The driver does this for every response. A body that holds one of
    /// the request's secrets (a server or proxy echoing the request) has it replaced by `***`
    /// here, before anything reads it ([`Secrets::redact_body`]).
    pub fn for_request(mut self, request: &Request) -> Response {
        if let Some(body) = request.secrets.redact_body(&self.body) {
            self.body = body;
        }
        self.secrets = request.secrets.clone();
        self.requested_month = request.requested_month;
        self
    }

    /// The month the bound request asked for, if any.
    pub fn requested_month(&self) -> Option<Month> {
        self.requested_month
    }

    /// A one-line excerpt of `bytes` (usually this body) with the bound request's secrets
    /// removed first, then cut to `max` characters; never a prefix of a secret at the cut.
    pub fn excerpt(&self, bytes: &[u8], max: usize) -> String {
        excerpt_redacted(bytes, max, &self.secrets)
    }

    /// The first value of header `name` (case-insensitive).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    /// `Retry-After` in milliseconds, at most [`MAX_WAIT_MS`](crate::limiter::MAX_WAIT_MS): a
    /// number of seconds (decimals accepted), or an HTTP date, read as its distance from the
    /// answer's own `Date` (the server's clock on both sides; a date already past is no wait), or
    /// without one from when it arrived ([`Response::received_at`]; the core reads no clock). A
    /// date with neither is not read (`None`).
    pub fn retry_after_ms(&self) -> Option<u64> {
        let value = self.header("retry-after")?;
        parse_retry_after(value).or_else(|| {
            let sent = self.header("date").and_then(http_date_secs).or(self.received_secs);
            let wait = http_date_secs(value)?.checked_sub(sent?)?;
            Some(u64::try_from(wait).unwrap_or(0).saturating_mul(1000).min(crate::limiter::MAX_WAIT_MS))
        })
    }
}

/// Seconds since 1970 of an HTTP date in any of the three forms a recipient must read (RFC 9110
/// 5.6.7): `Sun, 06 Nov 1994 08:49:37 GMT`, `Sunday, 06-Nov-94 08:49:37 GMT` (a two-digit year:
/// 1970-2069) and `Sun Nov  6 08:49:37 1994`. Read by its parts, whatever their order: the first
/// number of one or two digits is the day, another number the year, the part with colons the time.
fn http_date_secs(text: &str) -> Option<i64> {
    const MONTHS: [&str; 12] = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
    let (mut day, mut month, mut year, mut clock) = (None, None, None, None);
    for part in text.split([' ', ',', '-']).filter(|p| !p.is_empty()) {
        if part.contains(':') {
            clock = Some(part);
        } else if let Ok(n) = part.parse::<i64>() {
            match (part.len(), day) {
                (1 | 2, None) => day = Some(n),
                (2, Some(_)) => year = Some(n + if n < 70 { 2000 } else { 1900 }),
                _ => year = Some(n),
            }
        } else if let Some(m) = MONTHS.iter().position(|m| part.eq_ignore_ascii_case(m)) {
            month = Some(m + 1);
        }
    }
    let date = Date::new(i32::try_from(year?).ok()?, u8::try_from(month?).ok()?, u8::try_from(day?).ok()?)?;
    let mut seconds = date.days_since_epoch() * 86_400;
    let mut unit = 3_600;
    for (i, part) in clock?.split(':').enumerate() {
        let n: i64 = part.parse().ok()?;
        if i > 2 || n < 0 || n >= [24, 60, 61][i] {
            return None;
        }
        seconds += n * unit;
        unit /= 60;
    }
    Some(seconds)
}

/// Parses a `Retry-After` value given in seconds into milliseconds, at most
/// [`MAX_WAIT_MS`](crate::limiter::MAX_WAIT_MS) (one hour).
pub fn parse_retry_after(v: &str) -> Option<u64> {
    let v = v.trim();
    let secs: f64 = match serde_json::from_slice(v.as_bytes()) {
        Ok(secs) => secs,
        // A number too large for a float (`1e400`) is refused by the reader: a wait beyond the
        // clamp, as `1e30` is (not "no Retry-After", which would retry at once).
        Err(_) if is_unsigned_number(v) => f64::MAX,
        Err(_) => return None,
    };
    if secs.is_finite() && secs >= 0.0 {
        // Clamped: a hostile `1e30` must not become an absurd wait (or overflow a deadline).
        Some((secs * 1000.0).round().min(crate::limiter::MAX_WAIT_MS as f64) as u64)
    } else {
        None
    }
}

/// Whether `v` is a JSON number without a sign: digits, an optional fraction, an optional exponent.
/// (A scan of bytes: the `.wasm` has no room for a pattern search here.)
fn is_unsigned_number(v: &str) -> bool {
    // part: 0 the whole digits, 1 the fraction, 2 the exponent; `digits`: the part has one.
    let (mut part, mut digits, mut signed) = (0, false, false);
    for b in v.bytes() {
        match b {
            b'0'..=b'9' => digits = true,
            b'.' if part == 0 && digits => (part, digits) = (1, false),
            b'e' | b'E' if part < 2 && digits => (part, digits) = (2, false),
            b'+' | b'-' if part == 2 && !digits && !signed => signed = true,
            _ => return false,
        }
    }
    digits
}

/// A short, single-line, printable excerpt of a body for error messages (at most `max` chars).
pub fn excerpt(body: &[u8], max: usize) -> String {
    let text = String::from_utf8_lossy(body);
    let mut out = String::new();
    let mut last_space = false;
    let mut chars = 0;
    // NULs are left out: a UTF-16 body (`S\0E\0C\0…`) reads as its text, not spaced out.
    for c in text.chars().filter(|&c| c != '\0') {
        let c = if c.is_control() || c.is_whitespace() { ' ' } else { c };
        if c == ' ' && (last_space || out.is_empty()) {
            continue;
        }
        last_space = c == ' ';
        if chars >= max {
            out.push('…');
            break;
        }
        out.push(c);
        chars += 1;
    }
    out.trim_end().to_string()
}

/// Bytes of a body that redaction looks at: far more than any excerpt shows.
const REDACT_WINDOW: usize = 64 * 1024;

/// [`excerpt`] with `secrets` removed **before** the cut, and any start of a secret that the cut
/// left at the end removed too.
pub fn excerpt_redacted(body: &[u8], max: usize, secrets: &Secrets) -> String {
    if secrets.is_empty() {
        return excerpt(body, max);
    }
    let window = &body[..body.len().min(REDACT_WINDOW)];
    // Without NULs before the search, as the excerpt shows it: a key echoed in UTF-16 is found.
    let text = String::from_utf8_lossy(window).replace('\0', "");
    let redacted = secrets.redact(&text);
    let mut out = excerpt(redacted.as_bytes(), max);
    let cut = out.ends_with('…');
    if cut {
        out.pop();
    }
    if cut || window.len() < body.len() {
        secrets.trim_partial_tail(&mut out);
    }
    if cut {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_answers_only_its_own_operation() {
        let ctx = crate::Context::new("k");
        let req = crate::build_request(OperationId::Employees, &serde_json::json!({}), &ctx).unwrap();
        assert_eq!(req.operation(), OperationId::Employees);
        let answer = || Response::new(200, Vec::new(), b"[]".to_vec());
        let parse = crate::parse_response;
        assert_eq!(parse_answer(OperationId::Employees, answer(), Some(&req), parse).unwrap(), serde_json::json!([]));
        let err = parse_answer(OperationId::Presence, answer(), Some(&req), parse).unwrap_err();
        assert_eq!(err.to_string(), "invalid input `request`: built for `employees`, not for `presence`");
        // Without a request, any operation's answer is read as it is.
        assert!(parse_answer(OperationId::Employees, answer(), None, parse).is_ok());
    }

    #[test]
    fn segments_round_trip() {
        let s = "a/b?c#d@x.de ü%";
        let e = encode_segment(s);
        assert_eq!(e, "a%2Fb%3Fc%23d%40x.de%20%C3%BC%25");
        assert_eq!(decode_segment(&e), s);
        assert_eq!(decode_segment("%zz%4"), "%zz%4");
    }

    #[test]
    fn excerpt_is_single_line_and_short() {
        assert_eq!(excerpt(b"<html>\n  <body>Bad   gateway</body>", 200), "<html> <body>Bad gateway</body>");
        assert_eq!(excerpt(b"abcdef", 3), "abc…");
        // A UTF-16 body reads as its text; a key it echoes is found.
        let utf16: Vec<u8> = "bad key SECRET-KEY-7f3a9".encode_utf16().flat_map(u16::to_le_bytes).collect();
        assert_eq!(excerpt(&utf16, 200), "bad key SECRET-KEY-7f3a9");
        let mut secrets = Secrets::new();
        secrets.add("SECRET-KEY-7f3a9");
        assert_eq!(excerpt_redacted(&utf16, 200, &secrets), "bad key ***");
    }

    #[test]
    fn redaction_comes_before_the_cut() {
        let mut secrets = Secrets::new();
        secrets.add("SECRET-KEY-7f3a9");
        for pad in 0..40 {
            let body = format!(
                r#"{{"status":502,"error":"Bad Gateway","{}":1,"path":"/api/v2/employees/SECRET-KEY-7f3a9"}}"#,
                "x".repeat(pad + 40)
            );
            let out = excerpt_redacted(body.as_bytes(), 120, &secrets);
            for n in 2..=16 {
                assert!(!out.contains(&"SECRET-KEY-7f3a9"[..n]), "pad {pad}: {out}");
            }
        }
    }

    #[test]
    fn retry_after_as_an_http_date_is_its_distance_from_the_answers_date() {
        let answer = |headers: &[(&str, &str)]| {
            Response::new(429, headers.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(), Vec::new())
        };
        let date = ("Date", "Wed, 21 Oct 2015 07:28:00 GMT");
        for (retry_after, ms) in [
            ("Wed, 21 Oct 2015 07:28:30 GMT", Some(30_000)),
            ("Wednesday, 21-Oct-15 07:29:00 GMT", Some(60_000)),
            ("Wed Oct 21 07:28:02 2015", Some(2_000)),
            ("Thu, 22 Oct 2015 07:28:00 GMT", Some(3_600_000)), // a day: the longest wait, an hour
            ("Wed, 21 Oct 2015 07:27:00 GMT", Some(0)),         // already past: no wait
            ("Wed, 21 Oct 2015 25:00:00 GMT", None),
            ("Wed, 32 Oct 2015 07:28:00 GMT", None),
            ("Wed, 21 Foo 2015 07:28:00 GMT", None),
            ("soon", None),
        ] {
            assert_eq!(answer(&[("Retry-After", retry_after), date]).retry_after_ms(), ms, "{retry_after}");
        }
        // Without the answer's own Date nor its arrival time, a date is not read (the core has no clock).
        assert_eq!(answer(&[("Retry-After", "Wed, 21 Oct 2015 07:28:30 GMT")]).retry_after_ms(), None);
        // Without a `Date`, against when it arrived by the receiver's clock; a `Date` wins.
        let at = http_date_secs("Wed, 21 Oct 2015 07:28:00 GMT").unwrap_or_default();
        let dated = answer(&[("Retry-After", "Wed, 21 Oct 2015 07:28:30 GMT")]).received_at(at);
        assert_eq!(dated.retry_after_ms(), Some(30_000));
        let both =
            answer(&[("Retry-After", "Wed, 21 Oct 2015 07:28:30 GMT"), ("Date", "Wed, 21 Oct 2015 07:28:20 GMT")]);
        assert_eq!(both.received_at(at).retry_after_ms(), Some(10_000));
        assert_eq!(answer(&[("Retry-After", "7")]).retry_after_ms(), Some(7_000));
    }

    #[test]
    fn retry_after_seconds() {
        assert_eq!(parse_retry_after("7"), Some(7000));
        assert_eq!(parse_retry_after(" 1.5 "), Some(1500));
        assert_eq!(parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT"), None, "a date needs the answer's Date");
        assert_eq!(parse_retry_after("-1"), None);
        let max = Some(crate::limiter::MAX_WAIT_MS);
        assert_eq!(parse_retry_after("1e30"), max);
        assert_eq!(parse_retry_after("1e400"), max, "beyond a float: the longest wait, not none");
        assert_eq!(parse_retry_after(&format!("1{}", "0".repeat(400))), max);
        assert_eq!(parse_retry_after("1e-400"), Some(0));
        assert_eq!(parse_retry_after("1e"), None);
        assert_eq!(parse_retry_after("1.e400"), None);
        assert_eq!(parse_retry_after("-1e400"), None);
        assert_eq!(parse_retry_after("soon"), None);
    }
}
