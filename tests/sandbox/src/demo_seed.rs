//! The default demo seed: fixed identities (`seed::demo`) plus generated employees with a history of
//! bookings, leave and shifts relative to "today". Deterministic for a given day.

use serde_json::json;
use zeitkonto_core::Date;

use crate::seed::{
    day_start_ms, full_time, Booking, Company, Department, Employee, Holiday, LeaveRecord, LeaveType, Modules, Project,
    Seed, Shift, Workspace,
};

/// A small deterministic generator (LCG), so the demo seed is the same on every run.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % n.max(1)
    }
}

/// An active, full-time, time-tracked and leave-managed employee with a login and no extras; the
/// demo and bench employees start from it.
fn employee(
    uuid: String,
    company: &str,
    email: &str,
    (given, last): (&str, &str),
    department: Option<&str>,
    join_date: Date,
    tracking_start: Date,
) -> Employee {
    Employee {
        uuid,
        company: company.into(),
        email: email.into(),
        given_name: given.into(),
        last_name: last.into(),
        personnel_number: String::new(),
        department: department.map(str::to_string),
        birthday: None,
        join_date,
        separation_date: None,
        login: true,
        key: None,
        supervisor: None,
        project_manager: false,
        time_tracked: true,
        leave_managed: true,
        weekly_minutes: full_time(),
        tracking_start,
        emergency_contact: String::new(),
        leave_days_per_year: 30.0,
    }
}

fn uuid(n: u32) -> String {
    format!("00000000-0000-4000-8000-{n:012}")
}

fn company(id: &str, name: &str, key: &str, active: bool, all: bool) -> Company {
    Company {
        id: id.into(),
        name: name.into(),
        key: key.into(),
        active,
        modules: Modules { time_tracking: all, leave: all, projects: all },
        leave_year_start: 1,
    }
}

/// Easter Sunday of `year` (the anonymous Gregorian algorithm).
fn easter(year: i32) -> Option<Date> {
    let (a, b, c) = (year % 19, year / 100, year % 100);
    let (d, e) = (b / 4, b % 4);
    let f = (b + 8) / 25;
    let g = (b - f + 1) / 3;
    let h = (19 * a + b - d - g + 15) % 30;
    let (i, k) = (c / 4, c % 4);
    let l = (32 + 2 * e + 2 * i - h - k) % 7;
    let m = (a + 11 * h + 22 * l) / 451;
    let month = (h + l - 7 * m + 114) / 31;
    let day = (h + l - 7 * m + 114) % 31 + 1;
    Date::new(year, month as u8, day as u8)
}

/// Germany's nationwide public holidays of `year` (the demo companies' holidays).
pub fn german_holidays(year: i32) -> Vec<(Date, &'static str)> {
    let mut out = Vec::new();
    let mut fixed = |m: u8, d: u8, name: &'static str| {
        if let Some(day) = Date::new(year, m, d) {
            out.push((day, name));
        }
    };
    fixed(1, 1, "Neujahr");
    fixed(5, 1, "Tag der Arbeit");
    fixed(10, 3, "Tag der Deutschen Einheit");
    fixed(12, 25, "1. Weihnachtstag");
    fixed(12, 26, "2. Weihnachtstag");
    if let Some(e) = easter(year) {
        for (offset, name) in
            [(-2, "Karfreitag"), (1, "Ostermontag"), (39, "Christi Himmelfahrt"), (50, "Pfingstmontag")]
        {
            if let Some(day) = e.add_days(offset) {
                out.push((day, name));
            }
        }
    }
    out.sort();
    out
}

const GIVEN: [&str; 12] =
    ["Lena", "Jonas", "Mia", "Felix", "Emma", "Paul", "Lea", "Ben", "Hannah", "Lukas", "Sofia", "Elias"];
const LAST: [&str; 12] = [
    "Becker",
    "Wagner",
    "Hoffmann",
    "Koch",
    "Richter",
    "Klein",
    "Wolf",
    "Neumann",
    "Schwarz",
    "Braun",
    "Zimmermann",
    "Hartmann",
];

impl Seed {
    /// The default demo seed, with a history of bookings and leave relative to `today`.
    pub fn demo(today: Date) -> Seed {
        Seed::demo_with(today, 35)
    }

