//! [`KitEngine`]: the engine as every language's test kit drives it (Python's `zeitkonto.testing`,
//! npm's `zeitkonto/testing`, the Kotlin and Swift `ZeitkontoSandbox`). The kits' Rust adapters
//! (pyo3, wasm-bindgen, uniffi) only convert types: what a kit is made from, how a request goes
//! through (a step the kit's own timers wait for, resumed or abandoned by id), the controls, the
//! counters and `serve()` are here, once. Every refusal is a [`Refusal`] naming the caller's
//! field, with the reason every kit gives.

use std::collections::HashMap;
use std::sync::Mutex;

use zeitkonto_core::limiter::LimiterConfig;
use zeitkonto_core::RouteTable;

use crate::engine::{path_and_query, EngineConfig, HttpRequest, Pending, Response, Step};
use crate::kit::{self, InjectArgs, Refusal};
use crate::shared::{Shared, TimeSource};

/// What a kit is made from, as its caller gave it (checked by [`KitEngine::new`]).
#[derive(Debug, Default, Clone)]
pub struct KitOptions<'a> {
    /// The frozen date, `YYYY-MM-DD` (none: the real date).
    pub today: Option<&'a str>,
    /// The data, as JSON (none: the demo seed).
    pub seed_json: Option<&'a str>,
    /// The API's rate limit: requests per window (a whole number, 0 to 4294967295; 0: none) and
    /// the window in milliseconds (more than 0, at most a day), as the caller's language gave them
    /// (none: no limit, so tests do not wait).
    pub rate_limit: Option<(f64, f64)>,
    /// Route overrides by operation name (`"METHOD /path"`), as the client takes them.
    pub routes: Vec<(String, String)>,
}

/// What the kit's transport does next with a request.
#[derive(Debug)]
pub enum KitStep {
    /// Answer with this response now.
    Answer(Response),
    /// Wait `delay_ms`, then answer with `response` (already applied).
    AnswerAfter {
        /// The wait.
        delay_ms: u64,
        /// The answer.
        response: Response,
    },
    /// Wait `delay_ms`, then [`KitEngine::resume`] the request `pending` (not applied yet:
    /// [`KitEngine::abandon`] it when the caller gives up during the wait).
    HandleAfter {
        /// The wait.
        delay_ms: u64,
        /// The request's id.
        pending: u32,
    },
    /// Send this response's head, then break the connection (the request may have been applied).
    Reset(Response),
}

/// The engine of one test kit, with its waiting requests and its HTTP server.
pub struct KitEngine {
    shared: Shared,
    pending: Mutex<(u32, HashMap<u32, Box<Pending>>)>,
    #[cfg(not(target_arch = "wasm32"))]
    server: Mutex<Option<crate::std_server::StdServer>>,
}

impl std::fmt::Debug for KitEngine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("KitEngine").finish_non_exhaustive()
    }
}

fn refusal(field: &str, reason: impl Into<String>) -> Refusal {
    (field.to_string(), reason.into())
}

impl KitEngine {
    /// A kit's engine on the time source `time` (the system clock natively, the JavaScript clock
    /// in a `.wasm`). The rate limit's window must be more than 0 and at most a day.
    pub fn new(options: KitOptions<'_>, time: TimeSource) -> Result<KitEngine, Refusal> {
        let today = kit::today(options.today)?;
        let seed = kit::seed(options.seed_json)?;
        let rate_limit = match options.rate_limit {
            None => LimiterConfig { limit: 0, window_ms: 60_000, margin_ms: 0 },
            Some((limit, window_ms)) => {
                if !(limit.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(&limit)) {
                    return Err(refusal("rateLimit.limit", "must be a whole number from 0 to 4294967295"));
                }
                if !(window_ms.is_finite() && window_ms > 0.0 && window_ms <= 86_400_000.0) {
                    return Err(refusal("rateLimit.window", "must be more than 0 and at most a day"));
                }
                LimiterConfig { limit: limit as u32, window_ms: window_ms.ceil() as u64, margin_ms: 0 }
            }
        };
        let routes = RouteTable::from_overrides(options.routes).map_err(|e| match e {
            zeitkonto_core::Error::InvalidInput { reason, .. } => refusal("routes", reason),
            other => refusal("routes", other.to_string()),
        })?;
        let kit = KitEngine {
            shared: Shared::new(EngineConfig { seed, today, rate_limit, routes }, time),
            pending: Mutex::new((0, HashMap::new())),
            #[cfg(not(target_arch = "wasm32"))]
            server: Mutex::new(None),
        };
        kit.reset_clients();
        Ok(kit)
    }

