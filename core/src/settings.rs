//! Client settings: the one declaration every language's settings are generated from (name, type,
//! unit, default, range, doc), and the one check of their values.
//!
//! A duration is each platform's own type or unit ([`DURATIONS`]: Rust `Duration`, Python seconds
//! as a float, TypeScript milliseconds as a number, Kotlin `kotlin.time.Duration`, Swift
//! `TimeInterval`); the bindings turn it into milliseconds ([`duration_from_millis`]) and every
//! value is checked here, against the declared range, with the error naming the setting
//! (`retry.baseDelay`, in each language's casing).

use std::time::Duration;

use serde::Serialize;

use crate::error::Error;
use crate::limiter::LimiterConfig;
use crate::retry::RetryConfig;

/// The longest duration any setting takes: one year.
pub const MAX_DURATION: Duration = Duration::from_secs(365 * 24 * 3600);

/// How each language writes a duration (settings, error fields, event fields): `(language, form)`.
pub const DURATIONS: &[(&str, &str)] = &[
    ("rust", "std::time::Duration"),
    ("python", "float seconds"),
    ("typescript", "number milliseconds"),
    ("kotlin", "kotlin.time.Duration"),
    ("swift", "TimeInterval seconds"),
];

/// The type of a setting's value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum SettingType {
    /// A duration, in each language's type or unit ([`DURATIONS`]).
    Duration,
    /// A whole number.
    Count,
    /// Text.
    Text,
    /// A key: text that never prints.
    Secret,
    /// Route overrides: operation name → `"METHOD /path/{placeholder}"`.
    Routes,
    /// A group of settings ([`SettingDecl::group_type`]).
    Group,
}

/// One client setting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SettingDecl {
    /// The canonical key: camelCase, a group's members after a dot (`retry.baseDelay`).
    pub key: &'static str,
    /// Its type.
    #[serde(rename = "type")]
    pub ty: SettingType,
    /// For a group: the type's name in every language (`RetrySettings`).
    pub group_type: Option<&'static str>,
    /// Whether it may be absent (`None`/`null`): then `default` says what absence means.
    pub optional: bool,
    /// The default: milliseconds for a duration, the number for a count; `None` when absence has
    /// a meaning of its own (`doc` says which).
    pub default: Option<u64>,
    /// The smallest value (milliseconds for a duration).
    pub min: Option<u64>,
    /// The largest value (milliseconds for a duration).
    pub max: Option<u64>,
    /// What it does.
    pub doc: &'static str,
}

const fn ms(d: Duration) -> u64 {
    millis(d)
}

pub use crate::units::millis;

/// Default timeout of each attempt.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30);
const YEAR_MS: u64 = ms(MAX_DURATION);
const DEFAULT_RETRY: RetryConfig = RetryConfig::DEFAULT;
const DEFAULT_LIMIT: u32 = LimiterConfig::DEFAULT.limit;
const DEFAULT_WINDOW: Duration = Duration::from_millis(LimiterConfig::DEFAULT.window_ms);
/// Most retries either count may ask for.
const MAX_RETRIES: u64 = 100;
/// Most requests per window the limiter takes.
const MAX_LIMIT: u64 = 1_000_000;
/// The shortest window.
const MIN_WINDOW_MS: u64 = 1;

