//! What one call looks like in the user's traces: one span of kind CLIENT per call, described here
//! once for every language (Rust's `tracing`, Python's and the JVM's OpenTelemetry, npm's
//! `@opentelemetry/api`), so that each binding only hands the description to its platform's API.
//!
//! Sans-IO like the rest of the core: the driver tells a [`CallSpan`] what happened (an attempt,
//! an answer's status, a wait, the outcome) with the time it happened, and gets back
//! [`SpanAction`]s: start a span, add an event, end it. Every text in them is redacted: the URL
//! carries `***` for every key and secret path segment, never the key.
//!
//! The names follow OpenTelemetry's semantic conventions for HTTP clients (stable since 1.23):
//!
//! | when | attribute | value |
//! |---|---|---|
//! | start | span name | `{method} {url.template}`, e.g. `GET /api/v2/employees/{api}` (never the raw path) |
//! | start | `http.request.method` | `GET`, `POST`, ... |
//! | start | `server.address`, `server.port` | the base URL's host and port (443/80 when not written) |
//! | start | `url.full` | the URL with every secret as `***` (a base URL has no user or password: the context refuses one) |
//! | start | `url.template` | the base URL's path and the operation's route template |
//! | start | `zeitkonto.operation` | the operation's stable name (`time_account`) |
//! | end | `http.response.status_code` | the last answer's status, when one came |
//! | end | `http.request.resend_count` | attempts after the first, when there were any |
//! | end | `error.type` | the SDK's error kind (`Api`, `RateLimited`, `Timeout`, ...) when the call failed |
//! | end | `zeitkonto.api_code` | the API's error code (3: authentication failed, ...) when it answered one |
//! | event | `zeitkonto.wait` | a wait before sending: `zeitkonto.wait.reason` (`rate limit`, `429`, `retry`), `zeitkonto.wait.delay_ms` |
//!
//! A whole-company job is a span of its own (kind INTERNAL, [`job_span`]): `zeitkonto.job
//! {job}` (`zeitkonto.job month_close`) with `zeitkonto.job`, the parent of its calls' spans.
//!
//! A failed call ends with the span's status set to error and the (redacted) error message as its
//! description; a successful one leaves the status unset, as the conventions ask of clients.

use std::fmt;

use serde::ser::{SerializeMap, SerializeStruct};
use serde::{Serialize, Serializer};

use crate::context::Context;
use crate::error::Error;
use crate::http::Request;
use crate::routes::OperationId;

/// The name of a wait's span event.
pub const WAIT_EVENT: &str = "zeitkonto.wait";

/// An attribute's value: the conventions use text and whole numbers only.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AttrValue {
    /// A text.
    Str(String),
    /// A whole number.
    Int(i64),
}

impl Serialize for AttrValue {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            AttrValue::Str(v) => s.serialize_str(v),
            AttrValue::Int(v) => s.serialize_i64(*v),
        }
    }
}

impl fmt::Display for AttrValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AttrValue::Str(v) => f.write_str(v),
            AttrValue::Int(v) => write!(f, "{v}"),
        }
    }
}

/// Attributes in the order they were set (each name once).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Attributes(pub Vec<(&'static str, AttrValue)>);

impl Attributes {
    fn text(&mut self, key: &'static str, value: impl Into<String>) {
        self.0.push((key, AttrValue::Str(value.into())));
    }

    fn int(&mut self, key: &'static str, value: i64) {
        self.0.push((key, AttrValue::Int(value)));
    }

    /// The value of `key`, if set.
    pub fn get(&self, key: &str) -> Option<&AttrValue> {
        self.0.iter().find(|(k, _)| *k == key).map(|(_, v)| v)
    }
}

impl Serialize for Attributes {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            m.serialize_entry(k, v)?;
        }
        m.end()
    }
}

/// What a binding does with its platform's span, in order: one `Start`, any `Event`s, one `End`.
///
/// Its canonical JSON form (what crosses to Python and JavaScript) is
/// `{"action": "start" | "event" | "end", "name", "kind": "client", "timeUnixNano", "attributes",
/// "error", "message"}` with `null` where the action has no such field.
#[derive(Debug, Clone, PartialEq)]
pub enum SpanAction {
    /// Start the call's span (kind CLIENT) as a child of the caller's current span.
    Start {
        /// `{method} {url.template}`.
        name: String,
        /// When the call started, in nanoseconds since the Unix epoch.
        time_unix_nano: u64,
        /// The start attributes (see the module's table).
        attributes: Attributes,
    },
    /// Add an event to the span (a wait).
    Event {
        /// The event's name ([`WAIT_EVENT`]).
        name: &'static str,
        /// When, in nanoseconds since the Unix epoch.
        time_unix_nano: u64,
        /// The event's attributes.
        attributes: Attributes,
    },
    /// Set the end attributes, the status (an error when `error` is set) and end the span.
    End {
        /// When the call ended, in nanoseconds since the Unix epoch.
        time_unix_nano: u64,
        /// The end attributes (see the module's table).
        attributes: Attributes,
        /// The error kind when the call failed (also `error.type`).
        error: Option<&'static str>,
        /// The redacted error message when the call failed (the status description).
        message: Option<String>,
    },
}

