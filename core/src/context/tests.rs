//! The context's unit tests.

use super::*;

#[test]
fn a_bad_key_is_refused_when_the_target_becomes_a_context() {
    for (api, workspace, field) in [
        (Some(""), None, "apiKey"),
        (Some("company-key-7f3a\n"), None, "apiKey"),
        (Some(" company-key-7f3a"), None, "apiKey"),
        (Some("company-key-7f3a"), Some("ws\tkey"), "workspaceKey"),
    ] {
        let target =
            Target { api_key: api.map(ApiKey::from), workspace_key: workspace.map(ApiKey::from), ..Target::default() };
        match target.context() {
            Err(Error::InvalidInput { field: f, reason }) => {
                assert_eq!(f, field);
                assert!(!reason.contains("company-key-7f3a") && !reason.contains("ws"), "{reason}");
            }
            Err(other) => panic!("{api:?}: {other:?}"),
            Ok(_) => panic!("{api:?} {workspace:?}: taken"),
        }
    }
    let fine = Target { api_key: Some("company-key-7f3a".into()), ..Target::default() };
    assert!(fine.context().is_ok());
    assert!(Target::default().context().is_ok(), "no key is fine until an operation needs one");
}

#[test]
fn a_target_is_its_context_and_keeps_its_keys_out_of_debug() {
    let routes = RouteTable::from_overrides([("employees", "GET /v3/employees/{api}")]).unwrap();
    let target = Target {
        base_url: Some("http://backend.example/zeitkonto/".into()),
        same_origin: true,
        api_key: Some("company-secret".into()),
        workspace_key: Some("workspace-secret".into()),
        routes,
    };
    assert!(!format!("{target:?}").contains("secret"), "{target:?}");
    let ctx = target.clone().context().unwrap();
    assert_eq!(ctx.base_url(), "http://backend.example/zeitkonto");
    assert_eq!(ctx.api_key().unwrap().expose(), "company-secret");
    assert_eq!(ctx.routes().get(OperationId::Employees).to_string(), "GET /v3/employees/{api}");
    // Plain http to another host only for the caller's own origin.
    let foreign = Target { same_origin: false, ..target };
    assert!(matches!(foreign.context(), Err(Error::InvalidInput { field, .. }) if field == "baseUrl"));
    assert_eq!(Target::default().context().unwrap().base_url(), DEFAULT_BASE_URL);
}

#[test]
fn path_and_query_with_prefix() {
    let ctx = Context::new("k").with_base_url("https://h.example/proxy/").unwrap();
    let r = ctx.request(OperationId::Employees).api_key().unwrap().build().unwrap();
    assert_eq!(r.url(), "https://h.example/proxy/api/v2/employees/k");
    assert_eq!(r.path_and_query(), "/proxy/api/v2/employees/k");
    assert_eq!(r.redacted_url(), "https://h.example/proxy/api/v2/employees/***");
}

/// The keys' forms are made when a key is set: a replaced key is no longer one, the new one
/// is, in every form, and the request knows the keys and its own secrets.
#[test]
fn key_forms_follow_the_keys() {
    let ctx = Context::new("old/key-123").with_workspace_key("ws key 456").with_api_key("new/key-789");
    let text = "old/key-123 new/key-789 new%2Fkey-789 new%2fkey-789 new\\/key-789 ws%20key%20456";
    assert_eq!(ctx.redact(text), "old/key-123 *** *** *** *** ***");
    let r = ctx
        .request(OperationId::Employees)
        .secret_path("api", "department-key-0")
        .body(Map::from_iter([("apiKey".to_string(), Value::from("body-secret-1"))]))
        .secret_body_field("apiKey")
        .build()
        .unwrap();
    let e = r.redact_error(Error::invalid("x", "new/key-789 department-key-0 body-secret-1 ws key 456"));
    assert_eq!(e.to_string(), "invalid input `x`: *** *** *** ***");
    assert_eq!(r.redacted_body(), Some(r#"{"apiKey":"***"}"#));
    // Without a secret field the body is shown as sent.
    let plain = ctx
        .request(OperationId::Presence)
        .api_key()
        .unwrap()
        .body(Map::from_iter([("email".to_string(), Value::from("a@b.c"))]))
        .build()
        .unwrap();
    assert_eq!(plain.redacted_body(), Some(r#"{"email":"a@b.c"}"#));
    assert_eq!(plain.body(), Some(&br#"{"email":"a@b.c"}"#[..]));
}