/// Every client setting, in the order each language lists them.
pub const SETTINGS: &[SettingDecl] = &[
    SettingDecl {
        key: "apiKey",
        ty: SettingType::Secret,
        group_type: None,
        optional: true,
        default: None,
        min: None,
        max: None,
        doc: "The company key (or an employee key). Never printed.",
    },
    SettingDecl {
        key: "workspaceKey",
        ty: SettingType::Secret,
        group_type: None,
        optional: true,
        default: None,
        min: None,
        max: None,
        doc: "The workspace key of the shift planner (`shifts`, `create_shift`). Never printed.",
    },
    SettingDecl {
        key: "baseUrl",
        ty: SettingType::Text,
        group_type: None,
        optional: true,
        default: None,
        min: None,
        max: None,
        doc: "The instance URL; absent: `https://desktop.saas.de`. `http://` only for loopback hosts (and a same-origin backend in a browser).",
    },
    SettingDecl {
        key: "routes",
        ty: SettingType::Routes,
        group_type: None,
        optional: true,
        default: None,
        min: None,
        max: None,
        doc: "Route overrides by operation name (`clock` → `POST /rest/api/v2/time/{action}/{api}/{employee}`), for the routes the spec does not publish.",
    },
    SettingDecl {
        key: "timeout",
        ty: SettingType::Duration,
        group_type: None,
        optional: true,
        default: Some(ms(DEFAULT_TIMEOUT)),
        min: Some(0),
        max: Some(YEAR_MS),
        doc: "How long each attempt may take (a read that times out may be retried, with a timeout of its own). None, zero or an infinite duration: no timeout.",
    },
    SettingDecl {
        key: "retry",
        ty: SettingType::Group,
        group_type: Some("RetrySettings"),
        optional: true,
        default: None,
        min: None,
        max: None,
        doc: "When to try again. Reads are retried after a 5xx, a broken connection or a timeout; every call after a 429 (the server did nothing). A write is never sent twice once it may have reached the server.",
    },
    SettingDecl {
        key: "retry.maxRetries",
        ty: SettingType::Count,
        group_type: None,
        optional: false,
        default: Some(DEFAULT_RETRY.max_retries as u64),
        min: Some(0),
        max: Some(MAX_RETRIES),
        doc: "Retries of a read after a 5xx, a broken connection or a timeout.",
    },
    SettingDecl {
        key: "retry.baseDelay",
        ty: SettingType::Duration,
        group_type: None,
        optional: false,
        default: Some(DEFAULT_RETRY.base_delay_ms),
        min: Some(0),
        max: Some(YEAR_MS),
        doc: "The first wait before a retry; it doubles per attempt, with jitter.",
    },
    SettingDecl {
        key: "retry.maxDelay",
        ty: SettingType::Duration,
        group_type: None,
        optional: false,
        default: Some(DEFAULT_RETRY.max_delay_ms),
        min: Some(0),
        max: Some(YEAR_MS),
        doc: "The longest wait before a retry.",
    },
    SettingDecl {
        key: "retry.maxRetryAfter",
        ty: SettingType::Duration,
        group_type: None,
        optional: false,
        default: Some(DEFAULT_RETRY.max_retry_after_ms),
        min: Some(0),
        max: Some(YEAR_MS),
        doc: "The longest 429 wait (`Retry-After`) that is honoured; a longer one fails the call at once with RateLimited.",
    },
    SettingDecl {
        key: "retry.maxRateLimitRetries",
        ty: SettingType::Count,
        group_type: None,
        optional: false,
        default: Some(DEFAULT_RETRY.max_rate_limit_retries as u64),
        min: Some(0),
        max: Some(MAX_RETRIES),
        doc: "429 answers waited out per call before it fails with RateLimited.",
    },
    SettingDecl {
        key: "rateLimit",
        ty: SettingType::Group,
        group_type: Some("RateLimitSettings"),
        optional: true,
        default: None,
        min: None,
        max: None,
        doc: "The client-side limit: at most `limit` requests in any `window` (the API allows 60 a minute). Clients of the same key and server (base URL) with the same limit in one process share one limiter.",
    },
    SettingDecl {
        key: "rateLimit.limit",
        ty: SettingType::Count,
        group_type: None,
        optional: false,
        default: Some(DEFAULT_LIMIT as u64),
        min: Some(0),
        max: Some(MAX_LIMIT),
        doc: "Requests per window; 0 turns the client-side limit off.",
    },
    SettingDecl {
        key: "rateLimit.window",
        ty: SettingType::Duration,
        group_type: None,
        optional: false,
        default: Some(ms(DEFAULT_WINDOW)),
        min: Some(MIN_WINDOW_MS),
        max: Some(YEAR_MS),
        doc: "The window the limit counts in.",
    },
    SettingDecl {
        key: "rateLimit.margin",
        ty: SettingType::Duration,
        group_type: None,
        optional: true,
        default: None,
        min: Some(0),
        max: Some(YEAR_MS),
        doc: "Extra wait before a request's slot comes back, for network latency; absent: 1 % of the window.",
    },
    SettingDecl {
        key: "proxy",
        ty: SettingType::Text,
        group_type: None,
        optional: true,
        default: None,
        min: None,
        max: None,
        doc: "A proxy URL (`http://proxy.corp:3128`); absent: `HTTPS_PROXY`/`ALL_PROXY` with `NO_PROXY` where the platform reads them. https goes through it with CONNECT: the proxy never sees a URL or key.",
    },
];

