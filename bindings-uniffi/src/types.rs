//! Custom types: how keys, dates and raw JSON cross the boundary.
//!
//! | Rust          | on the wire | Kotlin                     | Swift                         |
//! |---------------|-------------|----------------------------|-------------------------------|
//! | [`ApiKey`]    | string      | `ApiKey` (prints `***`)    | `ApiKey` (prints `***`)       |
//! | [`IsoDate`]   | string      | `java.time.LocalDate`      | `String` ("YYYY-MM-DD")       |
//! | [`Timestamp`] | string      | `java.time.LocalDateTime`  | `String` ("YYYY-MM-DD hh:mm:ss") |
//! | [`ClockTime`] | string      | `java.time.LocalTime`      | `String` ("hh:mm" or "hh:mm:ss") |
//! | [`RawJson`]   | string      | `String` (JSON text)       | `String` (JSON text)          |
//! | [`PlatformInt`] | i64       | `Int`                      | `Int`                         |
//! | [`WideInt`]   | i64         | `Long`                     | `Int`                         |
//! | [`PlatformDuration`] | f64 (ms) | `kotlin.time.Duration` | `TimeInterval` (seconds)      |
//!
//! A duration (a setting, `RateLimited.retryAfter`, an event's `elapsed`/`delay`) is the
//! platform's own: `kotlin.time.Duration` in Kotlin, `TimeInterval` in Swift, as the declaration's
//! `durations` say for every language. It crosses as milliseconds in an `f64`, so no conversion
//! can trap on either side (Swift's `Int64(Double.nan)` would); the core checks the value
//! (`zeitkonto_core::settings::duration_from_millis`).
//!
//! Whole numbers are the platform's plain integer: years, months, weeks, minutes, counts, HTTP
//! statuses and API codes are [`PlatformInt`] (`Int` in Kotlin and Swift, as `Calendar` and
//! `LocalDate` give them), converted and range-checked here; an id the server counts up
//! (`shiftId`), a span's `timeUnixNano` and its whole-number attributes are [`WideInt`] (Kotlin
//! `Long`, Swift `Int`: 64 bits on the 64-bit Apple targets the package is built for). `scripts/build-mobile`
//! writes the platform name (`Int`) where uniffi would print the alias.
//!
//! The foreign classes `ApiKey` are hand-written (`kotlin/src/main/kotlin/.../ApiKey.kt`,
//! `swift/Sources/Zeitkonto/ApiKey.swift`) and the mappings are in `uniffi.toml`.

use std::collections::HashMap;

pub use zeitkonto_core::ApiKey;

// The core's secret type itself: its Debug/Display print `***`, so a key inside any record or
// error on the Rust side never prints either.
uniffi::custom_type!(ApiKey, String, {
    remote,
    lower: |key| key.expose().to_string(),
    try_lift: |text| Ok(ApiKey::new(text)),
});

/// A proxy URL (`http://user:password@proxy.corp:3128`): its user and password are a secret, so
/// the foreign classes (`ProxyUrl`, hand-written like `ApiKey`) print it without them.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct ProxyUrl(pub String);
uniffi::custom_newtype!(ProxyUrl, String);

impl std::fmt::Debug for ProxyUrl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ProxyUrl({})", zeitkonto_core::redacted_proxy_url(&self.0))
    }
}

/// `url` as `ProxyUrl` prints it in Kotlin and Swift: its user and password (whatever stands before
/// its last `@`) as `***` (`zeitkonto_core::redacted_proxy_url`, the one rule of every language).
#[uniffi::export]
pub fn redacted_proxy_url(url: String) -> String {
    zeitkonto_core::redacted_proxy_url(&url)
}

/// A calendar day as text, `YYYY-MM-DD`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct IsoDate(pub String);
uniffi::custom_newtype!(IsoDate, String);

/// A local date and time of day as the API prints it, `YYYY-MM-DD hh:mm:ss`: no time zone.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Timestamp(pub String);
uniffi::custom_newtype!(Timestamp, String);

/// A clock time of day as text, `hh:mm` (or `hh:mm:ss` when the API sent seconds).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ClockTime(pub String);
uniffi::custom_newtype!(ClockTime, String);

/// A JSON value as its text (a container whose shape the API does not specify).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct RawJson(pub String);
uniffi::custom_newtype!(RawJson, String);

impl From<serde_json::Value> for RawJson {
    fn from(v: serde_json::Value) -> RawJson {
        RawJson(v.to_string())
    }
}

impl From<zeitkonto_core::Date> for IsoDate {
    fn from(d: zeitkonto_core::Date) -> IsoDate {
        IsoDate(d.to_string())
    }
}

impl From<zeitkonto_core::DateTime> for Timestamp {
    fn from(t: zeitkonto_core::DateTime) -> Timestamp {
        Timestamp(t.to_string())
    }
}

impl From<zeitkonto_core::TimeOfDay> for ClockTime {
    fn from(t: zeitkonto_core::TimeOfDay) -> ClockTime {
        ClockTime(t.to_string())
    }
}

/// A whole number as the platform's plain integer (Kotlin `Int`, Swift `Int`): 64 bits across
/// the boundary. Every value the library hands out fits in 32 bits (a wider one from the server
/// degrades: the field is absent and the raw value kept in `extra`); a value handed in that does
/// not fit its parameter is `InvalidInput` naming the parameter, before anything is sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PlatformInt(pub i64);
uniffi::custom_newtype!(PlatformInt, i64);

