//! The README's main job: start the embedded sandbox and walk through the SDK.
//!
//! `cargo run -p zeitkonto --example demo`

use std::sync::{Arc, Mutex};

use zeitkonto::ops::{BookAbsence, CreateProject, CreateShift, ExtraLeave, TimeAccountReport};
use zeitkonto::{Client, Date, Error, RetrySettings};
use zeitkonto_sandbox::{demo, Fault, FaultKind, Sandbox, SandboxConfig};

fn hours(minutes: Option<f64>) -> String {
    match minutes {
        Some(m) => {
            format!("{}{}:{:02} h", if m < 0.0 { "-" } else { "" }, (m.abs() / 60.0) as i64, (m.abs() % 60.0) as i64)
        }
        None => "n/a".to_string(),
    }
}

/// A value as a person reads it: absent → "—".
fn or_dash<T: std::fmt::Display>(v: Option<T>) -> String {
    v.map_or_else(|| "—".to_string(), |v| v.to_string())
}

/// What a failed call says, and whether a write may have been applied.
fn explain(result: Result<impl std::fmt::Debug, Error>) -> String {
    match result {
        Ok(v) => format!("unexpectedly succeeded: {v:?}"),
        Err(e) if e.may_have_reached_server() => format!("{e} (it may have been applied: check before retrying)"),
        Err(e) => e.to_string(),
    }
}

