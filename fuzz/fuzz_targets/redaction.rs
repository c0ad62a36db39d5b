//! `redaction`: a key echoed by a server (a 502 whose body quotes the URL) never shows in an
//! error's `Display` or `Debug` once the context redacted it — wherever the key sits relative to
//! the excerpt cut (`parse::EXCERPT_CHARS`), whole or in part.
//!
//! Input: the operation's name and a newline (`zeitkonto_core_fuzz::operation`), then byte 0 the form the body echoes (bit 0: percent-encoded,
//! bit 1: echoed twice, bit 2: a workspace key instead of the API key), byte 1 where the key starts
//! relative to the cut (one offset per execution, modulo the offsets that touch the cut; 0xFF:
//! every such offset, as the kept regressions use); the rest is the key (UTF-8,
//! no white space or control characters: the excerpt folds those, so such a key would not be echoed
//! verbatim; at least 4 characters, at most 40).
//!
//! "Shows" means: a substring of the key form (raw or percent-encoded) of at least min(4, len)
//! characters occurs in the output but nowhere in the text around the key (the body without the
//! key, the same redacted — the text may share a run of the key's characters —, the message's
//! fixed words, `***`, `…`).

#![no_main]

use libfuzzer_sys::fuzz_target;
use zeitkonto_core::http::encode_segment;
use zeitkonto_core::parse::EXCERPT_CHARS;
use zeitkonto_core::secret::FRAGMENT_CHARS;
use zeitkonto_core::{parse_response, Context, Response};

const HEAD: &str = r#"{"status":502,"error":"Bad Gateway","trace":""#;
const MID: &str = r#"","path":"/api/v2/employees/"#;
const TAIL: &str = r#"","upstream":"desktop.saas.de"}"#;
/// Fixed words of the messages (Display and Debug of UnexpectedStatus and Decode).
const FIXED: &str = "unexpected HTTP status 502: UnexpectedStatus { status: 502, excerpt: \"\" } *** … \\";

fuzz_target!(|data: &[u8]| {
    let Some((op, data)) = zeitkonto_core_fuzz::operation(data) else { return };
    if data.len() < 2 {
        return;
    }
    let (encoded, twice, workspace) = (data[0] & 1 != 0, data[0] & 2 != 0, data[0] & 4 != 0);
    let Ok(key) = std::str::from_utf8(&data[2..]) else { return };
    let n = key.chars().count();
    if !(4..=40).contains(&n) || key.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return;
    }
    // A key that shares a run of `FRAGMENT_CHARS` characters with the text around it (`mployee`,
    // `______`) has that text redacted too, by design (`zeitkonto_core::secret::FRAGMENT_CHARS`):
    // this target checks that the key never shows, so the text around it must stay as it is.
    let around_text = format!("{HEAD}{}{MID}{TAIL}{FIXED}", "_".repeat(EXCERPT_CHARS)).to_ascii_lowercase();
    if key.as_bytes().windows(FRAGMENT_CHARS).any(|w| {
        w.is_ascii() && around_text.contains(&String::from_utf8_lossy(w).to_ascii_lowercase())
    }) {
        return;
    }
    let ctx = if workspace { Context::new("unrelated-api-key-0").with_workspace_key(key) } else { Context::new(key) };
    let echoed = if encoded { encode_segment(key) } else { key.to_string() };
    let echoed_len = echoed.chars().count();

    // Every start of the key from "ends just before the cut" to "starts just after it".
    let head_len = HEAD.chars().count() + MID.chars().count();
    let first = (EXCERPT_CHARS + 1).saturating_sub(echoed_len + 1).max(head_len);
    let count = EXCERPT_CHARS + 2 - first;
    let starts = match data[1] {
        0xFF => first..EXCERPT_CHARS + 2,
        pick => {
            let one = first + usize::from(pick) % count;
            one..one + 1
        }
    };
    for start in starts {
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
        // What this error prints around the key, computed only when a candidate leak needs it
        // (it costs a second parse): the same body with the key replaced by a filler of its length
        // (the "…", Debug's quotes), the surrounding text in Display and Debug form, and the
        // redaction marker next to it (`employees/***`).
        let around = || -> Option<String> {
            let fill =
                ['¤', '¶', '§', 'µ', 'ø', 'Ω'].into_iter().find(|c| !key.contains(*c) && !echoed.contains(*c))?;
            let reference =
                match parse_response(op, &Response::new(502, vec![], make(&fill.to_string().repeat(echoed_len)))) {
                    Ok(v) => panic!("{op}: a 502 parsed as {v}"),
                    Err(e) => ctx.redact_error(e),
                };
            let plain = format!("{HEAD}{pad}{MID}{MID}{TAIL}");
            let marked = make("***");
            // The surrounding text as redaction leaves it: a run of six of the key's characters
            // that the text shares (`mployee` of a key holding it) is `***` there too.
            let redacted = ctx.redact(&marked);
            Some(format!(
                "{plain} {plain:?} {marked} {marked:?} {redacted} {redacted:?} {FIXED} {reference} {reference:?}"
            ))
        };

        let resp = Response::new(502, vec![], body.as_bytes());
        let err = match parse_response(op, &resp) {
            Ok(v) => panic!("{op}: a 502 parsed as {v}"),
            Err(e) => ctx.redact_error(e),
        };
        // Where the surrounding text before the key is found as printed, only what follows it is
        // checked, against the text that may follow a key (its marker, the cut, the rest of the
        // body, Debug's closing): a key part glued to the text before it is then no false alarm.
        let prefix = format!("{HEAD}{pad}{MID}");
        let prefix_debug = format!("{prefix:?}");
        let prefix_debug = &prefix_debug[1..prefix_debug.len() - 1];
        let after = format!("{MID} {MID:?} {TAIL} {TAIL:?} ***…\" ***\\\" …\\\" }} \\");
        for (shown, prefix) in [(err.to_string(), prefix.as_str()), (format!("{err:?}"), prefix_debug)] {
            // The cut may also trim the end of the text before a key (a key that starts like it
            // ends): the longest start of that text which is printed is where the key would be.
            let rest = after_longest_start(&shown, prefix);
            for form in [key.to_string(), encode_segment(key)] {
                if leaked(&form, rest, &after).is_none() {
                    continue;
                }
                let Some(around) = around() else { return };
                let allowed = format!("{after} {around}");
                if let Some(leak) = leaked(&form, rest, &allowed) {
                    panic!(
                        "{op}: key (len {n}, encoded={encoded}, at char {start}, cut at {EXCERPT_CHARS}) \
                         shows as {leak:?} in: {shown}"
                    );
                }
            }
        }
    }
});

/// What follows the longest start of `prefix` found in `shown` (all of `shown` if none is).
fn after_longest_start<'a>(shown: &'a str, prefix: &str) -> &'a str {
    let mut end = prefix.len();
    while end > 0 {
        if let Some(at) = shown.find(&prefix[..end]) {
            return &shown[at + end..];
        }
        end = prefix[..end].char_indices().next_back().map_or(0, |(i, _)| i);
    }
    shown
}

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
