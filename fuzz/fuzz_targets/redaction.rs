//! `redaction`: a key echoed by a server (a 502 whose body quotes the URL) never shows in an
//! error's `Display` or `Debug` once the context redacted it — wherever the key sits relative to
//! the excerpt cut (`parse::EXCERPT_CHARS`), whole or in part.
//!
//! Input: byte 0 picks the operation, byte 1 the form the body echoes (bit 0: percent-encoded,
//! bit 1: echoed twice, bit 2: a workspace key instead of the API key); the rest is the key (UTF-8,
//! no white space or control characters: the excerpt folds those, so such a key would not be echoed
//! verbatim; at least 4 characters, at most 40).
//!
//! "Shows" means: a substring of the key form (raw or percent-encoded) of at least min(4, len)
//! characters occurs in the output but nowhere in the text around the key (the body without the
//! key, the message's fixed words, `***`, `…`).

#![no_main]

use libfuzzer_sys::fuzz_target;
use zeitkonto_core::http::encode_segment;
use zeitkonto_core::parse::EXCERPT_CHARS;
use zeitkonto_core::{parse_response, Context, OperationId, Response};

const HEAD: &str = r#"{"status":502,"error":"Bad Gateway","trace":""#;
const MID: &str = r#"","path":"/api/v2/employees/"#;
const TAIL: &str = r#"","upstream":"desktop.saas.de"}"#;
/// Fixed words of the messages (Display and Debug of UnexpectedStatus and Decode).
const FIXED: &str = "unexpected HTTP status 502: UnexpectedStatus { status: 502, excerpt: \"\" } *** … \\";

fuzz_target!(|data: &[u8]| {
    if data.len() < 2 {
        return;
    }
    let op = OperationId::ALL[usize::from(data[0]) % OperationId::ALL.len()];
    let (encoded, twice, workspace) = (data[1] & 1 != 0, data[1] & 2 != 0, data[1] & 4 != 0);
    let Ok(key) = std::str::from_utf8(&data[2..]) else { return };
    let n = key.chars().count();
    if !(4..=40).contains(&n) || key.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return;
    }
    let ctx = if workspace { Context::new("unrelated-api-key-0").with_workspace_key(key) } else { Context::new(key) };
    let echoed = if encoded { encode_segment(key) } else { key.to_string() };
    let echoed_len = echoed.chars().count();

    // Every start of the key from "ends just before the cut" to "starts just after it".
    let head_len = HEAD.chars().count() + MID.chars().count();
    let first = (EXCERPT_CHARS + 1).saturating_sub(echoed_len + 1).max(head_len);
    for start in first..=EXCERPT_CHARS + 1 {
        let pad = "_".repeat(start - head_len);
        let make = |echo: &str| {
            let mut body = format!("{HEAD}{pad}{MID}{echo}");
            if twice {
                body.push_str(MID);
                body.push_str(echo);
            }
            body.push_str(TAIL);
            body
        };
        let body = make(&echoed);
        // The same body with the key replaced by a filler of its length: what this error prints
        // around the key (the "…", Debug's quotes) is surrounding text too.
        let Some(fill) = ['¤', '¶', '§', 'µ', 'ø', 'Ω'].into_iter().find(|c| !key.contains(*c) && !echoed.contains(*c))
        else {
            return;
        };
        let reference =
            match parse_response(op, &Response::new(502, vec![], make(&fill.to_string().repeat(echoed_len)))) {
                Ok(v) => panic!("{op}: a 502 parsed as {v}"),
                Err(e) => ctx.redact_error(e),
            };
        // Debug escapes `"` and `\`: its forms of the surrounding text count as surrounding text.
        let plain = format!("{HEAD}{pad}{MID}{MID}{TAIL}");
        let around = format!("{plain} {plain:?} {FIXED} {reference} {reference:?}");

        let resp = Response::new(502, vec![], body.as_bytes());
        let err = match parse_response(op, &resp) {
            Ok(v) => panic!("{op}: a 502 parsed as {v}"),
            Err(e) => ctx.redact_error(e),
        };
        for shown in [err.to_string(), format!("{err:?}")] {
            for form in [key.to_string(), encode_segment(key)] {
                if let Some(leak) = leaked(&form, &shown, &around) {
                    panic!(
                        "{op}: key (len {n}, encoded={encoded}, at char {start}, cut at {EXCERPT_CHARS}) \
                         shows as {leak:?} in: {shown}"
                    );
                }
            }
        }
    }
});

/// The first substring of `key` (at least min(4, len) chars) found in `shown` but not in `around`.
fn leaked<'a>(key: &'a str, shown: &str, around: &str) -> Option<&'a str> {
    let idx: Vec<usize> = key.char_indices().map(|(i, _)| i).chain([key.len()]).collect();
    let chars = idx.len() - 1;
    let min = chars.min(4);
    for i in 0..chars {
        for j in i + min..=chars {
            let sub = &key[idx[i]..idx[j]];
            if !shown.contains(sub) {
                break; // longer ones from i are not there either
            }
            if !around.contains(sub) {
                return Some(sub);
            }
        }
    }
    None
}