fn section(title: &str) {
    println!("\n── {title} {}", "─".repeat(60usize.saturating_sub(title.len())));
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Error> {
    let sandbox = Sandbox::start(SandboxConfig::default())
        .map_err(|e| Error::Transport { detail: e.to_string(), may_have_reached_server: false })?;
    let today = sandbox.world().clock.today();
    println!("Zeitkonto demo against the embedded sandbox at {} (today is {today})", sandbox.base_url());

    let log = Arc::new(Mutex::new(Vec::<String>::new()));
    let sink = log.clone();
    let client = Client::builder()
        .base_url(sandbox.base_url())
        .api_key(demo::COMPANY_KEY)
        .workspace_key(demo::WORKSPACE_KEY)
        .retry(RetrySettings { base_delay: std::time::Duration::from_millis(100), ..RetrySettings::default() })
        .on_event(move |e| {
            if let Ok(mut l) = sink.lock() {
                l.push(e.to_string());
            }
        })
        .build()?;
    println!(
        "client: {} with the demo company key and workspace key (never printed), reads retried twice \
         from 0.1 s, at most 60 requests a minute",
        client.context().base_url()
    );

    section("Employees");
    let employees = client.employees().await?;
    println!("{} active employees, e.g.:", employees.len());
    for e in employees.iter().take(4) {
        println!(
            "  {:<10} {:<10} {:<12} joined {}",
            e.given_name.as_deref().unwrap_or(""),
            e.last_name.as_deref().unwrap_or(""),
            e.main_department.as_deref().unwrap_or(""),
            e.join_date.map(|d| d.to_string()).unwrap_or_default()
        );
    }

    section("Presence yesterday");
    let yesterday = today.add_days(-1).unwrap_or(today);
    let presence = client.presence(None, Some(yesterday)).await?;
    let present = presence.info.iter().filter(|p| p.present == Some(true)).count();
    println!("{yesterday}: {present} present, {} absent", presence.info.len() - present);
    for p in presence.info.iter().filter(|p| p.present == Some(false)).take(3) {
        println!(
            "  absent: {:<22} {}",
            p.employee.as_deref().unwrap_or(""),
            p.absences.as_ref().map(|a| a.to_string()).unwrap_or_default()
        );
    }

    section("Clock in and out");
    client.come(demo::ANNA).await?;
    let status = client.overview(Some(demo::ANNA)).await?;
    let anna = status.info.first();
    println!(
        "Anna came: status {}, since {}",
        or_dash(anna.and_then(|a| a.status.as_deref())),
        or_dash(anna.and_then(|a| a.current_start.as_deref()))
    );
    client.go(demo::ANNA).await?;
    let status = client.overview(Some(demo::ANNA)).await?;
    println!("Anna went: status {}", or_dash(status.info.first().and_then(|a| a.status.as_deref())));

    section("Monthly account (calendar months; the wire's 0-based month is hidden)");
    let last_month = today.first_of_month().add_days(-1).unwrap_or(today);
    let account = client.time_account(demo::ANNA, last_month.year(), last_month.month()).await?;
    println!(
        "{} {}: target {}, actual {}, balance {}, carry-over {}, {} bookings",
        or_dash(account.month),
        or_dash(account.year),
        hours(account.target),
        hours(account.actual),
        hours(account.balance),
        hours(account.carry_over),
        account.bookings.len()
    );
    let report = client
        .time_account_report(&TimeAccountReport { email: demo::ANNA.into(), year: None, month: None, project: false })
        .await?;
    println!(
        "this month so far (body-based variant): target {}, actual {}",
        hours(report.target),
        hours(report.actual)
    );

    section("Leave");
    let types = client.leave_types(demo::ANNA).await?;
    let names: Vec<String> = types.leave_types.iter().filter_map(|t| t["name"].as_str().map(str::to_string)).collect();
    println!("leave types: {}", names.join(", "));
    client
        .extra_leave(&ExtraLeave {
            account: demo::ANNA.into(),
            days: 1.5,
            year: None,
            comment: Some("overtime".into()),
        })
        .await?;
    let day = today.add_days(30).unwrap_or(today);
    client
        .book_absence(&BookAbsence {
            reason_uuid: demo::VACATION.into(),
            employee_uuid: demo::ANNA_UUID.into(),
            replacement_uuid: None,
            half_day: true,
            start_day: Some(day),
            end_day: Some(day),
            planned: true,
            comment: Some("dentist".into()),
        })
        .await?;
    let year = client.leave_year(today.year()).await?;
    if let Some(anna) = year.employees.iter().find(|e| e["email"] == demo::ANNA) {
        println!(
            "Anna {}: entitlement {} + extra {} − taken {} = {} days left",
            today.year(),
            anna["entitlement"],
            anna["extra"],
            anna["taken"],
            anna["remaining"]
        );
    }

    section("Projects (manager role)");
    let projects = client.projects(demo::MANAGER).await?;
    println!("{} projects", projects.projects.len());
    let created = client
        .create_project(&CreateProject {
            email: demo::MANAGER.into(),
            name: "Demo launch".into(),
            parent_id: Some(demo::PROJECT_WEBSITE.into()),
            extra: None,
        })
        .await?;
    println!("created sub-project {} under Website", or_dash(created.uuid.as_deref()));
    let support = client.find_projects(demo::MANAGER, "Support").await?;
    println!("projects named \"Support\": {}", support.projects.join(", "));
    let from = today.add_days(-14).unwrap_or(today);
    let bookings = client.project_bookings(demo::MANAGER, demo::PROJECT_WEBSITE, from, today).await?;
    println!("Website and sub-projects, {from}..{today}: {} bookings", bookings.entries.len());
    if let Some(uuid) = &created.uuid {
        client.delete_project(demo::MANAGER, uuid).await?;
        println!("deleted {uuid}");
    }

    section("Shifts");
    let (iso_year, week) = today.iso_week();
    let shifts = client.shifts(iso_year, u32::from(week)).await?;
    println!("{} week {}: {} shifts in {}", iso_year, week, shifts.shifts.len(), or_dash(shifts.workspace_name));
    let created = client
        .create_shift(&CreateShift {
            start_date: Some(today),
            start_time: "22:00".parse().expect("a clock time"),
            end_time: "06:00".parse().expect("a clock time"),
            employee_amount: Some(1),
            comment: Some("overnight".into()),
            project_uuid: None,
            employees: vec![demo::ANNA_UUID.into()],
        })
        .await?;
    match created.shift_id {
        Some(id) => println!("created overnight shift #{id}"),
        None => println!("created an overnight shift (the API sent no id)"),
    }

    section("Errors, and how they read");
    let too_long = client
        .project_bookings(
            demo::MANAGER,
            demo::PROJECT_WEBSITE,
            Date::new(2026, 1, 1).unwrap_or(today),
            Date::new(2026, 3, 1).unwrap_or(today),
        )
        .await;
    println!("59-day range   → {} (nothing was sent)", explain(too_long));
    println!("go while out   → {}", explain(client.go(demo::ANNA).await));
    let wrong = Client::builder().base_url(sandbox.base_url()).api_key("not-a-valid-key").build()?;
    println!("wrong key      → {}", explain(wrong.employees().await));
    println!("2025 week 53   → {}", explain(client.shifts(2025, 53).await));
    sandbox.inject(Fault::new(FaultKind::Status).status(502).after_applying().on(zeitkonto::OperationId::Clock));
    println!("502 after come → {}", explain(client.come(demo::ANNA).await));

    section("Resilience");
    sandbox.inject(Fault::new(FaultKind::Status).status(503).on(zeitkonto::OperationId::Employees));
    let again = client.employees().await?;
    println!("a 503 was injected; the read was retried and returned {} employees", again.len());
    let retried = log.lock().map(|l| l.iter().filter(|e| e.ends_with("(retry)")).count()).unwrap_or(0);
    println!(
        "driver events so far: {} (retries: {retried}); they carry no key, e.g. the last three:",
        log.lock().map(|l| l.len()).unwrap_or(0)
    );
    if let Ok(l) = log.lock() {
        for line in l.iter().rev().take(3).rev() {
            println!("  {line}");
        }
    }
    println!("\nDone. The sandbox stops with this process.");
    Ok(())
}
