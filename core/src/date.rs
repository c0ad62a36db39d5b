//! Calendar types: [`Date`], [`Month`], [`DateTime`] and ISO-week helpers.
//!
//! The API speaks `YYYY-MM-DD` dates and, depending on the operation, 0-based or 1-based months.
//! Users of Zeitkonto only ever see calendar months (January = 1); the operations translate.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::error::Error;

mod time_of_day;
pub use time_of_day::TimeOfDay;

/// A calendar month. `Month::January.number() == 1`; a 0-based month never leaves the core.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[allow(missing_docs)]
pub enum Month {
    January = 1,
    February,
    March,
    April,
    May,
    June,
    July,
    August,
    September,
    October,
    November,
    December,
}

impl Month {
    /// All twelve months in calendar order.
    pub const ALL: [Month; 12] = [
        Month::January,
        Month::February,
        Month::March,
        Month::April,
        Month::May,
        Month::June,
        Month::July,
        Month::August,
        Month::September,
        Month::October,
        Month::November,
        Month::December,
    ];

    /// The calendar number, 1 (January) to 12 (December).
    pub fn number(self) -> u8 {
        self as u8
    }

    /// The month from its calendar number 1..=12.
    pub fn from_number(n: i64) -> Option<Month> {
        if (1..=12).contains(&n) {
            Some(Month::ALL[(n - 1) as usize])
        } else {
            None
        }
    }

    /// The month as the 0-based operations encode it (January = 0).
    pub fn zero_based(self) -> u8 {
        self as u8 - 1
    }

    /// The month from the 0-based encoding (0 = January).
    pub fn from_zero_based(n: i64) -> Option<Month> {
        n.checked_add(1).and_then(Month::from_number)
    }

    /// Like [`Month::from_number`], but an out-of-range number is an [`Error::InvalidInput`] for
    /// `field`, with the reason every language gives.
    pub fn try_from_number(n: i64, field: &str) -> Result<Month, Error> {
        Month::from_number(n).ok_or_else(|| Error::invalid(field, Month::refusal(n)))
    }

    /// Why `n` is not a month: the one reason for it (typed arguments, JSON params, jobs).
    pub fn refusal(n: i64) -> String {
        format!("{n} is not a calendar month (1-12; January is 1)")
    }
}

/// A calendar month from its number, 1 (January) to 12: `Month::try_from(3u8)?` is March; another
/// number is an [`Error::InvalidInput`] on `month` (as [`Month::try_from_number`] gives it).
impl TryFrom<u8> for Month {
    type Error = Error;
    fn try_from(n: u8) -> Result<Month, Error> {
        Month::try_from_number(i64::from(n), "month")
    }
}

/// As `TryFrom<u8>`, for a month held as an `i32` (a database column).
impl TryFrom<i32> for Month {
    type Error = Error;
    fn try_from(n: i32) -> Result<Month, Error> {
        Month::try_from_number(i64::from(n), "month")
    }
}

/// As `TryFrom<u8>`, for a month held as a `u32` (chrono's `Datelike::month()`).
impl TryFrom<u32> for Month {
    type Error = Error;
    fn try_from(n: u32) -> Result<Month, Error> {
        Month::try_from_number(i64::from(n), "month")
    }
}

impl Serialize for Month {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.number())
    }
}

impl<'de> Deserialize<'de> for Month {
    /// Deserializes a calendar month number 1..=12 (the SDK's own JSON form, not the API's).
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let n = i64::deserialize(d)?;
        Month::from_number(n).ok_or_else(|| serde::de::Error::custom(Month::refusal(n)))
    }
}

/// A calendar date (proleptic Gregorian), printed and parsed as `YYYY-MM-DD`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    year: i32,
    month: u8,
    day: u8,
}

impl Date {
    /// A valid date, or `None` (month 1..=12, day within the month, year 1..=9999).
    pub fn new(year: i32, month: u8, day: u8) -> Option<Date> {
        if !(1..=9999).contains(&year) || !(1..=12).contains(&month) || day == 0 || day > days_in_month(year, month) {
            return None;
        }
        Some(Date { year, month, day })
    }