impl SpanAction {
    /// `"start"`, `"event"` or `"end"`.
    pub fn kind(&self) -> &'static str {
        match self {
            SpanAction::Start { .. } => "start",
            SpanAction::Event { .. } => "event",
            SpanAction::End { .. } => "end",
        }
    }
}

impl Serialize for SpanAction {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("SpanAction", 7)?;
        st.serialize_field("action", self.kind())?;
        let (name, time, attributes, error, message) = match self {
            SpanAction::Start { name, time_unix_nano, attributes } => {
                (Some(name.as_str()), time_unix_nano, attributes, None, None)
            }
            SpanAction::Event { name, time_unix_nano, attributes } => {
                (Some(*name), time_unix_nano, attributes, None, None)
            }
            SpanAction::End { time_unix_nano, attributes, error, message } => {
                (None, time_unix_nano, attributes, *error, message.as_deref())
            }
        };
        st.serialize_field("name", &name)?;
        st.serialize_field("kind", "client")?;
        st.serialize_field("timeUnixNano", time)?;
        st.serialize_field("attributes", attributes)?;
        st.serialize_field("error", &error)?;
        st.serialize_field("message", &message)?;
        st.end()
    }
}

/// The span of a whole-company job (`month_close`, `presence_board`, `leave_year_report`,
/// `project_hours`): its name and attributes. Kind INTERNAL; its calls' spans are its children.
pub fn job_span(job: &str) -> (String, Attributes) {
    let mut a = Attributes(Vec::with_capacity(1));
    a.text("zeitkonto.job", job);
    (format!("zeitkonto.job {job}"), a)
}

/// One call's span as the driver lives it: made when the call starts, told of each attempt, answer
/// and wait, and of the outcome.
#[derive(Debug, Clone)]
pub struct CallSpan {
    attempts: u32,
    status: Option<u16>,
}

/// The scheme, host and port of a base URL (`https://host:8443/x` → `("https", "host", 8443)`),
/// and the path after them. (A base URL has no user or password: the context refuses one, so
/// `url.full` never carries any.)
fn split_base(base_url: &str) -> (&str, &str, Option<u16>, &str) {
    // Byte by byte on purpose: a `&str` pattern (`split_once("://")`), a reverse char search and
    // `str::parse` each bring their searcher or parser into the npm `.wasm` (~1 KB together).
    let b = base_url.as_bytes();
    let colon = b.iter().position(|&c| c == b':').unwrap_or(0);
    let scheme = &base_url[..colon];
    // A validated base URL is `scheme://authority[/path]`.
    let rest = base_url.get(colon + 3..).unwrap_or("");
    let slash = rest.bytes().position(|c| c == b'/').unwrap_or(rest.len());
    let (hostport, path) = rest.split_at(slash);
    // `[::1]:8080`: the port follows the bracket.
    let hb = hostport.as_bytes();
    let (host, port) = match hb.iter().rposition(|&c| c == b':') {
        Some(i) if !hb[i..].contains(&b']') => {
            let digits = &hb[i + 1..];
            let mut port: u32 = 0;
            let ok = !digits.is_empty()
                && digits.len() <= 5
                && digits.iter().all(|&d| {
                    port = port * 10 + u32::from(d.wrapping_sub(b'0'));
                    d.is_ascii_digit()
                });
            (&hostport[..i], if ok { u16::try_from(port).ok() } else { None })
        }
        _ => (hostport, None),
    };
    let host = host.strip_prefix('[').and_then(|h| h.strip_suffix(']')).unwrap_or(host);
    let path = path.strip_suffix('/').unwrap_or(path);
    (scheme, host, port, path)
}

