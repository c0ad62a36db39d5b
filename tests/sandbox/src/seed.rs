//! The sandbox's data: the seed model, loadable from a JSON file with `--seed`. The default,
//! deterministic demo seed (`Seed::demo`) is generated in `demo_seed.rs`. Documented in
//! `tests/sandbox/README.md`.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use zeitkonto_core::Date;

/// Modules a company has licensed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct Modules {
    /// Time tracking (clock, presence, accounts).
    pub time_tracking: bool,
    /// Leave management.
    pub leave: bool,
    /// Project management.
    pub projects: bool,
}

/// A company and its key.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Company {
    pub id: String,
    pub name: String,
    pub key: String,
    pub active: bool,
    pub modules: Modules,
    /// The calendar month (1-12) in which the company's leave year starts; a leave year is named
    /// after the calendar year it starts in. Default 1: the leave year is the calendar year.
    #[serde(default = "january")]
    pub leave_year_start: u8,
}

pub(crate) fn january() -> u8 {
    1
}

impl Company {
    /// The leave year that `day` falls in.
    pub fn leave_year_of(&self, day: Date) -> i32 {
        if day.month().number() >= self.leave_year_start.clamp(1, 12) {
            day.year()
        } else {
            day.year() - 1
        }
    }

    /// The first day of leave year `year` and the first day of the next one.
    pub fn leave_year_range(&self, year: i32) -> Option<(Date, Date)> {
        let m = self.leave_year_start.clamp(1, 12);
        Some((Date::new(year, m, 1)?, Date::new(year.checked_add(1)?, m, 1)?))
    }
}

/// An employee.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Employee {
    pub uuid: String,
    pub company: String,
    pub email: String,
    pub given_name: String,
    pub last_name: String,
    #[serde(default)]
    pub personnel_number: String,
    /// Department id (main department).
    #[serde(default)]
    pub department: Option<String>,
    #[serde(default)]
    pub birthday: Option<Date>,
    pub join_date: Date,
    #[serde(default)]
    pub separation_date: Option<Date>,
    /// Has a login account (omitted from `all_employees` and department accounts otherwise).
    #[serde(default = "yes")]
    pub login: bool,
    /// The employee's own API key.
    #[serde(default)]
    pub key: Option<String>,
    /// UUID of the supervisor.
    #[serde(default)]
    pub supervisor: Option<String>,
    /// Holds the project-management manager role.
    #[serde(default)]
    pub project_manager: bool,
    #[serde(default = "yes")]
    pub time_tracked: bool,
    #[serde(default = "yes")]
    pub leave_managed: bool,
    /// Target minutes Monday..Sunday.
    #[serde(default = "full_time")]
    pub weekly_minutes: [u32; 7],
    /// Since when time tracking counts (carry-over starts here).
    pub tracking_start: Date,
    #[serde(default)]
    pub emergency_contact: String,
    #[serde(default = "thirty")]
    pub leave_days_per_year: f64,
}

pub(crate) fn yes() -> bool {
    true
}
pub(crate) fn full_time() -> [u32; 7] {
    [480, 480, 480, 480, 480, 0, 0]
}
pub(crate) fn thirty() -> f64 {
    30.0
}

impl Employee {
    /// "Last First", as presence and overview print it.
    pub fn display_name(&self) -> String {
        format!("{} {}", self.last_name, self.given_name)
    }

    /// Whether the employee is active on `day`.
    pub fn active_on(&self, day: Date) -> bool {
        day >= self.join_date && self.separation_date.is_none_or(|s| day <= s)
    }
}

/// A department.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Department {
    pub id: String,
    pub external_id: String,
    pub name: String,
    pub key: String,
    pub company: String,
}

/// A workspace (for shifts).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Workspace {
    pub id: String,
    pub name: String,
    pub key: String,
    pub company: String,
}

/// A leave type.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LeaveType {
    pub uuid: String,
    pub company: String,
    pub de: String,
    pub en: String,
    /// A substitute is mandatory.
    #[serde(default)]
    pub needs_replacement: bool,
    /// Counts against the yearly leave entitlement.
    #[serde(default)]
    pub counts_as_leave: bool,
}

/// A project.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Project {
    pub uuid: String,
    pub company: String,
    pub name: String,
    #[serde(default)]
    pub parent: Option<String>,
    #[serde(default)]
    pub removed: bool,
    /// The project object as created (extra fields kept).
    #[serde(default)]
    pub data: Value,
}

