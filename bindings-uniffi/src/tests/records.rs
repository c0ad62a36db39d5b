//! Every parse vector of `tests/vectors/` goes through the core's typed parse and then into the
//! record its Kotlin/Swift method returns (generated from the core's model declarations, converted
//! field by field in Rust): every documented output shape converts, and errors agree with the
//! core's.

use std::path::Path;

use crate::types::{ApiKey, PlatformDuration, PlatformInt, RawJson};
use crate::{ZeitkontoClient, ZeitkontoConfig, ZeitkontoError};
use serde_json::Value;
use zeitkonto_core::{OperationId, Response};

#[test]
fn every_parsed_vector_output_decodes_into_its_record() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/vectors/operations");
    let mut decoded = 0;
    for op in OperationId::ALL {
        let path = dir.join(format!("{}.json", op.name()));
        let file: Value = serde_json::from_str(&std::fs::read_to_string(&path).expect("vector file")).expect("json");
        for case in file["parse"].as_array().expect("parse cases") {
            let r = &case["response"];
            let body = match r.get("json") {
                Some(v) => v.to_string(),
                None => r["body"].as_str().unwrap_or_default().to_string(),
            };
            let headers = r["headers"]
                .as_object()
                .map(|h| h.iter().map(|(k, v)| (k.clone(), v.as_str().unwrap_or_default().to_string())).collect())
                .unwrap_or_default();
            let status = r["status"].as_u64().expect("status") as u16;
            let mut response = Response::new(status, headers, body);
            if let Some(request) = case.get("request") {
                // Bound to the request it answers, as the client reads it (the vectors' `request`).
                let key = request["context"]["apiKey"].as_str().unwrap_or("test-company-key");
                let built = zeitkonto_core::build_request(*op, &request["params"], &zeitkonto_core::Context::new(key))
                    .expect("the case's request builds");
                response = response.for_request(&built);
            }
            let by_core = zeitkonto_core::parse_response_text(*op, &response);
            let into_record = crate::parse_into_record(*op, &response);
            match (by_core, into_record) {
                (Ok(_), Ok(())) => decoded += 1,
                (Err(core), Err(record)) => {
                    assert!(case.get("error").is_some(), "{} / {}: {core:?}", op.name(), case["name"]);
                    assert_eq!(ZeitkontoError::from(core), record, "{} / {}", op.name(), case["name"]);
                }
                (core, record) => panic!("{} / {}: core {core:?}, record {record:?}", op.name(), case["name"]),
            }
        }
    }
    assert!(decoded >= 30, "only {decoded} outputs decoded");
}

#[test]
fn records_carry_the_core_models_fields_and_docs() {
    // The records are generated from the core's declaration: one field per declared field, plus
    // `extra` where the model keeps unknown fields.
    let source = include_str!("../models.rs");
    for m in zeitkonto_core::decl::models() {
        let start = source.find(&format!("pub struct {} {{", m.name)).unwrap_or_else(|| panic!("{} missing", m.name));
        let body = &source[start..source[start..].find("\n}").map_or(source.len(), |e| start + e)];
        for f in m.fields {
            assert!(body.contains(&format!("pub {}: ", f.name)), "{}.{} missing", m.name, f.name);
        }
        assert_eq!(body.contains("pub extra: Extra"), m.extra, "{}: extra", m.name);
    }
}

#[test]
fn errors_keep_the_core_fields_and_a_description() {
    let e: ZeitkontoError = zeitkonto_core::Error::Api { status: 403, code: 1 }.into();
    assert_eq!(
        e,
        ZeitkontoError::Api {
            status: PlatformInt(403),
            code: PlatformInt(1),
            api_code: crate::ApiCode::EmployeeNotFound,
            description: "API error code 1 (employee not found), HTTP 403".into()
        }
    );
    let e: ZeitkontoError = zeitkonto_core::Error::Forbidden.into();
    assert!(matches!(e, ZeitkontoError::Forbidden { status: PlatformInt(403), .. }));
    let e: ZeitkontoError =
        zeitkonto_core::Error::RateLimited { retry_after: Some(std::time::Duration::from_millis(1500)) }.into();
    assert!(
        matches!(e, ZeitkontoError::RateLimited { status: PlatformInt(429), retry_after: Some(PlatformDuration(ms)), .. } if ms == 1500.0)
    );
    let e: ZeitkontoError = zeitkonto_core::Error::Api { status: 403, code: 99 }.into();
    assert!(matches!(e, ZeitkontoError::Api { api_code: crate::ApiCode::Unknown, .. }), "{e:?}");
    let e: ZeitkontoError =
        zeitkonto_core::Error::Tls { failure: zeitkonto_core::TlsFailure::Expired, detail: "x".into() }.into();
    assert!(matches!(
        e,
        ZeitkontoError::Tls { failure: crate::TlsFailure::Expired, may_have_reached_server: false, .. }
    ));
}

