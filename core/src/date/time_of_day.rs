//! [`TimeOfDay`]: a clock time as the API prints it, and as a shift's minutes after midnight.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{digits, shown_date, DateParseError};
use crate::error::Error;

/// A time of day as the API prints its clock times (a booking's `startTime`/`endTime`): `hh:mm`,
/// or `hh:mm:ss` when the API sends seconds (kept, so the value prints as it came).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TimeOfDay {
    /// Hour 0..=23.
    pub hour: u8,
    /// Minute 0..=59.
    pub minute: u8,
    /// Second 0..=59, when the API sent one.
    pub second: Option<u8>,
}

impl fmt::Display for TimeOfDay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:02}:{:02}", self.hour, self.minute)?;
        match self.second {
            Some(s) => write!(f, ":{s:02}"),
            None => Ok(()),
        }
    }
}

impl fmt::Debug for TimeOfDay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for TimeOfDay {
    type Err = DateParseError;
    /// Parses `hh:mm` or `hh:mm:ss` (a one-digit hour is accepted). `24:00` is refused: it is not a
    /// time of day (a field holding it keeps the raw text in `extra`).
    fn from_str(s: &str) -> Result<TimeOfDay, DateParseError> {
        // `h:mm`, `hh:mm`, `h:mm:ss` or `hh:mm:ss`, read by position (no splitting).
        let b = s.as_bytes();
        let h_len = match b.iter().position(|&c| c == b':') {
            Some(n @ 1..=2) => n,
            _ => return Err(DateParseError),
        };
        let rest = &b[h_len + 1..];
        let (m, sec) = match rest.len() {
            2 => (rest, None),
            5 if rest[2] == b':' => (&rest[..2], Some(&rest[3..])),
            _ => return Err(DateParseError),
        };
        let hour = digits(&b[..h_len]).ok_or(DateParseError)?;
        let minute = digits(m).ok_or(DateParseError)?;
        let second = match sec {
            Some(x) => Some(digits(x).ok_or(DateParseError)?),
            None => None,
        };
        if hour > 23 || minute > 59 || second.is_some_and(|x| x > 59) {
            return Err(DateParseError);
        }
        Ok(TimeOfDay { hour: hour as u8, minute: minute as u8, second: second.map(|x| x as u8) })
    }
}

impl TimeOfDay {
    /// Parses `text` as [`FromStr`] does; otherwise an [`Error::InvalidInput`] for `field` with
    /// the reason every language gives.
    pub fn parse_field(text: &str, field: &str) -> Result<TimeOfDay, Error> {
        text.parse().map_err(|_| Error::invalid(field, TimeOfDay::refusal(text)))
    }

    /// The time `minutes` after midnight (`480`: 08:00), as the API writes a shift's times; `None`
    /// from 1440 on.
    pub fn from_minutes(minutes: u64) -> Option<TimeOfDay> {
        (minutes < 1440).then_some(TimeOfDay { hour: (minutes / 60) as u8, minute: (minutes % 60) as u8, second: None })
    }

    /// The whole minutes after midnight (08:00:30 → `480`; seconds are not counted), the inverse of
    /// [`TimeOfDay::from_minutes`].
    pub fn minutes(self) -> u32 {
        u32::from(self.hour) * 60 + u32::from(self.minute)
    }

    fn refusal(text: &str) -> String {
        format!("expected hh:mm or hh:mm:ss, got {}", shown_date(text))
    }
}

impl Serialize for TimeOfDay {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// Reads `hh:mm` or `hh:mm:ss`, or a whole number of minutes after midnight (0 to 1439), as the
/// API writes a shift's times (`{"startTime": 480}` is 08:00). A text is refused as
/// [`TimeOfDay::parse_field`] refuses it; anything else with the forms a parameter takes.
impl<'de> Deserialize<'de> for TimeOfDay {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error as _;
        // A binary format (bincode, postcard) holds the text `Serialize` wrote. (Not in the
        // browser's `.wasm`, where it cost 80 bytes gzipped and no format but JSON is read.)
        #[cfg(not(target_arch = "wasm32"))]
        if !d.is_human_readable() {
            let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
            return s.parse().map_err(|_| D::Error::custom(TimeOfDay::refusal(&s)));
        }
        // (Through `Value`, whose reader the crate has already: a visitor of its own cost the
        // browser's `.wasm` 534 bytes gzipped, this about 160.)
        match serde_json::Value::deserialize(d)? {
            serde_json::Value::String(s) => s.parse().map_err(|_| D::Error::custom(TimeOfDay::refusal(&s))),
            other => other
                .as_u64()
                .and_then(TimeOfDay::from_minutes)
                .ok_or_else(|| D::Error::custom("expected hh:mm or minutes after midnight (0-1439)")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_of_day_parse() {
        for (text, printed) in [("08:15", "08:15"), ("8:05", "08:05"), ("23:59:59", "23:59:59"), ("00:00", "00:00")] {
            assert_eq!(text.parse::<TimeOfDay>().unwrap().to_string(), printed, "{text}");
        }
        for bad in [
            "24:00",
            "08:60",
            "08:15:60",
            "0815",
            "08:5",
            "08:15:00:00",
            "",
            ":",
            "ab:cd",
            "08:15 ",
            "123:00",
            "08:15:0",
            "08::15",
            "1:2",
            "08:15:",
            ":15",
            "-1:15",
            "08:1a",
        ] {
            assert!(bad.parse::<TimeOfDay>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn time_of_day_from_minutes_after_midnight() {
        assert_eq!(TimeOfDay::from_minutes(480).map(|t| t.to_string()).as_deref(), Some("08:00"));
        assert_eq!(TimeOfDay::from_minutes(0).map(|t| t.to_string()).as_deref(), Some("00:00"));
        assert_eq!(TimeOfDay::from_minutes(1439).map(|t| t.to_string()).as_deref(), Some("23:59"));
        assert_eq!(TimeOfDay::from_minutes(1440), None);
        // `minutes` is the inverse, and counts no seconds.
        assert!((0..1440).all(|m| TimeOfDay::from_minutes(m).map(TimeOfDay::minutes) == Some(m as u32)));
        assert_eq!("08:00:30".parse::<TimeOfDay>().map(TimeOfDay::minutes), Ok(480));
        // As a parameter: the text or the API's minutes; nothing else.
        let read = |v: serde_json::Value| {
            serde_json::from_value::<TimeOfDay>(v).map(|t| t.to_string()).map_err(|e| e.to_string())
        };
        assert_eq!(read(serde_json::json!(1320)), Ok("22:00".into()));
        assert_eq!(read(serde_json::json!("7:05")), Ok("07:05".into()));
        for bad in [serde_json::json!(1440), serde_json::json!(-1), serde_json::json!(480.5), serde_json::json!(480.0)]
        {
            assert!(read(bad.clone()).unwrap_err().contains("(0-1439)"), "{bad}");
        }
        for bad in [serde_json::json!(true), serde_json::json!(null), serde_json::json!([480]), serde_json::json!({})] {
            assert!(read(bad.clone()).unwrap_err().contains("hh:mm or minutes after midnight (0-1439)"), "{bad}");
        }
        // A text, as every typed clock time: what it got, quoted when it cannot be a key.
        assert_eq!(read(serde_json::json!("25:00")), Err("expected hh:mm or hh:mm:ss, got \"25:00\"".into()));
    }
}