/// A time booking; `end` is `None` while it runs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Booking {
    pub id: u64,
    pub employee: String,
    /// Epoch milliseconds.
    pub start: i64,
    #[serde(default)]
    pub end: Option<i64>,
    /// Break minutes inside the booking.
    #[serde(default)]
    pub pause: u32,
    #[serde(default)]
    pub project: Option<String>,
    #[serde(default)]
    pub service: Option<String>,
    #[serde(default)]
    pub device: String,
    #[serde(default)]
    pub comment: String,
}

/// An absence / leave record.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LeaveRecord {
    pub id: u64,
    pub employee: String,
    pub leave_type: String,
    pub start: Date,
    pub end: Date,
    #[serde(default)]
    pub half_day: bool,
    #[serde(default)]
    pub planned: bool,
    #[serde(default)]
    pub comment: String,
    #[serde(default)]
    pub replacement: Option<String>,
}

/// A public holiday of a company (a day off: no target, shown as an absence in presence).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Holiday {
    pub company: String,
    pub date: Date,
    pub name: String,
}

/// An entry of the leave history (extra leave paid in or out).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LeaveHistory {
    pub employee: String,
    pub year: i32,
    pub days: f64,
    #[serde(default)]
    pub comment: String,
    pub at: i64,
}

/// A shift.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Shift {
    pub id: i64,
    pub workspace: String,
    pub date: Date,
    pub start_time: u32,
    pub end_time: u32,
    pub employee_amount: u32,
    #[serde(default)]
    pub comment: String,
    #[serde(default)]
    pub project_uuid: Option<String>,
    #[serde(default)]
    pub employees: Vec<String>,
}

/// Everything the sandbox serves.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct Seed {
    pub companies: Vec<Company>,
    pub employees: Vec<Employee>,
    pub departments: Vec<Department>,
    pub workspaces: Vec<Workspace>,
    pub leave_types: Vec<LeaveType>,
    pub projects: Vec<Project>,
    pub bookings: Vec<Booking>,
    pub leave: Vec<LeaveRecord>,
    pub leave_history: Vec<LeaveHistory>,
    pub shifts: Vec<Shift>,
    pub holidays: Vec<Holiday>,
}

/// The fixed demo identities (also listed in `tests/sandbox/README.md`).
pub mod demo {
    pub const COMPANY_KEY: &str = "demo-company-key";
    pub const NOMODULES_COMPANY_KEY: &str = "nomodules-company-key";
    pub const INACTIVE_COMPANY_KEY: &str = "inactive-company-key";
    pub const OTHER_COMPANY_KEY: &str = "other-company-key";
    pub const WORKSPACE_KEY: &str = "demo-workspace-key";
    pub const OTHER_WORKSPACE_KEY: &str = "other-workspace-key";
    pub const DEPARTMENT_KEY: &str = "demo-department-key";
    pub const EMPLOYEE_KEY: &str = "demo-employee-key";
    pub const SUPERVISOR_KEY: &str = "demo-supervisor-key";
    pub const ANNA: &str = "anna.schmidt@demo.example";
    pub const ANNA_UUID: &str = "00000000-0000-4000-8000-000000000001";
    pub const MANAGER: &str = "max.manager@demo.example";
    pub const MANAGER_UUID: &str = "00000000-0000-4000-8000-000000000002";
    pub const SUPERVISOR: &str = "sabine.boss@demo.example";
    pub const SUPERVISOR_UUID: &str = "00000000-0000-4000-8000-000000000003";
    pub const NO_LOGIN: &str = "nora.nologin@demo.example";
    pub const FORMER: &str = "otto.former@demo.example";
    pub const OTHER_EMPLOYEE: &str = "olga.other@other.example";
    pub const OTHER_EMPLOYEE_UUID: &str = "00000000-0000-4000-8000-000000000902";
    pub const NOMODULES_EMPLOYEE: &str = "noah.nomod@nomodules.example";
    pub const SALES_ID: &str = "1";
    pub const SALES_EXTERNAL: &str = "SALES";
    pub const VACATION: &str = "LT-VAC";
    pub const SPECIAL_LEAVE: &str = "LT-SPECIAL";
    pub const SICK: &str = "LT-SICK";
    pub const PROJECT_WEBSITE: &str = "p-website";
    pub const PROJECT_WEBSITE_BACKEND: &str = "p-website-backend";
    pub const PROJECT_OTHER_COMPANY: &str = "p-other";
}

/// Midnight (UTC) of `day` in epoch milliseconds.
pub fn day_start_ms(day: Date) -> i64 {
    day.days_since_epoch() * 86_400_000
}
