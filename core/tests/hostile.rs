//! Hostile answers, swept over more inputs than shared vectors list: every cut position around an
//! echoed key, every date around today for book-absence, output size against body size. (The
//! single cases of these rules, the echoed month read against the requested one and short keys,
//! are shared vectors with a `request`, run by every language.)

use zeitkonto_core::ops::TimeAccount;
use zeitkonto_core::{Context, Error, Month, Operation, Response};

#[test]
fn secret_path_segments_are_redacted_before_the_cut() {
    let key = "EMPKEY-Zr6w-9c1d";
    let op = TimeAccount { employee: key.into(), year: 2026, month: Month::March };
    let req = op.request(&Context::new("company-key-123")).unwrap();
    assert!(!req.to_string().contains(key));
    for pad in 0..80 {
        let body = format!("{}Cannot GET /rest/api/v2/time/account/company-key-123/{key}/2026/2", "x".repeat(pad));
        let err = TimeAccount::parse(&Response::new(404, vec![], body).for_request(&req)).unwrap_err();
        let text = format!("{err} {err:?}");
        for n in 4..=key.len() {
            for start in 0..=key.len() - n {
                let frag = &key[start..start + n];
                assert!(!text.contains(frag), "pad {pad}: {frag:?} in {text}");
            }
        }
        assert!(!text.contains("company-key"), "{text}");
    }
}

/// Rule 15: a book-absence whose missing end (or start) defaults to the server's today can only
/// fail; with a calendar the core refuses it before sending.
#[test]
fn book_absence_dates_are_checked_against_today() {
    use zeitkonto_core::ops::BookAbsence;
    use zeitkonto_core::Date;
    fn today() -> Option<Date> {
        Date::new(2026, 11, 23)
    }
    let ctx = Context::new("company-key-123").with_today(today);
    let book = |start: Option<Date>, end: Option<Date>| BookAbsence {
        reason_uuid: "r".into(),
        employee_uuid: "e".into(),
        replacement_uuid: None,
        half_day: false,
        start_day: start,
        end_day: end,
        planned: false,
        comment: None,
    };
    let d = |m, day| Date::new(2026, m, day);
    let field = |r: Result<zeitkonto_core::Request, Error>| match r {
        Err(Error::InvalidInput { field, .. }) => Some(field),
        Err(other) => panic!("{other:?}"),
        Ok(_) => None,
    };
    assert_eq!(field(book(d(12, 5), d(12, 1)).request(&ctx)), Some("startDay".to_string()));
    assert_eq!(field(book(d(12, 5), None).request(&ctx)), Some("startDay".to_string()));
    assert_eq!(field(book(None, d(11, 1)).request(&ctx)), Some("endDay".to_string()));
    // Tomorrow may already be the server's today (Berlin is ahead of UTC); the past is fine.
    assert_eq!(field(book(d(11, 24), None).request(&ctx)), None);
    assert_eq!(field(book(d(11, 2), None).request(&ctx)), None);
    assert_eq!(field(book(d(12, 5), d(12, 9)).request(&ctx)), None);
    // Without a calendar (plain sans-IO) only the explicit range is checked.
    assert_eq!(field(book(d(12, 5), None).request(&Context::new("company-key-123"))), None);
}

/// Output stays linear in the body, with a bounded factor: an empty object in a list of records
/// becomes a record with every field present as `null` (the canonical form every language reads),
/// so `[{},{},…]` is the worst case. The body itself is bounded by the client's
/// `max_response_bytes` (16 MiB by default), which bounds the output too. This pins the factor
/// (docs/measurements.md) so that a change making it larger, or non-linear, fails here.
#[test]
fn output_is_at_most_a_fixed_factor_of_the_body() {
    use zeitkonto_core::{parse_response, parse_response_text, OperationId};
    const FACTOR: usize = 250;
    for n in [1usize, 100, 2_000] {
        let list = vec!["{}"; n].join(",");
        for body in [format!("[{list}]"), format!("{{\"list\":[{list}]}}"), format!("{{\"time\":[{list}]}}")] {
            for op in OperationId::ALL.iter().copied() {
                let resp = Response::new(200, vec![], body.as_bytes());
                if let Ok(text) = parse_response_text(op, &resp) {
                    assert!(text.len() <= FACTOR * body.len(), "{op}: {} bytes in, {} out", body.len(), text.len());
                }
                if let Ok(value) = parse_response(op, &resp) {
                    let len = value.to_string().len();
                    assert!(len <= FACTOR * body.len(), "{op}: {} bytes in, {} out (Value path)", body.len(), len);
                }
            }
        }
    }
}

/// A body that is not UTF-8 (a PHP backend writing one name in ISO-8859-1) does not fail the
/// whole list: each byte outside a UTF-8 sequence reads as its Latin-1 character.
#[test]
fn a_latin1_name_does_not_fail_the_list() {
    use zeitkonto_core::ops::Employees;
    let body = b"[{\"email\":\"a@b.c\",\"lastName\":\"M\xfcller\"},{\"email\":\"d@e.f\",\"lastName\":\"K\xc3\xb6ln\"}]"
        .to_vec();
    let rows = Employees::parse(&Response::new(200, vec![], body)).unwrap_or_else(|e| panic!("{e}"));
    let names: Vec<_> = rows.iter().map(|r| r.last_name.as_deref().unwrap_or_default()).collect();
    assert_eq!(names, ["Müller", "Köln"]);
}

#[test]
fn a_clock_time_no_clock_shows_is_refused_before_sending() {
    // `TimeOfDay` has public fields: one made by hand may hold 25:99, which would go out as 1599
    // minutes after midnight (the API's 0..=1439).
    use zeitkonto_core::ops::CreateShift;
    use zeitkonto_core::TimeOfDay;
    let at = |hour, minute| TimeOfDay { hour, minute, second: None };
    let ctx = Context::new("company-key-123").with_workspace_key("workspace-key-123");
    let shift = |start, end| CreateShift {
        start_date: None,
        start_time: start,
        end_time: end,
        employee_amount: None,
        comment: None,
        project_uuid: None,
        employees: Vec::new(),
    };
    for (start, end, bad) in [(at(25, 0), at(9, 0), "startTime"), (at(8, 0), at(9, 60), "endTime")] {
        match shift(start, end).request(&ctx) {
            Err(Error::InvalidInput { field, reason }) => {
                assert_eq!((field.as_str(), reason.as_str()), (bad, "not a time of day"))
            }
            other => panic!("{other:?}"),
        }
    }
    assert!(shift(at(23, 59), at(0, 0)).request(&ctx).is_ok());
}
