//! The mutable world behind the sandbox: the seed data, the clock, counters, faults, rate limits.

use std::collections::{BTreeMap, HashMap};

use zeitkonto_core::limiter::{Acquire, LimiterConfig, RateLimiter};
use zeitkonto_core::{Date, OperationId, RouteTable};

use crate::control::Fault;
use crate::engine::Now;
use crate::seed::{day_start_ms, Company, Employee, Seed};

/// The sandbox's notion of "now", as the shell last gave it: the wall clock, or a frozen day (then
/// 12:00 UTC of that day plus the time elapsed since start, so clock actions still happen in
/// order). It never reads a clock itself.
#[derive(Debug, Clone)]
pub struct Clock {
    frozen: Option<Date>,
    now: Now,
}

impl Clock {
    /// A clock frozen at `today`, or following the wall clock; `now` is the start.
    pub fn new(frozen: Option<Date>, now: Now) -> Clock {
        Clock { frozen, now }
    }

    /// Moves to `now` (never backwards).
    pub fn advance(&mut self, now: Now) {
        self.now.epoch_ms = self.now.epoch_ms.max(now.epoch_ms);
        self.now.elapsed_ms = self.now.elapsed_ms.max(now.elapsed_ms);
    }

    /// Milliseconds since the engine started (the rate limit's clock).
    pub fn elapsed_ms(&self) -> u64 {
        self.now.elapsed_ms
    }

    /// Epoch milliseconds now.
    pub fn now_ms(&self) -> i64 {
        match self.frozen {
            Some(day) => day_start_ms(day) + 12 * 3_600_000 + self.now.elapsed_ms as i64,
            None => self.now.epoch_ms,
        }
    }

    /// Today's date (UTC).
    pub fn today(&self) -> Date {
        Date::from_epoch_millis(self.now_ms()).unwrap_or_else(|| Date::new(2026, 1, 1).expect("valid date"))
    }
}

/// Counters that let tests prove what was applied.
#[derive(Debug, Clone, Default)]
pub struct Stats {
    /// Applied writes per operation name.
    pub writes: BTreeMap<&'static str, u64>,
    /// Requests received per operation name (before faults and rate limits).
    pub requests: BTreeMap<&'static str, u64>,
    /// 429s answered by the rate limiter (not injected ones).
    pub rate_limited: u64,
    /// API requests being handled right now.
    pub in_flight: u64,
    /// The most API requests ever handled at the same time (proves client-side concurrency).
    pub max_in_flight: u64,
}

/// The whole state, behind one mutex.
pub struct World {
    /// The data now: the seed as the writes so far changed it.
    pub data: Seed,
    /// The seed the world started from; [`World::reset`] goes back to it.
    pub initial: Seed,
    /// The sandbox's "now".
    pub clock: Clock,
    /// Counters of requests, writes and rate limiting.
    pub stats: Stats,
    /// Injected faults not used up yet, in order; a request takes the first that matches.
    pub faults: Vec<Fault>,
    /// The rate limit per key: at most `limit` requests per `window_ms` milliseconds; `limit` 0
    /// turns it off.
    pub limit: LimiterConfig,
    limiters: HashMap<String, RateLimiter>,
    /// The route table in use (the defaults, or overrides).
    pub routes: RouteTable,
    /// The last id handed out by [`World::id`] (starts at 1,000,000, so the first is 1,000,001).
    pub next_id: u64,
}

impl World {
    /// A world from a seed.
    pub fn new(seed: Seed, clock: Clock, limit: LimiterConfig, routes: RouteTable) -> World {
        World {
            data: seed.clone(),
            initial: seed,
            clock,
            stats: Stats::default(),
            faults: Vec::new(),
            limit,
            limiters: HashMap::new(),
            routes,
            next_id: 1_000_000,
        }
    }

    /// Back to the seed: data, counters, faults and rate limits.
    pub fn reset(&mut self) {
        self.data = self.initial.clone();
        self.stats = Stats::default();
        self.faults.clear();
        self.limiters.clear();
    }

    /// A fresh id.
    pub fn id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    /// Counts an applied write.
    pub fn wrote(&mut self, op: OperationId) {
        *self.stats.writes.entry(op.name()).or_default() += 1;
    }

    /// Takes a request slot for `key`; `Err(retry_after_secs)` when over the limit.
    pub fn rate_limit(&mut self, key: &str) -> Result<(), u64> {
        if self.limit.limit == 0 {
            return Ok(());
        }
        let now = self.clock.elapsed_ms();
        let cfg = LimiterConfig { margin_ms: 0, ..self.limit };
        let lim = self.limiters.entry(key.to_string()).or_insert_with(|| RateLimiter::strict(cfg));
        match lim.acquire(now) {
            Acquire::Ready => Ok(()),
            Acquire::Wait(ms) => {
                self.stats.rate_limited += 1;
                Err(ms.div_ceil(1000).max(1))
            }
        }
    }

    /// Changes the rate limit (clears the counters).
    pub fn set_limit(&mut self, limit: LimiterConfig) {
        self.limit = limit;
        self.limiters.clear();
    }

    /// The company with this key.
    pub fn company_by_key(&self, key: &str) -> Option<&Company> {
        self.data.companies.iter().find(|c| c.key == key)
    }

    /// The company with this id.
    pub fn company(&self, id: &str) -> Option<&Company> {
        self.data.companies.iter().find(|c| c.id == id)
    }

    /// The employee with this key.
    pub fn employee_by_key(&self, key: &str) -> Option<&Employee> {
        self.data.employees.iter().find(|e| e.key.as_deref() == Some(key))
    }

    /// An employee of `company` by UUID, e-mail (case-insensitive) or employee key.
    pub fn find_employee(&self, company: &str, ident: &str) -> Option<&Employee> {
        self.data.employees.iter().find(|e| {
            e.company == company
                && (e.uuid == ident || e.email.eq_ignore_ascii_case(ident) || e.key.as_deref() == Some(ident))
        })
    }

    /// Employees of `company`.
    pub fn employees_of<'a>(&'a self, company: &'a str) -> impl Iterator<Item = &'a Employee> + 'a {
        self.data.employees.iter().filter(move |e| e.company == company)
    }

    /// The department name of an employee.
    pub fn department_name(&self, e: &Employee) -> String {
        e.department
            .as_ref()
            .and_then(|d| self.data.departments.iter().find(|x| &x.id == d && x.company == e.company))
            .map(|d| d.name.clone())
            .unwrap_or_default()
    }
}
