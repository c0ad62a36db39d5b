//! Authentication (keys in paths and bodies), the error table, CORS and route overrides.

use super::*;

#[test]
fn authentication_company_key_in_path() {
    let sb = sandbox();
    let r = get(sb.base_url(), "/api/v2/employees/demo-company-key");
    assert_eq!(r.status, 200);
    let list = r.json();
    let emails: Vec<&str> = list.as_array().unwrap().iter().map(|e| e["email"].as_str().unwrap()).collect();
    assert!(emails.contains(&demo::ANNA));
    assert!(!emails.contains(&demo::FORMER), "only active employees are listed");
    assert_eq!(list[0]["dateOfSeparation"], "", "a missing value is an empty string");
}

#[test]
fn errors_invalid_key_is_403_text_plain_code_3() {
    let sb = sandbox();
    get(sb.base_url(), "/api/v2/employees/no-such-key").assert_code("3");
}

#[test]
fn errors_inactive_company_is_403_code_2() {
    let sb = sandbox();
    get(sb.base_url(), "/api/v2/employees/inactive-company-key").assert_code("2");
}

#[test]
fn errors_employee_key_on_a_company_endpoint_is_403_with_empty_body() {
    let sb = sandbox();
    let r = get(sb.base_url(), "/api/v2/employees/demo-employee-key");
    assert_eq!((r.status, r.body.as_str()), (403, ""));
}

#[test]
fn errors_missing_module_is_403_code_8() {
    let sb = sandbox();
    post(sb.base_url(), "/rest/api/time/presence/nomodules-company-key", "{}").assert_code("8");
    let body = json!({"email": demo::NOMODULES_EMPLOYEE, "api-key": demo::NOMODULES_COMPANY_KEY}).to_string();
    post(sb.base_url(), "/rest/api/leave/types", &body).assert_code("8");
}

#[test]
fn authentication_key_in_body_for_leave_types() {
    let sb = sandbox();
    let ok = post(
        sb.base_url(),
        "/rest/api/leave/types",
        &json!({"email": demo::ANNA, "api-key": demo::COMPANY_KEY}).to_string(),
    );
    assert_eq!(ok.status, 200);
    assert_eq!(ok.json()["code"], 0);
    assert!(ok.json()["list"].as_array().unwrap().iter().any(|t| t["uuid"] == demo::VACATION));
    post(sb.base_url(), "/rest/api/leave/types", &json!({"email": demo::ANNA, "api-key": "bad"}).to_string())
        .assert_code("3");
    post(
        sb.base_url(),
        "/rest/api/leave/types",
        &json!({"email": "nobody@demo.example", "api-key": demo::COMPANY_KEY}).to_string(),
    )
    .assert_code("1");
}

#[test]
fn authentication_workspace_key_in_path_for_shifts_and_in_body_for_create() {
    let sb = sandbox();
    let week = get(sb.base_url(), "/rest/api/v2/shift/demo-workspace-key/2026/47").json();
    assert_eq!(
        (week["jahr"].clone(), week["kw"].clone(), week["arbeitsbereich"].clone()),
        (json!(2026), json!(47), json!("Front desk"))
    );
    assert!(week["schichten"].as_array().unwrap().len() >= 10);
    get(sb.base_url(), "/rest/api/v2/shift/demo-company-key/2026/47").assert_code("3");
    let created = post(
        sb.base_url(),
        "/rest/api/v2/shift/create",
        &json!({"workspace": demo::WORKSPACE_KEY, "startTime": 480, "endTime": 960}).to_string(),
    );
    assert_eq!(created.json()["success"], true);
    post(
        sb.base_url(),
        "/rest/api/v2/shift/create",
        &json!({"workspace": demo::COMPANY_KEY, "startTime": 480, "endTime": 960}).to_string(),
    )
    .assert_code("3");
}

#[test]
fn cors_preflight_and_allow_origin() {
    let sb = sandbox();
    let pre = http_with(
        sb.base_url(),
        "OPTIONS",
        "/rest/api/time/presence/demo-company-key",
        None,
        &[
            ("Origin", "http://localhost:5173"),
            ("Access-Control-Request-Method", "POST"),
            ("Access-Control-Request-Headers", "content-type"),
        ],
    );
    assert!(pre.status == 200 || pre.status == 204);
    assert_eq!(pre.header("access-control-allow-origin"), Some("*"));
    assert!(pre.header("access-control-allow-headers").unwrap().contains("content-type"));
    let r = http_with(
        sb.base_url(),
        "GET",
        "/api/v2/employees/demo-company-key",
        None,
        &[("Origin", "http://localhost:5173")],
    );
    assert_eq!(r.header("access-control-allow-origin"), Some("*"));
}

#[test]
fn routes_overrides_are_served_like_the_client_uses_them() {
    let mut cfg = SandboxConfig { today: Some(today()), ..Default::default() };
    cfg.routes.set_by_name("clock", "PUT /custom/{api}/{employee}/{action}").unwrap();
    let sb = start(cfg);
    assert_eq!(http(sb.base_url(), "PUT", &format!("/custom/demo-company-key/{ANNA}/come"), Some("{}")).body, "true");
    assert_eq!(post(sb.base_url(), &format!("/rest/api/v2/time/come/demo-company-key/{ANNA}"), "{}").status, 404);
}

#[test]
fn authentication_company_wide_endpoints_take_the_company_key_only() {
    // The spec: `{api}` is "a company key for company-wide endpoints, or an employee key where an
    // endpoint says so". Presence, the range target/actual and the body-based account say nothing
    // of employee keys: an employee key there is refused (empty 403), never answered for the
    // whole company. The overview (scoped to the key owner) and the v2 account of one employee
    // still take one.
    let sb = sandbox();
    let b = sb.base_url();
    let anna = json!({"email": demo::ANNA}).to_string();
    for path in ["/rest/api/time/presence/demo-employee-key", "/rest/api/time/days/demo-employee-key"] {
        let r = post(b, path, "{}");
        assert_eq!((r.status, r.body.as_str()), (403, ""), "{path}");
    }
    let r = post(b, "/rest/api/time/account/demo-employee-key", &anna);
    assert_eq!((r.status, r.body.as_str()), (403, ""));
    assert_eq!(post(b, "/rest/api/time/overview/demo-employee-key", "{}").status, 200);
    assert_eq!(post(b, "/rest/api/time/presence/demo-company-key", "{}").status, 200);
}
