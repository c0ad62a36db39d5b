//! Driver events for logging: a callback interface the app implements (`ZeitkontoEventListener`),
//! called with redacted, typed events (`ZeitkontoEvent`, generated from the core's declaration of
//! the driver's events: `driver_events.rs`). Nothing is formatted when no listener is set.

use std::panic::AssertUnwindSafe;
use std::sync::Arc;

use zeitkonto::Event;

pub use crate::driver_events::ZeitkontoEvent;

/// Receives driver events (log them, count them). Called on the library's worker threads: keep it
/// quick and thread-safe. An exception it throws is ignored (it never fails a call).
#[uniffi::export(with_foreign)]
pub trait ZeitkontoEventListener: Send + Sync {
    /// Called once per event, on a worker thread.
    fn on_event(&self, event: ZeitkontoEvent) -> Result<(), EventListenerError>;
}

callback_error!(
    /// What a listener's exception becomes on the Rust side (where it is dropped).
    EventListenerError,
    "event listener"
);

/// The Rust client's observer that forwards to `listener`; a failing listener is contained.
pub(crate) fn observer(listener: Arc<dyn ZeitkontoEventListener>) -> impl Fn(&Event) + Send + Sync + 'static {
    move |e: &Event| {
        let event = ZeitkontoEvent::from(e);
        // A listener's exception arrives as `Err` and is dropped; the catch is belt and braces.
        let _ = std::panic::catch_unwind(AssertUnwindSafe(|| listener.on_event(event)));
    }
}
