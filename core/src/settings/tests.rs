use super::*;

#[test]
fn a_count_is_refused_with_its_declared_range_in_every_language() {
    let reason = |key: &str, v: i64| match count_field(key, v) {
        Err(Error::InvalidInput { field, reason }) => {
            assert_eq!(field, key);
            reason
        }
        other => panic!("{key} {v}: {other:?}"),
    };
    assert_eq!(reason("retry.maxRetries", -1), "must be a whole number, not negative");
    assert_eq!(reason("retry.maxRetries", 1000), "1000 is out of range (0 to 100)");
    assert_eq!(reason("rateLimit.limit", 1_000_001), "1000001 is out of range (0 to 1000000)");
    assert_eq!(count_field("retry.maxRetries", 100).ok(), Some(100));
    // Python's canonical form reads the same way.
    let e = RetrySettings::from_canonical(&serde_json::json!({"maxRetries": -1})).unwrap_err();
    assert_eq!(e.to_string(), "invalid input `retry.maxRetries`: must be a whole number, not negative");
}

#[test]
fn defaults_are_the_declared_ones() {
    let r = RetrySettings::default().to_config().unwrap_or_else(|e| panic!("{e}"));
    let l = RateLimitSettings::default().to_config().unwrap_or_else(|e| panic!("{e}"));
    let default = |key: &str| declared(key).default;
    assert_eq!(default("retry.maxRetries"), Some(u64::from(r.max_retries)));
    assert_eq!(default("retry.baseDelay"), Some(r.base_delay_ms));
    assert_eq!(default("retry.maxDelay"), Some(r.max_delay_ms));
    assert_eq!(default("retry.maxRetryAfter"), Some(r.max_retry_after_ms));
    assert_eq!(default("retry.maxRateLimitRetries"), Some(u64::from(r.max_rate_limit_retries)));
    assert_eq!(default("rateLimit.limit"), Some(u64::from(l.limit)));
    assert_eq!(default("rateLimit.window"), Some(l.window_ms));
    assert_eq!(l.margin_ms, l.window_ms / 100, "an absent margin is 1 % of the window");
    assert_eq!(default("timeout"), Some(30_000));
    assert_eq!(RetryConfig::default(), r, "the policy's own default is the declared one");
}

#[test]
fn the_checks_use_the_declared_ranges() {
    // Each declared range refuses just outside it, through the settings' own checks.
    let over = |key: &str| declared(key).max.map(|m| m + 1).unwrap_or(u64::MAX);
    let field = |r: Result<RetryConfig, Error>| match r {
        Err(Error::InvalidInput { field, .. }) => field,
        other => panic!("{other:?}"),
    };
    let count = |key: &str| u32::try_from(over(key)).unwrap_or(u32::MAX);
    let bad = RetrySettings { max_retries: count("retry.maxRetries"), ..RetrySettings::default() };
    assert_eq!(field(bad.to_config()), "retry.maxRetries");
    let bad = RetrySettings { max_rate_limit_retries: count("retry.maxRateLimitRetries"), ..RetrySettings::default() };
    assert_eq!(field(bad.to_config()), "retry.maxRateLimitRetries");
    for key in ["retry.baseDelay", "retry.maxDelay", "retry.maxRetryAfter", "rateLimit.window", "timeout"] {
        assert_eq!(declared(key).max, Some(YEAR_MS), "{key}");
    }
    let limit = RateLimitSettings { limit: count("rateLimit.limit"), ..RateLimitSettings::default() };
    assert!(limit.to_config().is_err());
    let min = declared("rateLimit.window").min.unwrap_or_default();
    let short =
        RateLimitSettings { window: Duration::from_millis(min.saturating_sub(1)), ..RateLimitSettings::default() };
    assert!(short.to_config().is_err());
    assert!(RateLimitSettings { window: Duration::from_millis(min), ..RateLimitSettings::default() }
        .to_config()
        .is_ok());
}

