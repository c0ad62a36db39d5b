//! Monthly accounts computed from bookings, the work schedule and leave: target (soll), actual
//! (ist), balance (saldo) and carry-over, as the API describes them.

use std::collections::HashMap;

use serde_json::{json, Value};
use zeitkonto_core::Date;

use crate::seed::{day_start_ms, Booking, Employee, Holiday, LeaveRecord, Seed};

/// Bookings and leave of one employee, looked up once per request.
pub struct Index<'a> {
    bookings: HashMap<&'a str, Vec<&'a Booking>>,
    leave: HashMap<&'a str, Vec<&'a LeaveRecord>>,
    holidays: HashMap<(&'a str, Date), &'a Holiday>,
    leave_types: HashMap<&'a str, &'a str>,
}

impl<'a> Index<'a> {
    /// Groups the seed's bookings and leave by employee.
    pub fn new(seed: &'a Seed) -> Index<'a> {
        let mut bookings: HashMap<&str, Vec<&Booking>> = HashMap::new();
        for b in &seed.bookings {
            bookings.entry(b.employee.as_str()).or_default().push(b);
        }
        let mut leave: HashMap<&str, Vec<&LeaveRecord>> = HashMap::new();
        for l in &seed.leave {
            leave.entry(l.employee.as_str()).or_default().push(l);
        }
        let holidays = seed.holidays.iter().map(|h| ((h.company.as_str(), h.date), h)).collect();
        let leave_types = seed.leave_types.iter().map(|t| (t.uuid.as_str(), t.en.as_str())).collect();
        Index { bookings, leave, holidays, leave_types }
    }

    /// The (English) name of a leave type, or empty.
    pub fn leave_type_name(&self, uuid: &str) -> String {
        self.leave_types.get(uuid).map(|n| n.to_string()).unwrap_or_default()
    }

    /// The public holiday of `e`'s company on `day`, if any.
    pub fn holiday(&self, e: &Employee, day: Date) -> Option<&'a Holiday> {
        self.holidays.get(&(e.company.as_str(), day)).copied()
    }

    /// Bookings of an employee.
    pub fn bookings(&self, uuid: &str) -> &[&'a Booking] {
        self.bookings.get(uuid).map(Vec::as_slice).unwrap_or(&[])
    }

    /// Leave of an employee.
    pub fn leave(&self, uuid: &str) -> &[&'a LeaveRecord] {
        self.leave.get(uuid).map(Vec::as_slice).unwrap_or(&[])
    }

    /// The leave record covering `day`, if any.
    pub fn leave_on(&self, uuid: &str, day: Date) -> Option<&'a LeaveRecord> {
        self.leave(uuid).iter().copied().find(|l| l.start <= day && day <= l.end)
    }

    /// Target minutes of `day`: the schedule, less leave (half a day halves it); none on a public
    /// holiday.
    pub fn target(&self, e: &Employee, day: Date) -> i64 {
        if !e.active_on(day) || day < e.tracking_start || self.holiday(e, day).is_some() {
            return 0;
        }
        let planned = i64::from(e.weekly_minutes[(day.iso_weekday() - 1) as usize]);
        match self.leave_on(&e.uuid, day) {
            Some(l) if l.half_day => planned / 2,
            Some(_) => 0,
            None => planned,
        }
    }
}

/// Worked minutes of a booking (a running one counts until `now`), less its break.
pub fn booking_minutes(b: &Booking, now: i64) -> i64 {
    let end = b.end.unwrap_or(now).max(b.start);
    let gross = (end - b.start) / 60_000;
    (gross - i64::from(b.pause)).max(0)
}