/// The declaration of `key` (a bug when it is not declared).
#[cfg(test)]
fn declared(key: &str) -> SettingDecl {
    SETTINGS.iter().copied().find(|s| s.key == key).unwrap_or(SettingDecl {
        key: "",
        ty: SettingType::Text,
        group_type: None,
        optional: true,
        default: None,
        min: None,
        max: None,
        doc: "",
    })
}

fn out_of_range(key: &str, what: String) -> Error {
    Error::invalid(key, what)
}

// The checks read the same constants as the declaration's `min`/`max` (a test compares them),
// not the table itself: the table's docs would otherwise be linked into the npm `.wasm`.

/// A count in `0..=max`.
fn check_count(key: &str, v: u64, max: u64) -> Result<u32, Error> {
    if v > max {
        return Err(out_of_range(key, format!("{v} is out of range (0 to {max})")));
    }
    u32::try_from(v).map_err(|_| out_of_range(key, format!("{v} is out of range")))
}

/// A count setting given as a platform's whole number (Kotlin's and Swift's `Int`, Python's
/// `int`), checked against the declaration's range with the one reason every language gives:
/// "must be a whole number, not negative", or "1000 is out of range (0 to 100)".
pub fn count_field(key: &str, v: i64) -> Result<u32, Error> {
    let max = SETTINGS.iter().find(|s| s.key == key).and_then(|s| s.max).unwrap_or(u64::from(u32::MAX));
    match u64::try_from(v) {
        Ok(n) => check_count(key, n, max),
        Err(_) => Err(Error::invalid(key, NOT_A_COUNT)),
    }
}

/// Why a count setting that is negative or not whole is refused (the npm wrapper's words too).
pub const NOT_A_COUNT: &str = "must be a whole number, not negative";

// The reasons name no value: each language gives a duration in its own unit (Python seconds,
// TypeScript milliseconds, Kotlin's and Swift's types), and the core only sees milliseconds.

/// A duration of at least `min` ms and at most a year.
fn check_duration(key: &str, d: Duration, min: u64) -> Result<u64, Error> {
    let ms = millis(d);
    if ms > YEAR_MS {
        return Err(out_of_range(key, "must be at most a year".to_string()));
    }
    if ms < min {
        return Err(out_of_range(key, format!("must be at least {min} ms")));
    }
    Ok(ms)
}

/// A duration given in milliseconds by a binding (Python's seconds × 1000, TypeScript's number,
/// Kotlin's and Swift's durations): finite, not negative, at most [`MAX_DURATION`].
pub fn duration_from_millis(key: &str, ms: f64) -> Result<Duration, Error> {
    if !ms.is_finite() || ms < 0.0 {
        return Err(out_of_range(key, "must be finite and not negative".to_string()));
    }
    if ms > YEAR_MS as f64 {
        return Err(out_of_range(key, "must be at most a year".to_string()));
    }
    // In range by the checks above: at most 3.2e10 ms, whole microseconds.
    Ok(Duration::from_micros((ms * 1000.0).round() as u64))
}

