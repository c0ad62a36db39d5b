//! The client-side rate limiter, a pure state machine: time is passed in as milliseconds from any
//! fixed origin, never read.
//!
//! It is a token bucket of `limit` tokens in which each spent token comes back exactly one `window`
//! (plus a small `margin`) after it was spent. That is stricter than a bucket that refills
//! continuously: it never lets more than `limit` requests start in any window, so it stays under
//! the API's "60 requests per minute" whether the server counts in fixed windows, sliding windows or
//! a continuous bucket.
//!
//! A token is first stamped with the time the request was sent; when the answer (or failure)
//! arrives, the driver calls [`RateLimiter::settle`] and the stamp moves to that time. The server
//! counted the request somewhere in between, so a token that comes back one window after the
//! answer can never be early, whatever the latency. The margin adds a little slack for servers that
//! count in coarse clock ticks.
//!
//! It learns from the server (unless built with [`RateLimiter::strict`]):
//! - A request answered 429 was not counted by the server: [`RateLimiter::on_refused`] gives its
//!   token back at once instead of holding it for a window.
//! - `Retry-After` is honoured (at least [`MIN_TOLD_WAIT_MS`], at most [`MAX_WAIT_MS`]) by blocking
//!   every caller of the key.
//! - When 429s show that the server's real limit is lower than configured (a second 429 within one
//!   window, so that a single stray 429 teaches nothing), a second, *learned* bucket is added:
//!   `ceiling` tokens, each coming back `period` ms after its answer. The ceiling is the number of
//!   this key's requests still counted after the refused ones were given back (what the server
//!   accepted in its window); the period is measured from the oldest of them to the end of the
//!   `Retry-After` wait (the configured window + margin without `Retry-After`). Every further 429
//!   lowers the ceiling to that count again. After one period without a 429 the ceiling is raised
//!   by 1, then 2, 4, … per period; once it reaches the configured limit the learned bucket is
//!   dropped. A request needs a token from both buckets.
//!
//! Hostile input never panics and never stalls: all arithmetic saturates, waits are clamped to
//! [`MAX_WAIT_MS`], and a clock that steps back is absorbed (the limiter keeps its own monotonic
//! time, so no wait is ever longer than window + margin or the honoured `Retry-After`).

use std::collections::BTreeMap;

/// The longest wait the limiter ever imposes or honours for a `Retry-After`: one hour.
pub const MAX_WAIT_MS: u64 = 3_600_000;

/// The shortest wait after a 429 without `Retry-After` (half a second, the retry policy's first
/// backoff by default; shorter only when the window itself is): the estimate from this process's
/// own requests can be a few milliseconds when the configured limit is far above the server's
/// (`window / limit`), and the server said to slow down.
pub const MIN_UNTOLD_WAIT_MS: u64 = 500;

/// The shortest wait after a 429 whose `Retry-After` says less (`0`, or a fraction, which HTTP's
/// whole seconds do not allow): half a second, so that a server answering `Retry-After: 0` does
/// not get a call's rate-limit retries (a write's among them) in one burst.
pub const MIN_TOLD_WAIT_MS: u64 = 500;

/// Limiter settings. Default: 60 requests per 60 s, 1 % margin.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct LimiterConfig {
    /// Requests allowed per window (the API: 60). 0 disables the limiter.
    pub limit: u32,
    /// The window in milliseconds (the API: 60 000).
    pub window_ms: u64,
    /// Extra time before a token comes back, covering network latency.
    pub margin_ms: u64,
}

impl Default for LimiterConfig {
    fn default() -> LimiterConfig {
        LimiterConfig::DEFAULT
    }
}

impl LimiterConfig {
    /// The API's limit, 60 requests per minute, with a margin of 1 % of the window (the
    /// declaration of settings, `crate::settings`, shows it in every language).
    pub const DEFAULT: LimiterConfig = LimiterConfig { limit: 60, window_ms: 60_000, margin_ms: 600 };