/// `YYYY-MM-DD hh:mm:ss` of epoch milliseconds (UTC).
pub fn timestamp(ms: i64) -> String {
    let day = Date::from_epoch_millis(ms).map(|d| d.to_string()).unwrap_or_default();
    let secs = ms.rem_euclid(86_400_000) / 1000;
    format!("{day} {:02}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
}

/// `hh:mm` of epoch milliseconds (UTC).
pub fn clock_time(ms: i64) -> String {
    let mins = ms.rem_euclid(86_400_000) / 60_000;
    format!("{:02}:{:02}", mins / 60, mins % 60)
}

/// The day of a booking's start.
pub fn booking_day(b: &Booking) -> Date {
    Date::from_epoch_millis(b.start).unwrap_or_else(|| Date::new(1970, 1, 1).expect("valid"))
}

/// Totals of one month for one employee. For the current month, days after today do not count.
pub struct MonthTotals {
    /// Target minutes (`soll`) of the counted days.
    pub target: i64,
    /// Actual minutes (`ist`): the bookings started on the counted days, less breaks (a running one
    /// counts until now).
    pub actual: i64,
    /// Carry-over minutes (`lastMonth`): actual less target from the tracking start to the day
    /// before the month; 0 for the month tracking starts in.
    pub carry_over: i64,
    /// Actual minutes of bookings started on a Saturday or Sunday (`istOnWeekend`).
    pub weekend: i64,
    /// Whether any booking started on the counted days (`hasTime`).
    pub has_time: bool,
}

/// The first and last counted day of a month (`None` if the month has not started yet).
pub fn month_days(year: i32, month: u8, today: Date) -> Option<(Date, Date)> {
    let first = Date::new(year, month, 1)?;
    if first > today {
        return None;
    }
    let last = Date::new(year, month, first.days_in_month())?;
    Some((first, last.min(today)))
}

fn range_totals(ix: &Index<'_>, e: &Employee, from: Date, to: Date, now: i64) -> (i64, i64, i64, bool) {
    let mut target = 0;
    let mut d = from;
    while d <= to {
        target += ix.target(e, d);
        d = match d.add_days(1) {
            Some(n) => n,
            None => break,
        };
    }
    let (lo, hi) = (day_start_ms(from), day_start_ms(to) + 86_400_000);
    let mut actual = 0;
    let mut weekend = 0;
    let mut any = false;
    for b in ix.bookings(&e.uuid).iter().filter(|b| b.start >= lo && b.start < hi) {
        let m = booking_minutes(b, now);
        actual += m;
        any = true;
        if booking_day(b).iso_weekday() >= 6 {
            weekend += m;
        }
    }
    (target, actual, weekend, any)
}

/// Totals of a calendar month (`month` 1..=12).
pub fn month_totals(ix: &Index<'_>, e: &Employee, year: i32, month: u8, today: Date, now: i64) -> MonthTotals {
    let Some((first, last)) = month_days(year, month, today) else {
        return MonthTotals { target: 0, actual: 0, carry_over: 0, weekend: 0, has_time: false };
    };
    let (target, actual, weekend, has_time) = range_totals(ix, e, first, last, now);
    let carry_over = match first.add_days(-1) {
        Some(prev) if prev >= e.tracking_start => {
            let (t, a, _, _) = range_totals(ix, e, e.tracking_start, prev, now);
            a - t
        }
        _ => 0,
    };
    MonthTotals { target, actual, carry_over, weekend, has_time }
}

/// The running booking of an employee, if any.
pub fn running<'a>(ix: &Index<'a>, uuid: &str) -> Option<&'a Booking> {
    ix.bookings(uuid).iter().copied().find(|b| b.end.is_none())
}

/// Actual minutes of one day: the bookings that started that day (a running one counts until
/// `now`), less breaks; the same attribution as the month totals and the range target/actual.
pub fn day_actual(ix: &Index<'_>, uuid: &str, day: Date, now: i64) -> i64 {
    ix.bookings(uuid).iter().filter(|b| booking_day(b) == day).map(|b| booking_minutes(b, now)).sum()
}

