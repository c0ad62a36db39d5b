//! `retry_limiter`: arbitrary event sequences through the rate limiter and the retry policy.
//!
//! Checked: no panic and no arithmetic overflow (cargo fuzz builds with debug assertions); waits
//! are bounded; with a monotonic clock never more than `limit` starts in any window; the policy
//! keeps its counters and caps; the probe `rate_limited_wait` equals what `on_rate_limited` imposes.

#![no_main]

use std::collections::VecDeque;

use libfuzzer_sys::arbitrary::{self, Arbitrary};
use libfuzzer_sys::fuzz_target;
use zeitkonto_core::http::parse_retry_after;
use zeitkonto_core::limiter::{Acquire, LimiterConfig, RateLimiter, MAX_WAIT_MS, MIN_TOLD_WAIT_MS};
use zeitkonto_core::retry::{Decision, Outcome, RetryConfig, RetryState};

#[derive(Debug, Arbitrary)]
struct Input {
    limiter: LimiterIn,
    retry: RetryIn,
    /// Times are cumulative (saturating) deltas: a monotonic clock, so the window invariant holds.
    /// Otherwise each event's time is taken as is (any order).
    monotonic: bool,
    events: Vec<Event>,
}

#[derive(Debug, Arbitrary)]
struct LimiterIn {
    limit: u32,
    window_ms: u64,
    margin_ms: u64,
}

#[derive(Debug, Arbitrary)]
struct RetryIn {
    max_retries: u32,
    base_delay_ms: u64,
    max_delay_ms: u64,
    max_retry_after_ms: u64,
    max_rate_limit_retries: u32,
}

#[derive(Debug, Arbitrary)]
enum RetryAfter {
    None,
    Ms(u64),
    /// A raw `Retry-After` header value, through `parse_retry_after`.
    Header(String),
}

#[derive(Debug, Arbitrary)]
enum Event {
    Acquire {
        t: u64,
    },
    /// Settles the `nth` token granted so far (modulo), or an arbitrary stamp.
    Settle {
        t: u64,
        nth: u16,
        raw: Option<u64>,
    },
    RateLimited {
        t: u64,
        retry_after: RetryAfter,
    },
    Available {
        t: u64,
    },
    /// A driver's 429 handling: probe the wait, ask the policy, impose the wait only if honoured.
    Driver429 {
        t: u64,
        retry_after: RetryAfter,
        idempotent: bool,
        jitter: f64,
    },
    Decide {
        outcome: OutcomeIn,
        idempotent: bool,
        jitter: f64,
    },
    NewCall,
    Backoff {
        n: u32,
        jitter: f64,
    },
}

#[derive(Debug, Arbitrary)]
enum OutcomeIn {
    Status(u16),
    RateLimited(u64),
    ConnectFailed,
    ConnectionLost,
    TimedOut,
}

impl RetryAfter {
    fn ms(&self) -> Option<u64> {
        let ms = match self {
            RetryAfter::None => None,
            RetryAfter::Ms(ms) => Some(*ms),
            RetryAfter::Header(h) => parse_retry_after(h),
        };
        ms
    }
}

struct Model {
    monotonic: bool,
    clock: u64,
    /// Start times of granted tokens (monotonic mode), for the window invariant.
    starts: VecDeque<u64>,
    granted: Vec<u64>,
    /// The longest wait any 429 imposed.
    max_imposed: u64,
    /// The last time handed to the limiter, and the limiter's internal time (its clock absorbs
    /// steps back, so it is the first time plus every forward step).
    previous: u64,
    internal: u64,
}

impl Model {
    fn time(&mut self, t: u64) -> u64 {
        let now = if self.monotonic {
            // Deltas up to ~16 minutes keep long sequences inside realistic clocks, yet cross windows.
            self.clock = self.clock.saturating_add(t % 1_000_000);
            self.clock
        } else {
            t
        };
        // The limiter's own clock never steps back: it moves by every forward step of ours.
        self.internal = self.internal.saturating_add(now.saturating_sub(self.previous));
        self.previous = now;
        now
    }

