//! The HTTP shell: an axum server over the engine (feature `server`, on by default). Every API
//! path goes to [`Shared::exchange`]; `/__sandbox/` holds the control routes (faults, reset,
//! statistics, rate limit, info), which call the same engine methods as every test kit.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::MutexGuard;
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{header, HeaderName, HeaderValue, Method as HttpMethod, StatusCode, Uri};
use axum::response::{IntoResponse, Response as AxumResponse};
use axum::routing::{get, post, put};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};
use tower_http::cors::{Any, CorsLayer};
use zeitkonto_core::limiter::LimiterConfig;
use zeitkonto_core::{Date, OperationId, RouteTable};

use crate::control::Fault;
use crate::engine::{Engine, EngineConfig, HttpRequest, Response};
use crate::seed::Seed;
use crate::shared::{system_time, Outcome, Shared};

/// How to start a sandbox server.
#[derive(Debug, Clone)]
pub struct SandboxConfig {
    /// Interface to bind (default 127.0.0.1).
    pub host: IpAddr,
    /// Port; 0 picks a free one.
    pub port: u16,
    /// The data; `None` = the demo seed for `today`.
    pub seed: Option<Seed>,
    /// Freeze "today" (deterministic tests); `None` = the real date.
    pub today: Option<Date>,
    /// Requests per window per key (default 60 per 60 s, as the API); `limit: 0` turns it off.
    pub rate_limit: LimiterConfig,
    /// The route table (defaults, or the same overrides the client uses).
    pub routes: RouteTable,
}

impl Default for SandboxConfig {
    fn default() -> SandboxConfig {
        let e = EngineConfig::default();
        SandboxConfig {
            host: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: 0,
            seed: e.seed,
            today: e.today,
            // As the API: 60 requests per 60 s per key.
            rate_limit: LimiterConfig { limit: 60, window_ms: 60_000, margin_ms: 0 },
            routes: e.routes,
        }
    }
}

impl SandboxConfig {
    fn engine(self) -> EngineConfig {
        EngineConfig { seed: self.seed, today: self.today, rate_limit: self.rate_limit, routes: self.routes }
    }
}

#[derive(Clone)]
struct App {
    shared: Shared,
    base_url: String,
}

