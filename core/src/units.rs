//! Units of time, for the modules that need them without depending on one another.

use std::time::Duration;

/// Whole milliseconds of `d`, saturating at `u64::MAX` (u64 arithmetic only: `as_millis` is a
/// u128, whose division and printing cost the npm `.wasm` kilobytes).
pub const fn millis(d: Duration) -> u64 {
    d.as_secs().saturating_mul(1000).saturating_add(d.subsec_millis() as u64)
}
