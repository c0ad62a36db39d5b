//! `zeitkonto_uniffi`: the Kotlin and Swift bindings of Zeitkonto, built with uniffi proc-macros.
//!
//! Thin by design: [`ZeitkontoClient`] forwards to the Rust client (`zeitkonto::Client`, its one
//! driver with limiter, retry policy and redaction); [`build_request`]/[`parse_response`] forward to
//! the sans-IO core. This crate only adds the foreign-facing shapes: records ([`models`]), the config
//! ([`config`]), the error ([`ZeitkontoError`] → Kotlin `ZeitkontoException`) and custom types
//! ([`types`]: keys that print `***`, dates, raw JSON). uniffi catches panics at every call; no
//! code here unwraps data from outside.
//!
//! Generate the foreign code with the in-workspace `uniffi-bindgen` (same uniffi version), see
//! `scripts/build-mobile`.

#![warn(missing_docs)]

uniffi::setup_scaffolding!();

/// A foreign callback's exception on the Rust side (where it is dropped): `Failed { detail }`,
/// printed `{what} failed: {detail}`. Declared so that an exception is an ordinary result rather
/// than a failure of the callback machinery.
macro_rules! callback_error {
    ($(#[$doc:meta])* $name:ident, $what:literal) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, uniffi::Error)]
        pub enum $name {
            /// The callback threw; `detail` is what the platform said.
            Failed {
                /// What the platform said.
                detail: String,
            },
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                let $name::Failed { detail } = self;
                write!(f, concat!($what, " failed: {}"), detail)
            }
        }

        impl From<uniffi::UnexpectedUniFFICallbackError> for $name {
            fn from(e: uniffi::UnexpectedUniFFICallbackError) -> $name {
                $name::Failed { detail: e.reason }
            }
        }
    };
}

mod client;
pub mod config;
mod driver_events;
mod error;
mod events;
mod job_entries;
mod job_events;
mod jobs;
pub mod models;
mod operations;
mod sansio;
mod settings;
mod telemetry;
mod transport;
pub mod types;

// The vector test lives in the crate: the library is a `cdylib` only (see Cargo.toml).
#[cfg(test)]
#[path = "tests/records.rs"]
mod records_tests;

pub use client::ZeitkontoClient;
pub use config::ZeitkontoConfig;
pub use error::ZeitkontoError;
pub use error::{ApiCode, TlsFailure};
pub use events::{EventListenerError, ZeitkontoEvent, ZeitkontoEventListener};
pub use sansio::{build_request, operations, parse_response, BuiltRequest, HttpHeader};
pub use settings::{RateLimitSettings, RetrySettings};
pub use telemetry::{
    SpanAttribute, SpanEnd, SpanEvent, SpanStart, SpanValue, TracerError, ZeitkontoSpan, ZeitkontoTracer,
};
pub use transport::{HttpResponse, TransportError, ZeitkontoTransport};
pub use zeitkonto_core::ops::ClockAction;

#[doc(hidden)]
pub use operations::parse_into_record;
