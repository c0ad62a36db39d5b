//! [`Context`]: what every request is built from (base URL, keys, routes), and the
//! [`RequestBuilder`] the operations use to turn a route and parameters into a [`Request`].

use std::fmt;

use serde_json::{Map, Value};

use crate::date::{Date, Month};
use crate::error::Error;
use crate::http::Request;
use crate::routes::{OperationId, RouteTable, IDENTIFIER_PLACEHOLDERS, SECRET_PLACEHOLDERS};
use crate::secret::{ApiKey, Secrets, REDACTED};
use crate::text::encode_segment;

/// The default instance host.
pub const DEFAULT_BASE_URL: &str = "https://desktop.saas.de";

/// Where calls go and with which keys, as every language's client and sans-IO functions take them
/// (`baseUrl`, `apiKey`, `workspaceKey`, `routes`), made into a [`Context`] by one function.
#[derive(Clone, Default)]
pub struct Target {
    /// The base URL (none: [`DEFAULT_BASE_URL`]), checked by [`Context::with_base_url_same_origin`].
    pub base_url: Option<String>,
    /// Whether `base_url` is the caller's own origin (a browser page's same-origin backend).
    pub same_origin: bool,
    /// The key sent as `{api}`.
    pub api_key: Option<ApiKey>,
    /// The workspace key (`shifts`, `create_shift`).
    pub workspace_key: Option<ApiKey>,
    /// The routes, with the caller's overrides ([`RouteTable::from_overrides`]).
    pub routes: RouteTable,
}

impl fmt::Debug for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let keys = Secrets::of_keys([self.api_key.as_ref(), self.workspace_key.as_ref()]);
        f.debug_struct("Target")
            .field("base_url", &self.base_url.as_deref().map(|u| keys.redact_whole(u)))
            .field("same_origin", &self.same_origin)
            .field("api_key", &self.api_key)
            .field("workspace_key", &self.workspace_key)
            .field("route_overrides", &self.routes.overrides().len())
            .finish()
    }
}

impl Target {
    /// The context of calls to this target: the base URL checked, the keys and their redacted
    /// forms, the routes.
    pub fn context(self) -> Result<Context, Error> {
        let mut ctx = Context::default().with_routes(self.routes);
        if let Some(url) = &self.base_url {
            ctx = ctx.with_base_url_same_origin(url, self.same_origin)?;
        }
        // A key given is checked now, when the client is made, not at its first call.
        if let Some(k) = self.api_key {
            ctx = ctx.with_api_key(check_key(k, "apiKey")?);
        }
        if let Some(k) = self.workspace_key {
            ctx = ctx.with_workspace_key(check_key(k, "workspaceKey")?);
        }
        Ok(ctx)
    }
}

/// Base URL, keys, route table and user agent. `Debug` never shows a key.
#[derive(Clone)]
pub struct Context {
    base_url: String,
    api_key: Option<ApiKey>,
    workspace_key: Option<ApiKey>,
    routes: RouteTable,
    user_agent: Option<String>,
    today: Option<Today>,
    /// Every form of the keys above, made once when a key is set (not per request).
    secrets: Secrets,
}

/// Where a context's calendar comes from.
#[derive(Clone, Copy)]
enum Today {
    /// A clock read through the driver's function.
    Clock(fn() -> Option<Date>),
    /// A fixed date (tests, replays, the shared vectors).
    Fixed(Date),
}

impl Default for Context {
    fn default() -> Context {
        Context {
            base_url: DEFAULT_BASE_URL.to_string(),
            api_key: None,
            workspace_key: None,
            routes: RouteTable::new(),
            user_agent: None,
            today: None,
            secrets: Secrets::new(),
        }
    }
}

impl fmt::Debug for Context {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Context")
            .field("base_url", &self.shown_base_url())
            .field("api_key", &self.api_key.as_ref().map(|_| REDACTED))
            .field("workspace_key", &self.workspace_key.as_ref().map(|_| REDACTED))
            .field("route_overrides", &self.routes.overrides().len())
            .field("user_agent", &self.user_agent.as_deref().map(|u| self.secrets.redact_whole(u)))
            .finish()
    }
}