    /// `limit` requests per `window_ms`, with a margin of 1 % of the window.
    pub fn per_window(limit: u32, window_ms: u64) -> LimiterConfig {
        LimiterConfig { limit, window_ms, margin_ms: window_ms / 100 }
    }

    /// The requests a minute the jobs' time estimates assume under this limiter: `limit` per
    /// window as a whole rate a minute, and at most the API's 60 (a limiter set higher, or off,
    /// still meets the server's limit). At least 1: a limit slower than one a minute (30 an hour)
    /// is estimated as one a minute, shorter than it will take.
    pub fn per_minute(&self) -> u32 {
        let api = LimiterConfig::DEFAULT.limit;
        if self.limit == 0 {
            return api;
        }
        let rate = u64::from(self.limit).saturating_mul(60_000) / self.window_ms.max(1);
        u32::try_from(rate).unwrap_or(u32::MAX).clamp(1, api)
    }
}

/// What the caller should do now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Acquire {
    /// A token was taken: send now.
    Ready,
    /// No token: wait this many milliseconds, then ask again.
    Wait(u64),
}

/// Spent tokens: stamp → how many carry it.
#[derive(Debug, Clone, Default)]
struct Bucket {
    spent: BTreeMap<u64, u32>,
    count: u32,
}

/// How long a token stamped `s` still lasts at `t` when tokens last `life`: 0 once it is back.
/// Exact near `u64::MAX` (a stamp plus its life may not fit in a `u64`; saturating that sum made
/// a token stamped within `life` of the end of time count as already back).
fn left(s: u64, t: u64, life: u64) -> u64 {
    match t.checked_sub(s) {
        Some(age) => life.saturating_sub(age),
        None => life.saturating_add(s - t), // not reached: stamps are never later than `t`
    }
}

impl Bucket {
    fn expire(&mut self, t: u64, life: u64) {
        while let Some((&s, &n)) = self.spent.first_key_value() {
            if left(s, t, life) > 0 {
                break;
            }
            self.spent.remove(&s);
            self.count = self.count.saturating_sub(n);
        }
    }

    fn take(&mut self, t: u64) {
        *self.spent.entry(t).or_default() += 1;
        self.count = self.count.saturating_add(1);
    }

    /// Removes one token stamped `stamp`; false when there is none.
    fn remove(&mut self, stamp: u64) -> bool {
        match self.spent.get_mut(&stamp) {
            Some(n) => {
                *n -= 1;
                if *n == 0 {
                    self.spent.remove(&stamp);
                }
                self.count = self.count.saturating_sub(1);
                true
            }
            None => false,
        }
    }

    fn restamp(&mut self, from: u64, to: u64) {
        if self.remove(from) {
            self.take(to);
        }
    }

    fn oldest(&self) -> Option<u64> {
        self.spent.first_key_value().map(|(&s, _)| s)
    }

    /// How long until fewer than `limit` tokens are spent (0 when that is already so).
    fn wait(&self, t: u64, life: u64, limit: u32) -> u64 {
        if self.count < limit {
            return 0;
        }
        let mut need = self.count - limit + 1;
        for (&s, &n) in &self.spent {
            if n >= need {
                return left(s, t, life);
            }
            need -= n;
        }
        0
    }
}

/// The limit learned from 429s (see the module documentation).
#[derive(Debug, Clone)]
struct Learned {
    ceiling: u32,
    period: u64,
    bucket: Bucket,
    step: u32,
    next_raise: u64,
}

/// The limiter state for one key.
#[derive(Debug, Clone)]
pub struct RateLimiter {
    config: LimiterConfig,
    adaptive: bool,
    bucket: Bucket,
    blocked_until: u64,
    learned: Option<Learned>,
    /// When the last 429 that taught nothing arrived (internal time).
    strike: Option<u64>,
    /// Internal time = caller's time + offset; the offset grows when the caller's clock steps back.
    offset: u64,
    last: u64,
}

