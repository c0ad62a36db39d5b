//! Working time: presence, overview, monthly accounts, ranges, department summaries.

use serde_json::Value;

use super::{model, wire, EpochMillis};
use crate::date::{Date, DateTime, Month, TimeOfDay};

model! {
    /// Presence and absence of one day (`presence`).
    pub struct PresenceReport {
        /// Result code (0 = OK).
        code: opt i64 [via wire::Code] = "code" => "code",
        /// Epoch milliseconds of the call.
        time: opt EpochMillis [via wire::FlexInt] = "time" => "time",
        /// One entry per employee.
        info: list Vec<PresenceEntry> = "info" => "info",
    }
}

model! {
    /// One employee's presence on the chosen day.
    pub struct PresenceEntry {
        /// Where the bookings were made.
        membercode: opt String = "membercode" => "membercode",
        /// Last name and first name.
        employee: opt String = "employee" => "employee",
        /// Present on the chosen day.
        present: opt bool [via wire::FlexBool] = "present" => "present",
        /// Absence information (e.g. leave) when absent; an object or an array, kept raw.
        absences: opt Value = "list" => "absences",
    }
}

model! {
    /// Today's overview (`overview`).
    pub struct OverviewReport {
        /// Result code (0 = OK).
        code: opt i64 [via wire::Code] = "code" => "code",
        /// Epoch milliseconds of the call.
        time: opt EpochMillis [via wire::FlexInt] = "time" => "time",
        /// One entry per employee in scope.
        info: list Vec<OverviewEntry> = "info" => "info",
    }
}

model! {
    /// One employee in today's overview. Detail fields are filled only for the key owner or
    /// their supervisors.
    pub struct OverviewEntry {
        /// Where the bookings were made.
        membercode: opt String = "membercode" => "membercode",
        /// When the last booking ended.
        last_timestamp: opt DateTime [via wire::EmptyOr<DateTime>] = "lastTimestamp" => "lastTimestamp",
        /// Contact given by the employee.
        emergency_contact: opt String = "emergencyContact" => "emergencyContact",
        /// Last name and first name.
        employee: opt String = "employee" => "employee",
        /// Department of the employee.
        department: opt String = "department" => "department",
        /// Project currently running.
        current_project: opt String = "currentProject" => "currentProject",
        /// Service currently running.
        current_service: opt String = "currentService" => "currentService",
        /// Absence reasons (e.g. leave), kept raw.
        absences: opt Value = "list" => "absences",
        /// UUID of the employee.
        uuid: opt String = "uuid" => "uuid",
        /// When the running booking started.
        current_start: opt String = "currentStart" => "currentStart",
        /// `green` = a booking is running; `red` otherwise.
        status: opt String = "status" => "status",
        /// Device type the user is currently on.
        current_platform: opt String = "currentPlatform" => "currentPlatform",
        /// Browser in which the booking was started.
        current_device: opt String = "currentDevice" => "currentDevice",
    }
}

impl OverviewEntry {
    /// Whether a booking is running (`status == "green"`).
    pub fn is_clocked_in(&self) -> bool {
        self.status.as_deref() == Some("green")
    }
}

model! {
    /// Target and actual minutes of today.
    pub struct DayTotals {
        /// Target minutes (`soll`).
        target: opt f64 [via wire::FlexNum] = "soll" => "target",
        /// Actual minutes (`ist`).
        actual: opt f64 [via wire::FlexNum] = "ist" => "actual",
    }
}

model! {
    /// The `traffic` object of an account.
    pub struct Traffic {
        /// `active` (meaning not shown by the spec).
        active: opt bool [via wire::FlexBool] = "active" => "active",
    }
}

