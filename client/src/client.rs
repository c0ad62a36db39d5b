//! [`Client`] and its builder: the one driver behind one async method per operation
//! (`operations.rs`, generated).

use std::sync::Arc;
use std::time::Duration;

use serde_json::Value;
use zeitkonto_core::ops::*;
use zeitkonto_core::settings::{check_timeout, RateLimitSettings, RetrySettings};
use zeitkonto_core::{ApiKey, Context, Error, Operation, OperationId, Request, Response, Route, RouteTable, Target};

use crate::driver::{Driver, Event, Observer};
use crate::transport::{Transport, TransportSettings};

/// Default per-request timeout (declared with every setting in `zeitkonto_core::settings`).
pub const DEFAULT_TIMEOUT: Duration = zeitkonto_core::settings::DEFAULT_TIMEOUT;

pub use crate::transport::DEFAULT_MAX_RESPONSE_BYTES;

/// Configures a [`Client`]. Keys never print.
pub struct ClientBuilder {
    base_url: Option<String>,
    same_origin: bool,
    api_key: Option<ApiKey>,
    workspace_key: Option<ApiKey>,
    routes: RouteTable,
    route_errors: Vec<Error>,
    timeout: Option<Duration>,
    retry: RetrySettings,
    limiter: RateLimitSettings,
    transport: Option<Arc<dyn Transport>>,
    settings: TransportSettings,
    observer: Option<Observer>,
    spans: Option<crate::SpanSink>,
    max_response_bytes: usize,
}

impl std::fmt::Debug for ClientBuilder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ClientBuilder")
            .field("base_url", &self.base_url.as_deref().map(|u| self.secrets().redact_whole(u)))
            .field("api_key", &self.api_key)
            .field("workspace_key", &self.workspace_key)
            .field("timeout", &self.timeout)
            .finish_non_exhaustive()
    }
}

impl ClientBuilder {
    /// The instance URL (default `https://desktop.saas.de`; `http://` only for loopback hosts).
    pub fn base_url(mut self, url: impl Into<String>) -> Self {
        self.base_url = Some(url.into());
        self
    }

    /// The base URL, which with `same_origin` the caller knows to be its own origin: a browser
    /// page's or worker's same-origin backend, which adds the key server-side. Plain `http://` is
    /// then allowed for any host (the page itself came over it, and the key never leaves the
    /// origin); see `Context::with_base_url_same_origin`. The npm package passes whether `baseUrl`
    /// resolves to the page's origin.
    pub fn base_url_same_origin(mut self, url: impl Into<String>, same_origin: bool) -> Self {
        self.base_url = Some(url.into());
        self.same_origin = same_origin;
        self
    }

    /// The company key (or an employee key), sent as `{api}` or as `api-key` in the body.
    pub fn api_key(mut self, key: impl Into<ApiKey>) -> Self {
        self.api_key = Some(key.into());
        self
    }

    /// The workspace key for `shifts` and `create_shift`.
    pub fn workspace_key(mut self, key: impl Into<ApiKey>) -> Self {
        self.workspace_key = Some(key.into());
        self
    }

    /// Overrides the route of one operation, e.g. `route(OperationId::Clock, "POST /x/{action}/{api}/{employee}")`.
    pub fn route(mut self, op: OperationId, route: &str) -> Self {
        match Route::parse(route).and_then(|r| r.check_for(op).map(|()| r)) {
            Ok(r) => self.routes.set(op, r),
            Err(e) => self.route_errors.push(e),
        }
        self
    }

    /// Replaces the whole route table.
    pub fn routes(mut self, routes: RouteTable) -> Self {
        self.routes = routes;
        self
    }

    /// Sets where calls go and with which keys at once, as the bindings read them from their
    /// options: the base URL and whether it is the caller's own origin, and each key, when the
    /// target has them (what it leaves out stays as set before: by default the real service and
    /// no key); the route table is replaced by the target's.
    pub fn target(mut self, target: Target) -> Self {
        if let Some(url) = target.base_url {
            self = self.base_url_same_origin(url, target.same_origin);
        }
        self.api_key = target.api_key.or(self.api_key);
        self.workspace_key = target.workspace_key.or(self.workspace_key);
        self.routes(target.routes)
    }