/// The `list` of a v2 monthly account: one entry per day of the month and booking. A day with
/// bookings has one entry per booking (in start order); a day without any has one dummy entry
/// (`isDummy` true, no times, `ist` 0). Every entry carries the day's target; `holidayType` is
/// `"public"` on a public holiday (else null) and a dummy's comment names the holiday or the leave.
/// The whole month is listed: in the current month the days after today are dummies with their
/// planned target (the month's totals count only until today).
pub fn account_list(ix: &Index<'_>, e: &Employee, year: i32, month: u8, now: i64) -> Vec<Value> {
    let Some(first) = Date::new(year, month, 1) else { return Vec::new() };
    let name = format!("{} {}", e.given_name, e.last_name);
    let mut by_day: HashMap<Date, Vec<&Booking>> = HashMap::new();
    for b in ix.bookings(&e.uuid) {
        let day = booking_day(b);
        if day.year() == year && day.month().number() == month {
            by_day.entry(day).or_default().push(b);
        }
    }
    let mut list = Vec::new();
    for n in 0..i64::from(first.days_in_month()) {
        let Some(day) = first.add_days(n) else { break };
        let (soll, holiday) = (ix.target(e, day), ix.holiday(e, day));
        let holiday_type = holiday.map(|_| "public");
        match by_day.get_mut(&day) {
            Some(bookings) => {
                bookings.sort_by_key(|b| (b.start, b.id));
                for b in bookings.iter() {
                    list.push(json!({
                        "date": day.to_string(), "annotation": 0, "employeeName": name, "employeeUUID": e.uuid,
                        "start": timestamp(b.start), "startDate": day.to_string(), "startTime": clock_time(b.start),
                        "endDate": b.end.and_then(Date::from_epoch_millis).map(|d| d.to_string()),
                        "endTime": b.end.map(clock_time), "soll": soll, "ist": booking_minutes(b, now),
                        "pause": b.pause, "pausemin": i32::from(b.pause >= 30), "warning": 0, "comment": b.comment,
                        "surchargeMinutes": 0, "holidayType": holiday_type, "isDummy": false
                    }));
                }
            }
            None => {
                let comment = match (holiday, ix.leave_on(&e.uuid, day)) {
                    (Some(h), _) => h.name.clone(),
                    (None, Some(l)) => ix.leave_type_name(&l.leave_type),
                    (None, None) => String::new(),
                };
                list.push(json!({
                    "date": day.to_string(), "annotation": 0, "employeeName": name, "employeeUUID": e.uuid,
                    "start": format!("{day} 00:00:00"), "startDate": day.to_string(), "startTime": "00:00",
                    "endDate": null, "endTime": null, "soll": soll, "ist": 0, "pause": 0, "pausemin": 0,
                    "warning": 0, "comment": comment, "surchargeMinutes": 0, "holidayType": holiday_type,
                    "isDummy": true
                }));
            }
        }
    }
    list
}

/// The v2 monthly account object of one employee (wire names; month 0-based).
pub fn monthly_account(ix: &Index<'_>, e: &Employee, year: i32, month: u8, today: Date, now: i64) -> Value {
    let t = month_totals(ix, e, year, month, today, now);
    let run = running(ix, &e.uuid);
    let today_ist = day_actual(ix, &e.uuid, today, now);
    let list = account_list(ix, e, year, month, now);
    let saldo = t.actual - t.target;
    json!({
        "employee": e.uuid, "year": year, "month": month - 1, "hasTime": t.has_time,
        "hasProject": run.is_some_and(|b| b.project.is_some()),
        "current": run.map(|b| timestamp(b.start)), "lastMonth": t.carry_over, "soll": t.target, "ist": t.actual,
        "saldo": saldo, "saldo2": saldo, "istOnWeekend": t.weekend, "outOfWork": 0, "onWork": i32::from(run.is_some()),
        "TIMEACCOUNT_PAYOFF": 0, "TIMEACCOUNT_OVERTIMEACCOUNT": 0, "unpaidOvertime": 0, "overtimeAccountMonth": 0,
        "overtimeAccount": 0, "today": {"soll": ix.target(e, today), "ist": today_ist}, "traffic": {"active": run.is_some()},
        "start": e.tracking_start.to_string(), "list": list, "surcharge": 0, "PAYOFF_TIMEACCOUNT": 0, "autoOvertime": false,
        "isReadOnly": false, "inactive": !e.active_on(today), "OVERTIMEACCOUNT_TIMEACCOUNT": 0, "end": null,
        "OVERTIMEACCOUNT_PAYOFF": 0, "PAYOFF_OVERTIMEACCOUNT": 0
    })
}