    /// Whether the limiter's internal time is far from `u64::MAX`: a block that would end past
    /// `u64::MAX` cannot be expressed and ends with time itself (the vectors' "window near
    /// u64::MAX" cases).
    fn far_from_the_end_of_time(&self) -> bool {
        self.internal < u64::MAX / 2
    }
}

fuzz_target!(|input: Input| {
    let lc = LimiterConfig {
        limit: input.limiter.limit,
        window_ms: input.limiter.window_ms,
        margin_ms: input.limiter.margin_ms,
    };
    let rc = RetryConfig {
        max_retries: input.retry.max_retries,
        base_delay_ms: input.retry.base_delay_ms,
        max_delay_ms: input.retry.max_delay_ms,
        max_retry_after_ms: input.retry.max_retry_after_ms,
        max_rate_limit_retries: input.retry.max_rate_limit_retries,
    };
    let lifetime = u128::from(lc.window_ms) + u128::from(lc.margin_ms);
    let mut lim = RateLimiter::new(lc);
    let mut state = RetryState::default();
    let mut retries_granted = 0u64;
    let mut m = Model {
        monotonic: input.monotonic,
        clock: 0,
        starts: VecDeque::new(),
        granted: Vec::new(),
        max_imposed: 0,
        previous: 0,
        internal: 0,
    };

    for ev in &input.events {
        match ev {
            Event::Acquire { t } => {
                let now = m.time(*t);
                let before = lim.clone().available(now);
                match lim.acquire(now) {
                    Acquire::Ready => {
                        assert!(lc.limit == 0 || before > 0, "Ready with {before} tokens available");
                        m.granted.push(now);
                        if m.monotonic && lc.limit > 0 {
                            while m
                                .starts
                                .front()
                                .is_some_and(|&s| u128::from(s) + u128::from(lc.window_ms) <= u128::from(now))
                            {
                                m.starts.pop_front();
                            }
                            m.starts.push_back(now);
                            assert!(
                                m.starts.len() <= lc.limit as usize,
                                "{} starts within one window of {} ms (limit {}): {:?}",
                                m.starts.len(),
                                lc.window_ms,
                                lc.limit,
                                m.starts
                            );
                        }
                    }
                    Acquire::Wait(w) => {
                        assert!(lc.limit > 0, "a disabled limiter waited");
                        assert!(w >= 1, "Wait(0) would spin");
                        assert_eq!(before, 0, "Wait({w}) with {before} tokens available");
                        if m.monotonic {
                            let bound = lifetime.max(u128::from(m.max_imposed));
                            assert!(
                                u128::from(w) <= bound,
                                "wait {w} > max(lifetime {lifetime}, imposed {})",
                                m.max_imposed
                            );
                        }
                    }
                }
            }
            Event::Settle { t, nth, raw } => {
                let now = m.time(*t);
                let sent = match raw {
                    Some(r) => *r,
                    None if m.granted.is_empty() => continue,
                    None => m.granted[usize::from(*nth) % m.granted.len()],
                };
                if m.monotonic && sent > now {
                    continue; // an answer before its request: not a monotonic clock
                }
                lim.settle(sent, now);
            }
            Event::RateLimited { t, retry_after } => {
                let now = m.time(*t);
                let ra = retry_after.ms();
                let probe = lim.rate_limited_wait(now, ra);
                let wait = lim.on_rate_limited(now, ra);
                assert_eq!(probe, wait, "rate_limited_wait differs from on_rate_limited");
                if let Some(ms) = ra {
                    // Honoured, at least MIN_TOLD_WAIT_MS (a `0` never sends the retries in one
                    // burst) and at most MAX_WAIT_MS (an absurd Retry-After never stalls callers).
                    let want = ms.clamp(MIN_TOLD_WAIT_MS, MAX_WAIT_MS);
                    assert_eq!(wait, want, "a Retry-After of {ms} ms imposed {wait}, not {want}");
                } else {
                    assert!(wait >= 1, "a 429 without Retry-After imposed no wait");
                    if m.monotonic {
                        assert!(u128::from(wait) <= lifetime.max(1), "429 wait {wait} > lifetime {lifetime}");
                    }
                }
                m.max_imposed = m.max_imposed.max(wait);
                if wait > 0 && m.far_from_the_end_of_time() {
                    assert_eq!(
                        lim.available(now),
                        if lc.limit == 0 { u32::MAX } else { 0 },
                        "tokens right after a 429"
                    );
                }
            }
            Event::Available { t } => {
                let now = m.time(*t);
                let a = lim.available(now);
                assert!(lc.limit == 0 || a <= lc.limit, "{a} tokens available, limit {}", lc.limit);
            }
            Event::Driver429 { t, retry_after, idempotent, jitter } => {
                let now = m.time(*t);
                let wait = lim.rate_limited_wait(now, retry_after.ms());
                let d = rc.decide(&mut state, *idempotent, Outcome::RateLimited { wait_ms: wait }, *jitter);
                if let Decision::Retry { after_ms } = d {
                    retries_granted += 1;
                    assert!(after_ms <= rc.max_retry_after_ms, "honoured a 429 wait {after_ms} over the cap");
                    let imposed = lim.on_rate_limited(now, retry_after.ms());
                    assert_eq!(imposed, after_ms, "imposed {imposed}, policy waits {after_ms}");
                    m.max_imposed = m.max_imposed.max(imposed);
                }
                check_state(&rc, &state, retries_granted);
            }
            Event::Decide { outcome, idempotent, jitter } => {
                let outcome = match outcome {
                    OutcomeIn::Status(s) => Outcome::Status(*s),
                    OutcomeIn::RateLimited(w) => Outcome::RateLimited { wait_ms: *w },
                    OutcomeIn::ConnectFailed => Outcome::ConnectFailed,
                    OutcomeIn::ConnectionLost => Outcome::ConnectionLost,
                    OutcomeIn::TimedOut => Outcome::TimedOut,
                };
                let before = state;
                let d = rc.decide(&mut state, *idempotent, outcome, *jitter);
                match (outcome, d) {
                    (Outcome::Status(s), d) if !(500..600).contains(&s) => {
                        assert_eq!(d, Decision::Finish, "status {s}")
                    }
                    (Outcome::RateLimited { wait_ms }, Decision::Retry { after_ms }) => {
                        assert_eq!(after_ms, wait_ms);
                        assert!(wait_ms <= rc.max_retry_after_ms);
                    }
                    (
                        Outcome::Status(_) | Outcome::ConnectionLost | Outcome::TimedOut,
                        Decision::Retry { after_ms },
                    )
                    | (Outcome::ConnectFailed, Decision::Retry { after_ms }) => {
                        assert!(
                            *idempotent || matches!(outcome, Outcome::ConnectFailed),
                            "a write retried after {outcome:?}"
                        );
                        assert!(after_ms <= rc.max_delay_ms, "backoff {after_ms} > max {}", rc.max_delay_ms);
                        assert_eq!(
                            after_ms,
                            rc.backoff_ms(before.retries, *jitter),
                            "backoff is not the documented one"
                        );
                    }
                    (_, Decision::Finish) => panic!("{outcome:?} finished"),
                    _ => {}
                }
                if matches!(d, Decision::Retry { .. }) {
                    retries_granted += 1;
                }
                check_state(&rc, &state, retries_granted);
            }
            Event::NewCall => {
                state = RetryState::default();
                retries_granted = 0;
            }
            Event::Backoff { n, jitter } => {
                let b = rc.backoff_ms(*n, *jitter);
                let d =
                    u128::from(rc.base_delay_ms).saturating_mul(1u128 << (*n).min(32)).min(u128::from(rc.max_delay_ms));
                assert!(u128::from(b) <= d && u128::from(b) >= d / 2, "backoff {b} outside [{}, {d}]", d / 2);
            }
        }
    }
});

fn check_state(rc: &RetryConfig, state: &RetryState, granted: u64) {
    assert!(state.retries <= rc.max_retries, "{} retries, max {}", state.retries, rc.max_retries);
    assert!(
        state.rate_limited <= rc.max_rate_limit_retries,
        "{} 429 retries, max {}",
        state.rate_limited,
        rc.max_rate_limit_retries
    );
    assert_eq!(granted, u64::from(state.retries) + u64::from(state.rate_limited), "retries granted vs counters");
}