    /// The largest response body accepted, in bytes (default [`DEFAULT_MAX_RESPONSE_BYTES`],
    /// 16 MiB). A larger 2xx answer fails with [`Error::Decode`] naming the limit; an answer of
    /// another status is cut at the limit and read by its status and start. The bundled transport
    /// stops reading at the limit, so a hostile server cannot exhaust memory. 0 is refused by
    /// [`ClientBuilder::build`] (every answer would fail after the request was sent).
    pub fn max_response_bytes(mut self, bytes: usize) -> Self {
        self.max_response_bytes = bytes;
        self
    }

    /// Timeout of each attempt (default 30 s): a read that times out may be retried with a
    /// timeout of its own (see [`Self::retry`]), so a call can take longer. `None` or zero
    /// disables it; more than a year fails `build()` with `InvalidInput` (`timeout`). Takes a
    /// `Duration` as it is (`.timeout(Duration::from_secs(5))`) or an `Option` (`.timeout(None)`).
    pub fn timeout(mut self, timeout: impl Into<Option<Duration>>) -> Self {
        self.timeout = timeout.into();
        self
    }

    /// When to try again (default: 2 retries of reads, 429s honoured up to 60 s). A value
    /// outside its declared range fails `build()` with `InvalidInput` naming it
    /// (`retry.maxRetries`, ...). A core [`RetryConfig`](zeitkonto_core::RetryConfig) converts too.
    pub fn retry(mut self, retry: impl Into<RetrySettings>) -> Self {
        self.retry = retry.into();
        self
    }

    /// The client-side limit (default 60 per 60 s). Clients of the same key and base URL with the
    /// same limit in one process share one limiter; a limit of 0 turns client-side limiting off. A core
    /// [`LimiterConfig`](zeitkonto_core::LimiterConfig) converts too.
    pub fn rate_limit(mut self, limit: impl Into<RateLimitSettings>) -> Self {
        self.limiter = limit.into();
        self
    }

    /// The `User-Agent` of the bundled transport (default `zeitkonto-rust/<version>`; the
    /// bindings send `zeitkonto-python/…`, `zeitkonto-kotlin/…`, …). Put your product first if a
    /// proxy or WAF should see it: `"payroll-sync/2.1 zeitkonto-rust/0.1.0"`.
    pub fn user_agent(mut self, user_agent: impl Into<String>) -> Self {
        self.settings.user_agent = Some(user_agent.into());
        self
    }

    /// Trusts these PEM certificates (a private CA, a TLS-inspecting proxy's CA) besides the
    /// system's, in the bundled transport. A file without a certificate fails `build()` with
    /// `InvalidInput` (`ca_certificates`).
    pub fn ca_certificates_pem(mut self, pem: impl Into<Vec<u8>>) -> Self {
        self.settings.ca_certificates_pem = Some(pem.into());
        self
    }

    /// Sends every https request of the bundled transport through this proxy
    /// (`http://proxy.corp:3128`, with `user:password@` when it needs them) with CONNECT, so the
    /// proxy never sees the URL and its key. Without it the environment's `HTTPS_PROXY`/`ALL_PROXY`
    /// and `NO_PROXY` apply. Plain http (allowed to a loopback host only) always goes direct.
    pub fn proxy(mut self, url: impl Into<String>) -> Self {
        self.settings.proxy = Some(url.into());
        self
    }

    /// Uses another transport (a mock, or a custom HTTP stack).
    pub fn transport(mut self, transport: Arc<dyn Transport>) -> Self {
        self.transport = Some(transport);
        self
    }

    /// Called for every driver event (redacted): plug in `log`/`tracing` here.
    pub fn on_event(mut self, f: impl Fn(&Event) + Send + Sync + 'static) -> Self {
        self.observer = Some(Arc::new(f));
        self
    }

    /// Reports every call's span to `f` (the core's description: start, waits, end; redacted),
    /// for an OpenTelemetry of your own. Calls run inside [`crate::with_spans`] report to that
    /// sink instead. With the `tracing` feature, calls are also `tracing` spans.
    pub fn on_span(mut self, f: impl Fn(&crate::SpanAction) + Send + Sync + 'static) -> Self {
        self.spans = Some(Arc::new(f));
        self
    }