#[test]
fn numeric_settings_are_the_declared_durations_and_counts_in_order() {
    let numeric: Vec<&str> =
        SETTINGS.iter().filter(|s| matches!(s.ty, SettingType::Duration | SettingType::Count)).map(|s| s.key).collect();
    let order = [
        "timeout",
        "retry.maxRetries",
        "retry.baseDelay",
        "retry.maxDelay",
        "retry.maxRetryAfter",
        "retry.maxRateLimitRetries",
        "rateLimit.limit",
        "rateLimit.window",
        "rateLimit.margin",
    ];
    assert_eq!(numeric, order, "NumericSettings::from_numbers reads them in this order");
    let nan = f64::NAN;
    let none = NumericSettings::from_numbers(&[nan; 9]);
    assert_eq!((none.timeout, none.retry, none.rate_limit), (Some(DEFAULT_TIMEOUT), None, None));
    let some = NumericSettings::from_numbers(&[-1.0, nan, 250.0, nan, nan, nan, nan, nan, 5.0]);
    assert_eq!(some.timeout, None, "a negative timeout is none");
    let retry = some.retry.expect("a retry setting was given");
    assert_eq!(
        (retry.base_delay, retry.max_retries),
        (Duration::from_millis(250), RetrySettings::default().max_retries)
    );
    let limit = some.rate_limit.expect("a rate-limit setting was given");
    assert_eq!((limit.margin, limit.limit), (Some(Duration::from_millis(5)), RateLimitSettings::default().limit));
    // Fractions of a millisecond as the other bindings' durations read them (`duration_from_millis`).
    let fine = NumericSettings::from_numbers(&[0.4, nan, nan, nan, nan, nan, nan, 0.5, nan]);
    assert_eq!(fine.timeout, Some(Duration::from_micros(400)), "not rounded to 0, which is no timeout");
    for none in [0.0, f64::INFINITY, -1.0] {
        assert_eq!(NumericSettings::from_numbers(&[none]).timeout, None, "{none} is no timeout");
    }
    let window = fine.rate_limit.expect("a window was given").window;
    assert_eq!(Ok(window), duration_from_millis("rateLimit.window", 0.5));
    assert!(fine.rate_limit.is_some_and(|l| l.to_config().is_err()), "0.5 ms is under the shortest window");
}

#[test]
fn every_setting_is_documented_and_groups_come_first() {
    for (i, s) in SETTINGS.iter().enumerate() {
        assert!(!s.doc.is_empty(), "{}", s.key);
        if let Some((group, _)) = s.key.split_once('.') {
            let at = SETTINGS.iter().position(|g| g.key == group).unwrap_or(usize::MAX);
            assert!(at < i && SETTINGS[at].ty == SettingType::Group, "{}: its group is declared before it", s.key);
        }
        assert_eq!(s.ty == SettingType::Group, s.group_type.is_some(), "{}", s.key);
    }
}

#[test]
fn values_are_checked_against_the_declared_ranges() {
    let field = |e: Error| match e {
        Error::InvalidInput { field, .. } => field,
        other => panic!("{other:?}"),
    };
    let bad = RetrySettings { max_retries: 101, ..RetrySettings::default() };
    assert_eq!(field(bad.to_config().unwrap_err()), "retry.maxRetries");
    let bad = RetrySettings { base_delay: MAX_DURATION + Duration::from_millis(1), ..RetrySettings::default() };
    assert_eq!(field(bad.to_config().unwrap_err()), "retry.baseDelay");
    let bad = RateLimitSettings { window: Duration::ZERO, ..RateLimitSettings::default() };
    assert_eq!(field(bad.to_config().unwrap_err()), "rateLimit.window");
    for ms in [f64::NAN, -1.0, f64::INFINITY, 4e10] {
        assert_eq!(field(duration_from_millis("retry.maxDelay", ms).unwrap_err()), "retry.maxDelay", "{ms}");
    }
    assert_eq!(duration_from_millis("x", 1.5).ok(), Some(Duration::from_micros(1500)));
    assert_eq!(timeout_from_millis("timeout", 0.0).ok(), Some(None));
    assert_eq!(timeout_from_millis("timeout", f64::INFINITY).ok(), Some(None));
    assert_eq!(timeout_from_millis("timeout", 250.0).ok(), Some(Some(Duration::from_millis(250))));
    // Shorter than the microsecond the core keeps: a microsecond, never "no timeout".
    assert_eq!(timeout_from_millis("timeout", 1e-6).ok(), Some(Some(Duration::from_micros(1))));
    assert!(timeout_from_millis("timeout", f64::NAN).is_err());
    assert_eq!(check_timeout(Some(Duration::ZERO)).ok(), Some(None));
    assert!(check_timeout(Some(MAX_DURATION * 2)).is_err());
}

#[test]
fn the_canonical_form_reads_milliseconds_and_names_what_is_wrong() {
    let field = |e: Error| match e {
        Error::InvalidInput { field, .. } => field,
        other => panic!("{other:?}"),
    };
    let r = RetrySettings::from_canonical(&serde_json::json!({"maxRetries": 1, "baseDelayMs": 20.5}))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((r.max_retries, r.base_delay, r.max_delay), (1, Duration::from_micros(20_500), Duration::from_secs(8)));
    let l = RateLimitSettings::from_canonical(&serde_json::json!({"limit": 5, "windowMs": 1000, "marginMs": null}))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(l, RateLimitSettings::per_window(5, Duration::from_secs(1)));
    let bad = |v| field(RetrySettings::from_canonical(&v).unwrap_err());
    assert_eq!(bad(serde_json::json!({"maxRetries": -1})), "retry.maxRetries");
    assert_eq!(bad(serde_json::json!({"baseDelayMs": "soon"})), "retry.baseDelay");
    assert_eq!(bad(serde_json::json!({"baseDelay": 1})), "retry", "a duration comes in milliseconds");
    assert_eq!(bad(serde_json::json!([1])), "retry");
    assert_eq!(
        field(RateLimitSettings::from_canonical(&serde_json::json!({"windowMs": -5})).unwrap_err()),
        "rateLimit.window"
    );
}