    /// Resets the client library's rate limits at [`KitEngine::servers`] when it is linked with
    /// this engine (feature `client`: Python, the command line); the npm, Kotlin and Swift kits,
    /// whose client is another library, call theirs.
    fn reset_clients(&self) {
        #[cfg(feature = "client")]
        for url in self.servers() {
            crate::inprocess::reset_clients(&self.shared, &url);
        }
    }

    /// The shared engine (for an in-process transport over the same world).
    pub fn shared(&self) -> &Shared {
        &self.shared
    }

    fn waiting(&self) -> std::sync::MutexGuard<'_, (u32, HashMap<u32, Box<Pending>>)> {
        self.pending.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn step(&self, step: Step) -> KitStep {
        match step {
            Step::Answer(r) => KitStep::Answer(r),
            Step::Reset(r) => KitStep::Reset(r),
            Step::AnswerAfter { delay_ms, response } => KitStep::AnswerAfter { delay_ms, response },
            Step::HandleAfter { delay_ms, pending } => {
                let mut waiting = self.waiting();
                waiting.0 = waiting.0.wrapping_add(1).max(1);
                let id = waiting.0;
                waiting.1.insert(id, pending);
                KitStep::HandleAfter { delay_ms, pending: id }
            }
        }
    }

    /// Takes a request: its path (percent-encoded as sent) and query (without `?`).
    pub fn begin(&self, method: &str, path: &str, query: &str, body: &[u8]) -> KitStep {
        let now = self.shared.now();
        let step = self.shared.lock().begin(&HttpRequest { method, path, query, body }, now);
        self.step(step)
    }

    /// Takes a request by its whole URL (only the path and query count).
    pub fn begin_url(&self, method: &str, url: &str, body: &[u8]) -> KitStep {
        let (path, query) = path_and_query(url);
        self.begin(method, path, query, body)
    }

    /// Handles the request `pending` after its wait (an unknown id: a 500).
    pub fn resume(&self, pending: u32) -> KitStep {
        let taken = self.waiting().1.remove(&pending);
        match taken {
            Some(p) => {
                let now = self.shared.now();
                let step = self.shared.lock().resume(p, now);
                self.step(step)
            }
            None => KitStep::Answer(Response::new(500, "text/plain", "")),
        }
    }

    /// Forgets the request `pending` (its caller gave up during the wait: nothing is applied).
    pub fn abandon(&self, pending: u32) {
        self.waiting().1.remove(&pending);
    }

    /// Adds a fault: `kind` as the kit's language writes it (`snake`: `rate_limit`, else
    /// `rateLimit`), every value checked ([`kit::inject_fault`]), durations in milliseconds.
    pub fn inject(&self, kind: &str, args: InjectArgs, snake: bool) -> Result<(), Refusal> {
        self.shared.inject(kit::inject_fault(kind, args, snake)?)
    }

    /// Applied writes of the operation named `operation` (all when none).
    pub fn writes(&self, operation: Option<&str>) -> Result<u64, Refusal> {
        kit::writes(&self.shared.lock(), operation)
    }

    /// Requests of the operation named `operation` received (all when none).
    pub fn requests(&self, operation: Option<&str>) -> Result<u64, Refusal> {
        kit::requests(&self.shared.lock(), operation)
    }

    /// 429s of the sandbox's own rate limit.
    pub fn rate_limited(&self) -> u64 {
        self.shared.lock().stats.rate_limited
    }

    /// The rate limit: requests per window (0: none) and the window in milliseconds.
    pub fn rate_limit(&self) -> (u32, u64) {
        let l = self.shared.lock().limit;
        (l.limit, l.window_ms)
    }

    /// Back to the seed: data, counters, faults, rate-limit windows (the clients' too, see
    /// [`KitEngine::servers`]); waiting requests forgotten.
    pub fn reset(&self) {
        self.shared.reset();
        self.waiting().1.clear();
        self.reset_clients();
    }

    /// The base URLs clients reach this sandbox at (in-process, and served when it is): each kit
    /// resets its clients' rate limits of this sandbox's limit there (the client library's
    /// `reset_rate_limits`) when the sandbox is made and reset, so what was counted against an
    /// earlier sandbox (or before `reset()`) never holds up a call.
    pub fn servers(&self) -> Vec<String> {
        let in_process = crate::kit::IN_PROCESS_BASE_URL.to_string();
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(s) = self.server.lock().unwrap_or_else(|e| e.into_inner()).as_ref() {
            return vec![in_process, s.base_url().to_string()];
        }
        vec![in_process]
    }

    /// The keys and people of the seed by camelCase name (the demo's, or the seed's own: [`crate::keys_of`]).
    pub fn keys(&self) -> Vec<(&'static str, String)> {
        crate::keys_of(&self.shared.lock().initial).into_iter().collect()
    }

    /// Today, `YYYY-MM-DD`.
    pub fn today(&self) -> String {
        self.shared.lock().clock.today().to_string()
    }

