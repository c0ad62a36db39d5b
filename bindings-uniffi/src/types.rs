//! Custom types: how keys, dates and raw JSON cross the boundary.
//!
//! | Rust          | on the wire | Kotlin                     | Swift                         |
//! |---------------|-------------|----------------------------|-------------------------------|
//! | [`ApiKey`]    | string      | `ApiKey` (prints `***`)    | `ApiKey` (prints `***`)       |
//! | [`IsoDate`]   | string      | `java.time.LocalDate`      | `String` ("YYYY-MM-DD")       |
//! | [`Timestamp`] | string      | `java.time.LocalDateTime`  | `String` ("YYYY-MM-DD hh:mm:ss") |
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

impl<'de> Deserialize<'de> for RawJson {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Box::<serde_json::value::RawValue>::deserialize(d).map(|raw| RawJson(raw.get().to_string()))
    }
}

impl RawJson {
    /// Parses the text (for values handed in from Kotlin/Swift).
    pub(crate) fn parse(&self, field: &str) -> Result<serde_json::Value, crate::ZeitkontoError> {
        serde_json::from_str(&self.0)
            .map_err(|e| zeitkonto_core::Error::invalid(field, format!("not valid JSON text: {e}")).into())
    }
}
