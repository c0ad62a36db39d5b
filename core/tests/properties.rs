//! Property tests (proptest) of the calendar helpers and the percent-encoding. Each property is
//! checked against an independent formulation (the ISO rules as written in ISO 8601, RFC 3986),
//! not against the code under test itself.

use proptest::prelude::*;
use zeitkonto_core::date::{days_in_month, is_leap_year, iso_weeks_in_year, validate_iso_week};
use zeitkonto_core::http::{decode_segment, encode_segment};
use zeitkonto_core::{Date, Month};

/// 0001-01-01 and 9999-12-31 in days since 1970-01-01.
const FIRST_DAY: i64 = -719_162;
const LAST_DAY: i64 = 2_932_896;

fn any_date() -> impl Strategy<Value = Date> {
    (FIRST_DAY..=LAST_DAY).prop_map(|d| Date::from_days_since_epoch(d).expect("in range"))
}

/// Day of the year, 1-based, counted month by month (no epoch arithmetic).
fn ordinal(d: Date) -> i64 {
    (1..d.month().number()).map(|m| i64::from(days_in_month(d.year(), m))).sum::<i64>() + i64::from(d.day())
}

proptest! {
    // The extremes are in the strategies (`Just(i64::MAX)`), so no failure file is needed.
    #![proptest_config(ProptestConfig { cases: 2048, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn epoch_days_round_trip(days in FIRST_DAY..=LAST_DAY) {
        let d = Date::from_days_since_epoch(days).unwrap();
        prop_assert_eq!(d.days_since_epoch(), days);
        // Consecutive days are consecutive dates.
        if let Some(next) = Date::from_days_since_epoch(days + 1) {
            prop_assert!(next > d);
            let expected = if d.day() < d.days_in_month() {
                Date::new(d.year(), d.month().number(), d.day() + 1)
            } else if d.month() != Month::December {
                Date::new(d.year(), d.month().number() + 1, 1)
            } else {
                Date::new(d.year() + 1, 1, 1)
            };
            prop_assert_eq!(Some(next), expected);
        }
    }

    /// "`None` outside years 1..=9999", for every i64 (the extremes included): no panic.
    #[test]
    fn outside_years_1_to_9999_there_is_no_date(
        days in prop_oneof![FIRST_DAY - 10..=LAST_DAY + 10, any::<i64>(), Just(i64::MAX), Just(i64::MIN)]
    ) {
        // A panic fails the property too (proptest reports it with the smallest input).
        prop_assert_eq!(Date::from_days_since_epoch(days).is_some(), (FIRST_DAY..=LAST_DAY).contains(&days));
    }

    #[test]
    fn date_text_round_trip(d in any_date()) {
        let s = d.to_string();
        prop_assert_eq!(s.len(), 10);
        prop_assert_eq!(s.parse::<Date>().unwrap(), d);
        prop_assert_eq!(Date::parse_field(&s, "date").unwrap(), d);
    }

    #[test]
    fn parsed_dates_print_as_given(s in "[0-9]{4}-[0-9]{2}-[0-9]{2}|.{0,12}") {
        if let Ok(d) = s.parse::<Date>() {
            prop_assert_eq!(d.to_string(), s);
        }
    }

    #[test]
    fn date_new_accepts_exactly_existing_days(y in -5i32..10_005, m in 0u8..=13, day in 0u8..=32) {
        let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
        let len = match m { 2 if leap => 29, 2 => 28, 4 | 6 | 9 | 11 => 30, 1..=12 => 31, _ => 0 };
        let exists = (1..=9999).contains(&y) && (1..=12).contains(&m) && day >= 1 && day <= len;
        prop_assert_eq!(Date::new(y, m, day).is_some(), exists);
        prop_assert_eq!(is_leap_year(y), leap);
    }

    #[test]
    fn add_days_and_weekdays(d in any_date(), n in -3_000_000i64..3_000_000) {
        match d.add_days(n) {
            Some(e) => {
                prop_assert_eq!(d.days_until(e), n);
                prop_assert_eq!(i64::from(e.iso_weekday()) - 1, (i64::from(d.iso_weekday()) - 1 + n).rem_euclid(7));
            }
            None => prop_assert!(!(FIRST_DAY..=LAST_DAY).contains(&(d.days_since_epoch() + n))),
        }
    }

    /// ISO 8601: a week belongs to the year of its Thursday, and its number counts Thursdays.
    #[test]
    fn iso_week_is_the_week_of_its_thursday(d in any_date()) {
        let (wy, w) = d.iso_week();
        let thursday = d.add_days(4 - i64::from(d.iso_weekday()));
        prop_assume!(thursday.is_some()); // the first and last days of year 1 and 9999
        let thursday = thursday.unwrap();
        prop_assert_eq!(wy, thursday.year(), "{}", d);
        prop_assert_eq!(i64::from(w), (ordinal(thursday) - 1) / 7 + 1, "{}", d);
        prop_assert!(w >= 1 && w <= iso_weeks_in_year(wy));
        prop_assert!(validate_iso_week(wy, u32::from(w)).is_ok());
        // Every day of the same Monday..Sunday week has the same ISO week.
        let monday = d.add_days(1 - i64::from(d.iso_weekday()));
        for i in 0..7 {
            if let Some(x) = monday.and_then(|m| m.add_days(i)) {
                prop_assert_eq!(x.iso_week(), (wy, w), "{} vs {}", x, d);
            }
        }
    }

    /// 53 weeks exactly when the year has 53 Thursdays: 1 January or 31 December is a Thursday.
    #[test]
    fn weeks_52_or_53(y in 2i32..=9998) {
        let jan1 = Date::new(y, 1, 1).unwrap();
        let dec31 = Date::new(y, 12, 31).unwrap();
        let thursdays = (0..=jan1.days_until(dec31)).filter(|&i| jan1.add_days(i).unwrap().iso_weekday() == 4).count();
        let weeks = iso_weeks_in_year(y);
        prop_assert_eq!(usize::from(weeks), thursdays);
        prop_assert_eq!(weeks == 53, jan1.iso_weekday() == 4 || dec31.iso_weekday() == 4);
        // 28 December is always in the last week, 4 January always in week 1.
        prop_assert_eq!(Date::new(y, 12, 28).unwrap().iso_week(), (y, weeks));
        prop_assert_eq!(Date::new(y, 1, 4).unwrap().iso_week(), (y, 1));
        prop_assert!(validate_iso_week(y, u32::from(weeks)).is_ok());
        prop_assert!(validate_iso_week(y, u32::from(weeks) + 1).is_err());
        prop_assert!(validate_iso_week(y, 0).is_err());
    }

    #[test]
    fn month_numbers_round_trip(n in any::<i32>()) {
        let n = i64::from(n);
        match Month::from_number(n) {
            Some(m) => {
                prop_assert!((1..=12).contains(&n));
                prop_assert_eq!(i64::from(m.number()), n);
                prop_assert_eq!(i64::from(m.zero_based()), n - 1);
                prop_assert_eq!(Month::from_zero_based(i64::from(m.zero_based())), Some(m));
                prop_assert_eq!(Month::ALL[m.zero_based() as usize], m);
                prop_assert!(Month::try_from_number(n, "month").is_ok());
            }
            None => {
                prop_assert!(!(1..=12).contains(&n));
                prop_assert!(Month::try_from_number(n, "month").is_err());
            }
        }
        prop_assert_eq!(Month::from_zero_based(n).map(Month::number).map(i64::from), (0..=11).contains(&n).then_some(n + 1));
    }

    /// Every i64 the API may send as a 0-based month, the extremes included (no panic).
    #[test]
    fn month_from_any_i64(n in prop_oneof![any::<i64>(), Just(i64::MAX), Just(i64::MIN), -2i64..14]) {
        // A panic fails the property too (proptest reports it with the smallest input).
        prop_assert_eq!(Month::from_zero_based(n).is_some(), (0..=11).contains(&n));
        prop_assert_eq!(Month::from_number(n).is_some(), (1..=12).contains(&n));
    }

    #[test]
    fn percent_encoding_round_trip(s in any::<String>()) {
        let e = encode_segment(&s);
        prop_assert_eq!(decode_segment(&e), s.clone());
        // Only RFC 3986 unreserved characters and %XX (upper-case hex) escapes.
        let b = e.as_bytes();
        let mut i = 0;
        while i < b.len() {
            if b[i] == b'%' {
                prop_assert!(i + 2 < b.len(), "short escape in {}", e);
                prop_assert!(b[i + 1..=i + 2].iter().all(|c| c.is_ascii_digit() || (b'A'..=b'F').contains(c)), "{}", e);
                i += 3;
            } else {
                prop_assert!(b[i].is_ascii_alphanumeric() || b"-._~".contains(&b[i]), "{:?} in {}", b[i] as char, e);
                i += 1;
            }
        }
        // Unreserved strings are left alone; nothing else is.
        let unreserved = s.bytes().all(|c| c.is_ascii_alphanumeric() || b"-._~".contains(&c));
        prop_assert_eq!(e == s, unreserved);
        // A path segment can never be split or cut by what is inside it.
        prop_assert!(!e.contains(['/', '?', '#', ' ']));
    }

    #[test]
    fn decode_leaves_non_escapes_alone(s in "[a-zA-Z0-9%/ ]{0,16}") {
        // Decoding text without a valid %XX changes nothing.
        let has_escape = s.as_bytes().windows(3).any(|w| w[0] == b'%' && w[1].is_ascii_hexdigit() && w[2].is_ascii_hexdigit());
        if !has_escape {
            prop_assert_eq!(decode_segment(&s), s);
        }
    }
}
