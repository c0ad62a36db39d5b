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

use std::collections::BTreeMap;

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
        LimiterConfig::per_window(60, 60_000)
    }
}

impl LimiterConfig {
    /// `limit` requests per `window_ms`, with a margin of 1 % of the window.
    pub fn per_window(limit: u32, window_ms: u64) -> LimiterConfig {
        LimiterConfig { limit, window_ms, margin_ms: window_ms / 100 }
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

/// The limiter state for one key.
#[derive(Debug, Clone)]
pub struct RateLimiter {
    config: LimiterConfig,
    /// Spent tokens: stamp → how many carry it.
    spent: BTreeMap<u64, u32>,
    count: u32,
    blocked_until: u64,
}

impl RateLimiter {
    /// A full bucket.
    pub fn new(config: LimiterConfig) -> RateLimiter {
        RateLimiter { config, spent: BTreeMap::new(), count: 0, blocked_until: 0 }
    }

    /// The settings.
    pub fn config(&self) -> LimiterConfig {
        self.config
    }

    fn token_lifetime(&self) -> u64 {
        self.config.window_ms + self.config.margin_ms
    }

    fn expire(&mut self, now_ms: u64) {
        let life = self.token_lifetime();
        while let Some((&t, &n)) = self.spent.first_key_value() {
            if t.saturating_add(life) > now_ms {
                break;
            }
            self.spent.remove(&t);
            self.count -= n;
        }
    }

    fn oldest(&self) -> Option<u64> {
        self.spent.first_key_value().map(|(&t, _)| t)
    }

    /// Takes a token at `now_ms` (stamped `now_ms`), or says how long to wait for one.
    pub fn acquire(&mut self, now_ms: u64) -> Acquire {
        if self.config.limit == 0 {
            return Acquire::Ready;
        }
        if now_ms < self.blocked_until {
            return Acquire::Wait(self.blocked_until - now_ms);
        }
        self.expire(now_ms);
        if self.count < self.config.limit {
            *self.spent.entry(now_ms).or_default() += 1;
            self.count += 1;
            return Acquire::Ready;
        }
        let oldest = self.oldest().unwrap_or(now_ms);
        Acquire::Wait((oldest + self.token_lifetime()).saturating_sub(now_ms).max(1))
    }

    /// The request whose token was stamped `sent_ms` got its answer (or failed) at `now_ms`:
    /// the token's stamp moves to `now_ms`, so it comes back one window after the answer.
    pub fn settle(&mut self, sent_ms: u64, now_ms: u64) {
        if let Some(n) = self.spent.get_mut(&sent_ms) {
            *n -= 1;
            if *n == 0 {
                self.spent.remove(&sent_ms);
            }
            *self.spent.entry(now_ms.max(sent_ms)).or_default() += 1;
        }
    }

    /// Tokens left at `now_ms`.
    pub fn available(&mut self, now_ms: u64) -> u32 {
        if self.config.limit == 0 {
            return u32::MAX;
        }
        if now_ms < self.blocked_until {
            return 0;
        }
        self.expire(now_ms);
        self.config.limit - self.count
    }

    /// The wait [`RateLimiter::on_rate_limited`] would impose, without imposing it.
    pub fn rate_limited_wait(&mut self, now_ms: u64, retry_after_ms: Option<u64>) -> u64 {
        let mut probe = self.clone();
        probe.on_rate_limited(now_ms, retry_after_ms)
    }

    /// The server answered 429: block every caller of this key until the wait is over and return
    /// the wait. Call it only for a wait that will be honoured (see
    /// [`RateLimiter::rate_limited_wait`] to look first). With `Retry-After` the wait is that; without, it is until the oldest spent token
    /// comes back, or a whole window when none is spent here (another process used the key).
    pub fn on_rate_limited(&mut self, now_ms: u64, retry_after_ms: Option<u64>) -> u64 {
        self.expire(now_ms);
        let wait = match retry_after_ms {
            Some(ms) => ms,
            None => match self.oldest() {
                Some(oldest) if self.count >= self.config.limit => {
                    (oldest + self.token_lifetime()).saturating_sub(now_ms)
                }
                _ => self.config.window_ms / u64::from(self.config.limit.max(1)).max(1),
            }
            .max(1),
        };
        self.blocked_until = self.blocked_until.max(now_ms + wait);
        wait
    }
}
