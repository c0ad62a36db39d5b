//! The `Value` path and the text path of parameters agree (fuzzing findings kept as regressions).

use serde_json::Value;
use zeitkonto_core::{build_request, build_request_text, Context, OperationId};

fn both(
    op: OperationId,
    text: &str,
) -> (Result<zeitkonto_core::Request, zeitkonto_core::Error>, Result<zeitkonto_core::Request, zeitkonto_core::Error>) {
    let ctx = Context::new("company-key-123");
    let value: Value = serde_json::from_str(text).unwrap_or(Value::Null);
    (build_request(op, &value, &ctx), build_request_text(op, text, &ctx))
}

fn agree(op: OperationId, text: &str) {
    let (a, b) = both(op, text);
    match (&a, &b) {
        (Ok(x), Ok(y)) => {
            assert_eq!(x.url(), y.url(), "{text}");
            assert_eq!(
                x.body(),
                y.body(),
                "{text}: {:?} vs {:?}",
                x.body().map(String::from_utf8_lossy),
                y.body().map(String::from_utf8_lossy)
            );
        }
        (Err(x), Err(y)) => assert_eq!(
            (x.kind(), format!("{x:?}").contains("field")),
            (y.kind(), format!("{y:?}").contains("field")),
            "{text}"
        ),
        _ => panic!("{text}: value path {a:?} != text path {b:?}"),
    }
}

#[test]
fn a_float_in_a_project_is_sent_with_the_same_digits() {
    agree(OperationId::CreateProject, r#"{"email":"m@x.de","name":"P","extra":{"n":-1.3476555094338099e28}}"#);
    agree(OperationId::CreateProject, r#"{"email":"m@x.de","name":"P","extra":{"n":1e400}}"#);
    agree(
        OperationId::CreateProject,
        r#"{"email":"m@x.de","name":"P","extra":{"n":0.1,"m":123456789012345678901234567890}}"#,
    );
}

#[test]
fn deep_nesting_is_refused_alike() {
    let deep = format!(r#"{{"email":"m@x.de","name":"P","extra":{}1{}}}"#, r#"{"a":"#.repeat(127), "}".repeat(127));
    agree(OperationId::CreateProject, &deep);
    let ok = format!(r#"{{"email":"m@x.de","name":"P","extra":{}1{}}}"#, r#"{"a":"#.repeat(20), "}".repeat(20));
    agree(OperationId::CreateProject, &ok);
}

#[test]
fn a_deep_value_built_in_memory_is_refused_as_its_text_is() {
    // A `Value` built in memory (a binding's dict, a Rust caller) has no reader's nesting limit:
    // both paths apply serde_json's 127 levels, with the same error (field and reason).
    let ctx = Context::new("company-key-123");
    let mut outcomes = Vec::new();
    for depth in 120..=135 {
        let mut project = Value::from(1);
        for _ in 0..depth {
            project = serde_json::json!({ "a": project });
        }
        let params = serde_json::json!({ "email": "m@x.de", "name": "P", "extra": project });
        let text = serde_json::to_string(&params).unwrap_or_default();
        let by_value = build_request(OperationId::CreateProject, &params, &ctx);
        let by_text = build_request_text(OperationId::CreateProject, &text, &ctx);
        match (&by_value, &by_text) {
            (Ok(x), Ok(y)) => assert_eq!(x.body(), y.body(), "depth {depth}"),
            (Err(x), Err(y)) => assert_eq!(x, y, "depth {depth}"),
            _ => panic!("depth {depth}: value path {by_value:?} != text path {by_text:?}"),
        }
        outcomes.push(by_value.is_ok());
    }
    // The limit lies inside the range: some depths build, deeper ones are refused.
    assert!(outcomes.first() == Some(&true) && outcomes.last() == Some(&false), "{outcomes:?}");
}

#[test]
fn a_duplicate_key_means_the_last_one_alike() {
    agree(OperationId::TimeAccount, r#"{"employee":"e","year":"x","year":2026,"month":3}"#);
    agree(OperationId::TimeAccount, r#"{"employee":"e","year":2025,"year":2026,"month":3}"#);
}

#[test]
fn multi_line_params_name_the_right_field() {
    let text = "{\n  \"employee\": \"anna@x.de\",\n  \"year\": \"soon\",\n  \"month\": 3\n}";
    let ctx = Context::new("company-key-123");
    match build_request_text(OperationId::TimeAccount, text, &ctx) {
        Err(zeitkonto_core::Error::InvalidInput { field, .. }) => assert_eq!(field, "year"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_whole_number_out_of_range_has_the_core_reason_on_both_paths() {
    let ctx = Context::new("company-key-123");
    let cases = [
        (r#"{"year": 2026, "week": -1}"#, "week", "-1 is negative"),
        (r#"{"year": 2026, "week": 4294967296}"#, "week", "4294967296 is too large (at most 4294967295)"),
        (r#"{"year": -3000000000, "week": 1}"#, "year", "-3000000000 is out of range (a 32-bit whole number)"),
    ];
    for (text, field, reason) in cases {
        let value: Value = serde_json::from_str(text).expect("JSON");
        for result in
            [build_request(OperationId::Shifts, &value, &ctx), build_request_text(OperationId::Shifts, text, &ctx)]
        {
            match result {
                Err(zeitkonto_core::Error::InvalidInput { field: f, reason: r }) => {
                    assert_eq!((f.as_str(), r.as_str()), (field, reason), "{text}")
                }
                other => panic!("{text}: {other:?}"),
            }
        }
    }
    // Beyond i64, and any other refusal, keep serde's words.
    let text = r#"{"year": 2026, "week": 18446744073709551615}"#;
    match build_request_text(OperationId::Shifts, text, &ctx) {
        Err(zeitkonto_core::Error::InvalidInput { reason, .. }) => assert!(reason.contains("expected u32"), "{reason}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_value_of_the_wrong_type_names_the_type_expected_in_words_on_both_paths() {
    let ctx = Context::new("company-key-123");
    let cases = [
        (
            OperationId::TimeAccount,
            r#"{"employee": "a@b.c", "year": "2026", "month": 3}"#,
            "year",
            "invalid type: string, expected a whole number",
        ),
        (
            OperationId::TimeAccount,
            r#"{"employee": "a@b.c", "year": 2026, "month": "3"}"#,
            "month",
            "invalid type: string, expected a whole number",
        ),
        (
            OperationId::TimeAccount,
            r#"{"employee": "a@b.c", "year": 2026.5, "month": 3}"#,
            "year",
            "invalid type: floating point, expected a whole number",
        ),
        (
            OperationId::Shifts,
            r#"{"year": 2026, "week": true}"#,
            "week",
            "invalid type: boolean, expected a whole number",
        ),
        (
            OperationId::ExtraLeave,
            r#"{"account": "a@b.c", "year": 2026, "days": "2"}"#,
            "days",
            "invalid type: string, expected a number",
        ),
        (
            OperationId::TimeAccount,
            r#"{"employee": 7, "year": 2026, "month": 3}"#,
            "employee",
            "invalid type: integer, expected a string",
        ),
    ];
    for (op, text, field, reason) in cases {
        let value: Value = serde_json::from_str(text).expect("JSON");
        for result in [build_request(op, &value, &ctx), build_request_text(op, text, &ctx)] {
            match result {
                Err(zeitkonto_core::Error::InvalidInput { field: f, reason: r }) => {
                    assert_eq!((f.as_str(), r.as_str()), (field, reason), "{text}")
                }
                other => panic!("{text}: {other:?}"),
            }
        }
    }
}
