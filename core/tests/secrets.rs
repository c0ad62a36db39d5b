//! The API key must never appear in printed requests, contexts or errors. Every operation is built
//! (from its vector parameters) with distinctive keys, and every formatted form is searched.

use std::path::Path;

use serde_json::Value;
use zeitkonto_core::{build_request, parse_response, Context, Error, OperationId, Response};

const COMPANY_KEY: &str = "SeCrEt-company-9f8e7d";
const WORKSPACE_KEY: &str = "SeCrEt-workspace-1a2b3c";
/// A key with characters that percent-encoding changes: the encoded form must not leak either.
const ODD_KEY: &str = "odd key/with?chars#1";

fn all_forms(text: &str) -> Vec<String> {
    let mut v = vec![text.to_string()];
    v.push(zeitkonto_core::http::encode_segment(text));
    v
}

fn assert_clean(what: &str, printed: &str, keys: &[&str]) {
    for key in keys {
        for form in all_forms(key) {
            assert!(!printed.contains(&form), "{what} leaks a key: {printed}");
        }
    }
}

fn vector_cases(op: OperationId) -> Vec<Value> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../tests/vectors/operations/{}.json", op.name()));
    let v: Value = serde_json::from_str(&std::fs::read_to_string(path).expect("vector file")).expect("json");
    v["build"].as_array().cloned().unwrap_or_default()
}

#[test]
fn no_operation_prints_a_key() {
    for key in [COMPANY_KEY, ODD_KEY] {
        let ctx = Context::new(key).with_workspace_key(WORKSPACE_KEY);
        assert_clean("Context Debug", &format!("{ctx:?}"), &[key, WORKSPACE_KEY]);
        let mut built = 0;
        for op in OperationId::ALL {
            for case in vector_cases(*op) {
                match build_request(*op, &case["params"], &ctx) {
                    Ok(req) => {
                        built += 1;
                        // The real URL or body does carry the key (or the operation would not authenticate).
                        let carried = req.url().contains(&zeitkonto_core::http::encode_segment(key))
                            || req.url().contains(&zeitkonto_core::http::encode_segment(WORKSPACE_KEY))
                            || req.body().is_some_and(|b| {
                                let b = String::from_utf8_lossy(b);
                                b.contains(key) || b.contains(WORKSPACE_KEY)
                            });
                        assert!(carried, "{op}: the key is not in the request at all");
                        assert_clean(&format!("{op} Debug"), &format!("{req:?}"), &[key, WORKSPACE_KEY]);
                        assert_clean(&format!("{op} Display"), &format!("{req}"), &[key, WORKSPACE_KEY]);
                        assert_clean(&format!("{op} redacted_url"), req.redacted_url(), &[key, WORKSPACE_KEY]);
                        assert_clean(
                            &format!("{op} redacted_body"),
                            req.redacted_body().unwrap_or(""),
                            &[key, WORKSPACE_KEY],
                        );
                    }
                    Err(err) => {
                        assert_clean(&format!("{op} error Display"), &err.to_string(), &[key, WORKSPACE_KEY]);
                        assert_clean(&format!("{op} error Debug"), &format!("{err:?}"), &[key, WORKSPACE_KEY]);
                    }
                }
            }
        }
        assert!(built >= zeitkonto_core::decl::operations().len(), "only {built} requests built");
    }
}

#[test]
fn server_excerpts_echoing_the_key_are_redacted() {
    let ctx = Context::new(ODD_KEY).with_workspace_key(WORKSPACE_KEY);
    let echo = format!(
        "<html>no route for /api/v2/employees/{} ({ODD_KEY}) ws={WORKSPACE_KEY}</html>",
        zeitkonto_core::http::encode_segment(ODD_KEY)
    );
    for op in OperationId::ALL {
        for status in [200u16, 404, 500] {
            let resp = Response::new(status, vec![], echo.clone());
            let err = parse_response(*op, &resp).expect_err("HTML is never a valid answer");
            let err = ctx.redact_error(err);
            assert_clean(&format!("{op} {status}"), &err.to_string(), &[ODD_KEY, WORKSPACE_KEY]);
            assert_clean(&format!("{op} {status} Debug"), &format!("{err:?}"), &[ODD_KEY, WORKSPACE_KEY]);
            assert!(err.to_string().contains("***"), "{op} {status}: {err}");
        }
    }
}

#[test]
fn api_key_type_never_prints() {
    let k = zeitkonto_core::ApiKey::new(COMPANY_KEY);
    assert_eq!(format!("{k}"), "***");
    assert_eq!(format!("{k:?}"), "ApiKey(***)");
    let e = Error::Transport { detail: ctx_redacted(), may_have_reached_server: false };
    assert_clean("transport", &e.to_string(), &[COMPANY_KEY]);
}