/// An id the server counts up (a shift's id): Kotlin `Long`, Swift `Int` (64 bits in both).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct WideInt(pub i64);
uniffi::custom_newtype!(WideInt, i64);

/// A duration as the platform's own type (Kotlin `kotlin.time.Duration`, Swift `TimeInterval`):
/// milliseconds in an `f64` across the boundary (`Duration.INFINITE` and `.infinity` arrive as
/// infinity: "no timeout" for the timeout, `InvalidInput` elsewhere).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlatformDuration(pub f64);
uniffi::custom_newtype!(PlatformDuration, f64);

impl From<std::time::Duration> for PlatformDuration {
    fn from(d: std::time::Duration) -> PlatformDuration {
        PlatformDuration(d.as_secs_f64() * 1000.0)
    }
}

impl PlatformDuration {
    /// The core's duration, checked (`InvalidInput` naming `field` when not a duration).
    pub(crate) fn to_core(self, field: &str) -> Result<std::time::Duration, crate::ZeitkontoError> {
        zeitkonto_core::settings::duration_from_millis(field, self.0).map_err(Into::into)
    }
}

impl From<i32> for PlatformInt {
    fn from(v: i32) -> PlatformInt {
        PlatformInt(v.into())
    }
}

impl From<u16> for PlatformInt {
    fn from(v: u16) -> PlatformInt {
        PlatformInt(v.into())
    }
}

impl PlatformInt {
    /// `v` when it fits in 32 bits (Kotlin's `Int`), else `i32::MAX`/`i32::MIN` (for values that
    /// have no field to degrade into: an error's code; its description keeps the real number).
    pub(crate) fn saturating(v: i64) -> PlatformInt {
        PlatformInt(v.clamp(i32::MIN.into(), i32::MAX.into()))
    }

    /// `v` when it fits in 32 bits (Kotlin's `Int`); `None` otherwise.
    pub(crate) fn fitting(v: i64) -> Option<PlatformInt> {
        i32::try_from(v).ok().map(PlatformInt::from)
    }
}

/// A record field read from the server as a platform integer: a value that does not fit in 32
/// bits degrades like any other misfit (absent, the raw value kept in `extra` under `api`).
pub(crate) fn platform_field(v: Option<i64>, api: &str, extra: &mut HashMap<String, RawJson>) -> Option<PlatformInt> {
    let v = v?;
    let fits = PlatformInt::fitting(v);
    if fits.is_none() {
        extra.insert(api.to_string(), RawJson(v.to_string()));
    }
    fits
}

/// A calendar month 1-12 from Kotlin/Swift as the core's `Month`; anything else is `InvalidInput`
/// naming `field`.
pub(crate) fn month(field: &str, m: PlatformInt) -> Result<zeitkonto_core::Month, crate::ZeitkontoError> {
    Ok(zeitkonto_core::Month::try_from_number(m.0, field)?)
}

/// A whole number that must not be negative (minutes, counts, weeks), as the core's `u32`.
pub(crate) fn unsigned(field: &str, v: PlatformInt) -> Result<u32, crate::ZeitkontoError> {
    Ok(zeitkonto_core::validate::u32_field(field, v.0)?)
}

/// A whole number as the core's `i32` (a year, an id).
pub(crate) fn int32(field: &str, v: PlatformInt) -> Result<i32, crate::ZeitkontoError> {
    Ok(zeitkonto_core::validate::i32_field(field, v.0)?)
}

/// Epoch milliseconds (the core's `EpochMillis`) as an instant (Kotlin `java.time.Instant`, Swift
/// `Date`); `None` when the platform cannot represent it (a degraded field, never a panic).
pub(crate) fn instant(ms: i64) -> Option<std::time::SystemTime> {
    let d = std::time::Duration::from_millis(ms.unsigned_abs());
    if ms >= 0 {
        std::time::UNIX_EPOCH.checked_add(d)
    } else {
        std::time::UNIX_EPOCH.checked_sub(d)
    }
}

/// JSON values by name (each a `RawJson` text) as the core's map, `InvalidInput` naming `field`
/// when one is not JSON text.
pub(crate) fn json_map(field: &str, m: HashMap<String, RawJson>) -> Result<serde_json::Value, crate::ZeitkontoError> {
    let map = m
        .into_iter()
        .map(|(k, v)| Ok((k, v.parse(field)?)))
        .collect::<Result<serde_json::Map<_, _>, crate::ZeitkontoError>>()?;
    Ok(serde_json::Value::Object(map))
}

impl RawJson {
    /// Parses the text (for values handed in from Kotlin/Swift).
    pub(crate) fn parse(&self, field: &str) -> Result<serde_json::Value, crate::ZeitkontoError> {
        serde_json::from_str(&self.0)
            .map_err(|e| zeitkonto_core::Error::invalid(field, format!("not valid JSON text: {e}")).into())
    }
}

#[cfg(test)]
mod proxy_tests {
    use super::ProxyUrl;

    #[test]
    fn a_proxy_url_prints_without_its_user_and_password() {
        let shown = |u: &str| format!("{:?}", ProxyUrl(u.to_string()));
        assert_eq!(shown("http://u:s3cret@proxy.corp:3128"), "ProxyUrl(http://***@proxy.corp:3128)");
        assert_eq!(shown("http://bob:pa/ss@proxy.corp:3128"), "ProxyUrl(http://***@proxy.corp:3128)");
        assert_eq!(shown("http://proxy.corp:3128"), "ProxyUrl(http://proxy.corp:3128)");
    }
}
