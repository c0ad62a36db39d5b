//! The only things that differ per target: sleeping, reading the clock, and a jitter source.

use std::time::Duration;

#[cfg(not(target_arch = "wasm32"))]
mod imp {
    use std::sync::OnceLock;
    use std::time::{Duration, Instant};

    fn origin() -> Instant {
        static ORIGIN: OnceLock<Instant> = OnceLock::new();
        *ORIGIN.get_or_init(Instant::now)
    }

    /// Monotonic milliseconds since the first call in this process.
    pub fn now_ms() -> u64 {
        origin().elapsed().as_millis() as u64
    }

    /// Sleeps on the tokio timer.
    pub async fn sleep(d: Duration) {
        tokio::time::sleep(d).await
    }

    /// Nanoseconds of the wall clock, as a seed.
    pub fn seed() -> u64 {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos() as u64).unwrap_or(1)
    }
}

#[cfg(target_arch = "wasm32")]
mod imp {
    use std::time::Duration;

    use wasm_bindgen::{JsCast, JsValue};

    /// `performance.now()`-like milliseconds (Date.now() works in browsers and Node alike).
    pub fn now_ms() -> u64 {
        js_sys::Date::now() as u64
    }

    /// Sleeps with the global `setTimeout` (present in browsers, workers and Node). Dropping the
    /// sleep (an aborted call) clears its timer, so nothing keeps Node alive after a call settles.
    pub async fn sleep(d: Duration) {
        let ms = d.as_millis().min(i32::MAX as u128) as i32;
        let global = js_sys::global();
        let timer = std::cell::Cell::new(JsValue::UNDEFINED);
        let promise = js_sys::Promise::new(&mut |resolve, _reject| {
            let set_timeout = js_sys::Reflect::get(&global, &JsValue::from_str("setTimeout"))
                .ok()
                .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
            match set_timeout {
                Some(f) => timer.set(f.call2(&global, &resolve, &JsValue::from(ms)).unwrap_or(JsValue::UNDEFINED)),
                None => {
                    let _ = resolve.call0(&JsValue::UNDEFINED);
                }
            }
        });
        let _clear = ClearOnDrop(global, timer.take());
        let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
    }

    /// Clears a `setTimeout` timer when dropped (a no-op once it has fired).
    struct ClearOnDrop(js_sys::Object, JsValue);

    impl Drop for ClearOnDrop {
        fn drop(&mut self) {
            if let Some(f) = js_sys::Reflect::get(&self.0, &JsValue::from_str("clearTimeout"))
                .ok()
                .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
            {
                let _ = f.call1(&self.0, &self.1);
            }
        }
    }

    /// A seed from `Math.random()`.
    pub fn seed() -> u64 {
        (js_sys::Math::random() * u64::MAX as f64) as u64 | 1
    }
}

pub use imp::{now_ms, sleep};

/// Today's date in UTC from the wall clock (for checks such as "a future `startDay` needs an
/// `endDay`"; the core reads no clock of its own).
pub fn today() -> Option<zeitkonto_core::Date> {
    #[cfg(not(target_arch = "wasm32"))]
    let ms = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).ok()?.as_millis() as i64;
    #[cfg(target_arch = "wasm32")]
    let ms = js_sys::Date::now() as i64;
    zeitkonto_core::Date::from_epoch_millis(ms)
}

/// Sleeps `ms` milliseconds.
pub async fn sleep_ms(ms: u64) {
    sleep(Duration::from_millis(ms)).await
}

/// A number in `[0, 1)` for retry jitter (xorshift; no need for cryptographic quality).
pub fn jitter() -> f64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static STATE: AtomicU64 = AtomicU64::new(0);
    let mut x = STATE.load(Ordering::Relaxed);
    if x == 0 {
        x = imp::seed() | 1;
    }
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    STATE.store(x, Ordering::Relaxed);
    (x >> 11) as f64 / (1u64 << 53) as f64
}

/// The wall clock in nanoseconds since the Unix epoch (span times; 0 if the clock is before 1970).
pub fn unix_nanos() -> u64 {
    #[cfg(target_arch = "wasm32")]
    {
        (js_sys::Date::now() * 1_000_000.0) as u64
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos() as u64).unwrap_or(0)
    }
}
