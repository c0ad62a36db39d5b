//! Every declared operation through the typed Rust client against the sandbox.

mod common;

use common::*;
use serde_json::json;
use zeitkonto::ops::{
    BookAbsence, Clock, ClockAction, CreateProject, CreateShift, ExtraLeave, TargetActualDays, TimeAccountReport,
};
use zeitkonto::{Date, Error, Month, OperationId};
use zeitkonto_sandbox::demo;

fn d(s: &str) -> Date {
    s.parse().expect("date")
}

#[tokio::test(flavor = "multi_thread")]
async fn employees_all_employees_and_departments() {
    let sb = sandbox();
    let c = client(&sb);
    let active = c.employees().await.unwrap();
    assert!(active.iter().any(|e| e.email.as_deref() == Some(demo::ANNA)));
    assert!(active.iter().all(|e| e.email.as_deref() != Some(demo::FORMER)));
    let anna = active.iter().find(|e| e.email.as_deref() == Some(demo::ANNA)).unwrap();
    assert_eq!(anna.date_of_separation, None);
    assert!(anna.join_date.is_some());
    let all = c.all_employees().await.unwrap();
    assert!(all.iter().any(|e| e.email.as_deref() == Some(demo::FORMER)));
    assert!(all.iter().all(|e| e.email.as_deref() != Some(demo::NO_LOGIN)));
    let deps = c.employee_departments().await.unwrap();
    let anna = deps.iter().find(|d| d.employee == "Schmidt, Anna").unwrap();
    assert_eq!(anna.department.as_deref(), Some("Sales"));
}

#[tokio::test(flavor = "multi_thread")]
async fn presence_overview_and_the_clock_state_machine() {
    let sb = sandbox();
    let c = client(&sb);
    let before = c.overview(Some(demo::ANNA)).await.unwrap();
    assert!(!before.info[0].is_clocked_in());
    c.come(demo::ANNA).await.unwrap();
    let now = c.overview(Some(demo::ANNA)).await.unwrap();
    assert!(now.info[0].is_clocked_in());
    assert_eq!(now.info[0].current_device.as_deref(), Some("API"));
    let presence = c.presence(Some(demo::ANNA), None).await.unwrap();
    assert_eq!(presence.info[0].present, Some(true));
    c.stop(demo::ANNA).await.unwrap();
    c.go(demo::ANNA).await.unwrap();
    assert_eq!(c.go(demo::ANNA).await, Err(Error::Refused), "go when not clocked in");
    let project_come = Clock {
        project: Some(demo::PROJECT_WEBSITE.into()),
        device: Some("Kiosk".into()),
        ..Clock::new(ClockAction::Come, demo::ANNA)
    };
    c.clock(&project_come).await.unwrap();
    assert_eq!(sb.writes(OperationId::Clock), 4);
    let whole = c.presence(None, Some(d("2026-11-20"))).await.unwrap();
    assert!(whole.info.len() >= 35);
    assert!(whole.info.iter().any(|p| p.present == Some(true)));
}

#[tokio::test(flavor = "multi_thread")]
async fn monthly_accounts_use_calendar_months() {
    let sb = sandbox();
    let c = client(&sb);
    let oct = c.time_account(demo::ANNA, 2026, Month::October).await.unwrap();
    assert_eq!(oct.month, Some(Month::October), "sent 0-based, read back as a calendar month");
    assert!(!oct.bookings.is_empty());
    assert!(oct.bookings.iter().all(|b| b.date.map(|d| d.month()) == Some(Month::October)));
    assert_eq!(oct.balance, Some(oct.actual.unwrap() - oct.target.unwrap()));
    let report = c
        .time_account_report(&TimeAccountReport {
            email: demo::ANNA.into(),
            year: Some(2026),
            month: Some(Month::October),
            project: true,
        })
        .await
        .unwrap();
    assert_eq!(report.target, oct.target, "both variants compute the same month");
    // The v2 list also has one dummy entry per day without a booking (the spec's `isDummy`).
    let real = oct.bookings.iter().filter(|b| b.is_dummy != Some(serde_json::Value::Bool(true))).count();
    assert!(oct.bookings.len() > real, "days without bookings have dummy entries");
    assert_eq!(report.bookings.len(), real);
    let future = c
        .time_account_report(&TimeAccountReport {
            email: demo::ANNA.into(),
            year: Some(2026),
            month: Some(Month::December),
            project: false,
        })
        .await;
    assert_eq!(future.unwrap_err(), Error::Api { status: 403, code: 4 }, "a future month is code 4");
    let range = c
        .target_actual_days(&TargetActualDays {
            email: Some(demo::ANNA.into()),
            start: Some(d("2026-11-16")),
            end: Some(d("2026-11-30")),
        })
        .await
        .unwrap();
    assert_eq!(range.info.len(), 6, "end is capped at today");
}

