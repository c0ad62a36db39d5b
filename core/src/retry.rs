//! The retry policy, a pure state machine: given what happened to an attempt, it says whether to
//! finish, wait and retry, or give up. Jitter is passed in as a number in `[0, 1)`.
//!
//! Rules:
//! - 429: the server refused before doing anything, so reads **and writes** are retried after the
//!   wait (`Retry-After`, or the limiter's estimate), if the wait is at most `max_retry_after_ms`
//!   and fewer than `max_rate_limit_retries` 429s were met.
//! - The connection could not be opened: nothing was sent, so reads and writes are retried.
//! - A 5xx, a broken connection or a timeout: retried for reads only, with backoff; a write may
//!   have been applied, so it is never sent twice.

/// Retry settings. Defaults: 2 retries, 0.5 s doubling to at most 8 s, 429 waits up to 60 s.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct RetryConfig {
    /// Retries after transient failures (5xx, connection problems, timeouts).
    pub max_retries: u32,
    /// First backoff delay.
    pub base_delay_ms: u64,
    /// Largest backoff delay.
    pub max_delay_ms: u64,
    /// Longest 429 wait that is honoured; a longer one gives up with the 429 error.
    pub max_retry_after_ms: u64,
    /// 429 answers honoured per call before giving up.
    pub max_rate_limit_retries: u32,
}

impl Default for RetryConfig {
    fn default() -> RetryConfig {
        RetryConfig::DEFAULT
    }
}

impl RetryConfig {
    /// The defaults (the declaration of settings, `crate::settings`, shows them in every language).
    pub const DEFAULT: RetryConfig = RetryConfig {
        max_retries: 2,
        base_delay_ms: 500,
        max_delay_ms: 8_000,
        max_retry_after_ms: 60_000,
        max_rate_limit_retries: 3,
    };

    /// No retries at all.
    pub fn none() -> RetryConfig {
        RetryConfig { max_retries: 0, max_rate_limit_retries: 0, ..RetryConfig::default() }
    }
}

/// What happened to one attempt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// A response with this status arrived (not 429).
    Status(u16),
    /// HTTP 429; `wait_ms` is how long to wait (from `Retry-After` or the limiter).
    RateLimited {
        /// Milliseconds to wait.
        wait_ms: u64,
    },
    /// The connection could not be opened; nothing reached the server.
    ConnectFailed,
    /// The connection broke after the request was (perhaps) sent.
    ConnectionLost,
    /// No answer within the timeout; the request may have been applied.
    TimedOut,
    /// Trying again cannot help: the TLS handshake failed (an untrusted issuer, a certificate for
    /// another host name, an expired certificate; nothing reached the server), the machine has no
    /// trust store, or the transport cannot be used as it is set up.
    Unrecoverable,
}

/// The policy's answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// Hand the response to the operation's parser (success or a final error).
    Finish,
    /// Wait this long, then send again (through the limiter).
    Retry {
        /// Milliseconds to wait first.
        after_ms: u64,
    },
    /// Stop and report this attempt's error.
    GiveUp,
}

/// Counters of one call.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RetryState {
    /// Transient retries done.
    pub retries: u32,
    /// 429s met.
    pub rate_limited: u32,
}

impl RetryConfig {
    /// The backoff before transient retry number `n` (0-based), with equal jitter:
    /// `d/2 + jitter * d/2`, where `d = min(base * 2^n, max)`.
    pub fn backoff_ms(&self, n: u32, jitter: f64) -> u64 {
        let d = self.base_delay_ms.saturating_mul(1u64 << n.min(32)).min(self.max_delay_ms);
        let j = if jitter.is_finite() { jitter.clamp(0.0, 1.0) } else { 0.0 };
        (d / 2).saturating_add(((d - d / 2) as f64 * j).round() as u64).min(d)
    }

    /// Decides after an attempt. `idempotent` is the operation's flag; `jitter` in `[0, 1)`.
    pub fn decide(&self, state: &mut RetryState, idempotent: bool, outcome: Outcome, jitter: f64) -> Decision {
        match outcome {
            Outcome::Status(s) if (500..600).contains(&s) => self.transient(state, idempotent, jitter),
            Outcome::Status(_) => Decision::Finish,
            Outcome::RateLimited { wait_ms } => {
                if state.rate_limited >= self.max_rate_limit_retries || wait_ms > self.max_retry_after_ms {
                    Decision::GiveUp
                } else {
                    state.rate_limited = state.rate_limited.saturating_add(1);
                    Decision::Retry { after_ms: wait_ms }
                }
            }
            Outcome::ConnectFailed => self.transient(state, true, jitter),
            Outcome::ConnectionLost | Outcome::TimedOut => self.transient(state, idempotent, jitter),
            Outcome::Unrecoverable => Decision::GiveUp,
        }
    }

    fn transient(&self, state: &mut RetryState, safe_to_resend: bool, jitter: f64) -> Decision {
        if !safe_to_resend || state.retries >= self.max_retries {
            return Decision::GiveUp;
        }
        let after_ms = self.backoff_ms(state.retries, jitter);
        state.retries = state.retries.saturating_add(1);
        Decision::Retry { after_ms }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hostile_retry_after_gives_up_instead_of_waiting() {
        let cfg = RetryConfig::default();
        let wait_ms = crate::http::parse_retry_after("1e30").expect("a number");
        assert_eq!(wait_ms, crate::limiter::MAX_WAIT_MS);
        let mut state = RetryState::default();
        let outcome = Outcome::RateLimited { wait_ms };
        assert_eq!(cfg.decide(&mut state, true, outcome, 0.5), Decision::GiveUp);
        let outcome = Outcome::RateLimited { wait_ms: u64::MAX };
        assert_eq!(cfg.decide(&mut state, true, outcome, 0.5), Decision::GiveUp);
    }

    #[test]
    fn extreme_settings_never_panic() {
        let cfg = RetryConfig {
            max_retries: u32::MAX,
            base_delay_ms: u64::MAX,
            max_delay_ms: u64::MAX,
            max_retry_after_ms: u64::MAX,
            max_rate_limit_retries: u32::MAX,
        };
        for n in [0, 1, 31, 32, 33, 63, 64, u32::MAX] {
            for j in [0.0, 0.5, 1.0, f64::NAN, f64::INFINITY, -1.0] {
                let _ = cfg.backoff_ms(n, j);
            }
        }
        let mut state = RetryState { retries: u32::MAX - 1, rate_limited: u32::MAX - 1 };
        let _ = cfg.decide(&mut state, true, Outcome::Status(503), 1.0);
        let _ = cfg.decide(&mut state, true, Outcome::RateLimited { wait_ms: u64::MAX }, 1.0);
        let _ = cfg.decide(&mut state, true, Outcome::TimedOut, 1.0);
    }
}
