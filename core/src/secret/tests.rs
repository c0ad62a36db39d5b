//! The secret module's unit tests (kept apart: `secret.rs` stays under 600 lines).

#[test]
fn a_proxy_url_shows_without_its_user_and_password() {
    use super::redacted_proxy_url as shown;
    assert_eq!(shown("http://u:s3cret@proxy.corp:3128"), "http://***@proxy.corp:3128");
    for password in ["pa/ss", "p?ss", "p#ss", "p@ss", "p%40ss"] {
        let url = format!("http://bob:{password}@proxy.corp:3128");
        assert_eq!(shown(&url), "http://***@proxy.corp:3128", "{url}");
    }
    assert_eq!(shown("http://proxy.corp:3128"), "http://proxy.corp:3128");
    assert_eq!(shown("u:s3cret@proxy.corp"), "***@proxy.corp");
    assert_eq!(shown("socks5://u:s3cret@proxy.corp:1080/"), "socks5://***@proxy.corp:1080/");
    // No scheme: a `://` inside the password is not one (review finding).
    assert_eq!(shown("bob:pa://ss@proxy:3128"), "***@proxy:3128");
    assert_eq!(shown("HTTP://u:s3cret@[::1]:3128"), "HTTP://***@[::1]:3128");
    assert_eq!(shown(""), "");
    // A user and password with the `@host` left out: the password never shows.
    for url in ["http://bob:Pw9SecretXyz", "http://bob:Pw9SecretXyz/", "http://bob:Pw9SecretXyz?x", "bob:Pw9SecretXyz"]
    {
        assert!(!shown(url).contains("Pw9"), "{url}: {}", shown(url));
    }
    assert_eq!(shown("https://bob:Pw9Secret/x"), "https://bob:***");
    assert_eq!(shown("http://proxy.corp:3128/"), "http://proxy.corp:3128/");
    assert_eq!(shown("http://[::1]:3128"), "http://[::1]:3128");
    assert_eq!(shown("http://[::1]"), "http://[::1]");
    assert_eq!(shown("http://proxy:"), "http://proxy:***");
}

use super::*;

#[test]
fn short_keys_only_where_they_stand_alone() {
    assert_eq!(redact_all("unknown key k at /employees/k", &["k"]), "unknown key *** at /employees/***");
    // Fuzzing finding F8: an overlapping false start must not hide the real occurrence.
    assert_eq!(redact_all("GET /employees/ees/e", &["ees/e"]), "GET /employees/***");
    // Two forms of one key overlapping: both are gone, as one marker (fuzzing: redaction).
    assert_eq!(redact_all("/employees/loyees%2Floy\"", &["loyees/loy"]), "/emp***\"");
    // The same, cut inside the second form before redaction: no part of it is left.
    assert_eq!(redact_all("/employees/loyees%2F…", &["loyees/loy"]), "/emp…");
}

#[test]
fn every_form_is_redacted() {
    let key = "a/b c+KEY-12345";
    let text = format!("raw {key} enc a%2Fb%20c%2BKEY-12345 low a%2fb%20c%2bKEY-12345 json a\\/b c+KEY-12345");
    let out = redact_all(&text, &[key]);
    assert!(!out.contains("KEY-12345"), "{out}");
}

#[test]
fn a_cut_never_leaves_a_prefix() {
    let mut s = Secrets::new();
    s.add("SECRET-KEY-7f3a9");
    let mut text = "…/employees/SECRET-KEY-7f3".to_string();
    s.trim_partial_tail(&mut text);
    assert_eq!(text, "…/employees/");
    let mut short = Secrets::new();
    short.add("k");
    let mut t = "unk".to_string();
    short.trim_partial_tail(&mut t);
    assert_eq!(t, "unk");
}

