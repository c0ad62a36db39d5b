//! # zeitkonto
//!
//! The Rust client of Zeitkonto for the saas.de Working-Time, Presence and Leave Integration API.
//! It adds the transport to the sans-IO [`zeitkonto_core`]: one driver loop (rate limiter → send →
//! retry policy → sleep or finish) over a small [`Transport`] trait, and one reqwest transport that
//! builds natively (rustls) and for `wasm32-unknown-unknown` (`fetch`).
//!
//! ```no_run
//! # async fn demo() -> Result<(), zeitkonto::Error> {
//! use zeitkonto::{Client, Month};
//!
//! let client = Client::builder()
//!     .base_url("https://desktop.saas.de")
//!     .api_key(std::env::var("ZEITKONTO_API_KEY").unwrap_or_default())
//!     .build()?;
//! for e in client.employees().await? {
//!     println!("{:?} {:?}", e.given_name, e.last_name);
//! }
//! client.come("anna.schmidt@demo.example").await?;
//! let march = client.time_account("anna.schmidt@demo.example", 2026, Month::March).await?;
//! println!("balance: {:?} min", march.balance);
//! # Ok(()) }
//! ```
//!
//! Errors are [`Error`] values with stable variants (`Api { status, code }`, `Refused`,
//! `RateLimited`, ...); none of them, and no `Debug` output, ever contains a key.
//!
//! Natively, calls wait and send on tokio: make them inside a tokio runtime with IO and time
//! enabled (`#[tokio::main]`, `Runtime::block_on`). Outside one, a call fails with
//! [`Error::Transport`] (nothing sent) instead of tokio's panic. In the browser (wasm32) no
//! runtime is needed.

#![warn(missing_docs)]

mod client;
pub mod driver;
pub mod jobs;
mod operations;
pub mod runtime;
pub mod telemetry;
pub mod transport;

pub use client::{Client, ClientBuilder, DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_TIMEOUT};
pub use driver::{reset_rate_limits, Event};
pub use telemetry::{with_spans, SpanAction, SpanSink};
#[cfg(feature = "reqwest")]
pub use transport::ReqwestTransport;
pub use transport::{default_user_agent, BoxFuture, Transport, TransportError, TransportSettings};
pub use zeitkonto_core::{
    self as core, ops, ApiCode, Date, DateTime, Error, LimiterConfig, Month, OperationId, RateLimitSettings,
    RetryConfig, RetrySettings, TimeOfDay, TlsFailure,
};

/// The README's Rust examples compile (doc-tested).
#[doc = include_str!("../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

/// The observability guide's Rust example compiles (doc-tested).
#[doc = include_str!("../../docs/guide/observability.md")]
#[cfg(doctest)]
pub struct ObservabilityGuideDoctests;