#[tokio::test(flavor = "multi_thread")]
async fn department_accounts_and_summaries() {
    let sb = sandbox();
    let c = client(&sb);
    let accounts = c.department_accounts(demo::DEPARTMENT_KEY).await.unwrap();
    assert!(accounts.contains_key(demo::ANNA));
    let one = c.department_month(demo::SALES_ID, 2026, Month::October).await.unwrap();
    assert_eq!((one.name.as_deref(), one.month), (Some("Sales"), Some(Month::October)));
    let each = c.department_month_employees(demo::SALES_EXTERNAL, 2026, Month::October).await.unwrap();
    assert!(each.len() >= 10);
    assert!(each.iter().all(|e| e.month == Some(Month::October)));
    let sum: f64 = each.iter().filter_map(|e| e.target).sum();
    assert_eq!(Some(sum), one.target);
    assert!(c.department_month_employees(demo::SALES_EXTERNAL, 2027, Month::January).await.unwrap().is_empty());
}

#[tokio::test(flavor = "multi_thread")]
async fn leave_extra_absence_records_overview_types() {
    let sb = sandbox();
    let c = client(&sb);
    c.extra_leave(&ExtraLeave {
        account: demo::ANNA.into(),
        days: 2.0,
        year: Some(2026),
        comment: Some("overtime".into()),
    })
    .await
    .unwrap();
    let refused =
        c.extra_leave(&ExtraLeave { account: demo::OTHER_EMPLOYEE.into(), days: 1.0, year: None, comment: None }).await;
    assert_eq!(refused, Err(Error::Refused), "employee of another company");
    let absence = BookAbsence {
        reason_uuid: demo::VACATION.into(),
        employee_uuid: demo::ANNA_UUID.into(),
        replacement_uuid: None,
        half_day: true,
        start_day: Some(d("2026-12-21")),
        end_day: Some(d("2026-12-21")),
        planned: true,
        comment: None,
    };
    c.book_absence(&absence).await.unwrap();
    let needs_sub = BookAbsence { reason_uuid: demo::SPECIAL_LEAVE.into(), half_day: false, ..absence.clone() };
    assert_eq!(c.book_absence(&needs_sub).await, Err(Error::Api { status: 403, code: 4 }));
    let dec = c.leave_month(2026, Month::December).await.unwrap();
    assert!(dec.iter().any(|l| l["employee"] == demo::ANNA_UUID && l["halfDay"] == true && l["start"] == "2026-12-21"));
    let year = c.leave_year(2026).await.unwrap();
    assert_eq!(year.legend[demo::VACATION]["en"], "Vacation");
    let anna = year.employees.iter().find(|e| e["email"] == demo::ANNA).unwrap();
    assert_eq!(anna["extra"], 2.0);
    let types = c.leave_types(demo::ANNA).await.unwrap();
    assert!(types.leave_types.iter().any(|t| t["uuid"] == demo::VACATION));
    assert_eq!(sb.writes(OperationId::ExtraLeave) + sb.writes(OperationId::BookAbsence), 2);
}