#[test]
fn a_body_loses_every_long_secret_in_every_form_and_is_not_copied_without_one() {
    let mut set = Secrets::new();
    set.add("SECRET/KEY-7f3a9");
    set.add("k"); // a placeholder: left alone in a body
    assert_eq!(set.redact_body(br#"{"name":"k","month":3}"#), None);
    let body = r#"{"a":"SECRET/KEY-7f3a9","b":"/x/SECRET%2FKEY-7f3a9/y","c":"SECRET%2fKEY-7f3a9","d":"SECRET\/KEY-7f3a9","k":1}"#;
    let out = set.redact_body(body.as_bytes()).expect("a secret is there");
    assert_eq!(String::from_utf8(out).unwrap(), r#"{"a":"***","b":"/x/***/y","c":"***","d":"***","k":1}"#);
    // An identifier that may be a key (the employee segment) stays in answers, which carry it;
    // a short secret stays too, whatever the length of its encoded forms.
    let mut ids = Secrets::new();
    ids.add_identifier("0b6f1c2e-0001-4a1b-9c3d-5e6f7a8b9c0d");
    ids.add("a@b.de");
    assert_eq!(ids.redact_body(br#"{"employee":"0b6f1c2e-0001-4a1b-9c3d-5e6f7a8b9c0d","p":"a%40b.de"}"#), None);
    assert_eq!(ids.redact("at /0b6f1c2e-0001-4a1b-9c3d-5e6f7a8b9c0d/"), "at /***/", "messages lose it");
    // Not UTF-8: searched as the reader reads it (windows-1252), so the key is not read into
    // the answer's data.
    let latin = set.redact_body(b"{\"name\":\"M\xfcller SECRET/KEY-7f3a9\"}").expect("redacted");
    assert_eq!(String::from_utf8(latin).unwrap(), "{\"name\":\"M\u{fc}ller ***\"}");
    // A key a server escaped (Gson writes `=` as `\u003d`), in part or whole: as the reader
    // reads it. An escaped backslash before `u` is text; a quote, a character beyond ASCII and
    // an escape outside a string stay escaped.
    let escaped =
        set.redact_body(br#"{"a":"SECRET\u002fKEY-7f3a\u0039","b":"\\u0041 \u00e4 \u0022 \n"}"#).expect("redacted");
    assert_eq!(String::from_utf8(escaped).unwrap(), r#"{"a":"***","b":"\\u0041 \u00e4 \u0022 \n"}"#);
    assert_eq!(json_unescaped(br#"[\u0041,"\u0041"]"#).as_deref(), Some(&br#"[\u0041,"A"]"#[..]));
    assert_eq!(find_bytes(b"aab", b"ab"), Some(1));
    assert_eq!(find_bytes(b"a", b"ab"), None);
    assert_eq!(find_bytes(b"", b""), Some(0));
}

proptest::proptest! {
    #[test]
    fn the_wasm_search_finds_what_memchr_finds(hay in proptest::collection::vec(0u8..4, 0..64), needle in proptest::collection::vec(0u8..4, 0..6)) {
        proptest::prop_assert_eq!(scan(&hay, &needle), memchr::memmem::find(&hay, &needle));
    }
}

#[test]
fn an_excerpt_cut_before_redaction_loses_the_head_before_its_ellipsis() {
    // A response parsed without `Response::for_request` is cut first; redacting the error
    // afterwards must still not show the key's head (fuzzing: redaction, a backslash key).
    assert_eq!(redact_all(r"…/employees/*\\…", &[r"*\\\"]), "…/employees/…");
    assert_eq!(redact_all("/employees/SECRET-KE…", &["SECRET-KEY-7f3a9"]), "/employees/…");
    // Without the ellipsis nothing was cut: a text that merely ends like a key's start (shorter
    // than a fragment) stays.
    assert_eq!(redact_all("/employees/SECRE", &["SECRET-KEY-7f3a9"]), "/employees/SECRE");
}

#[test]
fn a_key_cut_recased_or_escaped_by_the_server_shows_no_run_of_six() {
    let key = "SECRETKEY1234567890abcdef";
    for (echo, shown) in [
        ("invalid key SECRETKEY123...", "invalid key ***..."),
        ("no route /lower/api/v2/employees/secretkey1234567890abcdef", "no route /lower/api/v2/employees/***"),
        ("/UPPER/EMPLOYEES/SECRETKEY1234567890ABCDEF/x", "/UPPER/EMPLOYEES/***/x"),
        (r#"{"error":"bad key \u0053ECRETKEY1234567890abcdef"}"#, r#"{"error":"bad key \u0053***"}"#),
        ("key ...67890abcd... and 7890ab", "key ...***... and ***"),
        // Five characters in a row are not taken for the key: ordinary text shares such runs.
        ("SECRE T 12345 abcde", "SECRE T 12345 abcde"),
    ] {
        assert_eq!(redact_all(echo, &[key]), shown, "{echo}");
    }
    // A key with characters HTML escapes: its runs between the entities.
    assert_eq!(redact_all("k=ab&amp;cd1234&lt;efgh5678", &["ab&cd1234<efgh5678"]), "k=ab&amp;***&lt;***");
    // An answer's data loses the whole key as given or in lower or upper case (a server echoing
    // the path in capitals), in every form, but keeps a part of it.
    let mut keys = Secrets::new();
    keys.add("SeCrEt-Key-4711/x");
    let body = br#"{"path":"/API/V2/EMPLOYEES/SECRET-KEY-4711%2FX","echo":"secret-key-4711\/x","part":"SECRET-KEY"}"#;
    let redacted = String::from_utf8(keys.redact_body(body).expect("redacted")).unwrap();
    assert_eq!(redacted, r#"{"path":"/API/V2/EMPLOYEES/***","echo":"***","part":"SECRET-KEY"}"#);
    // A short key (a test's placeholder) has no fragments; an answer's data keeps its runs.
    assert_eq!(redact_all("unknown", &["unkno"]), "unknown");
    let mut set = Secrets::new();
    set.add(key);
    assert_eq!(set.redact_body(b"{\"name\":\"secretkey12\"}"), None);
}

#[test]
fn a_refusal_quotes_a_given_text_only_when_it_cannot_be_a_key() {
    use crate::date::{Date, TimeOfDay};
    // A key in the wrong argument: the client does not know it as a key, the refusal does not
    // quote it (nor a run of six of it).
    let key = "k7Q2mZ9xWp4L";
    let refusals = [
        crate::validate::email("email", key).unwrap_err(),
        Date::parse_field(key, "startDate").unwrap_err(),
        TimeOfDay::parse_field(key, "startTime").unwrap_err(),
        crate::ops::ClockAction::parse_field(key, "action").unwrap_err(),
        serde_json::from_str::<Date>(&format!("{key:?}"))
            .map_err(|e| crate::error::Error::invalid("day", e.to_string()))
            .unwrap_err(),
    ];
    for e in refusals {
        let text = e.to_string();
        assert!(!text.contains("k7Q2mZ"), "{text}");
        assert!(text.contains("a text of 12 characters"), "{text}");
    }
    // What cannot be a key is quoted, so the caller sees what was wrong.
    for (e, shown) in [
        (crate::validate::email("email", "anna@").unwrap_err(), "\"anna@\""),
        (Date::parse_field("2026-02-30", "day").unwrap_err(), "\"2026-02-30\""),
        (Date::parse_field("30.11.2026", "day").unwrap_err(), "\"30.11.2026\""),
        (TimeOfDay::parse_field("25:00", "startTime").unwrap_err(), "\"25:00\""),
        (crate::ops::ClockAction::parse_field("came", "action").unwrap_err(), "\"came\""),
    ] {
        assert!(e.to_string().contains(shown), "{e}");
    }
    assert!(!crate::date::date_shaped("20261130"), "digits alone may be a key");
}
