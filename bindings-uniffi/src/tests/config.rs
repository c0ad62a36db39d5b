//! A printed configuration shows no key.

use super::{shown_with_keys, ZeitkontoConfig};
use crate::types::{ApiKey, PlatformDuration};

#[test]
fn a_printed_config_shows_no_key_wherever_it_was_put() {
    let key = "uniffi-secret-4711";
    let config = ZeitkontoConfig {
        api_key: Some(ApiKey::new(key)),
        base_url: Some(format!("https://gateway.example/{key}/")),
        workspace_key: None,
        routes: [("employees".to_string(), format!("GET /x/{key}/{{api}}"))].into(),
        timeout: PlatformDuration(30_000.0),
        retry: None,
        rate_limit: None,
        ca_certificates: Some("-----BEGIN CERTIFICATE-----".into()),
        proxy: None,
        user_agent: format!("app/{key}"),
    };
    let shown = format!("{config:?}");
    assert!(!shown.contains(key) && shown.contains("https://gateway.example/***/"), "{shown}");
    assert_eq!(shown_with_keys(format!("a/{key}/b"), None, Some(ApiKey::new(key))), "a/***/b");
    assert_eq!(shown_with_keys("a/b".into(), Some(ApiKey::new(key)), None), "a/b");
}