fn to_axum(r: Response) -> AxumResponse {
    let mut out = AxumResponse::new(Body::from(r.body));
    *out.status_mut() = StatusCode::from_u16(r.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    for (k, v) in r.headers {
        if let (Ok(k), Ok(v)) = (HeaderName::try_from(k), HeaderValue::try_from(v)) {
            out.headers_mut().append(k, v);
        }
    }
    out
}

/// Every API request: through the engine.
async fn api(State(app): State<App>, method: HttpMethod, uri: Uri, body: Bytes) -> AxumResponse {
    let req = HttpRequest { method: method.as_str(), path: uri.path(), query: uri.query().unwrap_or(""), body: &body };
    // No timeout of the server's own: hyper drops this future when the client goes away.
    match app.shared.exchange(&req, None, |ms| tokio::time::sleep(Duration::from_millis(ms))).await {
        Outcome::Response(r) => to_axum(r),
        Outcome::Reset(head) => {
            // The status line and headers go out, then the body fails: hyper breaks the connection.
            let stream = futures_util::stream::once(async {
                Err::<Bytes, std::io::Error>(std::io::Error::new(std::io::ErrorKind::ConnectionReset, "injected reset"))
            });
            let mut out = to_axum(Response { body: Vec::new(), ..head });
            *out.body_mut() = Body::from_stream(stream);
            out
        }
        Outcome::TimedOut => StatusCode::GATEWAY_TIMEOUT.into_response(),
    }
}

/// Rate-limit settings as the control surface takes them.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "camelCase")]
struct RateLimitBody {
    limit: u32,
    window_ms: u64,
}

fn control_router() -> Router<App> {
    Router::new()
        .route("/health", get(|| async { "ok" }))
        .route("/info", get(|State(app): State<App>| async move { Json(app.shared.lock().info(&app.base_url)) }))
        .route(
            "/reset",
            post(|State(app): State<App>| async move {
                app.shared.reset();
                StatusCode::NO_CONTENT
            }),
        )
        .route(
            "/faults",
            get(|State(app): State<App>| async move { Json(app.shared.lock().faults().to_vec()) })
                .post(|State(app): State<App>, Json(f): Json<Fault>| async move {
                    match app.shared.inject(f) {
                        Ok(()) => StatusCode::NO_CONTENT.into_response(),
                        Err((field, why)) => {
                            (StatusCode::BAD_REQUEST, Json(json!({ "field": field, "error": why }))).into_response()
                        }
                    }
                })
                .delete(|State(app): State<App>| async move {
                    app.shared.lock().clear_faults();
                    StatusCode::NO_CONTENT
                }),
        )
        .route("/stats", get(|State(app): State<App>| async move { Json::<Value>(app.shared.lock().stats()) }))
        .route(
            "/rate-limit",
            put(|State(app): State<App>, Json(b): Json<RateLimitBody>| async move {
                app.shared.set_rate_limit(b.limit, b.window_ms);
                StatusCode::NO_CONTENT
            }),
        )
}

fn router(app: App) -> Router {
    let cors = CorsLayer::new()
        .allow_origin(Any)
        .allow_methods([HttpMethod::GET, HttpMethod::POST, HttpMethod::PUT, HttpMethod::DELETE, HttpMethod::PATCH])
        .allow_headers([header::CONTENT_TYPE, header::ACCEPT])
        .expose_headers([header::RETRY_AFTER]);
    Router::new().nest("/__sandbox", control_router()).fallback(api).layer(cors).with_state(app)
}

/// A running sandbox server on its own thread and runtime. Dropping it stops the server.
pub struct Sandbox {
    app: App,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Sandbox {
    /// Binds, then serves on a background thread. Works from sync and async code alike.
    pub fn start(config: SandboxConfig) -> std::io::Result<Sandbox> {
        let listener = std::net::TcpListener::bind(SocketAddr::new(config.host, config.port))?;
        Sandbox::serve(listener, Shared::new(config.engine(), system_time()))
    }

    /// Serves `shared` (an engine a test kit may hold too) on `listener`.
    pub fn serve(listener: std::net::TcpListener, shared: Shared) -> std::io::Result<Sandbox> {
        listener.set_nonblocking(true)?;
        let addr = listener.local_addr()?;
        let host = match addr.ip() {
            IpAddr::V6(ip) => format!("[{ip}]"),
            IpAddr::V4(ip) => ip.to_string(),
        };
        let app = App { shared, base_url: format!("http://{host}:{}", addr.port()) };
        let router = router(app.clone());
        let (tx, rx) = tokio::sync::oneshot::channel::<()>();
        let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build()?;
        let thread = std::thread::Builder::new().name("zeitkonto-sandbox".into()).spawn(move || {
            runtime.block_on(async move {
                let Ok(listener) = tokio::net::TcpListener::from_std(listener) else {
                    return;
                };
                let _ = axum::serve(listener, router)
                    .with_graceful_shutdown(async {
                        let _ = rx.await;
                    })
                    .await;
            });
        })?;
        let sandbox = Sandbox { app, shutdown: Some(tx), thread: Some(thread) };
        sandbox.reset_clients(); // a port an earlier sandbox of this process served may come round again
        Ok(sandbox)
    }

    /// A client builder wired to this server (feature `client`): its base URL, the seed's company
    /// and workspace keys, and the client-side limit of the sandbox's own rate limit (off when it
    /// has none, so tests do not wait), as [`crate::InProcess::client`] gives over the engine.
    #[cfg(feature = "client")]
    pub fn client(&self) -> zeitkonto::ClientBuilder {
        crate::inprocess::client_of(&self.app.shared, &self.app.base_url)
    }

    /// Forgets what this process's clients counted here with this sandbox's limit (feature
    /// `client`; without it the client library is not linked through this crate).
    fn reset_clients(&self) {
        #[cfg(feature = "client")]
        crate::inprocess::reset_clients(&self.app.shared, &self.app.base_url);
    }

    /// `http://127.0.0.1:PORT`.
    pub fn base_url(&self) -> &str {
        &self.app.base_url
    }

    /// The engine this server runs (to drive it in-process too).
    pub fn shared(&self) -> &Shared {
        &self.app.shared
    }

    /// Locks the engine, to read or change the world directly from Rust tests (`Engine`
    /// dereferences to the `World`).
    pub fn world(&self) -> MutexGuard<'_, Engine> {
        self.app.shared.lock()
    }

    /// Applied writes of `op` so far.
    pub fn writes(&self, op: OperationId) -> u64 {
        self.app.shared.writes(op)
    }

    /// Requests of `op` received so far.
    pub fn requests(&self, op: OperationId) -> u64 {
        self.app.shared.requests(op)
    }

    /// Injects a fault (Rust tests build valid ones; an invalid one panics with the field named).
    pub fn inject(&self, fault: Fault) {
        if let Err((field, why)) = self.app.shared.inject(fault) {
            panic!("invalid fault: {field}: {why}");
        }
    }

    /// Back to the seed: data, counters, faults and rate-limit windows, with feature `client`
    /// the windows this process's clients keep for this server too (a limit they learned from an
    /// injected 429 no longer holds the next test back).
    pub fn reset(&self) {
        self.app.shared.reset();
        self.reset_clients();
    }

    /// Changes the rate limit.
    pub fn set_rate_limit(&self, limit: u32, window_ms: u64) {
        self.app.shared.set_rate_limit(limit, window_ms);
    }

    /// Blocks until the server stops (for the binary).
    pub fn wait(mut self) {
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl Drop for Sandbox {
    fn drop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}
