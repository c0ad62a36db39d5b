//! # zeitkonto-core
//!
//! The sans-IO core of Zeitkonto, the client SDK for the Working-Time, Presence and Leave
//! Integration API of saas.de. It builds HTTP requests and parses HTTP responses for every
//! operation of the API, and owns the month conventions, validation, the error table, the retry policy and
//! the rate limiter — but never opens a socket or reads a clock.
//!
//! ```
//! use zeitkonto_core::{Context, Operation, Response, Month};
//! use zeitkonto_core::ops::TimeAccount;
//!
//! let ctx = Context::new("my-company-key");
//! let op = TimeAccount { employee: "anna@example.com".into(), year: 2026, month: Month::March };
//! let req = op.request(&ctx).unwrap();
//! // March is sent 0-based (2); the key never shows when printed.
//! assert_eq!(req.to_string(), "GET https://desktop.saas.de/rest/api/v2/time/account/***/***/2026/2");
//!
//! let resp = Response::new(200, vec![], r#"{"year": 2026, "month": 2, "soll": 9600}"#);
//! let account = TimeAccount::parse(&resp).unwrap();
//! assert_eq!(account.month, Some(Month::March));
//! assert_eq!(account.target, Some(9600.0));
//! ```

#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod base_url;
pub mod context;
pub mod date;
pub mod decl;
pub mod error;
pub mod http;
pub mod jobs;
pub mod limiter;
mod method;
pub mod model;
pub mod ops;
pub mod parse;
pub mod retry;
pub mod routes;
pub mod secret;
pub mod settings;
pub mod telemetry;
pub mod text;
pub mod units;
pub mod validate;

pub use context::{Context, Target, DEFAULT_BASE_URL};
pub use date::{Date, DateTime, Month, TimeOfDay};
pub use error::{ApiCode, Error, TlsFailure};
pub use http::{Method, Request, Response};
pub use limiter::{Acquire, LimiterConfig, RateLimiter};
pub use model::*;
#[allow(unused_imports)] // empty while no operation file declares a model of its own
pub use ops::result_models::*;
pub use ops::{build_request, build_request_text, parse_response, parse_response_text, Operation};
pub use retry::{Decision, Outcome, RetryConfig, RetryState};
pub use routes::{KeyKind, OperationId, Route, RouteTable};
pub use secret::{redacted_proxy_url, ApiKey};

pub use settings::{RateLimitSettings, RetrySettings};
pub use text::JsonObject;