    /// The seed the sandbox started from, as JSON.
    pub fn seed_json(&self) -> String {
        serde_json::to_string(&self.shared.lock().initial).unwrap_or_default()
    }

    /// Serves the engine over HTTP on 127.0.0.1 (a free port); returns the base URL. Serving
    /// again returns the same URL.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn serve(&self) -> Result<String, Refusal> {
        let mut server = self.server.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(s) = server.as_ref() {
            return Ok(s.base_url().to_string());
        }
        let listener = std::net::TcpListener::bind(("127.0.0.1", 0))
            .map_err(|e| refusal("serve", format!("could not bind 127.0.0.1: {e}")))?;
        let s = crate::std_server::StdServer::start(listener, self.shared.clone())
            .map_err(|e| refusal("serve", format!("could not start the server: {e}")))?;
        let url = s.base_url().to_string();
        *server = Some(s);
        drop(server);
        // A port an earlier sandbox of this process served may come round again.
        self.reset_clients();
        Ok(url)
    }

    /// Stops the server of [`KitEngine::serve`], if any (in-process clients keep working).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn stop_serving(&self) {
        let server = self.server.lock().unwrap_or_else(|e| e.into_inner()).take();
        drop(server);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shared::system_time;

    fn kit(options: KitOptions<'_>) -> Result<KitEngine, Refusal> {
        KitEngine::new(options, system_time())
    }

    #[test]
    fn bad_options_are_refused_naming_the_field() {
        let field = |o: KitOptions<'_>| kit(o).map(drop).unwrap_err().0;
        assert_eq!(field(KitOptions { today: Some("2026-13-01"), ..Default::default() }), "today");
        assert_eq!(field(KitOptions { seed_json: Some("{"), ..Default::default() }), "seed");
        // A name the seed does not know (a typo) is refused, at the top and in a record: it would
        // otherwise give an empty company, or a person without the field meant.
        for typo in [r#"{"bogus": 1}"#, r#"{"employees": [{"emial": "a@b.example"}]}"#] {
            let (field, reason) =
                kit(KitOptions { seed_json: Some(typo), ..Default::default() }).map(drop).unwrap_err();
            assert_eq!(field, "seed");
            assert!(reason.contains("unknown field"), "{reason}");
        }
        for window in [0.0, -1.0, f64::NAN, 86_400_001.0] {
            assert_eq!(
                field(KitOptions { rate_limit: Some((60.0, window)), ..Default::default() }),
                "rateLimit.window"
            );
        }
        for limit in [-1.0, 1.5, f64::NAN, 4_294_967_296.0] {
            assert_eq!(
                field(KitOptions { rate_limit: Some((limit, 60_000.0)), ..Default::default() }),
                "rateLimit.limit"
            );
        }
        let routes = vec![("clock".to_string(), "nonsense".to_string())];
        assert_eq!(field(KitOptions { routes, ..Default::default() }), "routes");
    }

    #[test]
    fn a_delayed_request_waits_then_resumes_or_is_abandoned_unapplied() {
        let k = kit(KitOptions { today: Some("2026-11-21"), ..Default::default() }).unwrap();
        assert_eq!(k.rate_limit().0, 0);
        let args = InjectArgs { delay_ms: Some(5.0), ..Default::default() };
        k.inject("delay", args.clone(), false).unwrap();
        k.inject("delay", args, false).unwrap();
        let clock = |k: &KitEngine| {
            k.begin_url("POST", "http://x/rest/api/v2/time/come/demo-company-key/anna.schmidt%40demo.example", b"{}")
        };
        let KitStep::HandleAfter { delay_ms: 5, pending } = clock(&k) else { panic!("a wait") };
        k.abandon(pending);
        assert_eq!(k.writes(Some("clock")).unwrap(), 0, "abandoned: nothing applied");
        let KitStep::HandleAfter { pending, .. } = clock(&k) else { panic!("a wait") };
        assert!(matches!(k.resume(pending), KitStep::Answer(r) if r.status == 200));
        assert_eq!(k.writes(Some("clock")).unwrap(), 1);
        assert!(matches!(k.resume(pending), KitStep::Answer(r) if r.status == 500), "an id resumes once");
        assert_eq!(k.writes(Some("nightly")).unwrap_err().0, "operation");
        k.reset();
        assert_eq!(k.writes(None).unwrap(), 0);
        assert_eq!(k.today(), "2026-11-21");
        assert!(k.keys().iter().any(|(name, _)| *name == "companyKey"));
    }

    #[test]
    fn serving_twice_gives_the_same_url() {
        let k = kit(KitOptions::default()).unwrap();
        let url = k.serve().unwrap();
        assert_eq!(k.serve().unwrap(), url);
        k.stop_serving();
    }
}
