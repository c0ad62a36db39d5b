//! Leave: extra leave, absences, the leave month and year.

use super::*;

#[test]
fn case_rule_extra_leave_is_recorded_or_answers_false() {
    let sb = sandbox();
    let path = "/rest/api/v2/leave/account/demo-company-key";
    let send = |body: Value| post(sb.base_url(), path, &body.to_string()).body;
    assert_eq!(
        send(json!({"account": demo::ANNA, "action": "extraleave", "value": 1.5, "comment": "overtime"})),
        "true"
    );
    assert_eq!(
        send(json!({"account": "nobody@demo.example", "action": "extraleave", "value": 1})),
        "false",
        "unknown account"
    );
    assert_eq!(
        send(json!({"account": demo::OTHER_EMPLOYEE, "action": "extraleave", "value": 1})),
        "false",
        "foreign employee"
    );
    assert_eq!(send(json!({"account": demo::ANNA, "value": 1})), "false", "action missing");
    assert_eq!(send(json!({"account": demo::ANNA, "action": "payout", "value": 1})), "false", "unknown action");
    let nomod = post(
        sb.base_url(),
        "/rest/api/v2/leave/account/nomodules-company-key",
        &json!({"account": demo::NOMODULES_EMPLOYEE, "action": "extraleave", "value": 1}).to_string(),
    );
    assert_eq!(nomod.body, "false", "missing leave module");
    assert_eq!(post(sb.base_url(), "/rest/api/v2/leave/account/bad-key", "{}").body, "false", "invalid company key");
    assert_eq!(sb.writes(OperationId::ExtraLeave), 1);
    let year = get(sb.base_url(), "/rest/api/v2/leave/year/demo-company-key/2026").json();
    let anna = year["list"].as_array().unwrap().iter().find(|e| e["email"] == demo::ANNA).unwrap().clone();
    assert_eq!(anna["extra"], 1.5, "recorded in the leave history");
}

#[test]
fn absences_half_and_full_day_and_required_substitute() {
    let sb = sandbox();
    let path = "/rest/api/v2/absence/demo-company-key";
    let ok = post(sb.base_url(), path, &json!({"abscenceReasonUuid": demo::VACATION, "employeeUuid": demo::ANNA_UUID, "duration": 0, "startDay": "2026-12-14", "endDay": "2026-12-14"}).to_string());
    assert_eq!(ok.json(), json!("success"));
    post(
        sb.base_url(),
        path,
        &json!({"abscenceReasonUuid": demo::SPECIAL_LEAVE, "employeeUuid": demo::ANNA_UUID}).to_string(),
    )
    .assert_code("4");
    let with_sub = post(sb.base_url(), path, &json!({"abscenceReasonUuid": demo::SPECIAL_LEAVE, "employeeUuid": demo::ANNA_UUID, "replacementUuid": demo::SUPERVISOR_UUID, "startDay": "2026-12-15", "endDay": "2026-12-16"}).to_string());
    assert_eq!(with_sub.status, 200);
    post(sb.base_url(), path, &json!({"abscenceReasonUuid": demo::VACATION, "employeeUuid": "nobody"}).to_string())
        .assert_code("1");
    let dec = get(sb.base_url(), "/rest/api/v2/leave/month/demo-company-key/2026/11").json();
    let mine: Vec<&Value> = dec
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l["employee"] == demo::ANNA_UUID && l["start"].as_str().unwrap() >= "2026-12-14")
        .collect();
    assert_eq!(mine.len(), 2);
    assert!(mine.iter().any(|l| l["halfDay"] == true));
    assert_eq!(sb.writes(OperationId::BookAbsence), 2);
}

#[test]
fn leave_records_overlap_the_month_and_year_overview_has_legende() {
    let sb = sandbox();
    let nov = get(sb.base_url(), "/rest/api/v2/leave/month/demo-company-key/2026/10").json();
    for l in nov.as_array().unwrap() {
        assert!(l["start"].as_str().unwrap() <= "2026-11-30" && l["end"].as_str().unwrap() >= "2026-11-01", "{l}");
    }
    let year = get(sb.base_url(), "/rest/api/v2/leave/year/demo-company-key/2026").json();
    assert_eq!(year["legende"][demo::VACATION]["de"], "Urlaub");
    assert!(year["list"].as_array().unwrap().len() >= 35);
}

#[test]
fn extra_leave_defaults_to_the_leave_year() {
    let sb = sandbox();
    let path = "/rest/api/v2/leave/account/demo-company-key";
    let pay = |value: f64, year: Option<i32>| {
        let mut body = json!({"account": demo::ANNA, "action": "extraleave", "value": value});
        if let Some(y) = year {
            body["year"] = json!(y);
        }
        post(sb.base_url(), path, &body.to_string()).body
    };
    let extra = |year: i32| {
        let y = get(sb.base_url(), &format!("/rest/api/v2/leave/year/demo-company-key/{year}")).json();
        y["list"].as_array().unwrap().iter().find(|e| e["email"] == demo::ANNA).unwrap()["extra"].as_f64().unwrap()
    };
    let recorded = || sb.world().data.leave_history.iter().map(|h| (h.year, h.days)).collect::<Vec<_>>();
    // The demo company's leave year is the calendar year.
    assert_eq!(pay(1.5, None), "true");
    assert_eq!(recorded(), [(2026, 1.5)]);
    // A leave year that starts in December: on 2026-11-21 the current one is Dec 2025 - Nov 2026.
    sb.world().data.companies.iter_mut().find(|c| c.key == demo::COMPANY_KEY).unwrap().leave_year_start = 12;
    assert_eq!(pay(2.0, None), "true");
    assert_eq!(pay(0.5, Some(2030)), "true", "an explicit year is kept");
    assert_eq!(recorded(), [(2026, 1.5), (2025, 2.0), (2030, 0.5)]);
    assert_eq!((extra(2025), extra(2026)), (2.0, 1.5), "the overview is by leave year too");
}
