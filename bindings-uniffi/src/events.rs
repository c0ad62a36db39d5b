//! Driver events for logging: a callback interface the app implements (`ZeitkontoEventListener`),
//! called with redacted, typed events. Nothing is formatted when no listener is set.

use std::panic::AssertUnwindSafe;
use std::sync::Arc;

use zeitkonto::Event;

use crate::types::{PlatformDuration, PlatformInt};

/// What the driver is doing. Request URLs and error texts are redacted (keys print as `***`).
#[derive(Debug, Clone, PartialEq, uniffi::Enum)]
pub enum ZeitkontoEvent {
    /// A request is being sent.
    Send {
        /// The operation's stable name.
        operation: String,
        /// The redacted `METHOD url` (keys print as `***`).
        request: String,
        /// The attempt, from 1.
        attempt: PlatformInt,
    },
    /// A response arrived.
    Received {
        /// The operation's stable name.
        operation: String,
        /// The HTTP status.
        status: PlatformInt,
        /// How long after the request was sent (Kotlin `Duration`, Swift `TimeInterval`).
        elapsed: PlatformDuration,
    },
    /// Waiting before the next attempt (one event per wait).
    Wait {
        /// The operation's stable name.
        operation: String,
        /// How long (Kotlin `Duration`, Swift `TimeInterval`).
        delay: PlatformDuration,
        /// "rate limit" (the client-side limiter), "429" or "retry".
        reason: String,
    },
    /// The call failed.
    Failed {
        /// The operation's stable name.
        operation: String,
        /// The redacted error message.
        error: String,
    },
}

impl From<&Event> for ZeitkontoEvent {
    fn from(e: &Event) -> ZeitkontoEvent {
        match e {
            Event::Send { operation, request, attempt } => ZeitkontoEvent::Send {
                operation: operation.to_string(),
                request: request.clone(),
                attempt: PlatformInt::saturating((*attempt).into()),
            },
            Event::Received { operation, status, elapsed } => ZeitkontoEvent::Received {
                operation: operation.to_string(),
                status: (*status).into(),
                elapsed: (*elapsed).into(),
            },
            Event::Wait { operation, delay, reason } => ZeitkontoEvent::Wait {
                operation: operation.to_string(),
                delay: (*delay).into(),
                reason: reason.to_string(),
            },

            Event::Failed { operation, error } => {
                ZeitkontoEvent::Failed { operation: operation.to_string(), error: error.clone() }
            }
        }
    }
}

/// Receives driver events (log them, count them). Called on the library's worker threads: keep it
/// quick and thread-safe. An exception it throws is ignored (it never fails a call).
#[uniffi::export(with_foreign)]
pub trait ZeitkontoEventListener: Send + Sync {
    /// Called once per event, on a worker thread.
    fn on_event(&self, event: ZeitkontoEvent) -> Result<(), EventListenerError>;
}

/// What a listener's exception becomes on the Rust side (where it is dropped). Declared so that
/// an exception is an ordinary result rather than a failure of the callback machinery.
#[derive(Debug, Clone, PartialEq, uniffi::Error)]
pub enum EventListenerError {
    /// The listener threw; `detail` is what the platform said.
    Failed {
        /// What the platform said.
        detail: String,
    },
}

impl std::fmt::Display for EventListenerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EventListenerError::Failed { detail } => write!(f, "event listener failed: {detail}"),
        }
    }
}

impl From<uniffi::UnexpectedUniFFICallbackError> for EventListenerError {
    fn from(e: uniffi::UnexpectedUniFFICallbackError) -> EventListenerError {
        EventListenerError::Failed { detail: e.reason }
    }
}

/// The Rust client's observer that forwards to `listener`; a failing listener is contained.
pub(crate) fn observer(listener: Arc<dyn ZeitkontoEventListener>) -> impl Fn(&Event) + Send + Sync + 'static {
    move |e: &Event| {
        let event = ZeitkontoEvent::from(e);
        // A listener's exception arrives as `Err` and is dropped; the catch is belt and braces.
        let _ = std::panic::catch_unwind(AssertUnwindSafe(|| listener.on_event(event)));
    }
}
