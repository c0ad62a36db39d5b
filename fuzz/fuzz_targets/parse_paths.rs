//! `parse_paths`: the `Value` path (`parse_response`) and the text path (`parse_response_text`) of
//! every operation agree on any response, and neither panics.
//!
//! Input: the operation's name and a newline (`zeitkonto_core_fuzz::operation`), then one byte for
//! the status (low nibble, modulo the table below) and a `Retry-After` header (high nibble, 0 =
//! none); the rest is the body.

#![no_main]

use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use zeitkonto_core::{parse_response, parse_response_text, Response};

const STATUSES: [u16; 7] = [200, 400, 403, 404, 429, 500, 302];
const RETRY_AFTER: [&str; 15] = [
    "7",
    "1.5",
    "0",
    "-1",
    "1e400",
    "NaN",
    "99999999999999999999",
    "Wed, 21 Oct 2015 07:28:00 GMT",
    " 2 ",
    "",
    "1e20",
    "0.0005",
    "18446744073709551.615",
    "abc",
    "3600",
];

fuzz_target!(|data: &[u8]| {
    let Some((op, data)) = zeitkonto_core_fuzz::operation(data) else { return };
    let Some((&pick, body)) = data.split_first() else { return };
    let status = STATUSES[usize::from(pick & 0x0f) % STATUSES.len()];
    let headers = match usize::from(pick >> 4) {
        0 => vec![],
        n => vec![("Retry-After".to_string(), RETRY_AFTER[n - 1].to_string())],
    };
    let resp = Response::new(status, headers, body);

    let (by_value, by_text) = (parse_response(op, &resp), parse_response_text(op, &resp));
    match (&by_value, &by_text) {
        (Ok(v), Ok(t)) => {
            let reparsed: Value =
                serde_json::from_str(t).unwrap_or_else(|e| panic!("{op}: text path wrote invalid JSON ({e}): {t}"));
            // Both sides through the same reader: serde_json's default float reader may land one
            // ulp off when it reads back a 17-digit float, on either side alike.
            let value_side: Value = serde_json::from_str(&v.to_string()).expect("Value prints JSON");
            assert_eq!(reparsed, value_side, "{op}: text path and Value path disagree");
        }
        (Err(a), Err(b)) => {
            assert_eq!(a.kind(), b.kind(), "{op}: different error kinds: {a:?} vs {b:?}");
        }
        _ => panic!("{op}: one path failed: value={by_value:?} text={by_text:?}"),
    }
    // A 2xx body never produces RateLimited/Forbidden; a 429 always does RateLimited.
    if let Err(e) = &by_value {
        if status == 429 {
            assert_eq!(e.kind(), "RateLimited", "{op}: 429 gave {e:?}");
        }
        if (200..300).contains(&status) {
            assert!(!matches!(e.kind(), "RateLimited" | "Forbidden" | "UnexpectedStatus"), "{op}: 2xx gave {e:?}");
        }
        // Display and the JSON form never panic either.
        let _ = e.to_string();
        let _ = serde_json::to_string(e);
    }
});