impl Context {
    /// A context for the default base URL with the company (or employee) key sent as `{api}`.
    pub fn new(api_key: impl Into<ApiKey>) -> Context {
        Context::default().with_api_key(api_key)
    }

    /// Sets the base URL. `https://` is required, `http://` only for a loopback host
    /// (`localhost`, `127.x.x.x`, `[::1]`), because the key travels in the URL.
    pub fn with_base_url(mut self, base_url: &str) -> Result<Context, Error> {
        self.base_url = validate_base_url(base_url)?;
        Ok(self)
    }

    /// Sets a base URL that, when `same_origin` is true, the caller knows to be its own origin: a browser page's or worker's
    /// same-origin backend (`/zeitkonto` resolved against `location`), which adds the key
    /// server-side. Plain `http://` is then allowed for any host: the page itself came over that
    /// connection, and the key (a placeholder for the backend) never leaves the origin. Everything
    /// else is checked as in [`Context::with_base_url`] (which this is when `same_origin` is false).
    pub fn with_base_url_same_origin(mut self, base_url: &str, same_origin: bool) -> Result<Context, Error> {
        self.base_url = crate::base_url::check_base_url(base_url, same_origin)?;
        Ok(self)
    }

    /// Sets the key sent as `{api}` (company key, or an employee key where an operation allows it).
    pub fn with_api_key(mut self, key: impl Into<ApiKey>) -> Context {
        self.api_key = Some(key.into());
        self.with_secrets()
    }

    /// Sets the workspace key used by `shifts` (path) and `create_shift` (body).
    pub fn with_workspace_key(mut self, key: impl Into<ApiKey>) -> Context {
        self.workspace_key = Some(key.into());
        self.with_secrets()
    }

    /// Makes the forms of the keys again (after a key changed).
    fn with_secrets(mut self) -> Context {
        let mut out = Secrets::new();
        for k in self.keys() {
            out.add(k.expose());
        }
        self.secrets = out;
        self
    }

    /// The keys set (company, workspace).
    fn keys(&self) -> impl Iterator<Item = &ApiKey> {
        [&self.api_key, &self.workspace_key].into_iter().flatten()
    }

    /// Whether `value` is one of this context's keys (whose forms [`Context::secrets`] has).
    fn is_key(&self, value: &str) -> bool {
        self.keys().any(|k| k.expose() == value)
    }

    /// Replaces the route table.
    pub fn with_routes(mut self, routes: RouteTable) -> Context {
        self.routes = routes;
        self
    }

    /// Sets a `User-Agent` header value (off by default so browsers send no custom header).
    pub fn with_user_agent(mut self, ua: impl Into<String>) -> Context {
        self.user_agent = Some(ua.into());
        self
    }

    /// Gives the context a calendar: `today` returns the current UTC date. The core never reads a
    /// clock itself; the drivers pass theirs here, and checks that depend on the date (a future
    /// `startDay` without `endDay`) run only when one is given.
    pub fn with_today(mut self, today: fn() -> Option<Date>) -> Context {
        self.today = Some(Today::Clock(today));
        self
    }

    /// Gives the context a calendar that always says `today` (tests, replays of a past day).
    pub fn with_fixed_today(mut self, today: Date) -> Context {
        self.today = Some(Today::Fixed(today));
        self
    }

    /// Today's UTC date, when the context has a calendar.
    pub fn today(&self) -> Option<Date> {
        match self.today? {
            Today::Clock(f) => f(),
            Today::Fixed(d) => Some(d),
        }
    }

    /// The base URL in use, as given (a key the caller put into it stays there: print
    /// [`Context::shown_base_url`] instead).
    pub fn base_url(&self) -> &str {
        &self.base_url
    }

    /// The base URL as a client prints it (`Debug`, Python's `repr`, npm's `toString`): the
    /// context's keys, wherever they stand in it (`https://proxy.example/<key>/`), as `***`.
    pub fn shown_base_url(&self) -> String {
        self.secrets.redact_whole(&self.base_url)
    }