/// The timeout given in milliseconds by a binding: 0 or an infinite duration is no timeout; one
/// shorter than a microsecond (`1.nanoseconds`) is a microsecond, not none.
pub fn timeout_from_millis(key: &str, ms: f64) -> Result<Option<Duration>, Error> {
    if ms == 0.0 || ms == f64::INFINITY {
        return Ok(None);
    }
    duration_from_millis(key, ms).map(|d| Some(d.max(Duration::from_micros(1))))
}

/// Checks a timeout (`None` or zero: no timeout).
pub fn check_timeout(timeout: Option<Duration>) -> Result<Option<Duration>, Error> {
    match timeout {
        None => Ok(None),
        Some(d) if d.is_zero() => Ok(None),
        Some(d) => check_duration("timeout", d, 0).map(|_| Some(d)),
    }
}

/// When to try again (`retry`). Defaults: 2 retries of reads, 0.5 s doubling to at most 8 s, 429
/// waits up to 60 s, 3 of them per call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetrySettings {
    /// Retries of a read after a 5xx, a broken connection or a timeout.
    pub max_retries: u32,
    /// The first wait before a retry; it doubles per attempt, with jitter.
    pub base_delay: Duration,
    /// The longest wait before a retry.
    pub max_delay: Duration,
    /// The longest 429 wait (`Retry-After`) that is honoured; a longer one fails the call at once.
    pub max_retry_after: Duration,
    /// 429 answers waited out per call before it fails with `RateLimited`.
    pub max_rate_limit_retries: u32,
}

impl Default for RetrySettings {
    fn default() -> RetrySettings {
        RetrySettings::from(DEFAULT_RETRY)
    }
}

impl From<RetryConfig> for RetrySettings {
    fn from(c: RetryConfig) -> RetrySettings {
        RetrySettings {
            max_retries: c.max_retries,
            base_delay: Duration::from_millis(c.base_delay_ms),
            max_delay: Duration::from_millis(c.max_delay_ms),
            max_retry_after: Duration::from_millis(c.max_retry_after_ms),
            max_rate_limit_retries: c.max_rate_limit_retries,
        }
    }
}

impl RetrySettings {
    /// No retries at all, not even after a 429.
    pub fn none() -> RetrySettings {
        RetrySettings { max_retries: 0, max_rate_limit_retries: 0, ..RetrySettings::default() }
    }

    /// The retry policy's configuration, after checking every value against its declared range.
    pub fn to_config(&self) -> Result<RetryConfig, Error> {
        Ok(RetryConfig {
            max_retries: check_count("retry.maxRetries", u64::from(self.max_retries), MAX_RETRIES)?,
            base_delay_ms: check_duration("retry.baseDelay", self.base_delay, 0)?,
            max_delay_ms: check_duration("retry.maxDelay", self.max_delay, 0)?,
            max_retry_after_ms: check_duration("retry.maxRetryAfter", self.max_retry_after, 0)?,
            max_rate_limit_retries: check_count(
                "retry.maxRateLimitRetries",
                u64::from(self.max_rate_limit_retries),
                MAX_RETRIES,
            )?,
        })
    }
}

/// The client-side limit (`rateLimit`): at most `limit` requests in any `window`. Default: the
/// API's 60 a minute, with a margin of 1 % of the window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RateLimitSettings {
    /// Requests per window; 0 turns the client-side limit off.
    pub limit: u32,
    /// The window the limit counts in.
    pub window: Duration,
    /// Extra wait before a request's slot comes back; `None`: 1 % of the window.
    pub margin: Option<Duration>,
}

impl Default for RateLimitSettings {
    fn default() -> RateLimitSettings {
        RateLimitSettings { limit: DEFAULT_LIMIT, window: DEFAULT_WINDOW, margin: None }
    }
}

