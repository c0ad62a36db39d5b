//! Working time: presence, overview, the clock, monthly accounts, department summaries, ranges and holidays.

use super::*;

#[test]
fn case_rule_presence_malformed_day_is_403_code_4() {
    let sb = sandbox();
    post(sb.base_url(), "/rest/api/time/presence/demo-company-key", r#"{"day": "2026-13-01"}"#).assert_code("4");
    post(sb.base_url(), "/rest/api/time/presence/demo-company-key", r#"{"day": "21.11.2026"}"#).assert_code("4");
}

#[test]
fn presence_lists_absence_reasons_of_absent_employees() {
    let sb = sandbox();
    let (uuid, day) = {
        let w = sb.world();
        let l = w.data.leave.iter().find(|l| l.leave_type == demo::VACATION && l.end < today()).unwrap().clone();
        let e = w.data.employees.iter().find(|e| e.uuid == l.employee).unwrap();
        (e.email.clone(), l.start)
    };
    let r = post(
        sb.base_url(),
        "/rest/api/time/presence/demo-company-key",
        &json!({"email": uuid, "day": day.to_string()}).to_string(),
    );
    let entry = &r.json()["info"][0];
    assert_eq!(entry["present"], false);
    assert_eq!(entry["list"]["reason"], "leave");
    assert_eq!(entry["list"]["type"], "Vacation");
    let all = post(sb.base_url(), "/rest/api/time/presence/demo-company-key", "{}").json();
    assert!(all["info"].as_array().unwrap().len() >= 35, "without email: every time-tracked employee");
}

#[test]
fn states_clock_come_go_stop() {
    let sb = sandbox();
    let b = sb.base_url();
    let clock = |action: &str| post(b, &format!("/rest/api/v2/time/{action}/demo-company-key/{ANNA}"), "{}").body;
    let status = || {
        post(b, "/rest/api/time/overview/demo-company-key", &json!({"email": demo::ANNA}).to_string()).json()["info"][0]
            ["status"]
            .clone()
    };
    assert_eq!(status(), "red");
    assert_eq!(clock("go"), "false", "go when not clocked in");
    assert_eq!(clock("stop"), "false", "stop when not clocked in");
    assert_eq!(clock("come"), "true");
    assert_eq!(status(), "green");
    assert_eq!(clock("come"), "false", "come when already clocked in");
    assert_eq!(clock("stop"), "true");
    assert_eq!(status(), "green", "stop starts a new booking right after");
    assert_eq!(clock("go"), "true");
    assert_eq!(status(), "red");
    assert_eq!(sb.writes(OperationId::Clock), 3);
    let running =
        sb.world().data.bookings.iter().filter(|bk| bk.employee == demo::ANNA_UUID && bk.end.is_none()).count();
    assert_eq!(running, 0);
}

#[test]
fn case_rule_clock_failures_answer_false() {
    let sb = sandbox();
    let b = sb.base_url();
    assert_eq!(post(b, &format!("/rest/api/v2/time/come/bad-key/{ANNA}"), "{}").body, "false", "invalid company key");
    assert_eq!(
        post(b, "/rest/api/v2/time/come/demo-company-key/nobody%40x.de", "{}").body,
        "false",
        "unresolvable employee"
    );
    let nomod = "/rest/api/v2/time/come/nomodules-company-key/noah.nomod%40nomodules.example";
    assert_eq!(post(b, nomod, "{}").body, "false", "plain come without time tracking");
    sb.world().data.companies[0].modules.projects = false;
    assert_eq!(
        post(b, &format!("/rest/api/v2/time/come/demo-company-key/{ANNA}"), r#"{"project": "p-website"}"#).body,
        "false"
    );
    sb.world().data.companies[0].modules.projects = true;
    assert_eq!(
        post(b, &format!("/rest/api/v2/time/come/demo-company-key/{ANNA}"), r#"{"project": "p-website"}"#).body,
        "true"
    );
    assert_eq!(sb.writes(OperationId::Clock), 1);
}

#[test]
fn overview_detail_fields_only_for_key_owner_or_supervisor() {
    let sb = sandbox();
    let b = sb.base_url();
    post(b, &format!("/rest/api/v2/time/come/demo-company-key/{ANNA}"), r#"{"device": "Kiosk"}"#);
    let own = post(b, "/rest/api/time/overview/demo-employee-key", "{}").json();
    assert_eq!(own["info"].as_array().unwrap().len(), 1, "a plain employee sees only themself");
    assert_eq!(own["info"][0]["currentDevice"], "Kiosk");
    let boss = post(b, "/rest/api/time/overview/demo-supervisor-key", &json!({"email": demo::ANNA}).to_string()).json();
    assert_eq!(boss["info"][0]["currentDevice"], "Kiosk", "the supervisor sees the details");
    sb.world().data.bookings.push(zeitkonto_sandbox::seed::Booking {
        id: 1,
        employee: demo::SUPERVISOR_UUID.into(),
        start: zeitkonto_sandbox::seed::day_start_ms(today()) + 8 * 3_600_000,
        end: None,
        pause: 0,
        project: None,
        service: None,
        device: "Phone".into(),
        comment: String::new(),
    });
    let up =
        post(b, "/rest/api/time/overview/demo-employee-key", &json!({"email": demo::SUPERVISOR}).to_string()).json();
    assert_eq!(up["info"][0]["status"], "green");
    assert_eq!(up["info"][0]["currentDevice"], Value::Null, "not for the supervisor's own details");
}

#[test]
fn versioning_v2_account_month_is_0_based() {
    let sb = sandbox();
    let acc = get(sb.base_url(), &format!("/rest/api/v2/time/account/demo-company-key/{ANNA}/2026/9")).json();
    assert_eq!(acc["month"], 9);
    let list = acc["list"].as_array().unwrap();
    assert!(!list.is_empty());
    assert!(list.iter().all(|e| e["date"].as_str().unwrap().starts_with("2026-10-")), "9 = October");
    get(sb.base_url(), &format!("/rest/api/v2/time/account/demo-company-key/{ANNA}/2026/12")).assert_code("4");
    get(sb.base_url(), "/rest/api/v2/time/account/demo-company-key/nobody%40demo.example/2026/1").assert_code("1");
}

#[test]
fn accounts_balance_and_carry_over_add_up() {
    let sb = sandbox();
    let acc = |m: u8| get(sb.base_url(), &format!("/rest/api/v2/time/account/demo-company-key/{ANNA}/2026/{m}")).json();
    let (oct, nov) = (acc(9), acc(10));
    let n = |v: &Value| v.as_i64().unwrap();
    assert_eq!(n(&oct["saldo"]), n(&oct["ist"]) - n(&oct["soll"]));
    assert_eq!(
        n(&nov["lastMonth"]),
        n(&oct["lastMonth"]) + n(&oct["saldo"]),
        "carry-over = previous carry-over + balance"
    );
    let day_sum: i64 = oct["list"].as_array().unwrap().iter().map(|e| n(&e["ist"])).sum();
    assert_eq!(day_sum, n(&oct["ist"]));
}

#[test]
fn case_rule_body_account_month_is_1_based_and_future_month_is_403_4() {
    let sb = sandbox();
    let path = "/rest/api/time/account/demo-company-key";
    let oct =
        post(sb.base_url(), path, &json!({"email": demo::ANNA, "year": "2026", "month": "10"}).to_string()).json();
    let first = oct["list"][0]["start"].as_i64().unwrap();
    assert_eq!(zeitkonto_core::Date::from_epoch_millis(first).unwrap().month().number(), 10, "10 = October");
    let as_ints =
        post(sb.base_url(), path, &json!({"email": demo::ANNA, "year": 2026, "month": 10}).to_string()).json();
    assert_eq!(as_ints["account_soll"], oct["account_soll"], "integer or numeric string");
    post(sb.base_url(), path, &json!({"email": demo::ANNA, "year": "2026", "month": "12"}).to_string())
        .assert_code("4");
    post(sb.base_url(), path, &json!({"email": demo::ANNA, "year": "2026", "month": "13"}).to_string())
        .assert_code("4");
}

#[test]
fn body_account_current_month_is_recalculated_on_each_call() {
    let sb = sandbox();
    let path = "/rest/api/time/account/demo-company-key";
    let ist =
        || post(sb.base_url(), path, &json!({"email": demo::ANNA}).to_string()).json()["account_ist"].as_i64().unwrap();
    let before = ist();
    let start = zeitkonto_sandbox::seed::day_start_ms(today()) + 6 * 3_600_000;
    sb.world().data.bookings.push(zeitkonto_sandbox::seed::Booking {
        id: 99,
        employee: demo::ANNA_UUID.into(),
        start,
        end: Some(start + 90 * 60_000),
        pause: 0,
        project: None,
        service: None,
        device: "API".into(),
        comment: String::new(),
    });
    assert_eq!(ist(), before + 90);
}

#[test]
fn limits_range_end_is_capped_at_today() {
    let sb = sandbox();
    let r = post(
        sb.base_url(),
        "/rest/api/time/days/demo-company-key",
        &json!({"email": demo::ANNA, "start": "2026-11-19", "end": "2026-11-30"}).to_string(),
    );
    let dates: Vec<String> =
        r.json()["info"].as_array().unwrap().iter().map(|e| e["date"].as_str().unwrap().to_string()).collect();
    assert_eq!(dates, ["2026-11-19", "2026-11-20", "2026-11-21"]);
    post(sb.base_url(), "/rest/api/time/days/demo-company-key", r#"{"start": "2026-11-1"}"#).assert_code("4");
}

#[test]
fn department_accounts_are_keyed_by_login_email() {
    let sb = sandbox();
    let sales = get(sb.base_url(), "/rest/api/v2/time/department/demo-company-key/demo-department-key").json();
    assert!(sales.get(demo::ANNA).is_some());
    let ops = get(sb.base_url(), "/rest/api/v2/time/department/demo-company-key/ops-department-key").json();
    assert!(ops.get(demo::NO_LOGIN).is_none(), "employees without a login account are omitted");
    assert!(!ops.as_object().unwrap().is_empty());
}

#[test]
fn department_summaries_one_object_and_one_per_employee() {
    let sb = sandbox();
    let one = get(sb.base_url(), "/rest/api/v2/time/month/content/demo-company-key/1/2026/9").json();
    assert_eq!((one["name"].clone(), one["month"].clone()), (json!("Sales"), json!(9)));
    let each = get(sb.base_url(), "/rest/api/v2/time/month/employees/demo-company-key/SALES/2026/9").json();
    let each = each.as_array().unwrap();
    assert!(each.iter().any(|e| e["name"] == "Anna Schmidt"));
    let total: i64 = each.iter().map(|e| e["soll"].as_i64().unwrap()).sum();
    assert_eq!(json!(total), one["soll"]);
    let future = get(sb.base_url(), "/rest/api/v2/time/month/employees/demo-company-key/SALES/2027/0").json();
    assert_eq!(future, json!([]), "a future month gives an empty array");
}

#[test]
fn clock_or_extra_leave_body_not_json_answers_false() {
    let sb = sandbox();
    let b = sb.base_url();
    let come = format!("/rest/api/v2/time/come/demo-company-key/{ANNA}");
    let leave = "/rest/api/v2/leave/account/demo-company-key";
    for body in ["device=API", "{\"device\": ", "[]", "\"come\"", "42"] {
        for path in [come.as_str(), leave] {
            let r = post(b, path, body);
            assert_eq!((r.status, r.body.as_str()), (200, "false"), "{path} with {body:?}");
            assert_eq!(r.header("content-type"), Some("application/json"));
        }
    }
    let valid = json!({"account": demo::ANNA, "action": "extraleave", "value": 1}).to_string();
    let not_json = valid.replace('{', "(");
    assert_eq!(post(b, leave, &not_json).body, "false");
    assert_eq!(sb.writes(OperationId::Clock) + sb.writes(OperationId::ExtraLeave), 0, "nothing applied");
    assert_eq!(post(b, &come, "").body, "true", "an empty body is still `{{}}`");
    assert_eq!(post(b, leave, &valid).body, "true");
    post(b, "/rest/api/time/presence/demo-company-key", "day=2026-11-20").assert_code("4");
}

#[test]
fn target_actual_days_has_no_one_year_bound() {
    let sb = sandbox();
    let path = "/rest/api/time/days/demo-company-key";
    let range = |start: &str| post(sb.base_url(), path, &json!({"email": demo::ANNA, "start": start}).to_string());
    let r = range("2024-01-01");
    assert_eq!(r.status, 200, "{}", r.body);
    let info = r.json()["info"].as_array().unwrap().clone();
    assert_eq!(info.len(), 1056, "2024-01-01 to 2026-11-21, every day");
    assert_eq!((info[0]["date"].as_str(), info[1055]["date"].as_str()), (Some("2024-01-01"), Some("2026-11-21")));
    assert_eq!(info[0]["email"], demo::ANNA);
    let ist: i64 = info.iter().map(|e| e["ist"].as_i64().unwrap()).sum();
    let booked: i64 = {
        let w = sb.world();
        let now = w.clock.now_ms();
        w.data
            .bookings
            .iter()
            .filter(|b| b.employee == demo::ANNA_UUID)
            .map(|b| zeitkonto_sandbox::calc::booking_minutes(b, now))
            .sum()
    };
    assert!(booked > 10_000);
    assert_eq!(ist, booked, "every booking of the history is inside the range");
    let before_tracking = info.iter().take_while(|e| e["date"].as_str().unwrap() < "2026-08-01");
    assert!(before_tracking.clone().count() > 900);
    assert!(before_tracking.into_iter().all(|e| e["soll"] == 0 && e["ist"] == 0));
    let century = range("1926-11-21");
    assert_eq!(century.json()["info"].as_array().unwrap().len(), 36_526, "100 years is still answered");
    range("1926-11-20").assert_code("4");
}

/// The keys of a department summary, exactly as the spec lists them (29).
const SUMMARY_KEYS: [&str; 29] = [
    "surcharge",
    "PAYOFF_TIMEACCOUNT",
    "year",
    "istOnWeekend",
    "TIMEACCOUNT_PAYOFF",
    "lastMonth",
    "outOfWork",
    "ist",
    "autoOvertime",
    "employee",
    "hasTime",
    "uuid",
    "current",
    "isReadOnly",
    "officialAbsence",
    "today",
    "OVERTIMEACCOUNT_TIMEACCOUNT",
    "traffic",
    "TIMEACCOUNT_OVERTIMEACCOUNT",
    "soll",
    "hasProject",
    "saldo",
    "overtimeAccountMonth",
    "saldo2",
    "onWork",
    "unpaidOvertime",
    "month",
    "name",
    "overtimeAccount",
];

fn booking_today(employee: &str, from_minute: i64, minutes: Option<i64>) -> zeitkonto_sandbox::seed::Booking {
    let start = zeitkonto_sandbox::seed::day_start_ms(today()) + from_minute * 60_000;
    zeitkonto_sandbox::seed::Booking {
        id: 7_000 + from_minute as u64,
        employee: employee.into(),
        start,
        end: minutes.map(|m| start + m * 60_000),
        pause: 0,
        project: None,
        service: None,
        device: "API".into(),
        comment: String::new(),
    }
}

#[test]
fn department_month_sends_the_whole_record() {
    let sb = sandbox();
    let b = sb.base_url();
    {
        let mut w = sb.world();
        w.data.bookings.push(booking_today(demo::ANNA_UUID, 6 * 60, Some(90))); // 06:00-07:30, done
        w.data.bookings.push(booking_today(demo::SUPERVISOR_UUID, 10 * 60, None));
        // since 10:00, running
    }
    let keys = |v: &Value| {
        let mut k: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
        k.sort();
        k
    };
    let mut spec: Vec<String> = SUMMARY_KEYS.iter().map(|k| k.to_string()).collect();
    spec.sort();
    let one = get(b, "/rest/api/v2/time/month/content/demo-company-key/1/2026/10").json();
    assert_eq!(keys(&one), spec, "the aggregate: all 29 keys, nothing invented");
    let each = get(b, "/rest/api/v2/time/month/employees/demo-company-key/SALES/2026/10").json();
    let each = each.as_array().unwrap();
    assert!(each.len() >= 10);
    for e in each {
        assert_eq!(keys(e), spec, "{}", e["name"]);
    }
    let by_name = |n: &str| each.iter().find(|e| e["name"] == n).unwrap();
    let n = |v: &Value| v.as_i64().unwrap();
    assert_eq!(by_name("Anna Schmidt")["today"]["ist"], 90, "today's actual of a finished booking");
    let report =
        post(b, "/rest/api/time/account/demo-company-key", &json!({"email": demo::SUPERVISOR}).to_string()).json();
    let sabine = n(&by_name("Sabine Boss")["today"]["ist"]);
    assert!((120..=125).contains(&sabine), "running since 10:00, counted until now (12:00 + a few seconds)");
    assert_eq!(n(&report["today_ist"]), sabine, "the same as the body-based account");
    let today_ist: i64 = each.iter().map(|e| n(&e["today"]["ist"])).sum();
    assert_eq!(n(&one["today"]["ist"]), today_ist, "the aggregate sums today's actual");
    assert_eq!(today_ist, 90 + sabine, "nobody else works on a Saturday");
    for k in ["soll", "ist", "lastMonth", "istOnWeekend"] {
        assert_eq!(n(&one[k]), each.iter().map(|e| n(&e[k])).sum::<i64>(), "{k}");
    }
    assert_eq!(n(&one["saldo"]), n(&one["ist"]) - n(&one["soll"]));
    assert_eq!(one["saldo2"], one["saldo"]);
    assert!(n(&one["soll"]) > 0 && n(&one["lastMonth"]) != 0);
    assert_eq!(
        (one["uuid"].clone(), one["name"].clone(), one["employee"].clone()),
        (json!("1"), json!("Sales"), Value::Null)
    );
    assert_eq!((one["year"].clone(), one["month"].clone()), (json!(2026), json!(10)));
    assert_eq!((n(&one["onWork"]), one["traffic"]["active"].clone()), (1, json!(true)), "Sabine is clocked in");
    assert_eq!(one["current"], "2026-11-21 10:00:00");
    assert_eq!((one["hasTime"].clone(), one["hasProject"].clone()), (json!(true), json!(false)));
}

#[test]
fn time_account_list_has_one_entry_per_day_and_booking() {
    let sb = sandbox();
    let account =
        |m: u8| get(sb.base_url(), &format!("/rest/api/v2/time/account/demo-company-key/{ANNA}/2026/{m}")).json();
    let oct = account(9);
    let list = oct["list"].as_array().unwrap();
    let n = |v: &Value| v.as_i64().unwrap();
    let (bookings, dummies): (Vec<&Value>, Vec<&Value>) = list.iter().partition(|e| e["isDummy"] == false);
    let booked_days: std::collections::BTreeSet<&str> = bookings.iter().map(|e| e["date"].as_str().unwrap()).collect();
    let anna_october = sb
        .world()
        .data
        .bookings
        .iter()
        .filter(|b| b.employee == demo::ANNA_UUID && zeitkonto_sandbox::calc::booking_day(b).month().number() == 10)
        .count();
    assert!(anna_october >= 15);
    assert_eq!(bookings.len(), anna_october, "one entry per booking");
    let days: Vec<String> = (1..=31).map(|d| format!("2026-10-{d:02}")).collect();
    for day in &days {
        let of_day: Vec<&Value> = list.iter().filter(|e| e["date"] == day.as_str()).collect();
        if booked_days.contains(day.as_str()) {
            assert!(of_day.iter().all(|e| e["isDummy"] == false), "{day}");
        } else {
            assert_eq!(of_day.len(), 1, "one dummy entry for a day without bookings: {day}");
            assert_eq!((of_day[0]["ist"].clone(), of_day[0]["endTime"].clone()), (json!(0), Value::Null));
            assert_eq!(of_day[0]["start"], format!("{day} 00:00:00"));
        }
    }
    assert_eq!(dummies.len(), 31 - booked_days.len());
    let dated: Vec<&str> = list.iter().map(|e| e["date"].as_str().unwrap()).collect();
    assert!(dated.windows(2).all(|w| w[0] <= w[1]), "in date order");
    let weekend = list.iter().find(|e| e["date"] == "2026-10-04").unwrap(); // a Sunday
    assert_eq!((weekend["isDummy"].clone(), weekend["soll"].clone()), (json!(true), json!(0)));
    assert_eq!(bookings.iter().map(|e| n(&e["ist"])).sum::<i64>(), n(&oct["ist"]));
    let mut per_day = std::collections::BTreeMap::new();
    for e in list {
        per_day.insert(e["date"].as_str().unwrap(), n(&e["soll"]));
    }
    assert_eq!(per_day.values().sum::<i64>(), n(&oct["soll"]), "a past month: the days' targets add up");

    // A day of Anna's past vacation is a dummy naming the leave, without target.
    let vacation = {
        let w = sb.world();
        let l = w.data.leave.iter().find(|l| l.employee == demo::ANNA_UUID && l.end < today()).unwrap().clone();
        let mut d = l.start;
        while d.iso_weekday() > 5 {
            d = d.add_days(1).unwrap();
        }
        assert!(d <= l.end);
        d
    };
    let month = account(vacation.month().number() - 1);
    let entry = month["list"].as_array().unwrap().iter().find(|e| e["date"] == vacation.to_string()).unwrap().clone();
    assert_eq!(
        (entry["isDummy"].clone(), entry["soll"].clone(), entry["comment"].clone()),
        (json!(true), json!(0), json!("Vacation"))
    );

    // The current month lists every day; those after today are planned dummies.
    let nov = account(10);
    let nov_list = nov["list"].as_array().unwrap();
    let nov_days: std::collections::BTreeSet<&str> = nov_list.iter().map(|e| e["date"].as_str().unwrap()).collect();
    assert_eq!(nov_days.len(), 30);
    let monday = nov_list.iter().find(|e| e["date"] == "2026-11-23").unwrap();
    assert_eq!(
        (monday["isDummy"].clone(), monday["soll"].clone(), monday["ist"].clone()),
        (json!(true), json!(480), json!(0))
    );
}

fn sandbox_on(day: &str) -> zeitkonto_sandbox::Sandbox {
    let mut cfg = SandboxConfig { today: Some(day.parse().unwrap()), ..Default::default() };
    cfg.rate_limit.limit = 100_000;
    start(cfg)
}

#[test]
fn presence_and_accounts_know_public_holidays() {
    let sb = sandbox_on("2026-05-20");
    let b = sb.base_url();
    let holidays: Vec<(String, String)> = sb
        .world()
        .data
        .holidays
        .iter()
        .filter(|h| h.company == "c-demo")
        .map(|h| (h.date.to_string(), h.name.clone()))
        .collect();
    for (day, name) in [
        ("2026-04-03", "Karfreitag"),
        ("2026-04-06", "Ostermontag"),
        ("2026-05-14", "Christi Himmelfahrt"),
        ("2026-05-25", "Pfingstmontag"),
        ("2027-03-29", "Ostermontag"),
        ("2025-12-25", "1. Weihnachtstag"),
    ] {
        assert!(holidays.contains(&(day.to_string(), name.to_string())), "{day} {name}");
    }
    let presence =
        |day: &str| post(b, "/rest/api/time/presence/demo-company-key", &json!({"day": day}).to_string()).json();
    let ascension = presence("2026-05-14");
    let info = ascension["info"].as_array().unwrap();
    assert!(info.len() >= 35);
    for p in info {
        assert_eq!(p["present"], false, "nobody books on a holiday: {p}");
        assert_eq!(
            (p["list"]["reason"].as_str(), p["list"]["name"].as_str()),
            (Some("holiday"), Some("Christi Himmelfahrt"))
        );
    }
    let before = presence("2026-05-13");
    assert!(before["info"].as_array().unwrap().iter().filter(|p| p["present"] == true).count() >= 20);
    assert!(before["info"].as_array().unwrap().iter().all(|p| p["list"]["reason"] != "holiday"));

    let days =
        post(b, "/rest/api/time/days/demo-company-key", r#"{"start": "2026-05-13", "end": "2026-05-14"}"#).json();
    let info = days["info"].as_array().unwrap();
    let on = |d: &'static str| info.iter().filter(move |e| e["date"] == d);
    assert!(on("2026-05-14").all(|e| e["soll"] == 0 && e["ist"] == 0), "no target and no work on a holiday");
    assert!(on("2026-05-13").filter(|e| e["soll"] == 480).count() >= 20);

    let may = get(b, &format!("/rest/api/v2/time/account/demo-company-key/{ANNA}/2026/4")).json();
    let entry = may["list"].as_array().unwrap().iter().find(|e| e["date"] == "2026-05-01").unwrap().clone();
    assert_eq!(
        (entry["isDummy"].clone(), entry["holidayType"].clone(), entry["soll"].clone(), entry["comment"].clone()),
        (json!(true), json!("public"), json!(0), json!("Tag der Arbeit"))
    );
    // The default world (2026-11-21): a holiday on a Saturday is still the day's absence reason.
    let sb = sandbox();
    let r = post(
        sb.base_url(),
        "/rest/api/time/presence/demo-company-key",
        &json!({"email": demo::ANNA, "day": "2026-10-03"}).to_string(),
    )
    .json();
    assert_eq!(r["info"][0]["list"]["name"], "Tag der Deutschen Einheit");
}
