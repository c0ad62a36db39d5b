//! Custom types: how keys, dates and raw JSON cross the boundary.
//!
//! | Rust          | on the wire | Kotlin                     | Swift                         |
//! |---------------|-------------|----------------------------|-------------------------------|
//! | [`ApiKey`]    | string      | `ApiKey` (prints `***`)    | `ApiKey` (prints `***`)       |
//! | [`IsoDate`]   | string      | `java.time.LocalDate`      | `String` ("YYYY-MM-DD")       |
//! | [`Timestamp`] | string      | `java.time.LocalDateTime`  | `String` ("YYYY-MM-DD hh:mm:ss") |
//! | [`ClockTime`] | string      | `java.time.LocalTime`      | `String` ("hh:mm" or "hh:mm:ss") |
//! | [`RawJson`]   | string      | `String` (JSON text)       | `String` (JSON text)          |
//!
//! The foreign classes `ApiKey` are hand-written (`kotlin/src/main/kotlin/.../ApiKey.kt`,
//! `swift/Sources/Zeitkonto/ApiKey.swift`) and the mappings are in `uniffi.toml`.

use serde::{Deserialize, Deserializer};
pub use zeitkonto_core::ApiKey;

// The core's secret type itself: its Debug/Display print `***`, so a key inside any record or
// error on the Rust side never prints either.
uniffi::custom_type!(ApiKey, String, {
    remote,
    lower: |key| key.expose().to_string(),
    try_lift: |text| Ok(ApiKey::new(text)),
});

/// A calendar date, `YYYY-MM-DD`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct IsoDate(pub String);
uniffi::custom_newtype!(IsoDate, String);

/// A wall-clock timestamp of the account's time zone, `YYYY-MM-DD hh:mm:ss`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Timestamp(pub String);
uniffi::custom_newtype!(Timestamp, String);

/// A clock time of day, `hh:mm` (or `hh:mm:ss` when the API sent seconds).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ClockTime(pub String);
uniffi::custom_newtype!(ClockTime, String);

/// Any JSON value, as JSON text: containers whose shape the API does not specify.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct RawJson(pub String);
uniffi::custom_newtype!(RawJson, String);

impl<'de> Deserialize<'de> for IsoDate {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        String::deserialize(d).map(IsoDate)
    }
}

impl<'de> Deserialize<'de> for Timestamp {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        String::deserialize(d).map(Timestamp)
    }
}

impl<'de> Deserialize<'de> for ClockTime {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        String::deserialize(d).map(ClockTime)
    }
}

impl<'de> Deserialize<'de> for RawJson {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Box::<serde_json::value::RawValue>::deserialize(d).map(|raw| RawJson(raw.get().to_string()))
    }
}

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

/// A calendar month 1-12 from Kotlin/Swift as the core's `Month`; anything else is `InvalidInput`
/// naming `field`.
pub(crate) fn month(field: &str, m: i32) -> Result<zeitkonto_core::Month, crate::ZeitkontoError> {
    zeitkonto_core::Month::from_number(m.into())
        .ok_or_else(|| zeitkonto_core::Error::invalid(field, format!("{m} is not a calendar month (1-12)")).into())
}

/// A whole number that must not be negative (minutes, counts), as the core's `u32`.
pub(crate) fn unsigned(field: &str, v: i32) -> Result<u32, crate::ZeitkontoError> {
    u32::try_from(v).map_err(|_| zeitkonto_core::Error::invalid(field, format!("{v} must not be negative")).into())
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

/// A `YYYY-MM-DD` date as the core's `Date`.
pub(crate) fn date(field: &str, d: IsoDate) -> Result<zeitkonto_core::Date, crate::ZeitkontoError> {
    zeitkonto_core::Date::parse_field(&d.0, field).map_err(Into::into)
}

impl RawJson {
    /// Parses the text (for values handed in from Kotlin/Swift).
    pub(crate) fn parse(&self, field: &str) -> Result<serde_json::Value, crate::ZeitkontoError> {
        serde_json::from_str(&self.0)
            .map_err(|e| zeitkonto_core::Error::invalid(field, format!("not valid JSON text: {e}")).into())
    }
}