    /// The year.
    pub fn year(self) -> i32 {
        self.year
    }

    /// The calendar month.
    pub fn month(self) -> Month {
        Month::ALL[(self.month - 1) as usize]
    }

    /// The day of the month, 1..=31.
    pub fn day(self) -> u8 {
        self.day
    }

    /// Days since 1970-01-01 (negative before).
    pub fn days_since_epoch(self) -> i64 {
        // Howard Hinnant's days_from_civil.
        let y = i64::from(self.year) - i64::from(self.month <= 2);
        let era = if y >= 0 { y } else { y - 399 } / 400;
        let yoe = y - era * 400;
        let m = i64::from(self.month);
        let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(self.day) - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    /// The date `days` days after 1970-01-01, or `None` outside years 1..=9999.
    pub fn from_days_since_epoch(days: i64) -> Option<Date> {
        // Years 1..=9999 span about -719 000..=2 933 000 days: anything far outside is `None`
        // before any arithmetic can overflow.
        if !(-800_000..=3_000_000).contains(&days) {
            return None;
        }
        let z = days + 719_468;
        let era = if z >= 0 { z } else { z - 146_096 } / 146_097;
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let d = doy - (153 * mp + 2) / 5 + 1;
        let m = if mp < 10 { mp + 3 } else { mp - 9 };
        let y = yoe + era * 400 + i64::from(m <= 2);
        Date::new(i32::try_from(y).ok()?, m as u8, d as u8)
    }

    /// The date from epoch milliseconds (UTC).
    pub fn from_epoch_millis(ms: i64) -> Option<Date> {
        Date::from_days_since_epoch(ms.div_euclid(86_400_000))
    }

    /// This date plus `days` (may be negative).
    pub fn add_days(self, days: i64) -> Option<Date> {
        Date::from_days_since_epoch(self.days_since_epoch().checked_add(days)?)
    }

    /// Days from `self` to `other` (positive when `other` is later).
    pub fn days_until(self, other: Date) -> i64 {
        other.days_since_epoch() - self.days_since_epoch()
    }

    /// ISO weekday, Monday = 1 .. Sunday = 7.
    pub fn iso_weekday(self) -> u8 {
        // 1970-01-01 was a Thursday (4).
        ((self.days_since_epoch() + 3).rem_euclid(7) + 1) as u8
    }

    /// The ISO week-year and week number of this date.
    pub fn iso_week(self) -> (i32, u8) {
        let doy = self.days_since_epoch() - Date { year: self.year, month: 1, day: 1 }.days_since_epoch() + 1;
        let week = (doy - i64::from(self.iso_weekday()) + 10) / 7;
        if week < 1 {
            (self.year - 1, iso_weeks_in_year(self.year - 1))
        } else if week > i64::from(iso_weeks_in_year(self.year)) {
            (self.year + 1, 1)
        } else {
            (self.year, week as u8)
        }
    }

    /// The first day of the month of this date.
    pub fn first_of_month(self) -> Date {
        Date { day: 1, ..self }
    }

    /// The number of days in this date's month.
    pub fn days_in_month(self) -> u8 {
        days_in_month(self.year, self.month)
    }

    /// Parses `YYYY-MM-DD`; an error names `field`.
    pub fn parse_field(s: &str, field: &str) -> Result<Date, Error> {
        s.parse().map_err(|_| Error::invalid(field, format!("expected a date YYYY-MM-DD, got {}", shown_date(s))))
    }
}

/// Whether `year` is a Gregorian leap year.
pub fn is_leap_year(year: i32) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

/// Days in `month` (1..=12) of `year`.
pub fn days_in_month(year: i32, month: u8) -> u8 {
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if is_leap_year(year) => 29,
        2 => 28,
        _ => 0,
    }
}

/// How many ISO weeks `year` has: 53 when 1 January is a Thursday, or a Wednesday in a leap year.
pub fn iso_weeks_in_year(year: i32) -> u8 {
    let Some(jan1) = Date::new(year, 1, 1) else {
        return 52;
    };
    let wd = jan1.iso_weekday();
    if wd == 4 || (wd == 3 && is_leap_year(year)) {
        53
    } else {
        52
    }
}

