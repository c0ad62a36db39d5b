//! Records of the results, read from the core's canonical JSON (camelCase English names, calendar
//! months, ISO dates, `extra` for fields this version does not know). Field for field the core's
//! models (`core/src/model/`): `deny_unknown_fields` makes a drift fail the vector test
//! (`tests/vectors.rs` reads every expected output of the shared vectors into these records).
//!
//! Numbers: minutes as `f64` unless noted; `code`/`time` (epoch ms) as `i64`; years, months (1-12)
//! and weeks as `i32`. Containers the spec leaves vague are [`RawJson`].

use std::collections::HashMap;

use serde::Deserialize;

use crate::types::{IsoDate, RawJson, Timestamp};

/// Fields the API sent that this version does not know, as JSON text per field.
pub type Extra = HashMap<String, RawJson>;

macro_rules! records {
    ($( $(#[$meta:meta])* pub struct $name:ident { $( $(#[$fmeta:meta])* $field:ident : $ty:ty ),* $(,)? } )*) => {
        $(
            $(#[$meta])*
            #[derive(Debug, Clone, PartialEq, Deserialize, uniffi::Record)]
            #[serde(rename_all = "camelCase", deny_unknown_fields)]
            pub struct $name {
                $( $(#[$fmeta])* #[serde(default)] pub $field: $ty, )*
            }
        )*
    };
}

records! {
    /// An employee's master data (`employees`, `all_employees`).
    pub struct EmployeeRecord {
        personnel_number: Option<String>,
        main_department: Option<String>,
        email: Option<String>,
        given_name: Option<String>,
        last_name: Option<String>,
        birthday: Option<IsoDate>,
        join_date: Option<IsoDate>,
        date_of_separation: Option<IsoDate>,
        extra: Extra,
    }

    /// An employee and the department they belong to (`employee_departments`).
    pub struct EmployeeDepartment {
        employee: String,
        department: Option<String>,
    }

    /// Who is present (`presence`).
    pub struct PresenceReport {
        code: Option<i64>,
        time: Option<i64>,
        info: Vec<PresenceEntry>,
        extra: Extra,
    }

    /// One employee's presence.
    pub struct PresenceEntry {
        membercode: Option<String>,
        employee: Option<String>,
        present: Option<bool>,
        /// The absences of the day, as sent.
        absences: Option<RawJson>,
        extra: Extra,
    }

    /// The status board (`overview`).
    pub struct OverviewReport {
        code: Option<i64>,
        time: Option<i64>,
        info: Vec<OverviewEntry>,
        extra: Extra,
    }

    /// One employee on the status board; `status` "green" = clocked in.
    pub struct OverviewEntry {
        membercode: Option<String>,
        last_timestamp: Option<Timestamp>,
        emergency_contact: Option<String>,
        employee: Option<String>,
        department: Option<String>,
        current_project: Option<String>,
        current_service: Option<String>,
        absences: Option<RawJson>,
        uuid: Option<String>,
        current_start: Option<String>,
        status: Option<String>,
        current_platform: Option<String>,
        current_device: Option<String>,
        extra: Extra,
    }

    /// Target and actual minutes of today.
    pub struct DayTotals {
        target: Option<f64>,
        actual: Option<f64>,
        extra: Extra,
    }

    /// The traffic-light setting.
    pub struct Traffic {
        active: Option<bool>,
        extra: Extra,
    }

    /// A monthly working-time account (`time_account`, `department_month`, ...); `month` 1-12.
    pub struct MonthlyAccount {
        employee: Option<String>,
        uuid: Option<String>,
        name: Option<String>,
        year: Option<i32>,
        month: Option<i32>,
        has_time: Option<bool>,
        has_project: Option<bool>,
        current: Option<String>,
        carry_over: Option<f64>,
        target: Option<f64>,
        actual: Option<f64>,
        balance: Option<f64>,
        balance2: Option<f64>,
        actual_on_weekend: Option<f64>,
        out_of_work: Option<f64>,
        on_work: Option<i64>,
        time_account_payoff: Option<f64>,
        time_account_to_overtime_hours: Option<f64>,
        unpaid_overtime: Option<f64>,
        overtime_account_month: Option<f64>,
        overtime_account: Option<f64>,
        today: Option<DayTotals>,
        traffic: Option<Traffic>,
        start: Option<IsoDate>,
        bookings: Vec<AccountBooking>,
        surcharge: Option<RawJson>,
        payoff_time_account: Option<RawJson>,
        overtime_account_time_account: Option<RawJson>,
        overtime_account_payoff: Option<RawJson>,
        payoff_overtime_account: Option<RawJson>,
        auto_overtime: Option<RawJson>,
        is_read_only: Option<RawJson>,
        inactive: Option<RawJson>,
        end: Option<RawJson>,
        official_absence: Option<RawJson>,
        extra: Extra,
    }

    /// One day or booking of a monthly account.
    pub struct AccountBooking {
        date: Option<IsoDate>,
        annotation: Option<i64>,
        employee_name: Option<String>,
        employee_uuid: Option<String>,
        start: Option<Timestamp>,
        start_date: Option<IsoDate>,
        start_time: Option<String>,
        end_date: Option<IsoDate>,
        end_time: Option<String>,
        target: Option<f64>,
        actual: Option<f64>,
        pause: Option<f64>,
        pause_min: Option<i64>,
        warning: Option<i64>,
        comment: Option<String>,
        surcharge_minutes: Option<RawJson>,
        holiday_type: Option<RawJson>,
        is_dummy: Option<RawJson>,
        extra: Extra,
    }

    /// The time-account report of a month or a year (`time_account_report`).
    pub struct AccountReport {
        code: Option<i64>,
        time: Option<i64>,
        today_target: Option<f64>,
        today_actual: Option<f64>,
        bookings: Vec<AccountInterval>,
        carry_over: Option<f64>,
        target: Option<f64>,
        actual: Option<f64>,
        surcharge: Option<f64>,
        balance: Option<f64>,
        flex_time: Option<RawJson>,
        payoff_time_account: Option<RawJson>,
        time_account_payoff: Option<f64>,
        overtime_account_time_account: Option<RawJson>,
        time_account_to_overtime_hours: Option<f64>,
        extra: Extra,
    }

    /// A booked interval (`start`/`end` in epoch milliseconds).
    pub struct AccountInterval {
        length: Option<f64>,
        start: Option<i64>,
        end: Option<i64>,
        project: Option<String>,
        extra: Extra,
    }

    /// Target and actual per day of a range (`target_actual_days`; days as sent).
    pub struct TargetActualReport {
        code: Option<i64>,
        time: Option<i64>,
        info: Vec<RawJson>,
        extra: Extra,
    }

    /// The leave of a year (`leave_year`): records and the legend of leave types, as sent.
    pub struct LeaveYearOverview {
        list: Vec<RawJson>,
        legend: HashMap<String, RawJson>,
        extra: Extra,
    }

    /// All leave types of the company (`leave_types`; types as sent).
    pub struct LeaveTypesReport {
        code: Option<i64>,
        time: Option<i64>,
        leave_types: Vec<RawJson>,
        extra: Extra,
    }

    /// The projects of a manager (`projects`; projects as sent).
    pub struct ProjectsReport {
        code: Option<i64>,
        time: Option<i64>,
        projects: Vec<RawJson>,
        extra: Extra,
    }

    /// A created project (`create_project`).
    pub struct CreatedProject {
        code: Option<i64>,
        time: Option<i64>,
        uuid: Option<String>,
        extra: Extra,
    }

    /// Project uuids found by name (`find_projects`).
    pub struct FoundProjects {
        code: Option<i64>,
        time: Option<i64>,
        projects: Vec<String>,
        extra: Extra,
    }

    /// Bookings on a project (`project_bookings`; entries as sent).
    pub struct ProjectBookingsReport {
        code: Option<i64>,
        time: Option<i64>,
        entries: Vec<RawJson>,
        extra: Extra,
    }

    /// The shifts of a workspace in an ISO week (`shifts`; shifts as sent).
    pub struct WeekShifts {
        year: Option<i32>,
        week: Option<i32>,
        workspace_name: Option<String>,
        workspace_id: Option<String>,
        shifts: Vec<RawJson>,
        extra: Extra,
    }

    /// A created shift (`create_shift`).
    pub struct CreatedShift {
        success: Option<bool>,
        shift_id: Option<i64>,
        extra: Extra,
    }
}