impl From<LimiterConfig> for RateLimitSettings {
    fn from(c: LimiterConfig) -> RateLimitSettings {
        RateLimitSettings {
            limit: c.limit,
            window: Duration::from_millis(c.window_ms),
            margin: Some(Duration::from_millis(c.margin_ms)),
        }
    }
}

impl RateLimitSettings {
    /// `limit` requests per `window`, with the default margin.
    pub fn per_window(limit: u32, window: Duration) -> RateLimitSettings {
        RateLimitSettings { limit, window, margin: None }
    }

    /// The limiter's configuration, after checking every value against its declared range.
    pub fn to_config(&self) -> Result<LimiterConfig, Error> {
        let limit = check_count("rateLimit.limit", u64::from(self.limit), MAX_LIMIT)?;
        let window_ms = check_duration("rateLimit.window", self.window, MIN_WINDOW_MS)?;
        let mut cfg = LimiterConfig::per_window(limit, window_ms);
        if let Some(margin) = self.margin {
            cfg.margin_ms = check_duration("rateLimit.margin", margin, 0)?;
        }
        Ok(cfg)
    }
}

/// The numeric settings as plain numbers, one `f64` each in the order of [`SETTINGS`]' durations
/// and counts (`timeout`, `retry.maxRetries`, `retry.baseDelay`, `retry.maxDelay`,
/// `retry.maxRetryAfter`, `retry.maxRateLimitRetries`, `rateLimit.limit`, `rateLimit.window`,
/// `rateLimit.margin`; durations in milliseconds; NaN: absent, the default), as the npm binding
/// passes them (plain numbers: no deserializer code in its `.wasm`). A timeout that is negative, 0
/// or infinite is none; a duration's fraction of a millisecond is kept to the microsecond.
/// The caller has checked each is a number, whole and not negative where it must be; the ranges
/// are checked where the settings are used ([`RetrySettings::to_config`], ...).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NumericSettings {
    /// The timeout of each attempt (`None`: none).
    pub timeout: Option<Duration>,
    /// The retry settings, when any of them was given (the others at their defaults).
    pub retry: Option<RetrySettings>,
    /// The rate limit, when any of its settings was given (the others at their defaults).
    pub rate_limit: Option<RateLimitSettings>,
}

impl NumericSettings {
    /// The settings of `n` (see the type's docs).
    pub fn from_numbers(n: &[f64]) -> NumericSettings {
        let at = |i: usize| n.get(i).copied().filter(|v| !v.is_nan());
        // To whole microseconds, as `duration_from_millis` reads the other bindings' durations
        // (0.5 ms is 500 µs everywhere, which a window's "at least 1 ms" refuses).
        let micros = |v: f64| Duration::from_micros((v * 1000.0).round() as u64);
        let ms = |i: usize, default: Duration| at(i).map_or(default, micros);
        let count = |i: usize, default: u32| at(i).map_or(default, |v| v as u32);
        let timeout = match at(0) {
            // As `timeout_from_millis`: 0 and an infinite one are none (a negative one too), and
            // one under a microsecond is one, not none.
            Some(v) if v <= 0.0 || v == f64::INFINITY => None,
            Some(v) => Some(micros(v).max(Duration::from_micros(1))),
            None => Some(DEFAULT_TIMEOUT),
        };
        let (r, l) = (RetrySettings::default(), RateLimitSettings::default());
        let retry = (1..=5).any(|i| at(i).is_some()).then(|| RetrySettings {
            max_retries: count(1, r.max_retries),
            base_delay: ms(2, r.base_delay),
            max_delay: ms(3, r.max_delay),
            max_retry_after: ms(4, r.max_retry_after),
            max_rate_limit_retries: count(5, r.max_rate_limit_retries),
        });
        let rate_limit = (6..=8).any(|i| at(i).is_some()).then(|| RateLimitSettings {
            limit: count(6, l.limit),
            window: ms(7, l.window),
            margin: at(8).map(micros),
        });
        NumericSettings { timeout, retry, rate_limit }
    }
}

mod read;

#[cfg(test)]
mod tests;
