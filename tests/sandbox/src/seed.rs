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
    /// Internal id, which the `company` field of every other record refers to.
    pub id: String,
    /// The company's name.
    pub name: String,
    /// The company API key: the `{api}` path segment, or `api-key` in the body.
    pub key: String,
    /// Whether the company is active; an inactive company's key is refused with 403 `2` (the clock
    /// and extra leave answer `false`).
    pub active: bool,
    /// The licensed modules; an operation that needs a missing one answers 403 `8`.
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
    /// The employee's UUID (external id), which bookings, leave, shifts and `supervisor` refer to.
    pub uuid: String,
    /// Id of the employee's company ([`Company::id`]).
    pub company: String,
    /// The login e-mail; identifies the employee in bodies and paths (matched case-insensitively).
    pub email: String,
    /// Given (first) name (master record `givenName`).
    pub given_name: String,
    /// Last name (master record `lastName`).
    pub last_name: String,
    /// Personnel number (master record `personnelNumber`); may be empty, the default.
    #[serde(default)]
    pub personnel_number: String,
    /// Department id (main department).
    #[serde(default)]
    pub department: Option<String>,
    /// Date of birth (master record `birthday`, an empty string when `None`).
    #[serde(default)]
    pub birthday: Option<Date>,
    /// First day of employment (master record `joinDate`); the employee is active from this day.
    pub join_date: Date,
    /// Last day of employment (master record `dateOfSeparation`), if separated; the employee is
    /// active up to and including this day.
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
    /// Time tracking applies (default `true`): only such employees are listed in presence, the
    /// overview, the range target/actual and the department monthly summaries.
    #[serde(default = "yes")]
    pub time_tracked: bool,
    /// Leave management applies (default `true`): only such employees appear in the leave records
    /// of a month and the yearly leave overview.
    #[serde(default = "yes")]
    pub leave_managed: bool,
    /// Target minutes Monday..Sunday.
    #[serde(default = "full_time")]
    pub weekly_minutes: [u32; 7],
    /// Since when time tracking counts (carry-over starts here).
    pub tracking_start: Date,
    /// Emergency contact, shown as the overview's `emergencyContact`; may be empty, the default.
    #[serde(default)]
    pub emergency_contact: String,
    /// Yearly leave entitlement in days (default 30): the yearly overview's `entitlement`, to which
    /// extra leave is added and from which leave taken is subtracted.
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
    /// The department ID, which [`Employee::department`] refers to; the `{department}` of the
    /// single-object monthly summary (`department_month`).
    pub id: String,
    /// External id: the `{department}` of the per-employee monthly summary
    /// (`department_month_employees`).
    pub external_id: String,
    /// The name (master record `mainDepartment`, the overview's `department`).
    pub name: String,
    /// The department API key: the `{department}` of the department time accounts.
    pub key: String,
    /// Id of its company ([`Company::id`]).
    pub company: String,
}

/// A workspace (for shifts).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Workspace {
    /// The workspace id (`arbeitsbereich_id`), which [`Shift::workspace`] refers to.
    pub id: String,
    /// The name (`arbeitsbereich`).
    pub name: String,
    /// The workspace API key: `{workspaceApi}` when reading shifts, `workspace` in the body when
    /// creating one.
    pub key: String,
    /// Id of its company ([`Company::id`]); only its employees can be assigned to shifts.
    pub company: String,
}

/// A leave type.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LeaveType {
    /// The leave type's external id (`abscenceReasonUuid` when booking an absence), which
    /// [`LeaveRecord::leave_type`] refers to.
    pub uuid: String,
    /// Id of its company ([`Company::id`]).
    pub company: String,
    /// German name (`de` in the yearly overview's `legende`, `nameDe` in the leave-type list).
    pub de: String,
    /// English name: the name shown for leave in records, presence, the overview and the account
    /// list, and `name` in the leave-type list.
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
    /// The project's external id (UUID); projects created through the API get `p-<n>`.
    pub uuid: String,
    /// Id of its company ([`Company::id`]).
    pub company: String,
    /// The name; need not be unique (the search by name returns every match).
    pub name: String,
    /// UUID of the parent project; `None` for a top-level one (`parentId` `"0"` on the wire).
    #[serde(default)]
    pub parent: Option<String>,
    /// Deleted: no longer listed or found, and not usable for a `come`, bookings or as a parent.
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
    /// Id of the booking.
    pub id: u64,
    /// UUID of the employee who booked.
    pub employee: String,
    /// Epoch milliseconds.
    pub start: i64,
    /// End in epoch milliseconds; `None` while the booking runs (the employee is clocked in).
    #[serde(default)]
    pub end: Option<i64>,
    /// Break minutes inside the booking.
    #[serde(default)]
    pub pause: u32,
    /// UUID of the project booked on (a `come` on a project), if any.
    #[serde(default)]
    pub project: Option<String>,
    /// External id of the service booked on (`service` of a `come`), if any; the overview's
    /// `currentService`.
    #[serde(default)]
    pub service: Option<String>,
    /// Where the booking was made (`device` of the clock call, `API` when not sent): the `membercode`
    /// of presence and the overview, the overview's `currentDevice`.
    #[serde(default)]
    pub device: String,
    /// Comment of the booking.
    #[serde(default)]
    pub comment: String,
}

