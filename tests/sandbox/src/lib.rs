//! # zeitkonto-sandbox
//!
//! A stateful local server that behaves like the saas.de Working-Time, Presence and Leave API:
//! keys, modules, roles, clock states, error codes and the rate limit. It serves the **same route
//! table** as `zeitkonto-core` exports (and accepts the same overrides), so SDK and sandbox cannot
//! drift apart. Every language's tests and the README demo run against it.
//!
//! ```no_run
//! let sandbox = zeitkonto_sandbox::Sandbox::start(Default::default()).unwrap();
//! println!("API at {}", sandbox.base_url());
//! ```

use std::collections::{BTreeMap, HashMap};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::{Arc, Mutex, MutexGuard};

use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderValue, Method as HttpMethod, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{on, MethodFilter, MethodRouter};
use axum::Router;
use serde_json::Value;
use tower_http::cors::{Any, CorsLayer};
use zeitkonto_core::limiter::LimiterConfig;
use zeitkonto_core::{Date, Method, OperationId, RouteTable};

pub mod api;
pub mod calc;
pub mod control;
mod demo_seed;
pub mod seed;
pub mod state;

pub use control::{Fault, FaultKind};
pub use seed::{demo, Seed};
pub use state::{Clock, Stats, World};

/// How to start a sandbox.
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
    /// Requests per window per key (default 60 per 60 s).
    pub rate_limit: LimiterConfig,
    /// The route table (defaults, or the same overrides the client uses).
    pub routes: RouteTable,
}

impl Default for SandboxConfig {
    fn default() -> SandboxConfig {
        SandboxConfig {
            host: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: 0,
            seed: None,
            today: None,
            rate_limit: LimiterConfig { limit: 60, window_ms: 60_000, margin_ms: 0 },
            routes: RouteTable::new(),
        }
    }
}

/// Shared server state.
pub struct App {
    world: Mutex<World>,
    base_url: String,
}

impl App {
    /// Locks the world (a poisoned lock is recovered: the data stays usable).
    pub fn lock(&self) -> MutexGuard<'_, World> {
        self.world.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// The fixed demo keys and identities, for printing.
pub fn demo_keys() -> BTreeMap<&'static str, &'static str> {
    use seed::demo::*;
    BTreeMap::from([
        ("companyKey", COMPANY_KEY),
        ("noModulesCompanyKey", NOMODULES_COMPANY_KEY),
        ("inactiveCompanyKey", INACTIVE_COMPANY_KEY),
        ("otherCompanyKey", OTHER_COMPANY_KEY),
        ("workspaceKey", WORKSPACE_KEY),
        ("departmentKey", DEPARTMENT_KEY),
        ("employeeKey", EMPLOYEE_KEY),
        ("supervisorKey", SUPERVISOR_KEY),
        ("employee", ANNA),
        ("projectManager", MANAGER),
        ("supervisor", SUPERVISOR),
        ("employeeWithoutLogin", NO_LOGIN),
    ])
}

fn method_filter(m: Method) -> MethodFilter {
    match m {
        Method::Get => MethodFilter::GET,
        Method::Post => MethodFilter::POST,
        Method::Put => MethodFilter::PUT,
        Method::Delete => MethodFilter::DELETE,
        Method::Patch => MethodFilter::PATCH,
    }
}

/// Counts a request as in flight until dropped (also when the client goes away mid-request).
struct InFlight<'a>(&'a App);

impl<'a> InFlight<'a> {
    fn enter(app: &'a App) -> InFlight<'a> {
        let mut w = app.lock();
        w.stats.in_flight += 1;
        w.stats.max_in_flight = w.stats.max_in_flight.max(w.stats.in_flight);
        InFlight(app)
    }
}

impl Drop for InFlight<'_> {
    fn drop(&mut self) {
        let mut w = self.0.lock();
        w.stats.in_flight = w.stats.in_flight.saturating_sub(1);
    }
}

async fn api_call(
    app: Arc<App>,
    op: OperationId,
    uri: String,
    path: HashMap<String, String>,
    query: HashMap<String, String>,
    body: Bytes,
) -> Response {
    let body = if body.iter().all(u8::is_ascii_whitespace) {
        Some(Value::Object(Default::default()))
    } else {
        serde_json::from_slice(&body).ok()
    };
    let call = api::Call { op, path, query, body };
    let _in_flight = InFlight::enter(&app);
    let fault = {
        let mut w = app.lock();
        *w.stats.requests.entry(op.name()).or_default() += 1;
        if let Err(secs) = w.rate_limit(&call.limit_key()) {
            return (StatusCode::TOO_MANY_REQUESTS, [(header::RETRY_AFTER, secs.to_string())], "Too Many Requests")
                .into_response();
        }
        control::take(&mut w.faults, op)
    };
    match &fault {
        Some(f) if f.kind == FaultKind::Delay && !f.after => control::delay(f).await,
        Some(f) if !f.after => return control::respond(f, &uri),
        _ => {}
    }
    // Applied before any `after` fault answers, so a client that gives up (and makes hyper drop
    // this future) cannot undo the write.
    let response = api::handle(&mut app.lock(), &call);
    match fault {
        Some(f) if f.after && f.kind == FaultKind::Delay => {
            control::delay(&f).await;
            response
        }
        Some(f) if f.after => control::respond(&f, &uri),
        _ => response,
    }
}