#[test]
fn whole_numbers_are_platform_integers_range_checked_at_the_boundary() {
    // In: a month, a year or minutes that do not fit their parameter name it, before sending.
    let month = crate::types::month("month", PlatformInt(13)).expect_err("13 is no month");
    assert!(matches!(&month, ZeitkontoError::InvalidInput { field, .. } if field == "month"), "{month:?}");
    let year = crate::types::int32("year", PlatformInt(i64::from(i32::MAX) + 1)).expect_err("too large");
    assert!(matches!(&year, ZeitkontoError::InvalidInput { field, .. } if field == "year"), "{year:?}");
    let minutes = crate::types::unsigned("startTime", PlatformInt(-1)).expect_err("negative");
    assert!(matches!(&minutes, ZeitkontoError::InvalidInput { field, .. } if field == "startTime"), "{minutes:?}");
    assert_eq!(crate::types::unsigned("week", PlatformInt(47)).ok(), Some(47));
    // Out: a value wider than Kotlin's Int degrades into `extra`, as any misfit does.
    let body = br#"{"jahr": 2026, "kw": 99999999999, "arbeitsbereich": "Front desk", "schichten": []}"#;
    let resp = zeitkonto_core::Response::new(200, vec![], body.to_vec());
    let week: crate::models::WeekShifts =
        <zeitkonto_core::ops::Shifts as zeitkonto_core::Operation>::parse(&resp).expect("parsed").into();
    assert_eq!(week.year, Some(PlatformInt(2026)));
    assert_eq!(week.week, None);
    assert_eq!(week.extra.get("kw").map(|r| r.0.as_str()), Some("99999999999"));
    // An API code beyond 32 bits reads as the nearest one; the sentence keeps the real number.
    let e: ZeitkontoError = zeitkonto_core::Error::Api { status: 403, code: 1 << 40 }.into();
    assert!(
        matches!(&e, ZeitkontoError::Api { code, description, .. } if *code == PlatformInt(i32::MAX.into()) && description.contains(&(1i64 << 40).to_string())),
        "{e:?}"
    );
}

