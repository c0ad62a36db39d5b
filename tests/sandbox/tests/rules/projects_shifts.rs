//! Projects and shifts.

use super::*;

#[test]
fn projects_tree_removal_search_and_bookings() {
    let sb = sandbox();
    let b = sb.base_url();
    let auth = |extra: Value| {
        let mut v = json!({"email": demo::MANAGER, "api-key": demo::COMPANY_KEY});
        v.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        v.to_string()
    };
    let list = post(b, "/rest/api/project/list", &auth(json!({}))).json();
    assert!(
        list["projects"].as_array().unwrap().iter().all(|p| p["uuid"] != "p-legacy"),
        "removed projects are not listed"
    );
    let created = post(
        b,
        "/rest/api/project/create",
        &auth(json!({"project": {"name": "Website Frontend"}, "parentId": demo::PROJECT_WEBSITE})),
    )
    .json();
    let uuid = created["uuid"].as_str().unwrap().to_string();
    let found = post(b, "/rest/api/project/find", &auth(json!({"name": "Support"}))).json();
    assert_eq!(found["projects"].as_array().unwrap().len(), 2, "equal names give several UUIDs");
    post(b, "/rest/api/project/create", &auth(json!({"project": {"name": "X"}, "parentId": "p-nope"})))
        .assert_code("4");
    let bookings = post(
        b,
        "/rest/api/project/bookings/p-website",
        &auth(json!({"startDate": "2026-11-01", "endDate": "2026-11-20"})),
    )
    .json();
    let projects: std::collections::BTreeSet<&str> =
        bookings["entries"].as_array().unwrap().iter().map(|e| e["project"].as_str().unwrap()).collect();
    assert!(projects.contains(demo::PROJECT_WEBSITE_BACKEND), "sub-project bookings are included: {projects:?}");
    post(b, "/rest/api/project/bookings/p-website", &auth(json!({"startDate": "2026-10-01", "endDate": "2026-11-02"})))
        .assert_code("4");
    post(b, "/rest/api/project/bookings/p-website", &auth(json!({"startDate": "2026-11-02", "endDate": "2026-11-01"})))
        .assert_code("4");
    assert_eq!(post(b, &format!("/rest/api/project/delete/{uuid}"), &auth(json!({}))).json()["code"], 0);
    post(b, &format!("/rest/api/project/delete/{uuid}"), &auth(json!({}))).assert_code("3");
    post(b, "/rest/api/project/delete/p-other", &auth(json!({}))).assert_code("3");
    let anna = json!({"email": demo::ANNA, "api-key": demo::COMPANY_KEY}).to_string();
    post(b, "/rest/api/project/list", &anna).assert_code("8");
    assert_eq!(sb.writes(OperationId::CreateProject), 1);
    assert_eq!(sb.writes(OperationId::DeleteProject), 1);
}

#[test]
fn shifts_overnight_foreign_employees_ignored_and_week_53() {
    let sb = sandbox();
    let b = sb.base_url();
    let week = get(b, "/rest/api/v2/shift/demo-workspace-key/2026/47").json();
    assert!(week["schichten"].as_array().unwrap().iter().any(|s| s["overnight"] == true));
    get(b, "/rest/api/v2/shift/demo-workspace-key/2025/53").assert_code("4");
    assert_eq!(get(b, "/rest/api/v2/shift/demo-workspace-key/2026/53").status, 200);
    let body = json!({"workspace": demo::WORKSPACE_KEY, "startDate": "2026-11-23", "startTime": 1320, "endTime": 360,
                      "employees": [demo::ANNA_UUID, demo::OTHER_EMPLOYEE_UUID, "unknown"]});
    let created = post(b, "/rest/api/v2/shift/create", &body.to_string()).json();
    let id = created["shift_id"].clone();
    let week48 = get(b, "/rest/api/v2/shift/demo-workspace-key/2026/48").json();
    let shift = week48["schichten"].as_array().unwrap().iter().find(|s| s["id"] == id).unwrap().clone();
    assert_eq!(shift["overnight"], true);
    let staff: Vec<&str> =
        shift["mitarbeiter"].as_array().unwrap().iter().map(|m| m["uuid"].as_str().unwrap()).collect();
    assert_eq!(staff, [demo::ANNA_UUID], "unknown or foreign UUIDs are ignored");
    post(
        b,
        "/rest/api/v2/shift/create",
        &json!({"workspace": demo::WORKSPACE_KEY, "startTime": 0, "endTime": 1440}).to_string(),
    )
    .assert_code("4");
}

#[test]
fn shifts_the_spec_bounds_neither_the_amount_nor_the_project() {
    // No invented rules: a large `employeeAmount` and a `projectUuid` that names no project of
    // the company are taken as sent (documented choices, tests/sandbox/README.md).
    let sb = sandbox();
    let b = sb.base_url();
    let body = json!({"workspace": demo::WORKSPACE_KEY, "startDate": "2026-11-23", "startTime": 480, "endTime": 960,
                      "employeeAmount": 5000, "projectUuid": "no-such-project"});
    let created = post(b, "/rest/api/v2/shift/create", &body.to_string());
    assert_eq!(created.status, 200, "{}", created.body);
    let id = created.json()["shift_id"].clone();
    let week48 = get(b, "/rest/api/v2/shift/demo-workspace-key/2026/48").json();
    let shift = week48["schichten"].as_array().unwrap().iter().find(|s| s["id"] == id).unwrap().clone();
    assert_eq!(
        (shift["employeeAmount"].clone(), shift["projectUuid"].clone()),
        (json!(5000), json!("no-such-project"))
    );
    // A value that cannot be an amount is still 403 4.
    let bad = json!({"workspace": demo::WORKSPACE_KEY, "startTime": 480, "endTime": 960, "employeeAmount": "many"});
    post(b, "/rest/api/v2/shift/create", &bad.to_string()).assert_code("4");
}