impl RateLimiter {
    /// A full bucket that learns from 429s (the client's limiter).
    pub fn new(config: LimiterConfig) -> RateLimiter {
        RateLimiter {
            config,
            adaptive: true,
            bucket: Bucket::default(),
            blocked_until: 0,
            learned: None,
            strike: None,
            offset: 0,
            last: 0,
        }
    }

    /// A full bucket that never learns: exactly `limit` starts per window + margin (the sandbox's
    /// server-side limit).
    pub fn strict(config: LimiterConfig) -> RateLimiter {
        RateLimiter { adaptive: false, ..RateLimiter::new(config) }
    }

    /// The settings.
    pub fn config(&self) -> LimiterConfig {
        self.config
    }

    /// The learned limit, when 429s taught one: `(requests, period_ms)`.
    pub fn learned_limit(&self) -> Option<(u32, u64)> {
        self.learned.as_ref().map(|l| (l.ceiling, l.period))
    }

    fn token_lifetime(&self) -> u64 {
        self.config.window_ms.saturating_add(self.config.margin_ms)
    }

    /// The caller's time as internal, monotonic time.
    fn clock(&mut self, now_ms: u64) -> u64 {
        let mut t = now_ms.saturating_add(self.offset);
        if t < self.last {
            self.offset = self.offset.saturating_add(self.last - t);
            t = self.last;
        }
        self.last = t;
        t
    }

    /// A stamp the caller handed back (`sent_ms`), as internal time; never later than `t`.
    fn stamp(&self, sent_ms: u64, t: u64) -> u64 {
        sent_ms.saturating_add(self.offset).min(t)
    }

    /// Expires tokens and raises the learned ceiling after a period without 429.
    fn advance(&mut self, t: u64) {
        let life = self.token_lifetime();
        self.bucket.expire(t, life);
        let limit = self.config.limit;
        if let Some(l) = &mut self.learned {
            l.bucket.expire(t, l.period);
            if t >= l.next_raise {
                l.ceiling = l.ceiling.saturating_add(l.step);
                l.step = l.step.saturating_mul(2);
                l.next_raise = t.saturating_add(l.period);
                if l.ceiling >= limit {
                    self.learned = None;
                }
            }
        }
    }

    /// Takes a token at `now_ms` (stamped `now_ms`), or says how long to wait for one.
    pub fn acquire(&mut self, now_ms: u64) -> Acquire {
        if self.config.limit == 0 {
            return Acquire::Ready;
        }
        let t = self.clock(now_ms);
        if t < self.blocked_until {
            return Acquire::Wait(self.blocked_until - t);
        }
        self.advance(t);
        let life = self.token_lifetime();
        let mut wait = self.bucket.wait(t, life, self.config.limit);
        if let Some(l) = &self.learned {
            wait = wait.max(l.bucket.wait(t, l.period, l.ceiling));
        }
        if wait > 0 {
            return Acquire::Wait(wait.min(life).clamp(1, MAX_WAIT_MS));
        }
        self.bucket.take(t);
        if let Some(l) = &mut self.learned {
            l.bucket.take(t);
        }
        Acquire::Ready
    }

    /// The request whose token was stamped `sent_ms` got its answer (or failed) at `now_ms`:
    /// the token's stamp moves to `now_ms`, so it comes back one window after the answer.
    /// (For a 429 call [`RateLimiter::on_refused`] instead.)
    pub fn settle(&mut self, sent_ms: u64, now_ms: u64) {
        let t = self.clock(now_ms);
        let sent = self.stamp(sent_ms, t);
        self.bucket.restamp(sent, t);
        if let Some(l) = &mut self.learned {
            l.bucket.restamp(sent, t);
        }
    }

    /// The request whose token was stamped `sent_ms` was answered 429 at `now_ms`: the server did
    /// not count it, so its token comes back at once. (A strict limiter keeps it.)
    pub fn on_refused(&mut self, sent_ms: u64, now_ms: u64) {
        let t = self.clock(now_ms);
        let sent = self.stamp(sent_ms, t);
        if !self.adaptive {
            self.bucket.restamp(sent, t);
            return;
        }
        self.bucket.remove(sent);
        if let Some(l) = &mut self.learned {
            l.bucket.remove(sent);
        }
    }

