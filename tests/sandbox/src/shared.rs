//! [`Shared`]: one engine behind a lock, with a time source, shared by a shell and the test that
//! controls it. Every shell (the server, the in-process transport, the Python and npm test kits)
//! drives requests through [`Shared::exchange`], so waiting, cancellation and the in-flight count
//! behave the same in all of them.

use std::future::Future;
use std::sync::{Arc, Mutex, MutexGuard};

use zeitkonto_core::OperationId;

use crate::control::Fault;
use crate::engine::{Engine, EngineConfig, HttpRequest, Now, Response, Step};

/// Where the engine's time comes from (the wall clock natively; the JavaScript clock in a .wasm).
pub type TimeSource = Arc<dyn Fn() -> Now + Send + Sync>;

/// The native time source: the system clock, and the time since this call.
pub fn system_time() -> TimeSource {
    let start = std::time::Instant::now();
    Arc::new(move || Now {
        epoch_ms: std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_millis() as i64)
            .unwrap_or(0),
        elapsed_ms: start.elapsed().as_millis() as u64,
    })
}

/// How an exchange ended.
#[derive(Debug)]
pub enum Outcome {
    /// An answer.
    Response(Response),
    /// The head of an answer, then a broken connection.
    Reset(Response),
    /// The caller's timeout passed first (a wait before handling: nothing was applied).
    TimedOut,
}

/// A shared engine.
#[derive(Clone)]
pub struct Shared {
    engine: Arc<Mutex<Engine>>,
    time: TimeSource,
}

impl std::fmt::Debug for Shared {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Shared").finish_non_exhaustive()
    }
}

pub use crate::kit::check_fault;

/// Counts a request as in flight until dropped (also when the caller gives up mid-request).
struct InFlight<'a>(&'a Shared);

impl<'a> InFlight<'a> {
    fn enter(shared: &'a Shared) -> InFlight<'a> {
        let mut e = shared.lock();
        let s = &mut e.world_mut().stats;
        s.in_flight += 1;
        s.max_in_flight = s.max_in_flight.max(s.in_flight);
        InFlight(shared)
    }
}

impl Drop for InFlight<'_> {
    fn drop(&mut self) {
        let mut e = self.0.lock();
        let s = &mut e.world_mut().stats;
        s.in_flight = s.in_flight.saturating_sub(1);
    }
}

impl Shared {
    /// An engine from `config`, on the time source `time`.
    pub fn new(config: EngineConfig, time: TimeSource) -> Shared {
        let engine = Engine::new(config, time());
        Shared { engine: Arc::new(Mutex::new(engine)), time }
    }

    /// Locks the engine (a poisoned lock is recovered: the data stays usable).
    pub fn lock(&self) -> MutexGuard<'_, Engine> {
        self.engine.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The time now, from the source.
    pub fn now(&self) -> Now {
        (self.time)()
    }

    /// Runs one request to its end: `sleep(ms)` waits (the shell's timer), `timeout_ms` bounds the
    /// waits a fault asks for. Dropping the future during a wait before handling leaves the world
    /// unchanged, as a client that gives up on a server would.
    pub async fn exchange<S, F>(&self, req: &HttpRequest<'_>, timeout_ms: Option<u64>, sleep: S) -> Outcome
    where
        S: Fn(u64) -> F,
        F: Future<Output = ()>,
    {
        let _in_flight = InFlight::enter(self);
        let step = {
            let now = self.now();
            self.lock().begin(req, now)
        };
        let too_long = |ms: u64| timeout_ms.is_some_and(|t| ms > t);
        match step {
            Step::Answer(r) => Outcome::Response(r),
            Step::Reset(r) => Outcome::Reset(r),
            Step::AnswerAfter { delay_ms, response } => {
                if too_long(delay_ms) {
                    sleep(timeout_ms.unwrap_or(0)).await;
                    return Outcome::TimedOut;
                }
                sleep(delay_ms).await;
                Outcome::Response(response)
            }
            Step::HandleAfter { delay_ms, pending } => {
                if too_long(delay_ms) {
                    sleep(timeout_ms.unwrap_or(0)).await;
                    return Outcome::TimedOut;
                }
                sleep(delay_ms).await;
                let step = {
                    let now = self.now();
                    self.lock().resume(pending, now)
                };
                match step {
                    Step::Answer(r) | Step::AnswerAfter { response: r, .. } => Outcome::Response(r),
                    Step::Reset(r) => Outcome::Reset(r),
                    Step::HandleAfter { .. } => Outcome::Response(Response::new(500, "text/plain", "")),
                }
            }
        }
    }

    /// Adds a fault after checking it (`Err` names the field).
    pub fn inject(&self, fault: Fault) -> Result<(), (String, String)> {
        check_fault(&fault)?;
        self.lock().inject(fault);
        Ok(())
    }

    /// Applied writes of `op` so far.
    pub fn writes(&self, op: OperationId) -> u64 {
        self.lock().writes(op)
    }

    /// Requests of `op` received so far.
    pub fn requests(&self, op: OperationId) -> u64 {
        self.lock().requests(op)
    }

    /// Back to the seed.
    pub fn reset(&self) {
        self.lock().reset();
    }

    /// Changes the rate limit (`limit: 0` turns it off).
    pub fn set_rate_limit(&self, limit: u32, window_ms: u64) {
        self.lock().set_rate_limit(limit, window_ms);
    }
}