    /// The builder's keys in every form they are redacted in.
    fn secrets(&self) -> zeitkonto_core::secret::Secrets {
        zeitkonto_core::secret::Secrets::of_keys([self.api_key.as_ref(), self.workspace_key.as_ref()])
    }

    /// Builds the client; fails on a bad base URL or route override.
    pub fn build(self) -> Result<Client, Error> {
        // A refusal quoting a key given in the wrong place (the proxy, the user agent) shows none
        // of the keys. (Left out of the npm package's `.wasm`, wasm32 without the bundled
        // transport: it has no proxy or user agent, and its routes' and base URL's refusals quote
        // no key.)
        #[cfg(any(feature = "reqwest", not(target_arch = "wasm32")))]
        {
            let keys = self.secrets();
            self.checked().map_err(|e| keys.redact_error(e))
        }
        #[cfg(not(any(feature = "reqwest", not(target_arch = "wasm32"))))]
        self.checked()
    }

    fn checked(self) -> Result<Client, Error> {
        if let Some(e) = self.route_errors.into_iter().next() {
            return Err(e);
        }
        let target = Target {
            base_url: self.base_url,
            same_origin: self.same_origin,
            api_key: self.api_key,
            workspace_key: self.workspace_key,
            routes: self.routes,
        };
        let ctx = target.context()?.with_today(crate::runtime::today);
        if let Some(ua) = &self.settings.user_agent {
            zeitkonto_core::validate::header_value("userAgent", ua)?;
        }
        // Every setting checked against its declared range (core/src/settings.rs), as in every
        // language, before anything is made of it.
        let (timeout, retry, limiter) =
            (check_timeout(self.timeout)?, self.retry.to_config()?, self.limiter.to_config()?);
        if self.max_response_bytes == 0 {
            return Err(Error::invalid("maxResponseBytes", "must be at least 1 byte"));
        }
        // A connection not opened in time fails as a connect failure (nothing sent) before the
        // attempt's timeout, which cannot tell it from an answer never read; with no timeout
        // (`None` or zero) the transport's own. (Natively: `fetch` has no connect timeout, and the
        // arithmetic would cost the `.wasm`.)
        #[cfg(not(target_arch = "wasm32"))]
        let connect_timeout = self.settings.connect_timeout.or(Some(connect_timeout_of(timeout)));
        #[cfg(target_arch = "wasm32")]
        let connect_timeout = None;
        let settings = TransportSettings { max_body: Some(self.max_response_bytes), connect_timeout, ..self.settings };
        let transport: Arc<dyn Transport> = match self.transport {
            Some(t) => t,
            None => default_transport(&settings)?,
        };
        Ok(Client {
            driver: Arc::new(Driver {
                context: ctx,
                transport,
                timeout,
                retry,
                limiter,
                observer: self.observer,
                spans: self.spans,
                max_response_bytes: self.max_response_bytes,
                settings,
                limiters: Default::default(),
            }),
        })
    }
}

#[cfg(feature = "reqwest")]
fn default_transport(settings: &TransportSettings) -> Result<Arc<dyn Transport>, Error> {
    Ok(Arc::new(crate::transport::ReqwestTransport::with_settings(settings)?))
}

#[cfg(not(feature = "reqwest"))]
fn default_transport(_settings: &TransportSettings) -> Result<Arc<dyn Transport>, Error> {
    Err(Error::invalid("transport", "built without the `reqwest` feature: pass a transport with `.transport(...)`"))
}

/// The Zeitkonto client: one async method per operation. Cheap to clone (shared state).
///
/// ```no_run
/// # async fn demo() -> Result<(), zeitkonto::Error> {
/// use zeitkonto::{Client, Month};
/// let client = Client::builder().api_key("my-company-key").build()?;
/// let account = client.time_account("anna@example.com", 2026, Month::March).await?;
/// println!("balance in March: {:?} min", account.balance);
/// # Ok(()) }
/// ```
#[derive(Clone)]
pub struct Client {
    driver: Arc<Driver>,
}