    /// Tokens left at `now_ms`.
    pub fn available(&mut self, now_ms: u64) -> u32 {
        if self.config.limit == 0 {
            return u32::MAX;
        }
        let t = self.clock(now_ms);
        if t < self.blocked_until {
            return 0;
        }
        self.advance(t);
        let mut left = self.config.limit.saturating_sub(self.bucket.count);
        if let Some(l) = &self.learned {
            left = left.min(l.ceiling.saturating_sub(l.bucket.count));
        }
        left
    }

    /// The wait [`RateLimiter::on_rate_limited`] would impose, without imposing it.
    pub fn rate_limited_wait(&mut self, now_ms: u64, retry_after_ms: Option<u64>) -> u64 {
        let mut probe = self.clone();
        probe.on_rate_limited(now_ms, retry_after_ms)
    }

    /// The server answered 429: block every caller of this key until the wait is over and return
    /// the wait. Call it only for a wait that will be honoured (see
    /// [`RateLimiter::rate_limited_wait`] to look first), after [`RateLimiter::on_refused`].
    /// With `Retry-After` the wait is that (at least [`MIN_TOLD_WAIT_MS`], at most [`MAX_WAIT_MS`]);
    /// without, it is until the
    /// oldest spent token comes back, or `window / limit` when the bucket is not full (another
    /// process used the key; the limiter off: `window / 60`, the API's limit), at least
    /// [`MIN_UNTOLD_WAIT_MS`]; never more than window + margin. An adaptive limiter also learns
    /// the server's limit from it (see the module documentation).
    pub fn on_rate_limited(&mut self, now_ms: u64, retry_after_ms: Option<u64>) -> u64 {
        let t = self.clock(now_ms);
        self.advance(t);
        let life = self.token_lifetime();
        let wait = match retry_after_ms {
            Some(ms) => ms.clamp(MIN_TOLD_WAIT_MS, MAX_WAIT_MS),
            None => {
                // The limiter off (limit 0): estimated from the API's own limit, not a whole window.
                let limit = match self.config.limit {
                    0 => LimiterConfig::DEFAULT.limit,
                    n => n,
                };
                let mut w = match self.bucket.oldest() {
                    Some(oldest) if self.bucket.count >= limit => left(oldest, t, life),
                    _ => self.config.window_ms / u64::from(limit),
                };
                if let Some(l) = &self.learned {
                    w = w.max(l.bucket.wait(t, l.period, l.ceiling));
                }
                w.max(MIN_UNTOLD_WAIT_MS).clamp(1, life.clamp(1, MAX_WAIT_MS))
            }
        };
        let end = t.saturating_add(wait);
        self.blocked_until = self.blocked_until.max(end);
        if self.adaptive {
            self.learn(t, end, retry_after_ms.is_some());
        }
        wait
    }

    fn learn(&mut self, t: u64, end: u64, measured: bool) {
        let life = self.token_lifetime();
        if let Some(l) = &mut self.learned {
            l.ceiling = l.bucket.count.max(1);
            l.step = 1;
            l.next_raise = end.saturating_add(l.period);
            return;
        }
        // A single 429 may be a stray one (another process, an operator): learn from the second
        // within one window.
        match self.strike {
            Some(s) if t.saturating_sub(s) <= life => {
                self.strike = None;
                let accepted = self.bucket.count;
                if accepted == 0 || accepted >= self.config.limit {
                    return;
                }
                let period = match (measured, self.bucket.oldest()) {
                    (true, Some(oldest)) => end.saturating_sub(oldest).clamp(1, life.max(1)),
                    _ => life.max(1),
                };
                self.learned = Some(Learned {
                    ceiling: accepted,
                    period,
                    bucket: self.bucket.clone(),
                    step: 1,
                    next_raise: end.saturating_add(period),
                });
            }
            _ => self.strike = Some(t),
        }
    }
}

#[cfg(test)]
mod tests;
