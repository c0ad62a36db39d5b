//! Whole-company jobs, planned against the rate limit (sans-IO, one for every language).
//!
//! - [`MonthClose`]: every active employee's monthly account for a month (department summaries
//!   where department ids are given, per-employee accounts otherwise or as a fallback).
//! - [`Sweep`]: the presence board (one day's presence of the whole company in one call, per
//!   employee as a fallback), the leave-year report (the yearly leave overview, one call) and the
//!   project-hours report (every top-level project's bookings over a range, in pieces of at most
//!   32 days: an end at most 31 days after the start).
//!
//! A job's machine never calls anything: the caller asks it for the next call, makes the call
//! through its client (the one driver: limiter, retries), and reports what came back. Its whole
//! state is a checkpoint (JSON); a job resumed from one makes only the calls it had not finished.
//! Writes are never part of a job. Partial failure is data; a job stops only on what makes going
//! on pointless (the key refused, the company inactive, a missing module, the list it plans from).

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

pub mod events;
mod month_close;
mod spec;
mod steps;
mod sweep;

pub use month_close::{FailureAction, Fallback, JobCall, MonthClose, Person, SummaryMatch};
pub use spec::{limit_per_minute, JobArg, JobArgType, JobDecl, JobSpec, JOBS, JOB_NAMES};
pub use steps::JobSteps;
pub use sweep::{Sweep, SweepAction, SweepCall, SweepFallback, SweepKind};

/// Requests per minute the API allows; the plan's time estimate assumes it unless the client's
/// rate limit is lower ([`LimiterConfig::per_minute`](crate::limiter::LimiterConfig::per_minute))
/// or the job's `limitPerMinute` says otherwise.
pub const API_LIMIT_PER_MINUTE: u32 = crate::limiter::LimiterConfig::DEFAULT.limit;

/// How far the job is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Progress {
    /// Calls finished (answered or failed).
    pub done: usize,
    /// Calls the job needs as far as it knows now (grows when a fallback or a list adds calls).
    pub total: usize,
    /// The time the rate limit makes the rest take, in milliseconds (steady state: one call per
    /// `60 s / limit`; a fresh key's first burst goes faster).
    pub eta_ms: u64,
}

/// The plan, stated before running.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Plan {
    /// How the job gets its answer: `"departments"` (one summary per department), `"employees"`
    /// (one call per employee), `"company"` (one company-wide call) or `"projects"` (per
    /// top-level project and piece of the range).
    pub path: &'static str,
    /// Calls the job expects to make (a job that plans from a list counts the list's calls once the
    /// list is known; before that, the list call alone).
    pub calls: usize,
    /// The time the rate limit makes them take, in milliseconds.
    pub eta_ms: u64,
}

/// The time `calls` take at `limit_per_minute` (0: no limit), in milliseconds.
fn eta_ms(calls: usize, limit_per_minute: u32) -> u64 {
    if limit_per_minute == 0 {
        return 0;
    }
    (calls as u64).saturating_mul(60_000) / u64::from(limit_per_minute)
}

/// Whose a checkpoint is: 8 hex digits of a hash (FNV-1a, 64 bits cut to 32) of the service's base
/// URL and the company key, which a checkpoint keeps as its `owner` (a job resumed with another key
/// or service is refused: its calls would ask another company for this one's employees). It holds
/// no part of the key (a guessed key can be checked against it, as against any hash: harmless for
/// the service's random keys), and two keys share it by chance once in 4 billion.
pub fn owner_of(base_url: &str, api_key: &str) -> String {
    let mut d = Digest::default();
    d.update(base_url.trim_end_matches('/').as_bytes());
    d.update(&[0]);
    d.update(api_key.as_bytes());
    format!("{:08x}", (d.0 ^ (d.0 >> 32)) as u32)
}

/// FNV-1a (64 bits) over bytes fed in pieces: how a checkpoint tells whose it is ([`owner_of`]) and
/// the command line whether an output file is still the one its checkpoint's run wrote. Catches
/// changes, not forgeries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Digest(u64);

impl Default for Digest {
    fn default() -> Digest {
        Digest(0xcbf2_9ce4_8422_2325)
    }
}