impl std::fmt::Debug for Client {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Client").field("context", &self.driver.context).finish_non_exhaustive()
    }
}

impl Client {
    /// A builder with the defaults.
    pub fn builder() -> ClientBuilder {
        ClientBuilder {
            base_url: None,
            same_origin: false,
            api_key: None,
            workspace_key: None,
            routes: RouteTable::new(),
            route_errors: Vec::new(),
            timeout: Some(DEFAULT_TIMEOUT),
            retry: RetrySettings::default(),
            limiter: RateLimitSettings::default(),
            transport: None,
            settings: TransportSettings::default(),
            observer: None,
            spans: None,
            max_response_bytes: DEFAULT_MAX_RESPONSE_BYTES,
        }
    }

    /// The context requests are built from (keys redacted when printed).
    pub fn context(&self) -> &Context {
        &self.driver.context
    }

    /// The rate limit this client keeps (what the jobs' estimates assume).
    pub(crate) fn limiter(&self) -> zeitkonto_core::limiter::LimiterConfig {
        self.driver.limiter
    }

    /// The same client (keys, routes, timeout, retry, limiter, event callback) with a new bundled
    /// transport: none of this client's open connections. For a process made by `fork()`: the
    /// child inherits the parent's pooled connections but not the runtime threads that drove
    /// them, so a request on one of them would never complete. Fails without the `reqwest`
    /// feature, whose transport is the only one it can make.
    pub fn with_new_connections(&self) -> Result<Client, Error> {
        let d = &self.driver;
        Ok(Client {
            driver: Arc::new(Driver {
                context: d.context.clone(),
                transport: default_transport(&d.settings)?,
                timeout: d.timeout,
                retry: d.retry,
                limiter: d.limiter,
                observer: d.observer.clone(),
                spans: d.spans.clone(),
                max_response_bytes: d.max_response_bytes,
                settings: d.settings.clone(),
                limiters: Default::default(),
            }),
        })
    }

    /// A built request, or its refusal without the client's keys: a value refused before sending
    /// is quoted in the reason (`not a plausible e-mail address: "…"`), and may be a key passed
    /// where another argument belongs.
    fn built(&self, request: Result<Request, Error>) -> Result<Request, Error> {
        request.map_err(|e| self.driver.context.redact_error(e))
    }

    /// Runs any operation value.
    pub async fn execute<O: Operation>(&self, op: &O) -> Result<O::Output, Error> {
        let request = self.built(op.request(&self.driver.context))?;
        self.driver.run(O::ID, request, O::parse).await
    }

    /// Runs an operation by its stable name with canonical JSON parameters, returning the
    /// canonical JSON output (what the language bindings call).
    pub async fn call_json(&self, op: OperationId, params: &Value) -> Result<Value, Error> {
        let request = self.built(zeitkonto_core::build_request(op, params, &self.driver.context))?;
        self.driver.run(op, request, |r| zeitkonto_core::parse_response(op, r)).await
    }

    /// Like [`Client::call_json`] with the params and the output as JSON text, never building a
    /// `serde_json::Value` (the wasm binding uses it to keep its size down).
    pub async fn call_text(&self, op: OperationId, params: &str) -> Result<String, Error> {
        self.call_text_with(op, params, |r| zeitkonto_core::parse_response_text(op, r)).await
    }

    /// Like [`Client::call_text`], but the final response goes to `parse` instead of the core's
    /// text reader: the limiter, the retries, the size bound and the redaction of errors are the
    /// same. The npm package uses it to read plain answers with the engine's `JSON.parse` and to
    /// hand every other answer to [`zeitkonto_core::parse_response_text`].
    pub async fn call_text_with<T>(
        &self,
        op: OperationId,
        params: &str,
        parse: impl Fn(&Response) -> Result<T, Error>,
    ) -> Result<T, Error> {
        let request = self.built(zeitkonto_core::build_request_text(op, params, &self.driver.context))?;
        self.driver.run(op, request, parse).await
    }

