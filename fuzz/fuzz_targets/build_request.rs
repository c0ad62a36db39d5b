//! `build_request`: the `Value` path (`build_request`) and the text path (`build_request_text`)
//! agree on any parameters, also nested deeper in memory than JSON text can be (one nesting
//! limit); a built URL has the route's shape (one non-empty, non-dot segment per
//! template segment, no stray `?`/`#`), and nothing printable holds a key.
//!
//! Input: the operation's name and a newline (`zeitkonto_core_fuzz::operation`), then one byte for
//! the context (modulo the table below) and, when its high bit is set, a nesting depth for the
//! first parameter; the rest is the parameters' JSON text.

#![no_main]

use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use zeitkonto_core::http::{decode_segment, encode_segment};
use zeitkonto_core::{build_request, build_request_text, Context, OperationId, Request};

/// (api key, workspace key, base URL). Keys are distinctive (>= 8 chars) so a leak cannot be a
/// coincidence; the second pair has reserved characters that must be percent-encoded.
const CONTEXTS: [(&str, Option<&str>, &str); 4] = [
    ("K3y-Secret-123", Some("W0rkspace-Key-456"), "https://desktop.saas.de"),
    ("K3y/Sec ret?#1%23", Some("W0rk/space?Key#456"), "https://desktop.saas.de"),
    ("K3y-Secret-123", Some("W0rkspace-Key-456"), "https://h.example/proxy/"),
    ("K3y.Secret..123", None, "http://127.0.0.1:8080"),
];

fuzz_target!(|data: &[u8]| {
    let Some((op, data)) = zeitkonto_core_fuzz::operation(data) else { return };
    let Some((&pick, _)) = data.split_first() else { return };
    let (api, ws, base) = CONTEXTS[usize::from(pick) % CONTEXTS.len()];
    let mut ctx = Context::new(api).with_base_url(base).expect("base URL of the table");
    if let Some(ws) = ws {
        ctx = ctx.with_workspace_key(ws);
    }
    let Ok(text) = std::str::from_utf8(&data[1..]) else {
        return;
    };

    let by_text = build_request_text(op, text, &ctx);
    // Blank params text means `{}` on the text path, like `null` (JSON white space only).
    let blank = text.trim_matches([' ', '\t', '\n', '\r']).is_empty();
    let parsed = if blank { Ok(Value::Null) } else { serde_json::from_str::<Value>(text) };
    let Ok(value) = parsed else {
        // Not JSON: the text path must refuse it (and not panic, checked above).
        assert!(by_text.is_err(), "{op}: text path accepted invalid JSON {text:?}");
        return;
    };
    let by_value = build_request(op, &value, &ctx);
    // A key given twice means its last value on both paths (regressions/build_request/duplicate-*).
    match (&by_value, &by_text) {
        (Ok(a), Ok(b)) => {
            assert_eq!(a.method(), b.method(), "{op}: methods differ");
            assert_eq!(a.url(), b.url(), "{op}: URLs differ");
            assert_eq!(a.body(), b.body(), "{op}: bodies differ");
            assert_eq!(a.redacted_url(), b.redacted_url(), "{op}: redacted URLs differ");
            assert_eq!(a.redacted_body(), b.redacted_body(), "{op}: redacted bodies differ");
        }
        (Err(a), Err(b)) => assert_eq!(a.kind(), b.kind(), "{op}: error kinds differ: {a:?} vs {b:?}"),
        _ => panic!("{op}: paths disagree on {text:?}: value={by_value:?} text={by_text:?}"),
    }
    if pick & 0x80 != 0 {
        deep_values_agree(op, &ctx, &value, 100 + usize::from(pick >> 2) % 40);
    }
    let Ok(req) = by_value else { return };

    check_shape(op, &ctx, &req);

    // Secrets: skipped only when the parameters themselves spell a key, raw or percent-encoded
    // (then it is user data: regressions/build_request/encoded-key-in-email).
    let spelled = |k: &str| text.contains(k) || value.to_string().contains(k);
    for key in [Some(api), ws].into_iter().flatten() {
        let forms = [key.to_string(), encode_segment(key)];
        if forms.iter().any(|f| spelled(f)) {
            continue;
        }
        for form in forms {
            let shown = [
                req.redacted_url().to_string(),
                req.redacted_body().unwrap_or_default().to_string(),
                format!("{req:?}"),
                format!("{req}"),
            ];
            for s in shown {
                assert!(!s.contains(&form), "{op}: key {form:?} printed: {s}");
            }
        }
    }
});

/// A `Value` built in memory has no reader's nesting limit: the first parameter of `params`,
/// wrapped `levels` arrays deep (100..=139, around serde_json's 127 levels of JSON text), gives the
/// same answer on both paths (one nesting limit; the error, field and reason included).
fn deep_values_agree(op: OperationId, ctx: &Context, params: &Value, levels: usize) {
    let Some((key, inner)) = params.as_object().and_then(|o| o.iter().next()) else { return };
    let mut deep = inner.clone();
    for _ in 0..levels {
        deep = Value::Array(vec![deep]);
    }
    let mut wrapped = params.clone();
    wrapped[key.as_str()] = deep;
    let Ok(text) = serde_json::to_string(&wrapped) else { return };
    let by_value = build_request(op, &wrapped, ctx);
    let by_text = build_request_text(op, &text, ctx);
    match (&by_value, &by_text) {
        (Ok(a), Ok(b)) => assert_eq!((a.url(), a.body()), (b.url(), b.body()), "{op}: {levels} deep: requests differ"),
        // The same error and field (serde words a type error differently per path; beyond the
        // nesting limit the answers are equal word for word, params_parity.rs pins it).
        (Err(a), Err(b)) => assert_eq!(named(a), named(b), "{op}: {levels} deep: errors differ: {a:?} vs {b:?}"),
        _ => panic!("{op}: {levels} deep: paths disagree: value={by_value:?} text={by_text:?}"),
    }
}

/// An error's kind and, for invalid input, the field it names.
fn named(e: &zeitkonto_core::Error) -> (&'static str, Option<&str>) {
    match e {
        zeitkonto_core::Error::InvalidInput { field, .. } => (e.kind(), Some(field.as_str())),
        _ => (e.kind(), None),
    }
}

fn check_shape(op: OperationId, ctx: &Context, req: &Request) {
    let url = req.url();
    assert!(!url.contains('#'), "{op}: raw '#' in {}", req.redacted_url());
    assert!(url.matches('?').count() <= 1, "{op}: more than one '?' in {}", req.redacted_url());
    let base = ctx.base_url();
    assert!(url.starts_with(base), "{op}: URL does not start with the base URL");
    let path = url[base.len()..].split('?').next().unwrap_or_default();
    let template = ctx.routes().get(op).template;
    let want = template.split('/').count();
    let segments: Vec<&str> = path.split('/').collect();
    assert_eq!(
        segments.len(),
        want,
        "{op}: {} has {} segments, template {template} has {want}",
        req.redacted_url(),
        segments.len()
    );
    for (i, seg) in segments.iter().enumerate().skip(1) {
        let decoded = decode_segment(seg);
        for s in [*seg, decoded.as_str()] {
            assert!(
                !s.is_empty() && s != "." && s != "..",
                "{op}: segment {i} of {} is {s:?} (template {template})",
                req.redacted_url()
            );
        }
    }
    // The path as a server sees it is what we count: path_and_query ends with it.
    assert!(req.path_and_query().starts_with('/'), "{op}: path_and_query {:?}", req.redacted_url());
}