model! {
    /// A monthly time account: one employee (`time_account`) or one department summary entry
    /// (`department_month`, `department_month_employees`). Minutes unless noted. `month` is a
    /// calendar month (the wire's 0-based month is converted).
    pub struct MonthlyAccount {
        /// UUID of the employee.
        employee: opt String = "employee" => "employee",
        /// UUID (department summaries).
        uuid: opt String = "uuid" => "uuid",
        /// First and last name (department summaries).
        name: opt String = "name" => "name",
        /// The requested year.
        year: opt i64 [via wire::FlexInt] = "year" => "year",
        /// The requested month (calendar month; 0-based on the wire).
        month: opt Month [via wire::ZeroBasedMonth] = "month" => "month",
        /// The employee has made a time booking.
        has_time: opt bool [via wire::FlexBool] = "hasTime" => "hasTime",
        /// A project is currently selected.
        has_project: opt bool [via wire::FlexBool] = "hasProject" => "hasProject",
        /// Start time of the current booking.
        current: opt String = "current" => "current",
        /// Carry-over from the previous month (`lastMonth`).
        carry_over: opt f64 [via wire::FlexNum] = "lastMonth" => "carryOver",
        /// Target time of the month (`soll`).
        target: opt f64 [via wire::FlexNum] = "soll" => "target",
        /// Actual time of the month (`ist`).
        actual: opt f64 [via wire::FlexNum] = "ist" => "actual",
        /// Balance of the month (`saldo`).
        balance: opt f64 [via wire::FlexNum] = "saldo" => "balance",
        /// Balance of the month, same meaning (`saldo2`).
        balance2: opt f64 [via wire::FlexNum] = "saldo2" => "balance2",
        /// Actual working time on weekends.
        actual_on_weekend: opt f64 [via wire::FlexNum] = "istOnWeekend" => "actualOnWeekend",
        /// Minutes worked outside work (may be decimal).
        out_of_work: opt f64 [via wire::FlexNum] = "outOfWork" => "outOfWork",
        /// Whether the employee clocked in today (an integer on the wire).
        on_work: opt i64 [via wire::FlexInt] = "onWork" => "onWork",
        /// Paid-out time in minutes (`TIMEACCOUNT_PAYOFF`).
        time_account_payoff: opt f64 [via wire::FlexNum] = "TIMEACCOUNT_PAYOFF" => "timeAccountPayoff",
        /// Hours paid into the overtime account (`TIMEACCOUNT_OVERTIMEACCOUNT`).
        time_account_to_overtime_hours: opt f64 [via wire::FlexNum] = "TIMEACCOUNT_OVERTIMEACCOUNT" => "timeAccountToOvertimeHours",
        /// Unpaid overtime.
        unpaid_overtime: opt f64 [via wire::FlexNum] = "unpaidOvertime" => "unpaidOvertime",
        /// Overtime account at the start of the month.
        overtime_account_month: opt f64 [via wire::FlexNum] = "overtimeAccountMonth" => "overtimeAccountMonth",
        /// Overtime account as of today.
        overtime_account: opt f64 [via wire::FlexNum] = "overtimeAccount" => "overtimeAccount",
        /// Target and actual of today.
        today: opt DayTotals = "today" => "today",
        /// `traffic` (meaning not shown).
        traffic: opt Traffic = "traffic" => "traffic",
        /// Since when time tracking counts for the employee.
        start: opt Date [via wire::EmptyOr<Date>] = "start" => "start",
        /// One entry per day of the month and booking.
        bookings: list Vec<AccountBooking> = "list" => "bookings",
        /// `surcharge` (meaning not shown: raw).
        surcharge: opt Value = "surcharge" => "surcharge",
        /// `PAYOFF_TIMEACCOUNT` (meaning not shown: raw).
        payoff_time_account: opt Value = "PAYOFF_TIMEACCOUNT" => "payoffTimeAccount",
        /// `OVERTIMEACCOUNT_TIMEACCOUNT` (meaning not shown: raw).
        overtime_account_time_account: opt Value = "OVERTIMEACCOUNT_TIMEACCOUNT" => "overtimeAccountTimeAccount",
        /// `OVERTIMEACCOUNT_PAYOFF` (one-employee variant; meaning not shown: raw).
        overtime_account_payoff: opt Value = "OVERTIMEACCOUNT_PAYOFF" => "overtimeAccountPayoff",
        /// `PAYOFF_OVERTIMEACCOUNT` (one-employee variant; meaning not shown: raw).
        payoff_overtime_account: opt Value = "PAYOFF_OVERTIMEACCOUNT" => "payoffOvertimeAccount",
        /// `autoOvertime` (meaning not shown: raw).
        auto_overtime: opt Value = "autoOvertime" => "autoOvertime",
        /// `isReadOnly` (meaning not shown: raw).
        is_read_only: opt Value = "isReadOnly" => "isReadOnly",
        /// `inactive` (meaning not shown: raw).
        inactive: opt Value = "inactive" => "inactive",
        /// `end` (meaning not shown: raw).
        end: opt Value = "end" => "end",
        /// `officialAbsence` (department summaries; meaning not shown: raw).
        official_absence: opt Value = "officialAbsence" => "officialAbsence",
    }
}