    /// Sends a prepared request through the limiter and retry policy and returns the final
    /// response (any status), bound to the request: its keys, where the body echoes them, read
    /// `***` ([`Response::for_request`]). For advanced use; prefer the typed methods.
    pub async fn send_raw(&self, op: OperationId, request: Request) -> Result<Response, Error> {
        self.driver.run(op, request, |r| Ok(r.clone())).await
    }

    /// Clocks an employee in.
    pub async fn come(&self, employee: &str) -> Result<(), Error> {
        self.clock(&Clock::new(ClockAction::Come, employee)).await
    }

    /// Clocks an employee out.
    pub async fn go(&self, employee: &str) -> Result<(), Error> {
        self.clock(&Clock::new(ClockAction::Go, employee)).await
    }

    /// Clocks out and starts a new booking right after.
    pub async fn stop(&self, employee: &str) -> Result<(), Error> {
        self.clock(&Clock::new(ClockAction::Stop, employee)).await
    }
}

#[cfg(test)]
mod user_agent_tests {
    #[test]
    fn a_user_agent_that_would_break_the_request_is_refused_naming_it() {
        for bad in ["a\nb", "", "caf\u{e9}/1"] {
            match super::Client::builder().api_key("company-key-7f3a").user_agent(bad).build() {
                Err(zeitkonto_core::Error::InvalidInput { field, .. }) => assert_eq!(field, "userAgent", "{bad:?}"),
                other => panic!("{bad:?}: {:?}", other.map(|_| "a client")),
            }
        }
        assert!(super::Client::builder()
            .api_key("company-key-7f3a")
            .user_agent("payroll/2.1 zeitkonto")
            .build()
            .is_ok());
    }
}

/// The connect timeout of an attempt's (checked) timeout: 9/10 of it, at most the transport's
/// default; with none (`None`, or zero before the check), the default.
#[cfg(not(target_arch = "wasm32"))]
fn connect_timeout_of(timeout: Option<std::time::Duration>) -> std::time::Duration {
    let default = crate::transport::DEFAULT_CONNECT_TIMEOUT;
    timeout.map_or(default, |t| (t * 9 / 10).min(default))
}

#[cfg(test)]
mod setting_tests {
    use std::time::Duration;

    fn refused(b: super::ClientBuilder) -> String {
        match b.build() {
            Err(zeitkonto_core::Error::InvalidInput { field, .. }) => field,
            other => panic!("{:?}", other.map(|_| "a client")),
        }
    }

    #[test]
    fn a_timeout_beyond_the_range_is_refused_before_anything_is_made_of_it() {
        // `Duration::MAX` ("no timeout", as some write it) once overflowed the connect timeout's
        // arithmetic: a panic in `build()`. `None` or zero is "no timeout".
        for t in [Duration::MAX, Duration::from_secs(u64::MAX / 8), Duration::from_secs(200 * 365 * 86_400)] {
            assert_eq!(refused(super::Client::builder().api_key("company-key-7f3a").timeout(Some(t))), "timeout");
        }
        assert!(super::Client::builder().api_key("company-key-7f3a").timeout(None).build().is_ok());
    }

    #[test]
    fn the_connect_timeout_follows_the_checked_timeout() {
        // Zero is "no timeout": the transport's connect timeout, never a zero one (no connection
        // to a remote host could open; on loopback it still may, so this is checked here).
        let checked = |t| zeitkonto_core::settings::check_timeout(Some(t)).unwrap();
        let default = crate::transport::DEFAULT_CONNECT_TIMEOUT;
        assert_eq!(super::connect_timeout_of(checked(Duration::ZERO)), default);
        assert_eq!(super::connect_timeout_of(None), default);
        assert_eq!(super::connect_timeout_of(checked(Duration::from_secs(2))), Duration::from_millis(1800));
        assert_eq!(super::connect_timeout_of(checked(Duration::from_secs(3600))), default);
    }

    #[test]
    fn a_response_limit_of_zero_bytes_is_refused() {
        // Every answer would fail after its request was sent (a write applied, reported failed).
        let b = || super::Client::builder().api_key("company-key-7f3a");
        assert_eq!(refused(b().max_response_bytes(0)), "maxResponseBytes");
        assert!(b().max_response_bytes(1).build().is_ok());
    }
}