/// The axum router: the API routes from `routes`, `/__sandbox` control routes, CORS.
pub fn router(app: Arc<App>, routes: &RouteTable) -> Router {
    let mut by_path: BTreeMap<String, MethodRouter<Arc<App>>> = BTreeMap::new();
    for (op, route) in routes.entries() {
        let handler = move |State(app): State<Arc<App>>,
                            uri: axum::http::Uri,
                            path: Option<Path<HashMap<String, String>>>,
                            Query(query): Query<HashMap<String, String>>,
                            body: Bytes| async move {
            let uri = uri.path().to_string();
            api_call(app, op, uri, path.map(|Path(p)| p).unwrap_or_default(), query, body).await
        };
        let mr = on(method_filter(route.method), handler);
        let entry = by_path.remove(&route.template);
        by_path.insert(
            route.template.clone(),
            match entry {
                Some(existing) => existing.merge(mr),
                None => mr,
            },
        );
    }
    let mut router = Router::new();
    for (path, mr) in by_path {
        router = router.route(&path, mr);
    }
    let cors = CorsLayer::new()
        .allow_origin(Any)
        .allow_methods([HttpMethod::GET, HttpMethod::POST, HttpMethod::PUT, HttpMethod::DELETE, HttpMethod::PATCH])
        .allow_headers([header::CONTENT_TYPE, header::ACCEPT])
        .expose_headers([header::RETRY_AFTER]);
    router
        .nest("/__sandbox", control::router())
        .fallback(|| async {
            (StatusCode::NOT_FOUND, [(header::CONTENT_TYPE, HeaderValue::from_static("text/plain"))], "Not Found")
        })
        .layer(cors)
        .with_state(app)
}

/// A running sandbox on its own thread and runtime. Dropping it stops the server.
pub struct Sandbox {
    app: Arc<App>,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Sandbox {
    /// Binds, then serves on a background thread. Works from sync and async code alike.
    pub fn start(config: SandboxConfig) -> std::io::Result<Sandbox> {
        let listener = std::net::TcpListener::bind(SocketAddr::new(config.host, config.port))?;
        listener.set_nonblocking(true)?;
        let addr = listener.local_addr()?;
        let host = match addr.ip() {
            IpAddr::V6(ip) => format!("[{ip}]"),
            IpAddr::V4(ip) => ip.to_string(),
        };
        let base_url = format!("http://{host}:{}", addr.port());
        let clock = Clock::new(config.today);
        let seed = config.seed.unwrap_or_else(|| Seed::demo(clock.today()));
        let app = Arc::new(App {
            world: Mutex::new(World::new(seed, clock, config.rate_limit, config.routes.clone())),
            base_url,
        });
        let router = router(app.clone(), &config.routes);
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
        Ok(Sandbox { app, shutdown: Some(tx), thread: Some(thread) })
    }

    /// `http://127.0.0.1:PORT`.
    pub fn base_url(&self) -> &str {
        &self.app.base_url
    }

    /// Locks the world, to read or change the state directly from Rust tests.
    pub fn world(&self) -> MutexGuard<'_, World> {
        self.app.lock()
    }

    /// Applied writes of `op` so far.
    pub fn writes(&self, op: OperationId) -> u64 {
        self.app.lock().stats.writes.get(op.name()).copied().unwrap_or(0)
    }

    /// Requests of `op` received so far.
    pub fn requests(&self, op: OperationId) -> u64 {
        self.app.lock().stats.requests.get(op.name()).copied().unwrap_or(0)
    }

    /// Injects a fault.
    pub fn inject(&self, fault: Fault) {
        self.app.lock().faults.push(fault);
    }

    /// Back to the seed.
    pub fn reset(&self) {
        self.app.lock().reset();
    }

    /// Changes the rate limit.
    pub fn set_rate_limit(&self, limit: u32, window_ms: u64) {
        self.app.lock().set_limit(LimiterConfig { limit, window_ms, margin_ms: 0 });
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