impl MonthlyAccount {
    /// Reads the echoed month against the month that was asked for: the spec only says the
    /// answer carries "the requested month", so an echo of it either 0-based or 1-based is that
    /// month. Without a requested month the wire reading stands (0..=11 0-based, 12 December).
    pub fn settle_month(&mut self, requested: Option<Month>) {
        let Some(asked) = requested else { return };
        let one_based_echo = Month::from_zero_based(i64::from(asked.number()));
        let raw_echo = self.extra.get("month").and_then(serde_json::Value::as_i64);
        if self.month == Some(asked)
            || (self.month.is_some() && self.month == one_based_echo)
            || raw_echo == Some(i64::from(asked.number()))
        {
            self.month = Some(asked);
            if raw_echo.is_some() {
                self.extra.remove("month");
            }
        }
    }
}

model! {
    /// One day and booking of a monthly account.
    pub struct AccountBooking {
        /// The day.
        date: opt Date [via wire::EmptyOr<Date>] = "date" => "date",
        /// ID of the marker.
        annotation: opt i64 [via wire::FlexInt] = "annotation" => "annotation",
        /// Name of the employee.
        employee_name: opt String = "employeeName" => "employeeName",
        /// UUID of the employee.
        employee_uuid: opt String = "employeeUUID" => "employeeUuid",
        /// Start day and time of the booking.
        start: opt DateTime [via wire::EmptyOr<DateTime>] = "start" => "start",
        /// Day of the booking start.
        start_date: opt Date [via wire::EmptyOr<Date>] = "startDate" => "startDate",
        /// Start time of the booking (clock time, `hh:mm`).
        start_time: opt TimeOfDay [via wire::EmptyOr<TimeOfDay>] = "startTime" => "startTime",
        /// End day of the booking.
        end_date: opt Date [via wire::EmptyOr<Date>] = "endDate" => "endDate",
        /// End time of the booking (clock time, `hh:mm`).
        end_time: opt TimeOfDay [via wire::EmptyOr<TimeOfDay>] = "endTime" => "endTime",
        /// Target minutes of the day (`soll`).
        target: opt f64 [via wire::FlexNum] = "soll" => "target",
        /// Actual minutes of the day (`ist`).
        actual: opt f64 [via wire::FlexNum] = "ist" => "actual",
        /// Break minutes.
        pause: opt f64 [via wire::FlexNum] = "pause" => "pause",
        /// Whether the minimum break was taken (an integer on the wire).
        pause_min: opt i64 [via wire::FlexInt] = "pausemin" => "pauseMin",
        /// Whether the booking carries a warning (an integer on the wire).
        warning: opt i64 [via wire::FlexInt] = "warning" => "warning",
        /// Comment of the booking.
        comment: opt String = "comment" => "comment",
        /// `surchargeMinutes` (meaning not shown: raw).
        surcharge_minutes: opt Value = "surchargeMinutes" => "surchargeMinutes",
        /// `holidayType` (meaning not shown: raw).
        holiday_type: opt Value = "holidayType" => "holidayType",
        /// `isDummy` (meaning not shown: raw).
        is_dummy: opt Value = "isDummy" => "isDummy",
    }
}