impl Digest {
    /// Feeds `bytes`.
    pub fn update(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    /// The digest as 16 hex digits.
    pub fn hex(&self) -> String {
        format!("{:016x}", self.0)
    }
}

/// Checks `owner` against a state's (`checkpoint` refused when it is another's) and returns it as
/// the claimant, whom the state records once a call of this run was answered (the key works): a
/// job stopped before any answer (a mistyped key) resumes with the key put right.
fn claim(state_owner: Option<&str>, owner: &str) -> Result<Option<String>, crate::error::Error> {
    match state_owner {
        Some(theirs) if theirs != owner => Err(crate::error::Error::invalid(
            "checkpoint",
            "belongs to another account (another key or service): resume with the key and base URL it was made with, \
             or start without it",
        )),
        Some(_) => Ok(None),
        None => Ok(Some(owner.to_string())),
    }
}

/// Whether a failure makes every further call pointless: the company inactive (API code 2), the key
/// refused (3), a missing module (8), input the core refused, or a 403 without a code.
fn is_hopeless(kind: &str, code: Option<i64>) -> bool {
    matches!(code, Some(2) | Some(3) | Some(8)) || kind == "InvalidInput" || kind == "Forbidden"
}

/// A job's state from its checkpoint text, whose `job` field must be `format`; refused naming
/// `checkpoint`, saying whose checkpoint it is when it is another job's.
fn read_state<T: DeserializeOwned>(text: &str, format: &str) -> Result<T, crate::error::Error> {
    #[derive(Deserialize)]
    struct Marker {
        #[serde(default)]
        job: Option<String>,
    }
    if let Ok(Marker { job: Some(job) }) = serde_json::from_str::<Marker>(text) {
        if job != format {
            let whose = match job.as_str() {
                month_close::FORMAT => "a month close's",
                sweep::FORMAT => "a presence board's, leave-year report's or project hours'",
                _ => "another job's or version's",
            };
            return Err(crate::error::Error::invalid(
                "checkpoint",
                format!("is {whose} checkpoint ({job:?}), not this job's"),
            ));
        }
    }
    if text.trim().is_empty() {
        // An empty file (a run killed before its first save, a `touch`): no position to name.
        return Err(crate::error::Error::invalid("checkpoint", "is empty, not a job checkpoint"));
    }
    serde_json::from_str(text).map_err(|e| {
        crate::error::Error::invalid(
            "checkpoint",
            format!("is not a job checkpoint ({:?} error at line {}, column {})", e.classify(), e.line(), e.column()),
        )
    })
}

/// How a failure is listed: the error's kind, and the API's code when there is one (`"Api 1"`).
fn reason(kind: &str, code: Option<i64>) -> String {
    match code {
        Some(c) => format!("{kind} {c}"),
        None => kind.to_string(),
    }
}

/// A project's id or parent id as text, the same in every language: a string as it is; a number
/// as its shortest form, a whole one without a fraction (`12.0` and `12` are both `"12"`, as
/// JavaScript, which cannot tell them apart, reads them); anything else: no id.
fn id_text(v: &serde_json::Value) -> Option<String> {
    match v {
        serde_json::Value::String(s) => Some(s.clone()),
        serde_json::Value::Number(n) => match (n.as_i64(), n.as_u64(), n.as_f64()) {
            (Some(i), _, _) => Some(i.to_string()),
            (_, Some(u), _) => Some(u.to_string()),
            (_, _, Some(f)) if f.fract() == 0.0 && f.abs() < 9_007_199_254_740_992.0 => Some((f as i64).to_string()),
            (_, _, Some(f)) => Some(f.to_string()),
            _ => None,
        },
        _ => None,
    }
}

#[cfg(test)]
mod owner_tests {
    use super::*;

    #[test]
    fn an_owner_is_8_hex_digits_of_base_url_and_key_and_another_is_refused() {
        let ours = owner_of("https://desktop.saas.de/", "k3y-company-one");
        assert_eq!(ours, owner_of("https://desktop.saas.de", "k3y-company-one"), "a trailing / is the same service");
        assert!(ours.len() == 8 && ours.bytes().all(|b| b.is_ascii_hexdigit()), "{ours}");
        assert_ne!(ours, owner_of("https://desktop.saas.de", "k3y-company-two"));
        assert_ne!(ours, owner_of("https://other.example", "k3y-company-one"));
        // The boundary between URL and key counts: "ab" + "c" is not "a" + "bc".
        assert_ne!(owner_of("a", "bc"), owner_of("ab", "c"));
        // FNV-1a 64's published value; fed in pieces or at once, the same.
        let mut d = Digest::default();
        d.update(b"fo");
        d.update(b"obar");
        assert_eq!(d.hex(), "85944171f73967e8");
        assert_eq!(claim(None, &ours).unwrap(), Some(ours.clone()), "no owner yet: this one claims it");
        assert_eq!(claim(Some(&ours), &ours).unwrap(), None, "its own");
        let theirs = owner_of("https://desktop.saas.de", "k3y-company-two");
        let e = claim(Some(&ours), &theirs).unwrap_err();
        assert!(matches!(&e, crate::error::Error::InvalidInput { field, .. } if field == "checkpoint"), "{e}");
    }
}