#[test]
fn keys_never_print_and_bad_settings_fail_before_any_request() {
    let config = ZeitkontoConfig {
        api_key: Some(ApiKey::new("very-secret-key")),
        base_url: Some("http://example.com".into()),
        workspace_key: Some(ApiKey::new("very-secret-workspace")),
        routes: Default::default(),
        timeout: PlatformDuration(30000.0),
        retry: None,
        rate_limit: None,
        ca_certificates: None,
        proxy: None,
        user_agent: "zeitkonto-test/0".into(),
    };
    assert!(!format!("{config:?}").contains("very-secret"), "{config:?}");
    // http:// only for loopback hosts
    match ZeitkontoClient::new(config.clone(), None) {
        Err(ZeitkontoError::InvalidInput { field, description, .. }) => {
            assert_eq!(field, "baseUrl", "the caller's name for the setting");
            assert!(!description.contains("very-secret"));
        }
        other => panic!("{other:?}"),
    }
    for ms in [-1.0, f64::NAN, 4e10] {
        let bad_timeout = ZeitkontoConfig { base_url: None, timeout: PlatformDuration(ms), ..config.clone() };
        assert!(
            matches!(ZeitkontoClient::new(bad_timeout, None), Err(ZeitkontoError::InvalidInput { field, .. }) if field == "timeout"),
            "{ms}"
        );
    }
    // Infinity (Kotlin's Duration.INFINITE, Swift's .infinity) and zero: no timeout.
    for ms in [f64::INFINITY, 0.0] {
        assert!(ZeitkontoClient::new(
            ZeitkontoConfig { base_url: None, timeout: PlatformDuration(ms), ..config.clone() },
            None
        )
        .is_ok());
    }
    // A setting outside its declared range names it, in the caller's casing.
    let retry = crate::RetrySettings {
        max_retries: PlatformInt(1000),
        base_delay: PlatformDuration(500.0),
        max_delay: PlatformDuration(8000.0),
        max_retry_after: PlatformDuration(60000.0),
        max_rate_limit_retries: PlatformInt(3),
    };
    let bad_retry = ZeitkontoConfig { base_url: None, retry: Some(retry), ..config.clone() };
    assert!(
        matches!(ZeitkontoClient::new(bad_retry, None), Err(ZeitkontoError::InvalidInput { field, .. }) if field == "retry.maxRetries")
    );
    let limit = crate::RateLimitSettings { limit: PlatformInt(60), window: PlatformDuration(f64::NAN), margin: None };
    let bad_limit = ZeitkontoConfig { base_url: None, rate_limit: Some(limit), ..config.clone() };
    assert!(
        matches!(ZeitkontoClient::new(bad_limit, None), Err(ZeitkontoError::InvalidInput { field, .. }) if field == "rateLimit.window")
    );
    let mut routes = std::collections::HashMap::new();
    routes.insert("clock".to_string(), "FETCH /x".to_string());
    let bad_route = ZeitkontoConfig { base_url: None, routes, ..config };
    assert!(matches!(ZeitkontoClient::new(bad_route, None), Err(ZeitkontoError::InvalidInput { .. })));
}

#[test]
fn sans_io_build_redacts_and_parse_returns_canonical_json() {
    let ctx = ZeitkontoConfig {
        api_key: Some(ApiKey::new("very-secret-key")),
        base_url: None,
        workspace_key: None,
        routes: Default::default(),
        timeout: PlatformDuration(30000.0),
        retry: None,
        rate_limit: None,
        ca_certificates: None,
        proxy: None,
        user_agent: "zeitkonto-test/0".into(),
    };
    let req = crate::build_request(
        "time_account".into(),
        RawJson(r#"{"employee":"e-1","year":2026,"month":3}"#.into()),
        ctx.clone(),
        None,
    )
    .expect("built");
    assert!(req.url().ends_with("/very-secret-key/e-1/2026/2"), "{}", req.url());
    assert!(!req.redacted_url().contains("very-secret"));
    assert!(!format!("{req:?}").contains("very-secret") && !req.to_string().contains("very-secret"), "{req}");
    // An answer read bound to a request of another operation is refused, naming `request`.
    let other = crate::parse_response("presence".into(), PlatformInt(200), vec![], b"[]".to_vec(), Some(req.clone()))
        .expect_err("a time_account request does not answer presence");
    assert!(matches!(&other, ZeitkontoError::InvalidInput { field, .. } if field == "request"), "{other:?}");
    let err = crate::build_request("time_account".into(), RawJson(r#"{"employee":"e-1"}"#.into()), ctx, None)
        .expect_err("missing params");
    assert!(matches!(err, ZeitkontoError::InvalidInput { .. }), "{err:?}");
    let out = crate::parse_response("time_account".into(), PlatformInt(200), vec![], br#"{"month":2}"#.to_vec(), None)
        .expect("parsed");
    let v: Value = serde_json::from_str(&out.0).expect("json");
    assert_eq!(v["month"], 3);
    assert_eq!(crate::operations().len(), zeitkonto_core::decl::operations().len());
}

#[test]
fn the_default_user_agent_carries_the_crate_version() {
    // uniffi needs a literal default; scripts/uniffi_patches.py names the language in it.
    let source = include_str!("../config.rs");
    let literal = format!("#[uniffi(default = \"zeitkonto-uniffi/{}\")]", env!("CARGO_PKG_VERSION"));
    assert!(source.contains(&literal), "config.rs: the userAgent default is not {literal}");
}