model! {
    /// The body-based monthly account (`time_account_report`).
    pub struct AccountReport {
        /// Result code (0 = OK).
        code: opt i64 [via wire::Code] = "code" => "code",
        /// Epoch milliseconds of the call.
        time: opt EpochMillis [via wire::FlexInt] = "time" => "time",
        /// Target minutes of today (`today_soll`).
        today_target: opt f64 [via wire::FlexNum] = "today_soll" => "todayTarget",
        /// Actual minutes of today (`today_ist`).
        today_actual: opt f64 [via wire::FlexNum] = "today_ist" => "todayActual",
        /// Bookings of the month (`{length, start, end}` per the vendor's help page).
        bookings: list Vec<AccountInterval> = "list" => "bookings",
        /// Carry-over from the previous month in minutes (`account_balance`).
        carry_over: opt f64 [via wire::FlexNum] = "account_balance" => "carryOver",
        /// Target minutes of the month (`account_soll`).
        target: opt f64 [via wire::FlexNum] = "account_soll" => "target",
        /// Actual minutes of the month (`account_ist`).
        actual: opt f64 [via wire::FlexNum] = "account_ist" => "actual",
        /// Surcharge minutes of the month (`account_surcharge`).
        surcharge: opt f64 [via wire::FlexNum] = "account_surcharge" => "surcharge",
        /// Balance of the month (`account_saldo`).
        balance: opt f64 [via wire::FlexNum] = "account_saldo" => "balance",
        /// Deprecated by the vendor (`flexTime`), raw.
        flex_time: opt Value = "flexTime" => "flexTime",
        /// `PAYOFF_TIMEACCOUNT` (raw).
        payoff_time_account: opt Value = "PAYOFF_TIMEACCOUNT" => "payoffTimeAccount",
        /// Paid-out minutes (`TIMEACCOUNT_PAYOFF`).
        time_account_payoff: opt f64 [via wire::FlexNum] = "TIMEACCOUNT_PAYOFF" => "timeAccountPayoff",
        /// `OVERTIMEACCOUNT_TIMEACCOUNT` (raw).
        overtime_account_time_account: opt Value = "OVERTIMEACCOUNT_TIMEACCOUNT" => "overtimeAccountTimeAccount",
        /// Hours paid into the overtime account (`TIMEACCOUNT_OVERTIMEACCOUNT`).
        time_account_to_overtime_hours: opt f64 [via wire::FlexNum] = "TIMEACCOUNT_OVERTIMEACCOUNT" => "timeAccountToOvertimeHours",
    }
}

model! {
    /// One booking of the body-based account.
    pub struct AccountInterval {
        /// Length in minutes.
        length: opt f64 [via wire::FlexNum] = "length" => "length",
        /// Start (the API's epoch milliseconds: an instant).
        start: opt EpochMillis [via wire::FlexInt] = "start" => "start",
        /// End (the API's epoch milliseconds: an instant; absent while running).
        end: opt EpochMillis [via wire::FlexInt] = "end" => "end",
        /// Project name (only with `project: true`; key name not shown by the spec).
        project: opt String = "project" => "project",
    }
}

model! {
    /// Target/actual minutes per day for a range (`target_actual_days`).
    pub struct TargetActualReport {
        /// Result code (0 = OK).
        code: opt i64 [via wire::Code] = "code" => "code",
        /// Epoch milliseconds of the call.
        time: opt EpochMillis [via wire::FlexInt] = "time" => "time",
        /// Per employee and day (element fields not shown by the spec: raw JSON).
        info: list Vec<Value> = "info" => "info",
    }
}