    /// The route table in use.
    pub fn routes(&self) -> &RouteTable {
        &self.routes
    }

    /// The route table, to override routes.
    pub fn routes_mut(&mut self) -> &mut RouteTable {
        &mut self.routes
    }

    /// The `{api}` key, or an [`Error::InvalidInput`] naming `apiKey`.
    pub fn api_key(&self) -> Result<&ApiKey, Error> {
        required_key(self.api_key.as_ref(), "apiKey")
    }

    /// The workspace key, or an [`Error::InvalidInput`] naming `workspaceKey`.
    pub fn workspace_key(&self) -> Result<&ApiKey, Error> {
        required_key(self.workspace_key.as_ref(), "workspaceKey")
    }

    /// The key of `kind`, or an [`Error::InvalidInput`] naming it (`apiKey`, `workspaceKey`).
    pub fn key(&self, kind: crate::routes::KeyKind) -> Result<&ApiKey, Error> {
        match kind {
            crate::routes::KeyKind::Company => self.api_key(),
            crate::routes::KeyKind::Workspace => self.workspace_key(),
        }
    }

    /// Every key of this context, in every form it may take in a message, for redaction.
    pub fn secrets(&self) -> Secrets {
        self.secrets.clone()
    }

    /// Replaces every key of this context in `text` with `***`.
    pub fn redact(&self, text: &str) -> String {
        self.secrets.redact(text)
    }

    /// Removes every key of this context from the text fields of `err` (server excerpts may echo
    /// the URL). Drivers call this on every error they return (after [`Request::redact_error`],
    /// which also knows the request's secret path segments).
    pub fn redact_error(&self, err: Error) -> Error {
        self.secrets.redact_error(err)
    }

    /// Starts a request for `op` on the route of this context.
    pub fn request(&self, op: OperationId) -> RequestBuilder<'_> {
        RequestBuilder {
            ctx: self,
            op,
            params: Vec::new(),
            query: Vec::new(),
            body: None,
            secret_body_fields: Vec::new(),
            requested_month: None,
        }
    }
}

fn required_key<'a>(key: Option<&'a ApiKey>, field: &str) -> Result<&'a ApiKey, Error> {
    match key {
        Some(k) => check_key(k, field),
        None => Err(Error::invalid(field, "no key configured for this operation")),
    }
}

/// The refusal of a key or a path parameter padded with white space or holding a control
/// character (a line read from a file keeps its newline; sent as `%0A`, a key would only come back
/// as "invalid key", an e-mail as "employee not found"). One text for both: .wasm size.
const PADDED: &str =
    "starts or ends with white space or holds a control character (a trailing newline from a file?): strip it";

/// `key`, unless it is empty, or starts or ends with white space, or holds a control character.
/// A key read from a file or an environment variable often keeps a trailing newline; sent as `%0A`
/// it would only come back as "invalid key". (The message never shows the key.)
fn check_key<K: std::borrow::Borrow<ApiKey>>(key: K, field: &str) -> Result<K, Error> {
    let k = key.borrow();
    if k.is_blank() {
        return Err(Error::invalid(field, "must not be empty"));
    }
    if k.expose().trim() != k.expose() || k.expose().chars().any(char::is_control) {
        return Err(Error::invalid(field, PADDED));
    }
    Ok(key)
}

pub use crate::base_url::validate_base_url;