#[tokio::test(flavor = "multi_thread")]
async fn projects_lifecycle() {
    let sb = sandbox();
    let c = client(&sb);
    let list = c.projects(demo::MANAGER).await.unwrap();
    assert!(list.projects.iter().any(|p| p["uuid"] == demo::PROJECT_WEBSITE));
    let created = c
        .create_project(&CreateProject {
            email: demo::MANAGER.into(),
            name: "Launch".into(),
            parent_id: Some(demo::PROJECT_WEBSITE.into()),
            extra: None,
        })
        .await
        .unwrap();
    let uuid = created.uuid.unwrap();
    let found = c.find_projects(demo::MANAGER, "Launch").await.unwrap();
    assert_eq!(found.projects, std::slice::from_ref(&uuid));
    let bookings =
        c.project_bookings(demo::MANAGER, demo::PROJECT_WEBSITE, d("2026-11-01"), d("2026-11-20")).await.unwrap();
    assert!(!bookings.entries.is_empty());
    c.delete_project(demo::MANAGER, &uuid).await.unwrap();
    assert_eq!(c.delete_project(demo::MANAGER, &uuid).await, Err(Error::Api { status: 403, code: 3 }), "unknown UUID");
    assert_eq!(
        c.delete_project(demo::MANAGER, demo::PROJECT_OTHER_COMPANY).await,
        Err(Error::Api { status: 403, code: 3 })
    );
    assert_eq!(c.projects(demo::ANNA).await, Err(Error::Api { status: 403, code: 8 }), "not a project manager");
}

#[tokio::test(flavor = "multi_thread")]
async fn shifts_read_and_create() {
    let sb = sandbox();
    let c = client(&sb);
    let week = c.shifts(2026, 47).await.unwrap();
    assert_eq!((week.year, week.week, week.workspace_name.as_deref()), (Some(2026), Some(47), Some("Front desk")));
    let created = c
        .create_shift(&CreateShift {
            start_date: Some(d("2026-11-24")),
            start_time: "22:00".parse().expect("a clock time"),
            end_time: "06:00".parse().expect("a clock time"),
            employee_amount: Some(1),
            comment: Some("night".into()),
            project_uuid: None,
            employees: vec![demo::ANNA_UUID.into(), demo::OTHER_EMPLOYEE_UUID.into()],
        })
        .await
        .unwrap();
    assert_eq!(created.success, Some(true));
    let next = c.shifts(2026, 48).await.unwrap();
    let shift = next.shifts.iter().find(|s| s["id"] == json!(created.shift_id)).unwrap();
    assert_eq!(shift["mitarbeiter"].as_array().unwrap().len(), 1, "the foreign employee is ignored");
    assert!(matches!(c.shifts(2025, 53).await, Err(Error::InvalidInput { .. })), "2025 has no week 53");
}

#[tokio::test(flavor = "multi_thread")]
async fn call_json_runs_any_operation_by_name() {
    let sb = sandbox();
    let c = client(&sb);
    let v = c
        .call_json(OperationId::TimeAccount, &json!({"employee": demo::ANNA, "year": 2026, "month": 10}))
        .await
        .unwrap();
    assert_eq!(v["month"], 10);
    assert_eq!(v["employee"], demo::ANNA_UUID);
    let err = c.call_json(OperationId::Shifts, &json!({"year": 2026, "week": 54})).await.unwrap_err();
    assert!(matches!(err, Error::InvalidInput { ref field, .. } if field == "week"));
}

#[tokio::test(flavor = "multi_thread")]
async fn route_overrides_reach_a_sandbox_with_the_same_table() {
    let mut cfg = zeitkonto_sandbox::SandboxConfig { today: Some(today()), ..Default::default() };
    cfg.routes.set_by_name("clock", "PUT /custom/{api}/{employee}/{action}").unwrap();
    let sb = zeitkonto_sandbox::Sandbox::start(cfg).unwrap();
    let c = builder(&sb).route(OperationId::Clock, "PUT /custom/{api}/{employee}/{action}").build().unwrap();
    c.come(demo::ANNA).await.unwrap();
    assert_eq!(sb.writes(OperationId::Clock), 1);
    let bad = builder(&sb).route(OperationId::Clock, "PUT custom").build();
    assert!(matches!(bad, Err(Error::InvalidInput { .. })));
}

#[test]
fn a_ca_file_that_holds_no_usable_certificate_is_invalid_input_naming_the_setting() {
    // No PEM block at all, and a PEM block whose content is no certificate (read as PEM, refused
    // only when the HTTP client is built: it was a Transport error).
    for pem in ["hello", "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n"] {
        match zeitkonto::Client::builder()
            .api_key("k-123456789")
            .base_url("https://x.example")
            .ca_certificates_pem(pem)
            .build()
        {
            Err(Error::InvalidInput { field, .. }) => assert_eq!(field, "caCertificates", "{pem}"),
            other => panic!("{pem:?}: {:?}", other.map(|_| "a client")),
        }
    }
}