/// One entry of a department summary (wire names; month 0-based).
pub fn department_entry(ix: &Index<'_>, e: &Employee, year: i32, month: u8, today: Date, now: i64) -> Value {
    let t = month_totals(ix, e, year, month, today, now);
    let run = running(ix, &e.uuid);
    let saldo = t.actual - t.target;
    json!({
        "surcharge": 0, "PAYOFF_TIMEACCOUNT": 0, "year": year, "istOnWeekend": t.weekend, "TIMEACCOUNT_PAYOFF": 0,
        "lastMonth": t.carry_over, "outOfWork": 0, "ist": t.actual, "autoOvertime": false, "employee": e.uuid,
        "hasTime": t.has_time, "uuid": e.uuid, "current": run.map(|b| timestamp(b.start)), "isReadOnly": false,
        "officialAbsence": 0, "today": {"soll": ix.target(e, today), "ist": day_actual(ix, &e.uuid, today, now)}, "OVERTIMEACCOUNT_TIMEACCOUNT": 0,
        "traffic": {"active": run.is_some()}, "TIMEACCOUNT_OVERTIMEACCOUNT": 0, "soll": t.target,
        "hasProject": run.is_some_and(|b| b.project.is_some()), "saldo": saldo, "overtimeAccountMonth": 0, "saldo2": saldo,
        "onWork": i32::from(run.is_some()), "unpaidOvertime": 0, "month": month - 1,
        "name": format!("{} {}", e.given_name, e.last_name), "overtimeAccount": 0
    })
}

/// The one aggregate summary of a department (`department_month`): the same 29 keys as an entry,
/// summed over the entries. It belongs to no single employee: `employee` is null, `uuid` is the
/// department ID and `name` its name; `current` is the earliest start of a running booking,
/// `onWork` the number of employees clocked in, the flags are true when true for anyone.
pub fn department_total(uuid: &str, name: &str, year: i32, month: u8, entries: &[&Value]) -> Value {
    let sum = |k: &str| entries.iter().map(|v| v[k].as_i64().unwrap_or(0)).sum::<i64>();
    let today = |k: &str| entries.iter().map(|v| v["today"][k].as_i64().unwrap_or(0)).sum::<i64>();
    let any = |k: &str| entries.iter().any(|v| v[k] == true);
    let current = entries.iter().filter_map(|v| v["current"].as_str()).min();
    let (soll, ist) = (sum("soll"), sum("ist"));
    json!({
        "surcharge": sum("surcharge"), "PAYOFF_TIMEACCOUNT": sum("PAYOFF_TIMEACCOUNT"), "year": year,
        "istOnWeekend": sum("istOnWeekend"), "TIMEACCOUNT_PAYOFF": sum("TIMEACCOUNT_PAYOFF"),
        "lastMonth": sum("lastMonth"), "outOfWork": sum("outOfWork"), "ist": ist, "autoOvertime": any("autoOvertime"),
        "employee": null, "hasTime": any("hasTime"), "uuid": uuid, "current": current, "isReadOnly": any("isReadOnly"),
        "officialAbsence": sum("officialAbsence"), "today": {"soll": today("soll"), "ist": today("ist")},
        "OVERTIMEACCOUNT_TIMEACCOUNT": sum("OVERTIMEACCOUNT_TIMEACCOUNT"),
        "traffic": {"active": entries.iter().any(|v| v["traffic"]["active"] == true)},
        "TIMEACCOUNT_OVERTIMEACCOUNT": sum("TIMEACCOUNT_OVERTIMEACCOUNT"), "soll": soll, "hasProject": any("hasProject"),
        "saldo": ist - soll, "overtimeAccountMonth": sum("overtimeAccountMonth"), "saldo2": ist - soll,
        "onWork": sum("onWork"), "unpaidOvertime": sum("unpaidOvertime"), "month": month - 1, "name": name,
        "overtimeAccount": sum("overtimeAccount")
    })
}
