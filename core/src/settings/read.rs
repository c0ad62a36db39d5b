//! Python's settings groups in their canonical form, read into the typed settings
//! (`RetrySettings::from_canonical`, `RateLimitSettings::from_canonical`). The ranges are checked
//! where the settings are used.

use std::time::Duration;

use super::{duration_from_millis, RateLimitSettings, RetrySettings, SettingType, SETTINGS};
use crate::error::Error;

/// A group of settings in the canonical form (camelCase keys, a duration in milliseconds under
/// `<key>Ms`, `null` for an absent optional one), as the Python binding passes it; any other key
/// or a value of another type is `InvalidInput` naming the setting.
fn canonical<'a>(
    group: &str,
    v: &'a serde_json::Value,
) -> Result<impl Fn(&str) -> Result<Option<&'a serde_json::Value>, Error> + 'a, Error> {
    let map =
        v.as_object().ok_or_else(|| Error::invalid(group, "expected the settings' canonical form (an object)"))?;
    let members: Vec<(&'static str, SettingType)> = SETTINGS
        .iter()
        .filter_map(|s| s.key.strip_prefix(group).and_then(|k| k.strip_prefix('.')).map(|k| (k, s.ty)))
        .collect();
    for key in map.keys() {
        let known = members.iter().any(|(name, ty)| match ty {
            SettingType::Duration => key.strip_suffix("Ms") == Some(name),
            _ => key == name,
        });
        if !known {
            return Err(Error::invalid(group, format!("unknown setting `{key}`")));
        }
    }
    Ok(move |key: &str| Ok(map.get(key).filter(|v| !v.is_null())))
}

fn canonical_count(group: &str, name: &str, v: Option<&serde_json::Value>, default: u32) -> Result<u32, Error> {
    let key = format!("{group}.{name}");
    match v {
        None => Ok(default),
        Some(v) => {
            v.as_i64().ok_or_else(|| Error::invalid(&key, super::NOT_A_COUNT)).and_then(|n| super::count_field(&key, n))
        }
    }
}

fn canonical_duration(group: &str, name: &str, v: Option<&serde_json::Value>) -> Result<Option<Duration>, Error> {
    let key = format!("{group}.{name}");
    v.map(|v| {
        v.as_f64()
            .ok_or_else(|| Error::invalid(&key, "must be a duration"))
            .and_then(|ms| duration_from_millis(&key, ms))
    })
    .transpose()
}

impl RetrySettings {
    /// From the canonical form (`{"maxRetries": 2, "baseDelayMs": 500.0, ...}`; absent keys keep
    /// their defaults).
    pub fn from_canonical(v: &serde_json::Value) -> Result<RetrySettings, Error> {
        let get = canonical("retry", v)?;
        let d = RetrySettings::default();
        Ok(RetrySettings {
            max_retries: canonical_count("retry", "maxRetries", get("maxRetries")?, d.max_retries)?,
            base_delay: canonical_duration("retry", "baseDelay", get("baseDelayMs")?)?.unwrap_or(d.base_delay),
            max_delay: canonical_duration("retry", "maxDelay", get("maxDelayMs")?)?.unwrap_or(d.max_delay),
            max_retry_after: canonical_duration("retry", "maxRetryAfter", get("maxRetryAfterMs")?)?
                .unwrap_or(d.max_retry_after),
            max_rate_limit_retries: canonical_count(
                "retry",
                "maxRateLimitRetries",
                get("maxRateLimitRetries")?,
                d.max_rate_limit_retries,
            )?,
        })
    }
}

impl RateLimitSettings {
    /// From the canonical form (`{"limit": 60, "windowMs": 60000.0, "marginMs": null}`; absent
    /// keys keep their defaults).
    pub fn from_canonical(v: &serde_json::Value) -> Result<RateLimitSettings, Error> {
        let get = canonical("rateLimit", v)?;
        let d = RateLimitSettings::default();
        Ok(RateLimitSettings {
            limit: canonical_count("rateLimit", "limit", get("limit")?, d.limit)?,
            window: canonical_duration("rateLimit", "window", get("windowMs")?)?.unwrap_or(d.window),
            margin: canonical_duration("rateLimit", "margin", get("marginMs")?)?,
        })
    }
}