    /// Adds a department `BENCH` (id `bench`, key `bench-department-key`) with `n` employees who have
    /// a schedule but no booking history: large summaries that are cheap to compute (benchmarks).
    pub fn with_bench_department(mut self, n: u32) -> Seed {
        let Some(start) = self.employees.first().map(|e| e.tracking_start) else { return self };
        self.departments.push(Department {
            id: "bench".into(),
            external_id: "BENCH".into(),
            name: "Benchmark".into(),
            key: "bench-department-key".into(),
            company: "c-demo".into(),
        });
        for i in 0..n {
            let given = GIVEN[(i as usize) % GIVEN.len()];
            let last = LAST[(i as usize / GIVEN.len()) % LAST.len()];
            self.employees.push(Employee {
                personnel_number: format!("B{i:05}"),
                leave_managed: false,
                ..employee(
                    format!("00000000-0000-4000-9000-{i:012}"),
                    "c-demo",
                    &format!("bench{i}@demo.example"),
                    (given, last),
                    Some("bench"),
                    Date::new(2020, 1, 1).unwrap_or(start),
                    start,
                )
            });
        }
        self
    }

    /// Adds `departments` departments `B01`, `B02`, … (ids `bench-1`, …) of the demo company with
    /// `employees` employees between them (round robin, unique names, a schedule, no booking
    /// history): the whole-company job benchmarks.
    pub fn with_bench_company(mut self, departments: u32, employees: u32) -> Seed {
        let Some(start) = self.employees.first().map(|e| e.tracking_start) else { return self };
        let departments = departments.max(1);
        for d in 1..=departments {
            self.departments.push(Department {
                id: format!("bench-{d}"),
                external_id: format!("B{d:02}"),
                name: format!("Benchmark {d}"),
                key: format!("bench-{d}-department-key"),
                company: "c-demo".into(),
            });
        }
        for i in 0..employees {
            let given = GIVEN[(i as usize) % GIVEN.len()];
            let last = format!("{}{i}", LAST[(i as usize) % LAST.len()]);
            let dept = format!("bench-{}", i % departments + 1);
            self.employees.push(Employee {
                personnel_number: format!("C{i:05}"),
                leave_managed: false,
                ..employee(
                    format!("00000000-0000-4000-a000-{i:012}"),
                    "c-demo",
                    &format!("staff{i}@demo.example"),
                    (given, &last),
                    Some(&dept),
                    Date::new(2020, 1, 1).unwrap_or(start),
                    start,
                )
            });
        }
        self
    }