impl CallSpan {
    /// The span of a call of `op` sending `request`, built from `context` (base URL and routes);
    /// returns the span and its `Start` action.
    pub fn start(op: OperationId, request: &Request, context: &Context, time_unix_nano: u64) -> (CallSpan, SpanAction) {
        let (scheme, host, port, base_path) = split_base(context.base_url());
        let route = context.routes().get(op);
        let method = request.method().as_str();
        let mut template = String::with_capacity(base_path.len() + route.template.len());
        template.push_str(base_path);
        template.push_str(&route.template);
        // A key in the base URL's path or in a route's literal text is redacted as in `url.full`.
        let template = request.secrets().redact_whole(&template);
        let mut name = String::with_capacity(method.len() + 1 + template.len());
        name.push_str(method);
        name.push(' ');
        name.push_str(&template);
        let mut a = Attributes(Vec::with_capacity(6));
        a.text("http.request.method", method);
        a.text("server.address", host);
        a.int("server.port", i64::from(port.unwrap_or(if scheme == "http" { 80 } else { 443 })));
        a.text("url.full", request.redacted_url());
        a.text("url.template", template);
        a.text("zeitkonto.operation", op.name());
        let action = SpanAction::Start { name, time_unix_nano, attributes: a };
        (CallSpan { attempts: 0, status: None }, action)
    }

    /// An attempt is being sent.
    pub fn on_attempt(&mut self) {
        self.attempts += 1;
    }

    /// An answer with `status` arrived.
    pub fn on_status(&mut self, status: u16) {
        self.status = Some(status);
    }

    /// The call waits `delay_ms` before sending (`reason`: `rate limit`, `429` or `retry`).
    pub fn on_wait(&self, delay_ms: u64, reason: &'static str, time_unix_nano: u64) -> SpanAction {
        let mut a = Attributes(Vec::with_capacity(2));
        a.text("zeitkonto.wait.reason", reason);
        a.int("zeitkonto.wait.delay_ms", i64::try_from(delay_ms).unwrap_or(i64::MAX));
        SpanAction::Event { name: WAIT_EVENT, time_unix_nano, attributes: a }
    }

    /// The caller cancelled the call before it finished (a dropped future, an aborted signal, a
    /// cancelled task): `error.type` is `Aborted`, as the bindings name a cancelled call.
    pub fn cancelled(&self, time_unix_nano: u64) -> SpanAction {
        self.ended(None, time_unix_nano)
    }

    /// The call ended with `outcome` (its error already redacted, as the driver returns it).
    pub fn end(&self, outcome: Result<(), &Error>, time_unix_nano: u64) -> SpanAction {
        self.ended(Some(outcome), time_unix_nano)
    }