/// Fills a route with parameters and a body; see [`Context::request`].
pub struct RequestBuilder<'a> {
    ctx: &'a Context,
    op: OperationId,
    /// Path parameters: name, value, and whether the value is a secret (printed as `***`).
    params: Vec<(&'static str, String, bool)>,
    query: Vec<(&'static str, String)>,
    body: Option<Map<String, Value>>,
    secret_body_fields: Vec<&'static str>,
    requested_month: Option<Month>,
}

impl RequestBuilder<'_> {
    /// Sets path placeholder `name`.
    pub fn path(mut self, name: &'static str, value: impl ToString) -> Self {
        self.params.push((name, value.to_string(), SECRET_PLACEHOLDERS.contains(&name)));
        self
    }

    /// Sets a path parameter whose value is a secret of this operation (a department key where
    /// another operation takes a department id in the same placeholder): printed as `***` and
    /// redacted from everything the server echoes.
    pub fn secret_path(mut self, name: &'static str, value: impl ToString) -> Self {
        self.params.push((name, value.to_string(), true));
        self
    }

    /// Sets `{api}` from the context's API key.
    pub fn api_key(self) -> Result<Self, Error> {
        let key = self.ctx.api_key()?.expose().to_string();
        Ok(self.path("api", key))
    }

    /// Adds a query parameter.
    pub fn query(mut self, name: &'static str, value: impl ToString) -> Self {
        self.query.push((name, value.to_string()));
        self
    }

    /// Sets the JSON object body.
    pub fn body(mut self, body: Map<String, Value>) -> Self {
        self.body = Some(body);
        self
    }

    /// Marks a body field as secret (redacted in `Debug`).
    pub fn secret_body_field(mut self, name: &'static str) -> Self {
        self.secret_body_fields.push(name);
        self
    }

    /// Records the calendar month the request asks for (the answer echoes it; see
    /// [`crate::Response::for_request`]).
    pub fn requested_month(mut self, month: Month) -> Self {
        self.requested_month = Some(month);
        self
    }

    /// Renders the URL, body and headers. A path parameter that is empty, `.` or `..` (which
    /// would reach another route) is refused as [`Error::InvalidInput`] naming the parameter.
    pub fn build(self) -> Result<Request, Error> {
        let route = self.ctx.routes.get(self.op);
        let mut secrets = self.ctx.secrets();
        for (name, value, _) in &self.params {
            // The keys are settings, not parameters: name them as the caller set them.
            let field = match *name {
                "api" => "apiKey",
                "workspaceApi" => "workspaceKey",
                other => other,
            };
            check_segment(field, value)?;
        }
        let mut url = self.ctx.base_url.clone();
        let mut redacted = url.clone();
        // Default routes fit by construction; an override set through `RouteTable::set` (which
        // does not check) is checked here.
        if self.ctx.routes.overrides().contains_key(&self.op) {
            route.check_for(self.op)?;
        }
        let mut rest = route.template.as_str();
        while let Some(start) = rest.find('{') {
            let end = rest[start..].find('}').map(|e| start + e).unwrap_or(rest.len() - 1);
            let name = &rest[start + 1..end];
            url.push_str(&rest[..start]);
            redacted.push_str(&rest[..start]);
            let (value, secret) =
                self.params.iter().find(|(n, ..)| *n == name).map(|(_, v, s)| (v, *s)).ok_or_else(|| {
                    Error::invalid(
                        "routes",
                        // (The placeholder is not quoted: a key given there by mistake is not shown.)
                        format!("the route of `{}` uses a placeholder this operation does not have", self.op),
                    )
                })?;
            let encoded = encode_segment(value);
            url.push_str(&encoded);
            // The context's keys are in `secrets` already, in every form.
            if secret && !self.ctx.is_key(value) {
                // An e-mail or a UUID in the employee's place is an identifier that answers carry;
                // anything else there is the employee's key, kept out of answers too.
                if IDENTIFIER_PLACEHOLDERS.contains(&name) && is_identifier(value.as_bytes()) {
                    secrets.add_identifier(value);
                } else {
                    secrets.add(value);
                }
            }
            redacted.push_str(if secret { REDACTED } else { &encoded });
            rest = &rest[end + 1..];
        }
        url.push_str(rest);
        redacted.push_str(rest);
        let mut sep = '?';
        for (k, v) in &self.query {
            let pair = format!("{sep}{}={}", encode_segment(k), encode_segment(v));
            url.push_str(&pair);
            redacted.push_str(&pair);
            sep = '&';
        }
        let path_len = url.len() - self.ctx.base_url.len() + base_path_len(&self.ctx.base_url);

        let mut headers = vec![("Accept".to_string(), "application/json".to_string())];
        if let Some(ua) = &self.ctx.user_agent {
            headers.push(("User-Agent".to_string(), ua.clone()));
        }
        let (body, redacted_body) = match self.body {
            None => (None, None),
            Some(map) => {
                headers.push(("Content-Type".to_string(), "application/json".to_string()));
                let secret_fields: Vec<&str> =
                    self.secret_body_fields.iter().copied().filter(|f| map.contains_key(*f)).collect();
                // Without a secret field the body is shown as it is (one serialization, no copy
                // of the map).
                let shown = (!secret_fields.is_empty()).then(|| {
                    let mut shown = map.clone();
                    for f in &secret_fields {
                        if let Some(Value::String(v)) = map.get(*f) {
                            if !self.ctx.is_key(v) {
                                secrets.add(v);
                            }
                        }
                        shown.insert((*f).to_string(), Value::String(REDACTED.to_string()));
                    }
                    crate::parse::json_text(&Value::Object(shown))
                });
                let bytes = serde_json::to_vec(&Value::Object(map))
                    .map_err(|e| Error::invalid("body", format!("could not serialize: {e}")))?;
                let shown = shown.unwrap_or_else(|| String::from_utf8_lossy(&bytes).into_owned());
                // A key in a field that is not a secret's (given there by mistake) is redacted too.
                let shown = secrets.redact_whole(&shown);
                (Some(bytes), Some(shown))
            }
        };
        // A key where no secret slot is (in the base URL, a route's literal text, a department's
        // place) is redacted too: the printed forms show no key in any place.
        let redacted = secrets.redact_whole(&redacted);
        Ok(Request {
            method: route.method,
            url,
            redacted_url: redacted,
            path_len,
            headers,
            body,
            redacted_body,
            secrets,
            requested_month: self.requested_month,
            operation: self.op,
        })
    }
}

