//! Typed parsing versus `serde_json::Value` on large responses, in the same run.
//! Goal (issue 2): typed parsing at least 1.5x faster than `Value`.
//!
//! `cargo bench -p zeitkonto-core --bench parse` prints criterion's figures and then one ratio line
//! per payload, measured by interleaved timing loops in this same process.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{criterion_group, Criterion};
use serde_json::{json, Value};
use zeitkonto_core::ops::{DepartmentMonthEmployees, TimeAccount};
use zeitkonto_core::{Operation, Response};

fn department_summaries(n: usize) -> Vec<u8> {
    let items: Vec<Value> = (0..n)
        .map(|i| {
            json!({
                "surcharge": 0, "PAYOFF_TIMEACCOUNT": 0, "year": 2026, "istOnWeekend": 0,
                "TIMEACCOUNT_PAYOFF": 0, "lastMonth": 120 + i, "outOfWork": 12.5, "ist": 9000 + i,
                "autoOvertime": false, "employee": format!("0b6f1c2e-{i:04}-4a1b-9c3d-5e6f7a8b9c0d"),
                "hasTime": true, "uuid": format!("0b6f1c2e-{i:04}-4a1b-9c3d-5e6f7a8b9c0d"), "current": null,
                "isReadOnly": false, "officialAbsence": 0, "today": {"soll": 480, "ist": 240},
                "OVERTIMEACCOUNT_TIMEACCOUNT": 0, "traffic": {"active": true}, "TIMEACCOUNT_OVERTIMEACCOUNT": 0,
                "soll": 9600, "hasProject": false, "saldo": -600 + i as i64, "overtimeAccountMonth": 60,
                "saldo2": -600 + i as i64, "onWork": 1, "unpaidOvertime": 0, "month": 10,
                "name": format!("Employee Number{i}"), "overtimeAccount": 75
            })
        })
        .collect();
    serde_json::to_vec(&items).expect("serialize")
}

fn month_account(days: usize) -> Vec<u8> {
    let list: Vec<Value> = (0..days)
        .map(|d| {
            json!({
                "date": format!("2026-10-{:02}", d + 1), "annotation": 0, "employeeName": "Schmidt Anna",
                "employeeUUID": "0b6f1c2e-0001-4a1b-9c3d-5e6f7a8b9c0d",
                "start": format!("2026-10-{:02} 08:00:00", d + 1), "startDate": format!("2026-10-{:02}", d + 1),
                "startTime": "08:00", "endDate": format!("2026-10-{:02}", d + 1), "endTime": "16:30",
                "soll": 480, "ist": 480, "pause": 30, "pausemin": 1, "warning": 0, "comment": "regular day",
                "surchargeMinutes": 0, "holidayType": null, "isDummy": false
            })
        })
        .collect();
    serde_json::to_vec(&json!({
        "employee": "0b6f1c2e-0001-4a1b-9c3d-5e6f7a8b9c0d", "year": 2026, "month": 9, "hasTime": true,
        "hasProject": false, "current": null, "lastMonth": 120, "soll": 10560, "ist": 10600, "saldo": 40,
        "saldo2": 40, "istOnWeekend": 0, "outOfWork": 0, "onWork": 0, "TIMEACCOUNT_PAYOFF": 0,
        "TIMEACCOUNT_OVERTIMEACCOUNT": 0, "unpaidOvertime": 0, "overtimeAccountMonth": 0, "overtimeAccount": 0,
        "today": {"soll": 0, "ist": 0}, "traffic": {"active": false}, "start": "2020-04-01", "list": list
    }))
    .expect("serialize")
}

fn bench(c: &mut Criterion) {
    let summaries = Response::new(200, vec![], department_summaries(1000));
    let account = Response::new(200, vec![], month_account(31));
    let mut g = c.benchmark_group("department_month_employees_1000");
    g.bench_function("typed", |b| b.iter(|| DepartmentMonthEmployees::parse(black_box(&summaries)).expect("parse")));
    g.bench_function("value", |b| {
        b.iter(|| serde_json::from_slice::<Value>(black_box(&summaries.body)).expect("parse"))
    });
    g.finish();
    let mut g = c.benchmark_group("time_account_31_days");
    g.bench_function("typed", |b| b.iter(|| TimeAccount::parse(black_box(&account)).expect("parse")));
    g.bench_function("value", |b| b.iter(|| serde_json::from_slice::<Value>(black_box(&account.body)).expect("parse")));
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().measurement_time(Duration::from_secs(3)).warm_up_time(Duration::from_secs(1));
    targets = bench
}

/// Interleaved timing of both parsers; returns value-time / typed-time.
fn ratio(mut typed: impl FnMut(), mut value: impl FnMut(), rounds: u32) -> f64 {
    let (mut t_typed, mut t_value) = (Duration::ZERO, Duration::ZERO);
    for _ in 0..rounds {
        let s = Instant::now();
        typed();
        t_typed += s.elapsed();
        let s = Instant::now();
        value();
        t_value += s.elapsed();
    }
    t_value.as_secs_f64() / t_typed.as_secs_f64()
}

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
    let summaries = Response::new(200, vec![], department_summaries(1000));
    let account = Response::new(200, vec![], month_account(31));
    let r1 = ratio(
        || drop(black_box(DepartmentMonthEmployees::parse(&summaries).expect("parse"))),
        || drop(black_box(serde_json::from_slice::<Value>(&summaries.body).expect("parse"))),
        200,
    );
    let r2 = ratio(
        || drop(black_box(TimeAccount::parse(&account).expect("parse"))),
        || drop(black_box(serde_json::from_slice::<Value>(&account.body).expect("parse"))),
        5000,
    );
    println!("ratio department_month_employees_1000 (Value time / typed time): {r1:.2}x (goal >= 1.50x)");
    println!("ratio time_account_31_days (Value time / typed time): {r2:.2}x (goal >= 1.50x)");
    // Binding an answer to its request scans the body for the request's secrets (a server that
    // echoes the key must not put it into the output): its cost beside the parse alone.
    let ctx = zeitkonto_core::Context::new("0b6f1c2e-company-key-4a1b-9c3d");
    let params = json!({"department": "0b6f1c2e-department-key-9c3d", "year": 2026, "month": 10});
    let request = zeitkonto_core::build_request(zeitkonto_core::OperationId::DepartmentMonthEmployees, &params, &ctx)
        .expect("request");
    let r3 = ratio(
        || drop(black_box(DepartmentMonthEmployees::parse(&summaries).expect("parse"))),
        || drop(black_box(DepartmentMonthEmployees::parse(&summaries.clone().for_request(&request)).expect("parse"))),
        200,
    );
    let r4 = ratio(
        || drop(black_box(DepartmentMonthEmployees::parse(&summaries.clone()).expect("parse"))),
        || drop(black_box(DepartmentMonthEmployees::parse(&summaries.clone().for_request(&request)).expect("parse"))),
        200,
    );
    println!("ratio department_month_employees_1000, bound to its request / parse alone: {r3:.3}x (the secret scan and a copy of the body)");
    println!("ratio department_month_employees_1000, bound to its request / parse of a copy: {r4:.3}x (the secret scan alone)");
}