/// Why a year is refused, after the number: the one refusal of a year (calls, weeks, jobs, the CLI).
pub const NOT_A_YEAR: &str = "is not a year from 1 to 9999";

/// A year the API can mean: 1..=9999 ([`crate::validate::year`]).
pub(crate) fn check_year(field: &str, year: i32) -> Result<(), Error> {
    if !(1..=9999).contains(&year) {
        return Err(Error::invalid(field, format!("{year} {NOT_A_YEAR}")));
    }
    Ok(())
}

/// Checks an ISO week-year and week (1..=53, and 53 only in years that have it).
pub fn validate_iso_week(year: i32, week: u32) -> Result<(), Error> {
    check_year("year", year)?;
    let max = u32::from(iso_weeks_in_year(year));
    if week == 0 || week > max {
        return Err(Error::invalid("week", format!("ISO week-year {year} has weeks 1 to {max}, got {week}")));
    }
    Ok(())
}

impl Month {
    /// The English name (`"March"`).
    pub fn name(self) -> &'static str {
        const NAMES: [&str; 12] = [
            "January",
            "February",
            "March",
            "April",
            "May",
            "June",
            "July",
            "August",
            "September",
            "October",
            "November",
            "December",
        ];
        NAMES[usize::from(self.number()) - 1]
    }
}

impl fmt::Display for Month {
    /// The English name, as a person reads it (`March`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl fmt::Debug for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The date could not be parsed as `YYYY-MM-DD` or does not exist.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DateParseError;

impl fmt::Display for DateParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("expected an existing date YYYY-MM-DD")
    }
}

impl std::error::Error for DateParseError {}

fn digits(s: &[u8]) -> Option<u32> {
    if s.is_empty() || !s.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(s.iter().fold(0u32, |acc, b| acc * 10 + u32::from(b - b'0')))
}

impl FromStr for Date {
    type Err = DateParseError;
    fn from_str(s: &str) -> Result<Date, DateParseError> {
        let b = s.as_bytes();
        if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
            return Err(DateParseError);
        }
        let (y, m, d) = (digits(&b[0..4]), digits(&b[5..7]), digits(&b[8..10]));
        match (y, m, d) {
            (Some(y), Some(m), Some(d)) => Date::new(y as i32, m as u8, d as u8).ok_or(DateParseError),
            _ => Err(DateParseError),
        }
    }
}

impl Serialize for Date {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Date {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(|_| serde::de::Error::custom(format!("expected a date YYYY-MM-DD, got {}", shown_date(&s))))
    }
}

/// A local date and time of day as the API prints it: `YYYY-MM-DD hh:mm:ss`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DateTime {
    /// The day.
    pub date: Date,
    /// Hour 0..=23.
    pub hour: u8,
    /// Minute 0..=59.
    pub minute: u8,
    /// Second 0..=59.
    pub second: u8,
}

impl fmt::Display for DateTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {:02}:{:02}:{:02}", self.date, self.hour, self.minute, self.second)
    }
}

impl fmt::Debug for DateTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for DateTime {
    type Err = DateParseError;
    /// Parses `YYYY-MM-DD hh:mm:ss` (a `T` separator, a missing `:ss` and a fraction of a second
    /// are accepted too).
    fn from_str(s: &str) -> Result<DateTime, DateParseError> {
        if s.len() < 16 || !s.is_char_boundary(10) {
            return Err(DateParseError);
        }
        let date: Date = s[..10].parse()?;
        let t = &s.as_bytes()[10..];
        if !(t[0] == b' ' || t[0] == b'T') || t[3] != b':' {
            return Err(DateParseError);
        }
        let hour = digits(&t[1..3]).ok_or(DateParseError)?;
        let minute = digits(&t[4..6]).ok_or(DateParseError)?;
        // A fraction of a second (`17:02:00.0`, as some JDBC drivers print) is accepted and dropped.
        let t = match t.iter().position(|&c| c == b'.') {
            Some(dot) if dot == 9 && t.len() > 10 && t[10..].iter().all(u8::is_ascii_digit) => &t[..9],
            _ => t,
        };
        let second = match t.len() {
            6 => 0,
            9 if t[6] == b':' => digits(&t[7..9]).ok_or(DateParseError)?,
            _ => return Err(DateParseError),
        };
        if hour > 23 || minute > 59 || second > 59 {
            return Err(DateParseError);
        }
        Ok(DateTime { date, hour: hour as u8, minute: minute as u8, second: second as u8 })
    }
}