fn ctx_redacted() -> String {
    Context::new(COMPANY_KEY).redact(&format!("connect to https://h/api/v2/employees/{COMPANY_KEY} failed"))
}

#[test]
fn a_value_of_the_wrong_type_is_named_by_its_type_only() {
    // An apiKey read from a config file as a number, a key passed where a year goes: serde quotes
    // the value it refuses, so the reason names the type only.
    #[derive(serde::Deserialize, Debug)]
    #[serde(rename_all = "camelCase")]
    #[allow(dead_code)]
    struct Options {
        api_key: Option<String>,
        year: Option<i32>,
    }
    for (text, field, reason) in [
        (r#"{"apiKey": 482913375521}"#, "apiKey", "invalid type: integer, expected a string"),
        (r#"{"apiKey": true}"#, "apiKey", "invalid type: boolean, expected a string"),
        (r#"{"apiKey": 4.82913375521}"#, "apiKey", "invalid type: floating point, expected a string"),
        (r#"{"year": "SeCrEt-company-9f8e7d, expected x"}"#, "year", "invalid type: string, expected a whole number"),
        (r#"{"apiKey": ["SeCrEt-company-9f8e7d"]}"#, "apiKey", "invalid type: sequence, expected a string"),
    ] {
        match zeitkonto_core::ops::object_from_text::<Options>(text, "options") {
            Err(Error::InvalidInput { field: f, reason: r }) => {
                assert_eq!((f.as_str(), r.as_str()), (field, reason), "{text}")
            }
            other => panic!("{text}: {other:?}"),
        }
    }
}

#[test]
fn an_answer_echoing_the_key_escaped_or_in_latin1_never_puts_it_into_the_data() {
    // Gson escapes `=` as `\u003d`; some writers escape every character; a PHP backend sends
    // ISO-8859-1. The reader reads all of these as the key: the redaction searches the same text.
    let key = "Kx7pQ2mZ9wLr4TnB8vY=";
    let ctx = Context::new(key);
    let req = build_request(OperationId::Employees, &Value::Null, &ctx).expect("built");
    let escaped_all: String = key.chars().map(|c| format!("\\u{:04x}", c as u32)).collect();
    for body in [
        br#"[{"email":"anna@demo.example","givenName":"Kx7pQ2mZ9wLr4TnB8vY\u003d"}]"#.to_vec(),
        format!(r#"[{{"email":"anna@demo.example","givenName":"{escaped_all}","x":"a\"b"}}]"#).into_bytes(),
        [
            &b"[{\"email\":\"anna@demo.example\",\"lastName\":\"M\xfcller\",\"givenName\":\""[..],
            key.as_bytes(),
            b"\"}]",
        ]
        .concat(),
    ] {
        let resp = Response::new(200, vec![], body).for_request(&req);
        let out = parse_response(OperationId::Employees, &resp).expect("an answer");
        let printed = format!("{out:?} {}", serde_json::to_string(&out).expect("json"));
        assert_clean("employees", &printed, &[key]);
        assert!(printed.contains("***") && printed.contains("anna@demo.example"), "{printed}");
    }
}

/// A key given where no secret slot is (the base URL's path, a route's literal text, a
/// department's place) is redacted from the request's printed forms and its span as well.
#[test]
fn a_key_outside_the_secret_slots_is_redacted_from_the_printed_request_and_its_span() {
    use zeitkonto_core::routes::RouteTable;
    use zeitkonto_core::telemetry::{CallSpan, SpanAction};
    let routes = RouteTable::from_overrides([(
        "time_account",
        format!("GET /x/{{api}}/{COMPANY_KEY}/{{employee}}/{{year}}/{{month}}"),
    )])
    .unwrap();
    let ctx = Context::default()
        .with_base_url(&format!("https://hr.example.com/{COMPANY_KEY}"))
        .unwrap()
        .with_routes(routes)
        .with_api_key(COMPANY_KEY);
    let params = serde_json::json!({"employee": "a@b.de", "year": 2026, "month": 3});
    let ops = [
        (OperationId::TimeAccount, params),
        (OperationId::DepartmentMonth, serde_json::json!({"department": COMPANY_KEY, "year": 2026, "month": 3})),
        (OperationId::Employees, serde_json::json!({})),
    ];
    for (op, params) in ops {
        let req = build_request(op, &params, &ctx).unwrap();
        assert!(req.url().contains(COMPANY_KEY), "the key is sent: {}", req.url());
        assert_clean("redacted_url", req.redacted_url(), &[COMPANY_KEY]);
        assert_clean("Display", &req.to_string(), &[COMPANY_KEY]);
        assert_clean("Debug", &format!("{req:?}"), &[COMPANY_KEY]);
        let (_, start) = CallSpan::start(op, &req, &ctx, 0);
        match start {
            SpanAction::Start { name, attributes, .. } => {
                assert_clean("span name", &name, &[COMPANY_KEY]);
                assert_clean("span attributes", &format!("{attributes:?}"), &[COMPANY_KEY]);
            }
            other => panic!("{other:?}"),
        }
    }
}

/// Refusals of a client's settings and of an operation's name quote no key: one given in the
/// wrong place (the base URL, a route, an operation name, a JSON field of the params).
#[test]
fn refusals_of_settings_and_names_quote_no_key() {
    use zeitkonto_core::routes::RouteTable;
    use zeitkonto_core::Target;
    let refused = |e: Error| {
        assert!(matches!(e, Error::InvalidInput { .. }), "{e:?}");
        let printed = format!("{e} {e:?}");
        assert_clean("refusal", &printed, &[COMPANY_KEY]);
        printed
    };
    let target =
        Target { base_url: Some(format!("{COMPANY_KEY}://x")), api_key: Some(COMPANY_KEY.into()), ..Target::default() };
    refused(target.context().unwrap_err());
    // Not known as a key: an operation name is quoted only when it is shaped like one.
    assert!(refused(OperationId::by_name(COMPANY_KEY).unwrap_err()).contains("a text of 21 characters"));
    assert!(refused(OperationId::by_name("time_acount").unwrap_err()).contains("\"time_acount\""));
    refused(RouteTable::from_overrides([(COMPANY_KEY, "GET /x/{api}")]).unwrap_err());
    // A JSON field named like the key, refused: the field's name is redacted with the reason.
    let ctx = Context::default().with_api_key(COMPANY_KEY);
    let params = serde_json::json!({"employee": "a@b.de", "year": 2026, "month": 3, COMPANY_KEY: 1});
    let e = build_request(OperationId::TimeAccount, &params, &ctx).map_err(|e| ctx.redact_error(e)).unwrap_err();
    refused(e);
}

/// The printed request redacts keys as a whole only: a word that shares six letters with a key
/// (`Company` and the sandbox's `demo-company-key`) is the caller's data, not an echo.
#[test]
fn a_printed_request_keeps_words_that_share_letters_with_a_key() {
    let ctx = Context::default().with_api_key("demo-company-key");
    let params = serde_json::json!({"email": "pm@demo.example", "name": "Company party"});
    let req = build_request(OperationId::CreateProject, &params, &ctx).unwrap();
    let shown = req.redacted_body().unwrap_or_default();
    assert!(shown.contains("Company party") && !shown.contains("demo-company-key"), "{shown}");
}

/// A key given as a route's placeholder is not quoted by the refusal.
#[test]
fn a_route_refusal_quotes_no_placeholder() {
    use zeitkonto_core::routes::RouteTable;
    let e = RouteTable::from_overrides([("employees", format!("GET /x/{{api}}/{{{}}}", "SECRETKEY1234567890abcdef"))])
        .unwrap_err();
    assert!(!format!("{e} {e:?}").contains("SECRETKEY"), "{e}");
}

#[test]
fn a_key_the_caller_put_into_the_base_url_or_user_agent_is_not_printed() {
    use zeitkonto_core::context::Target;
    let base = format!("https://proxy.example/{COMPANY_KEY}/w/{WORKSPACE_KEY}");
    let ctx = Context::new(COMPANY_KEY)
        .with_workspace_key(WORKSPACE_KEY)
        .with_base_url(&base)
        .expect("a base URL")
        .with_user_agent(format!("app/{COMPANY_KEY}"));
    assert_eq!(ctx.base_url(), base, "the base URL in use is as given");
    assert_eq!(ctx.shown_base_url(), "https://proxy.example/***/w/***");
    assert_clean("Context Debug", &format!("{ctx:?}"), &[COMPANY_KEY, WORKSPACE_KEY]);
    assert!(format!("{ctx:?}").contains("https://proxy.example/***/w/***"), "{ctx:?}");
    let target = Target {
        base_url: Some(base),
        api_key: Some(COMPANY_KEY.into()),
        workspace_key: Some(WORKSPACE_KEY.into()),
        ..Target::default()
    };
    assert_clean("Target Debug", &format!("{target:?}"), &[COMPANY_KEY, WORKSPACE_KEY]);
}