/// An absence / leave record.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LeaveRecord {
    /// Id of the record.
    pub id: u64,
    /// UUID of the absent employee.
    pub employee: String,
    /// UUID of its [`LeaveType`].
    pub leave_type: String,
    /// First day of the absence.
    pub start: Date,
    /// Last day of the absence (inclusive; booking an absence refuses one before `start`).
    pub end: Date,
    /// Half days (`duration` 0): each day halves the target and counts as 0.5 leave days.
    #[serde(default)]
    pub half_day: bool,
    /// The `planned` flag it was booked with (default `false`); stored and returned, nothing else.
    #[serde(default)]
    pub planned: bool,
    /// Comment of the absence.
    #[serde(default)]
    pub comment: String,
    /// UUID of the substitute, if any (required by a leave type with `needs_replacement`).
    #[serde(default)]
    pub replacement: Option<String>,
}

/// A public holiday of a company (a day off: no target, shown as an absence in presence).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Holiday {
    /// Id of the company ([`Company::id`]) whose holiday it is.
    pub company: String,
    /// The day.
    pub date: Date,
    /// Its name ("Neujahr"), shown as the day's absence and in the account list's `comment`.
    pub name: String,
}

/// An entry of the leave history (extra leave paid in or out).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LeaveHistory {
    /// UUID of the employee.
    pub employee: String,
    /// The leave year it counts for, named after the calendar year it starts in (see
    /// [`Company::leave_year_start`]).
    pub year: i32,
    /// Days paid in (positive) or out (negative); the yearly overview sums them as `extra`.
    pub days: f64,
    /// Comment of the entry.
    #[serde(default)]
    pub comment: String,
    /// When it was recorded, in epoch milliseconds.
    pub at: i64,
}

/// A shift.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Shift {
    /// The shift id (`shift_id`); a shift created through the API gets the highest id plus one.
    pub id: i64,
    /// Id of its workspace ([`Workspace::id`]).
    pub workspace: String,
    /// The day the shift starts; the ISO week it is read by.
    pub date: Date,
    /// Start in minutes after midnight (0-1439 when created through the API).
    pub start_time: u32,
    /// End in minutes after midnight (0-1439 when created through the API); when not greater than
    /// `start_time` the shift is overnight and ends the next day.
    pub end_time: u32,
    /// How many employees the shift needs (`employeeAmount`; at least 1 when created through the
    /// API, default 1 there).
    pub employee_amount: u32,
    /// Comment of the shift.
    #[serde(default)]
    pub comment: String,
    /// UUID of the linked project, kept as sent (it need not name a project of the company).
    #[serde(default)]
    pub project_uuid: Option<String>,
    /// UUIDs of the assigned employees (created through the API: only those of the workspace's
    /// company, unknown ones dropped).
    #[serde(default)]
    pub employees: Vec<String>,
}

/// Everything the sandbox serves.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct Seed {
    /// Companies, with their keys and modules.
    pub companies: Vec<Company>,
    /// Employees of every company.
    pub employees: Vec<Employee>,
    /// Departments of every company.
    pub departments: Vec<Department>,
    /// Workspaces (for shifts).
    pub workspaces: Vec<Workspace>,
    /// Leave types (`leaveTypes`).
    pub leave_types: Vec<LeaveType>,
    /// Projects, removed ones included.
    pub projects: Vec<Project>,
    /// Time bookings, running ones included.
    pub bookings: Vec<Booking>,
    /// Absences and leave records.
    pub leave: Vec<LeaveRecord>,
    /// Extra leave paid in or out (`leaveHistory`).
    pub leave_history: Vec<LeaveHistory>,
    /// Shifts of every workspace.
    pub shifts: Vec<Shift>,
    /// Public holidays of every company.
    pub holidays: Vec<Holiday>,
}