/// A path parameter must stay one segment of its own route: not empty, not `.` or `..` (which a
/// server or proxy resolves to another route, percent-encoded or not).
fn check_segment(name: &str, value: &str) -> Result<(), Error> {
    let reason = match value.trim() {
        "" => "must not be empty",
        "." | ".." => "`.` and `..` are not allowed: they would address another route",
        // An identifier padded with white space (a line read from a file, a pasted cell) is never
        // what the API knows: it would only come back as "employee not found".
        _ if value.trim() != value || value.chars().any(char::is_control) => PADDED,
        // (A value of at most MAX_SEGMENT_CHARS bytes has at most as many characters.)
        _ if value.len() > MAX_SEGMENT_CHARS && crate::text::char_count(value) > MAX_SEGMENT_CHARS => {
            return Err(Error::invalid(
                name,
                format!(
                    "is too long for a URL path segment ({} characters; at most {MAX_SEGMENT_CHARS})",
                    crate::text::char_count(value)
                ),
            ))
        }
        _ => return Ok(()),
    };
    Err(Error::invalid(name, reason))
}

/// The longest value a path placeholder takes (e-mail addresses have at most 254 characters,
/// keys and UUIDs far fewer). Longer values make URLs that HTTP stacks refuse (`http`'s limit
/// is 64 KiB, many servers' 8 KiB), so they are refused here, naming the parameter.
pub const MAX_SEGMENT_CHARS: usize = 1024;

/// Length of the path prefix that a base URL like `https://h/prefix` carries.
fn base_path_len(base_url: &str) -> usize {
    let after_scheme = crate::base_url::split_scheme(base_url).map(|(_, r)| r).unwrap_or(base_url);
    after_scheme.find('/').map(|i| after_scheme.len() - i).unwrap_or(0)
}

/// Whether `v` is an e-mail (it has an `@`) or a UUID (36 hex digits and hyphens, as in
/// `0b6f1c2e-0001-4a1b-9c3d-5e6f7a8b9c0d`): an identifier, not a key.
fn is_identifier(v: &[u8]) -> bool {
    v.contains(&b'@') || v.len() == 36 && v.iter().all(|b| b.is_ascii_hexdigit() || *b == b'-')
}

#[cfg(test)]
mod tests;