    /// The demo seed with `generated` extra employees beside the fixed identities (the Python
    /// benchmark uses 1,000 for a large department).
    pub fn demo_with(today: Date, generated: u32) -> Seed {
        use crate::seed::demo::*;
        let mut s = Seed::default();
        let mut rng = Lcg(20_261_121);
        s.companies = vec![
            company("c-demo", "Demo GmbH", COMPANY_KEY, true, true),
            company("c-nomodules", "No Modules AG", NOMODULES_COMPANY_KEY, true, false),
            company("c-inactive", "Inactive KG", INACTIVE_COMPANY_KEY, false, true),
            company("c-other", "Other GmbH", OTHER_COMPANY_KEY, true, true),
        ];
        let dep = |id: &str, ext: &str, name: &str, key: &str, c: &str| Department {
            id: id.into(),
            external_id: ext.into(),
            name: name.into(),
            key: key.into(),
            company: c.into(),
        };
        s.departments = vec![
            dep(SALES_ID, SALES_EXTERNAL, "Sales", DEPARTMENT_KEY, "c-demo"),
            dep("2", "ENG", "Engineering", "eng-department-key", "c-demo"),
            dep("3", "OPS", "Operations", "ops-department-key", "c-demo"),
            dep("9", "OTHER", "Other Dept", "other-department-key", "c-other"),
        ];
        s.workspaces = vec![
            Workspace {
                id: "ws-1".into(),
                name: "Front desk".into(),
                key: WORKSPACE_KEY.into(),
                company: "c-demo".into(),
            },
            Workspace {
                id: "ws-9".into(),
                name: "Other desk".into(),
                key: OTHER_WORKSPACE_KEY.into(),
                company: "c-other".into(),
            },
        ];
        let lt = |uuid: &str, c: &str, de: &str, en: &str, repl: bool, leave: bool| LeaveType {
            uuid: uuid.into(),
            company: c.into(),
            de: de.into(),
            en: en.into(),
            needs_replacement: repl,
            counts_as_leave: leave,
        };
        s.leave_types = vec![
            lt(VACATION, "c-demo", "Urlaub", "Vacation", false, true),
            lt(SPECIAL_LEAVE, "c-demo", "Sonderurlaub", "Special leave", true, false),
            lt(SICK, "c-demo", "Krankheit", "Sick leave", false, false),
            lt("LT-OTHER-VAC", "c-other", "Urlaub", "Vacation", false, true),
        ];
        let history_days = 100;
        let tracking_start = today.add_days(-history_days).unwrap_or(today).first_of_month();
        let base = |n: u32, c: &str, email: &str, given: &str, last: &str, dept: Option<&str>| Employee {
            personnel_number: format!("P{n:04}"),
            birthday: Date::new(1980 + (n % 20) as i32, (n % 12 + 1) as u8, (n % 28 + 1) as u8),
            ..employee(
                uuid(n),
                c,
                email,
                (given, last),
                dept,
                Date::new(2018 + (n % 6) as i32, (n % 12 + 1) as u8, 1).unwrap_or(tracking_start),
                tracking_start,
            )
        };
        let mut anna = base(1, "c-demo", ANNA, "Anna", "Schmidt", Some(SALES_ID));
        anna.key = Some(EMPLOYEE_KEY.into());
        anna.supervisor = Some(SUPERVISOR_UUID.into());
        anna.emergency_contact = "+49 30 1234567".into();
        let mut max = base(2, "c-demo", MANAGER, "Max", "Manager", Some("2"));
        max.project_manager = true;
        max.key = Some("demo-manager-key".into());
        let mut sabine = base(3, "c-demo", SUPERVISOR, "Sabine", "Boss", Some(SALES_ID));
        sabine.key = Some(SUPERVISOR_KEY.into());
        let mut nora = base(4, "c-demo", NO_LOGIN, "Nora", "Nologin", Some("3"));
        nora.login = false;
        nora.weekly_minutes = [360, 360, 360, 360, 0, 0, 0];
        let mut otto = base(5, "c-demo", FORMER, "Otto", "Former", Some("3"));
        otto.separation_date = today.add_days(-200);
        otto.time_tracked = false;
        s.employees = vec![anna, max, sabine, nora, otto];
        for i in 0..generated {
            let n = 100 + i;
            let given = GIVEN[(i as usize) % GIVEN.len()];
            let last = LAST[(i as usize / GIVEN.len() + i as usize) % LAST.len()];
            let email = format!("{}.{}{}@demo.example", given.to_lowercase(), last.to_lowercase(), i);
            let dept = ["1", "2", "3"][(i % 3) as usize];
            let mut e = base(n, "c-demo", &email, given, last, Some(dept));
            if dept == SALES_ID {
                e.supervisor = Some(SUPERVISOR_UUID.into());
            } else if dept == "2" {
                e.supervisor = Some(MANAGER_UUID.into());
            }
            if i % 7 == 3 {
                e.weekly_minutes = [240, 240, 240, 240, 240, 0, 0];
            }
            s.employees.push(e);
        }
        let mut olga = base(902, "c-other", OTHER_EMPLOYEE, "Olga", "Other", Some("9"));
        olga.project_manager = true;
        s.employees.push(olga);
        s.employees.push(base(903, "c-nomodules", NOMODULES_EMPLOYEE, "Noah", "Nomod", None));
        s.employees.push(base(904, "c-inactive", "ina.inactive@inactive.example", "Ina", "Inactive", None));

        let proj = |uuid: &str, c: &str, name: &str, parent: Option<&str>, removed: bool| Project {
            uuid: uuid.into(),
            company: c.into(),
            name: name.into(),
            parent: parent.map(str::to_string),
            removed,
            data: json!({ "name": name }),
        };
        s.projects = vec![
            proj(PROJECT_WEBSITE, "c-demo", "Website", None, false),
            proj(PROJECT_WEBSITE_BACKEND, "c-demo", "Website Backend", Some(PROJECT_WEBSITE), false),
            proj("p-internal", "c-demo", "Internal", None, false),
            proj("p-support-a", "c-demo", "Support", None, false),
            proj("p-support-b", "c-demo", "Support", None, false),
            proj("p-legacy", "c-demo", "Legacy", None, true),
            proj(PROJECT_OTHER_COMPANY, "c-other", "Other Website", None, false),
        ];

        // Leave: one past vacation per employee, some future ones, a sick day here and there.
        let mut leave_id = 1;
        for (i, e) in s.employees.iter().enumerate().filter(|(_, e)| e.company == "c-demo" && e.leave_managed) {
            let start = today.add_days(-(10 + rng.next(80) as i64)).unwrap_or(today);
            let len = 2 + rng.next(4) as i64;
            s.leave.push(LeaveRecord {
                id: leave_id,
                employee: e.uuid.clone(),
                leave_type: VACATION.into(),
                start,
                end: start.add_days(len).unwrap_or(start),
                half_day: false,
                planned: false,
                comment: String::new(),
                replacement: None,
            });
            leave_id += 1;
            if i % 4 == 0 {
                let start = today.add_days(7 + rng.next(40) as i64).unwrap_or(today);
                s.leave.push(LeaveRecord {
                    id: leave_id,
                    employee: e.uuid.clone(),
                    leave_type: VACATION.into(),
                    start,
                    end: start.add_days(4).unwrap_or(start),
                    half_day: false,
                    planned: true,
                    comment: "summer".into(),
                    replacement: None,
                });
                leave_id += 1;
            }
            if i % 9 == 5 {
                let day = today.add_days(-(1 + rng.next(30) as i64)).unwrap_or(today);
                s.leave.push(LeaveRecord {
                    id: leave_id,
                    employee: e.uuid.clone(),
                    leave_type: SICK.into(),
                    start: day,
                    end: day,
                    half_day: false,
                    planned: false,
                    comment: String::new(),
                    replacement: None,
                });
                leave_id += 1;
            }
        }

        // Public holidays: Germany's nationwide ones, last year to next year, for every company.
        for c in &s.companies {
            for year in today.year() - 1..=today.year() + 1 {
                for (date, name) in german_holidays(year) {
                    s.holidays.push(Holiday { company: c.id.clone(), date, name: name.into() });
                }
            }
        }
        let holiday = |d: Date| s.holidays.iter().any(|h| h.company == "c-demo" && h.date == d);

        // Bookings: every past working day not on leave and not a holiday; some employees are
        // clocked in today. (A holiday still draws its numbers and its id, so every other booking
        // stays exactly as it was before holidays existed.)
        let mut booking_id = 1;
        for (i, e) in s.employees.iter().enumerate().filter(|(_, e)| e.time_tracked && e.company == "c-demo") {
            let on_leave = |d: Date| s.leave.iter().any(|l| l.employee == e.uuid && l.start <= d && d <= l.end);
            let mut day = tracking_start;
            while day < today {
                let target = e.weekly_minutes[(day.iso_weekday() - 1) as usize];
                if target > 0 && e.active_on(day) && !on_leave(day) {
                    let start = day_start_ms(day) + (7 * 60 + 30 + rng.next(60) as i64) * 60_000;
                    let minutes = i64::from(target) + 30 - 20 + rng.next(60) as i64;
                    let project = match e.department.as_deref() {
                        Some("2") => {
                            Some(if rng.next(2) == 0 { PROJECT_WEBSITE } else { PROJECT_WEBSITE_BACKEND }.to_string())
                        }
                        Some("1") if rng.next(4) == 0 => Some("p-support-a".to_string()),
                        _ => None,
                    };
                    if holiday(day) {
                        booking_id += 1; // every other booking keeps its id
                        day = match day.add_days(1) {
                            Some(d) => d,
                            None => break,
                        };
                        continue;
                    }
                    s.bookings.push(Booking {
                        id: booking_id,
                        employee: e.uuid.clone(),
                        start,
                        end: Some(start + minutes * 60_000),
                        pause: 30,
                        project,
                        service: None,
                        device: "Browser".into(),
                        comment: String::new(),
                    });
                    booking_id += 1;
                }
                day = match day.add_days(1) {
                    Some(d) => d,
                    None => break,
                };
            }
            let working_today = e.weekly_minutes[(today.iso_weekday() - 1) as usize] > 0;
            if i % 3 == 1 && e.email != ANNA && working_today && !on_leave(today) {
                let start = day_start_ms(today) + (8 * 60 + rng.next(40) as i64) * 60_000;
                if holiday(today) {
                    booking_id += 1;
                    continue;
                }
                s.bookings.push(Booking {
                    id: booking_id,
                    employee: e.uuid.clone(),
                    start,
                    end: None,
                    pause: 0,
                    project: None,
                    service: None,
                    device: "Terminal".into(),
                    comment: String::new(),
                });
                booking_id += 1;
            }
        }

        // Shifts: this ISO week and the last, morning and an overnight shift.
        let monday = today.add_days(-(i64::from(today.iso_weekday()) - 1)).unwrap_or(today);
        let staff: Vec<String> =
            s.employees.iter().filter(|e| e.company == "c-demo").take(6).map(|e| e.uuid.clone()).collect();
        let mut shift_id = 1;
        for week in [-7i64, 0] {
            for d in 0..5 {
                let date = monday.add_days(week + d).unwrap_or(monday);
                s.shifts.push(Shift {
                    id: shift_id,
                    workspace: "ws-1".into(),
                    date,
                    start_time: 7 * 60,
                    end_time: 15 * 60,
                    employee_amount: 2,
                    comment: "early".into(),
                    project_uuid: None,
                    employees: staff[(d as usize % 3)..(d as usize % 3 + 2)].to_vec(),
                });
                shift_id += 1;
                s.shifts.push(Shift {
                    id: shift_id,
                    workspace: "ws-1".into(),
                    date,
                    start_time: 22 * 60,
                    end_time: 6 * 60,
                    employee_amount: 1,
                    comment: "night".into(),
                    project_uuid: None,
                    employees: vec![staff[(d as usize + 3) % staff.len()].clone()],
                });
                shift_id += 1;
            }
        }
        s
    }
}