/// The fixed demo identities (also listed in `tests/sandbox/README.md`).
pub mod demo {
    /// Company key of "Demo GmbH" (id `c-demo`), with every module (time tracking, leave, projects).
    pub const COMPANY_KEY: &str = "demo-company-key";
    /// Company key of "No Modules AG", an active company without modules (403 `8`).
    pub const NOMODULES_COMPANY_KEY: &str = "nomodules-company-key";
    /// Company key of "Inactive KG", an inactive company (403 `2`).
    pub const INACTIVE_COMPANY_KEY: &str = "inactive-company-key";
    /// Company key of "Other GmbH", another active company with every module (for "foreign" checks).
    pub const OTHER_COMPANY_KEY: &str = "other-company-key";
    /// Workspace key of the demo company's "Front desk" (id `ws-1`).
    pub const WORKSPACE_KEY: &str = "demo-workspace-key";
    /// Workspace key of the other company's "Other desk" (id `ws-9`).
    pub const OTHER_WORKSPACE_KEY: &str = "other-workspace-key";
    /// Department key of Sales ([`SALES_ID`]).
    pub const DEPARTMENT_KEY: &str = "demo-department-key";
    /// Employee key of Anna Schmidt ([`ANNA`]).
    pub const EMPLOYEE_KEY: &str = "demo-employee-key";
    /// Employee key of Sabine Boss ([`SUPERVISOR`]).
    pub const SUPERVISOR_KEY: &str = "demo-supervisor-key";
    /// E-mail of Anna Schmidt: in Sales, with a login and an employee key, supervised by [`SUPERVISOR`].
    pub const ANNA: &str = "anna.schmidt@demo.example";
    /// UUID of Anna Schmidt ([`ANNA`]).
    pub const ANNA_UUID: &str = "00000000-0000-4000-8000-000000000001";
    /// E-mail of Max Manager: holds the project-management manager role (key `demo-manager-key`) and
    /// supervises Engineering.
    pub const MANAGER: &str = "max.manager@demo.example";
    /// UUID of Max Manager ([`MANAGER`]).
    pub const MANAGER_UUID: &str = "00000000-0000-4000-8000-000000000002";
    /// E-mail of Sabine Boss: supervises Sales, Anna included.
    pub const SUPERVISOR: &str = "sabine.boss@demo.example";
    /// UUID of Sabine Boss ([`SUPERVISOR`]).
    pub const SUPERVISOR_UUID: &str = "00000000-0000-4000-8000-000000000003";
    /// E-mail of Nora Nologin: no login account, part-time (360 minutes Monday to Thursday).
    pub const NO_LOGIN: &str = "nora.nologin@demo.example";
    /// E-mail of Otto Former: separated 200 days before "today", not time-tracked.
    pub const FORMER: &str = "otto.former@demo.example";
    /// E-mail of Olga Other, an employee (and project manager) of the other company.
    pub const OTHER_EMPLOYEE: &str = "olga.other@other.example";
    /// UUID of Olga Other ([`OTHER_EMPLOYEE`]).
    pub const OTHER_EMPLOYEE_UUID: &str = "00000000-0000-4000-8000-000000000902";
    /// E-mail of Noah Nomod, the employee of the company without modules.
    pub const NOMODULES_EMPLOYEE: &str = "noah.nomod@nomodules.example";
    /// ID of the Sales department (the `{department}` of the single-object monthly summary).
    pub const SALES_ID: &str = "1";
    /// External id of the Sales department (the `{department}` of the per-employee monthly summary).
    pub const SALES_EXTERNAL: &str = "SALES";
    /// UUID of the leave type Vacation ("Urlaub"), which counts as leave.
    pub const VACATION: &str = "LT-VAC";
    /// UUID of the leave type Special leave ("Sonderurlaub"), which requires a substitute.
    pub const SPECIAL_LEAVE: &str = "LT-SPECIAL";
    /// UUID of the leave type Sick leave ("Krankheit").
    pub const SICK: &str = "LT-SICK";
    /// UUID of the demo company's project "Website".
    pub const PROJECT_WEBSITE: &str = "p-website";
    /// UUID of "Website Backend", a sub-project of [`PROJECT_WEBSITE`].
    pub const PROJECT_WEBSITE_BACKEND: &str = "p-website-backend";
    /// UUID of the other company's project "Other Website".
    pub const PROJECT_OTHER_COMPANY: &str = "p-other";
}

/// Midnight (UTC) of `day` in epoch milliseconds.
pub fn day_start_ms(day: Date) -> i64 {
    day.days_since_epoch() * 86_400_000
}
