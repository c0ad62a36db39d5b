//! Checks that run before a request is built: each one saves a rate-limited request that the API
//! would refuse anyway.

use crate::date::Date;
use crate::error::Error;

/// A required string: non-empty after trimming.
pub fn non_empty(field: &str, value: &str) -> Result<(), Error> {
    if value.trim().is_empty() {
        return Err(Error::invalid(field, "must not be empty"));
    }
    Ok(())
}

/// An optional string: when given, non-empty.
pub fn non_empty_opt(field: &str, value: Option<&str>) -> Result<(), Error> {
    value.map_or(Ok(()), |v| non_empty(field, v))
}

/// A whole number a parameter takes as a `u32` (minutes, counts, weeks): not negative, at most
/// 4294967295; otherwise an [`Error::InvalidInput`] for `field`, the same in every language.
pub fn u32_field(field: &str, n: i64) -> Result<u32, Error> {
    u32_of(n).map_err(|reason| Error::invalid(field, reason))
}

/// [`u32_field`]'s check without a field: the number, or the reason it is refused.
pub(crate) fn u32_of(n: i64) -> Result<u32, String> {
    u32::try_from(n).map_err(|_| match n {
        ..0 => format!("{n} is negative"),
        _ => format!("{n} is too large (at most 4294967295)"),
    })
}

/// A whole number a parameter takes as an `i32` (a year, an id); otherwise an
/// [`Error::InvalidInput`] for `field`, the same in every language.
pub fn i32_field(field: &str, n: i64) -> Result<i32, Error> {
    i32_of(n).map_err(|reason| Error::invalid(field, reason))
}

/// [`i32_field`]'s check without a field: the number, or the reason it is refused.
pub(crate) fn i32_of(n: i64) -> Result<i32, String> {
    i32::try_from(n).map_err(|_| format!("{n} is out of range (a 32-bit whole number)"))
}

/// A value sent as an HTTP header (the `User-Agent`): visible ASCII and spaces, not empty; a line
/// break or a control character would break the request (or smuggle a header), a non-ASCII
/// character is not a header's.
pub fn header_value(field: &str, value: &str) -> Result<(), Error> {
    non_empty(field, value)?;
    if value.bytes().any(|b| !(b == b' ' || b == b'\t' || b.is_ascii_graphic())) {
        return Err(Error::invalid(field, "may hold only visible ASCII characters and spaces (no line break)"));
    }
    Ok(())
}

/// A plausible e-mail: `local@domain`, both parts non-empty, no white space or control
/// characters. A dotless domain (`anna@localhost`) is accepted. (Characters like `/?#` are allowed
/// in the local part; they are percent-encoded where the address goes into a path.)
pub fn email(field: &str, value: &str) -> Result<(), Error> {
    non_empty(field, value)?;
    let bad = || {
        Error::invalid(
            field,
            format!("not a plausible e-mail address: {}", crate::secret::shown_text(value, value.contains('@'))),
        )
    };
    if value.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(bad());
    }
    let (local, domain) = value.rsplit_once('@').ok_or_else(bad)?;
    if local.is_empty() || domain.is_empty() {
        return Err(bad());
    }
    Ok(())
}

/// An optional e-mail: when given, plausible.
pub fn email_opt(field: &str, value: Option<&str>) -> Result<(), Error> {
    value.map_or(Ok(()), |v| email(field, v))
}

/// A year the API can mean: 1..=9999 (the one refusal of a year, calls and jobs alike).
pub fn year(field: &str, year: i32) -> Result<(), Error> {
    crate::date::check_year(field, year)
}

/// `start` not after `end`, and at most `max_days` days between them (when given).
pub fn date_range(start_field: &str, start: Date, end: Date, max_days: Option<i64>) -> Result<(), Error> {
    let days = start.days_until(end);
    if days < 0 {
        return Err(Error::invalid(start_field, format!("start {start} is after end {end}")));
    }
    if let Some(max) = max_days {
        if days > max {
            return Err(Error::invalid(
                start_field,
                format!("range {start}..{end} spans {days} days; at most {max} days are allowed"),
            ));
        }
    }
    Ok(())
}

/// A clock time the API takes in whole minutes: its minutes after midnight (0..=1439); a time with
/// seconds other than 0 is refused (they would be lost).
pub fn whole_minute(field: &str, t: crate::date::TimeOfDay) -> Result<u32, Error> {
    // A `TimeOfDay` made field by field may hold what no clock shows (25:99): one of 0..=1439 is sent.
    if t.hour > 23 || t.minute > 59 {
        return Err(Error::invalid(field, "not a time of day"));
    }
    if t.second.is_some_and(|s| s != 0) {
        return Err(Error::invalid(field, format!("{t}: the API takes whole minutes")));
    }
    Ok(t.minutes())
}