impl Serialize for DateTime {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for DateTime {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(|_| serde::de::Error::custom(format!("expected YYYY-MM-DD hh:mm:ss, got {}", shown_date(&s))))
    }
}

/// [`shown_text`](crate::secret::shown_text) of a text refused as a date, a date and time or a time of day.
pub fn shown_date(text: &str) -> String {
    crate::secret::shown_text(text, date_shaped(text))
}

/// Whether `text` is made of digits and what dates and times are written with (`-./: T`, and
/// ISO's `Z` and `+`), holding at least one of those (a date or a time given in a wrong form, as
/// opposed to a key).
pub(crate) fn date_shaped(text: &str) -> bool {
    text.len() <= 35
        && text
            .bytes()
            .all(|b| b.is_ascii_digit() || matches!(b, b'-' | b'.' | b'/' | b':' | b' ' | b'T' | b'Z' | b'+'))
        && text.bytes().any(|b| !b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn epoch_days_round_trip() {
        for days in [-700_000, -1, 0, 1, 19_000, 20_000, 2_900_000] {
            let d = Date::from_days_since_epoch(days).unwrap();
            assert_eq!(d.days_since_epoch(), days, "{d}");
        }
        assert_eq!(Date::new(1970, 1, 1).unwrap().days_since_epoch(), 0);
        assert_eq!(Date::new(2026, 11, 21).unwrap().iso_weekday(), 6);
    }

    #[test]
    fn parse_rejects_bad_dates() {
        for s in ["2026-02-29", "2026-13-01", "2026-1-01", "20261101", "2026-11-00", "abcd-ef-gh", ""] {
            assert!(s.parse::<Date>().is_err(), "{s}");
        }
        assert_eq!("2024-02-29".parse::<Date>().unwrap().to_string(), "2024-02-29");
    }

    #[test]
    fn iso_weeks() {
        assert_eq!(iso_weeks_in_year(2026), 53);
        assert_eq!(iso_weeks_in_year(2025), 52);
        assert_eq!(iso_weeks_in_year(2020), 53);
        assert_eq!(Date::new(2027, 1, 1).unwrap().iso_week(), (2026, 53));
        assert_eq!(Date::new(2024, 12, 30).unwrap().iso_week(), (2025, 1));
        assert_eq!(Date::new(2026, 11, 21).unwrap().iso_week(), (2026, 47));
    }

    #[test]
    fn month_try_from_a_number() {
        assert_eq!(Month::try_from(3u8), Ok(Month::March));
        assert_eq!(Month::try_from(12i32), Ok(Month::December));
        assert_eq!(Month::try_from(1u32), Ok(Month::January));
        assert!(Month::try_from(13u32).is_err());
        for bad in [0i32, 13, -1] {
            let err = Month::try_from(bad).unwrap_err();
            assert!(matches!(&err, Error::InvalidInput { field, .. } if field == "month"), "{err:?}");
            assert!(err.to_string().contains("is not a calendar month (1-12; January is 1)"), "{err}");
        }
        assert!(Month::try_from(0u8).is_err());
    }

    #[test]
    fn datetime_parse() {
        let dt: DateTime = "2026-11-20 08:15:00".parse().unwrap();
        assert_eq!(dt.to_string(), "2026-11-20 08:15:00");
        assert!("2026-11-20 25:15:00".parse::<DateTime>().is_err());
        assert!("2026-11-20".parse::<DateTime>().is_err());
    }
}