    /// The `End` action of an outcome (`None`: cancelled).
    fn ended(&self, outcome: Option<Result<(), &Error>>, time_unix_nano: u64) -> SpanAction {
        let mut a = Attributes(Vec::with_capacity(4));
        let error = match outcome {
            Some(Err(e)) => Some(e),
            _ => None,
        };
        // An error that names its status (a 403 with a code) says it even when no answer was
        // recorded (e.g. parsed from a final answer); the last answer's status otherwise.
        if let Some(s) = self.status.or_else(|| error.and_then(Error::status)) {
            a.int("http.response.status_code", i64::from(s));
        }
        if self.attempts > 1 {
            a.int("http.request.resend_count", i64::from(self.attempts - 1));
        }
        let (kind, message) = match (outcome, error) {
            (Some(Ok(())), _) => return SpanAction::End { time_unix_nano, attributes: a, error: None, message: None },
            (_, Some(e)) => (e.kind(), e.to_string()),
            _ => ("Aborted", "the call was cancelled".to_string()),
        };
        a.text("error.type", kind);
        if let Some(Error::Api { code, .. }) = error {
            a.int("zeitkonto.api_code", *code);
        }
        SpanAction::End { time_unix_nano, attributes: a, error: Some(kind), message: Some(message) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::date::Month;
    use crate::ops::Operation;
    use crate::ops::{Employees, TimeAccount};

    const KEY: &str = "c0mpany-Key-123";

    fn texts(a: &Attributes) -> String {
        a.0.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn start_names_the_template_and_hides_every_secret() {
        let ctx = Context::new(KEY).with_base_url("https://hr.example.com:8443/zk/").unwrap();
        let op = TimeAccount { employee: "anna@example.com".into(), year: 2026, month: Month::March };
        let req = op.request(&ctx).unwrap();
        let (_, start) = CallSpan::start(TimeAccount::ID, &req, &ctx, 7);
        let SpanAction::Start { name, time_unix_nano, attributes } = &start else { panic!("{start:?}") };
        assert_eq!(name, "GET /zk/rest/api/v2/time/account/{api}/{employee}/{year}/{month}");
        assert_eq!(*time_unix_nano, 7);
        assert_eq!(
            texts(attributes),
            "http.request.method=GET server.address=hr.example.com server.port=8443 \
             url.full=https://hr.example.com:8443/zk/rest/api/v2/time/account/***/***/2026/2 \
             url.template=/zk/rest/api/v2/time/account/{api}/{employee}/{year}/{month} \
             zeitkonto.operation=time_account"
        );
        let json = serde_json::to_string(&start).unwrap();
        assert!(!json.contains(KEY) && !json.contains("anna"), "{json}");
        assert!(json.starts_with(r#"{"action":"start","name":"GET /zk/rest"#), "{json}");
    }

    #[test]
    fn default_ports_and_loopback_hosts() {
        for (base, host, port) in [
            ("https://desktop.saas.de", "desktop.saas.de", 443),
            ("http://127.0.0.1:8080", "127.0.0.1", 8080),
            ("http://localhost", "localhost", 80),
            ("http://[::1]:9000", "::1", 9000),
        ] {
            let ctx = Context::new(KEY).with_base_url(base).unwrap();
            let req = Employees::default().request(&ctx).unwrap();
            let (_, start) = CallSpan::start(Employees::ID, &req, &ctx, 0);
            let SpanAction::Start { name, attributes, .. } = start else { unreachable!() };
            assert_eq!(name, "GET /api/v2/employees/{api}");
            assert_eq!(attributes.get("server.address"), Some(&AttrValue::Str(host.into())), "{base}");
            assert_eq!(attributes.get("server.port"), Some(&AttrValue::Int(port)), "{base}");
        }
    }

    #[test]
    fn no_user_or_password_can_reach_url_full() {
        // The context refuses a base URL with one, so url.full (the request's URL) never has one.
        assert!(Context::new(KEY).with_base_url("https://u:p@h.de/").is_err());
        assert_eq!(split_base("https://h.de:1/x/"), ("https", "h.de", Some(1), "/x"));
        assert_eq!(split_base("http://[::1]:65535"), ("http", "::1", Some(65535), ""));
        assert_eq!(split_base("http://[::1]"), ("http", "::1", None, ""));
        assert_eq!(split_base("http://h:99999/"), ("http", "h", None, ""));
    }

    #[test]
    fn end_tells_status_resends_and_the_error() {
        let ctx = Context::new(KEY);
        let req = Employees::default().request(&ctx).unwrap();
        let (mut span, _) = CallSpan::start(Employees::ID, &req, &ctx, 0);
        span.on_attempt();
        span.on_status(503);
        span.on_attempt();
        span.on_status(403);
        let err = Error::Api { status: 403, code: 3 };
        let end = span.end(Err(&err), 9);
        let SpanAction::End { attributes, error, message, time_unix_nano } = &end else { panic!() };
        assert_eq!(*time_unix_nano, 9);
        assert_eq!(
            texts(attributes),
            "http.response.status_code=403 http.request.resend_count=1 error.type=Api zeitkonto.api_code=3"
        );
        assert_eq!(*error, Some("Api"));
        assert_eq!(message.as_deref(), Some(err.to_string().as_str()));

        let mut ok = CallSpan::start(Employees::ID, &req, &ctx, 0).0;
        ok.on_attempt();
        ok.on_status(200);
        let end = ok.end(Ok(()), 1);
        assert_eq!(
            serde_json::to_string(&end).unwrap(),
            r#"{"action":"end","name":null,"kind":"client","timeUnixNano":1,"attributes":{"http.response.status_code":200},"error":null,"message":null}"#
        );

        // No answer at all (a timeout): no status, the kind as error.type.
        let mut lost = CallSpan::start(Employees::ID, &req, &ctx, 0).0;
        lost.on_attempt();
        let end = lost.end(Err(&Error::Timeout { may_have_reached_server: true }), 1);
        let SpanAction::End { attributes, .. } = end else { unreachable!() };
        assert_eq!(texts(&attributes), "error.type=Timeout");
    }

    #[test]
    fn a_wait_is_an_event() {
        let ctx = Context::new(KEY);
        let req = Employees::default().request(&ctx).unwrap();
        let span = CallSpan::start(Employees::ID, &req, &ctx, 0).0;
        let ev = span.on_wait(1500, "rate limit", 3);
        assert_eq!(
            serde_json::to_string(&ev).unwrap(),
            r#"{"action":"event","name":"zeitkonto.wait","kind":"client","timeUnixNano":3,"attributes":{"zeitkonto.wait.reason":"rate limit","zeitkonto.wait.delay_ms":1500},"error":null,"message":null}"#
        );
    }
}
