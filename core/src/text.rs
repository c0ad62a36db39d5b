//! Text helpers shared by the request side and the response side, so that neither imports the
//! other: percent-encoding of path segments, a small JSON-text scanner (top-level keys and values
//! without building a value), a map key that borrows from the input, and [`JsonObject`].

use std::borrow::Cow;
use std::fmt;

use serde::de::{self, Deserializer, Visitor};
use serde::Deserialize;

/// JSON values by name: a parameter that must be a JSON object (checked when the request is
/// built), e.g. the further fields of `create_project`'s project. A `Value` (not a map type) so
/// that reading it shares the one JSON value reader the npm `.wasm` links anyway.
pub type JsonObject = serde_json::Value;

/// How many characters `s` has: its bytes that start one (not `chars().count()`, whose fast
/// counter costs the `.wasm` 0.8 KB).
pub(crate) fn char_count(s: &str) -> usize {
    s.bytes().filter(|&b| (b as i8) >= -0x40).count()
}

/// Percent-encodes one path segment: everything but RFC 3986 unreserved characters.
pub fn encode_segment(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(b as char);
        } else {
            out.push('%');
            out.push(char::from(b"0123456789ABCDEF"[usize::from(b >> 4)]));
            out.push(char::from(b"0123456789ABCDEF"[usize::from(b & 15)]));
        }
    }
    out
}

/// Decodes `%XX` escapes (and nothing else); invalid escapes are kept as they are.
pub fn decode_segment(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' && i + 2 < b.len() {
            let hex = |c: u8| (c as char).to_digit(16);
            if let (Some(h), Some(l)) = (hex(b[i + 1]), hex(b[i + 2])) {
                out.push((h * 16 + l) as u8);
                i += 3;
                continue;
            }
        }
        out.push(b[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// When the JSON object `text` has a top-level key more than once, the same object with only the
/// last occurrence of each key (what a `serde_json::Value` keeps); `None` when nothing repeats or
/// `text` is not a well-formed object.
pub fn without_earlier_duplicates(text: &str) -> Option<String> {
    let b = text.as_bytes();
    let mut i = skip_ws(b, 0);
    if b.get(i) != Some(&b'{') {
        return None;
    }
    i += 1;
    let mut entries: Vec<(&[u8], &str)> = Vec::new();
    loop {
        i = skip_ws(b, i);
        match *b.get(i)? {
            b'}' if entries.is_empty() => return None,
            b'"' => {}
            _ => return None,
        }
        let key_end = skip_string(b, i)?;
        let key = &b[i..key_end];
        let entry_start = i;
        i = skip_ws(b, key_end);
        if *b.get(i)? != b':' {
            return None;
        }
        i = skip_ws(b, i + 1);
        let value_end = skip_value(b, i)?;
        entries.push((key, text.get(entry_start..value_end)?));
        i = skip_ws(b, value_end);
        match *b.get(i)? {
            b',' => i += 1,
            b'}' => break,
            _ => return None,
        }
    }
    let mut last = std::collections::BTreeMap::new();
    for (n, (k, _)) in entries.iter().enumerate() {
        last.insert(*k, n);
    }
    if last.len() == entries.len() {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    out.push('{');
    for (n, (k, e)) in entries.iter().enumerate() {
        if last.get(k) == Some(&n) {
            if out.len() > 1 {
                out.push(',');
            }
            out.push_str(e);
        }
    }
    out.push('}');
    Some(out)
}

pub(crate) fn skip_ws(b: &[u8], mut i: usize) -> usize {
    while b.get(i).is_some_and(|c| c.is_ascii_whitespace()) {
        i += 1;
    }
    i
}

/// `b[i]` is `"`: the index after the closing quote.
pub(crate) fn skip_string(b: &[u8], mut i: usize) -> Option<usize> {
    i += 1;
    loop {
        match *b.get(i)? {
            b'\\' => i += 2,
            b'"' => return Some(i + 1),
            _ => i += 1,
        }
    }
}

/// The index after the JSON value starting at `b[i]` (nesting counted, strings skipped).
pub(crate) fn skip_value(b: &[u8], mut i: usize) -> Option<usize> {
    match *b.get(i)? {
        b'"' => skip_string(b, i),
        b'{' | b'[' => {
            let mut depth = 0usize;
            loop {
                match *b.get(i)? {
                    b'"' => {
                        i = skip_string(b, i)?;
                        continue;
                    }
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth -= 1;
                        if depth == 0 {
                            return Some(i + 1);
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
        }
        _ => {
            let start = i;
            while b.get(i).is_some_and(|c| !matches!(c, b',' | b'}' | b']') && !c.is_ascii_whitespace()) {
                i += 1;
            }
            (i > start).then_some(i)
        }
    }
}

/// A map key that borrows from the input when it can.
pub struct Key<'de>(pub Cow<'de, str>);

impl<'de> Deserialize<'de> for Key<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Key<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string key")
            }
            fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Borrowed(v)))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(v.to_string())))
            }
            fn visit_string<E: de::Error>(self, v: String) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(v)))
            }
        }
        d.deserialize_str(V)
    }
}

/// `alloc::vec::Vec<zeitkonto_core::model::employees::EmployeeRecord>` → `Vec<EmployeeRecord>`.
pub fn short_type_name(full: &str) -> String {
    let mut out = String::new();
    let mut word = String::new();
    for c in full.chars().chain(std::iter::once('\0')) {
        if c.is_alphanumeric() || c == '_' || c == ':' {
            word.push(c);
        } else {
            out.push_str(word.rsplit("::").next().unwrap_or_default());
            word.clear();
            if c != '\0' && c != ' ' {
                out.push(c);
            }
            if c == ',' {
                out.push(' ');
            }
        }
    }
    out
}

/// Doc comment lines (each with its leading space) joined into paragraphs.
pub fn join_doc(doc: &str) -> String {
    let mut paragraphs: Vec<String> = vec![String::new()];
    for line in doc.lines().map(str::trim) {
        if line.is_empty() {
            if paragraphs.last().is_some_and(|p| !p.is_empty()) {
                paragraphs.push(String::new());
            }
            continue;
        }
        if let Some(last) = paragraphs.last_mut() {
            if !last.is_empty() {
                last.push(' ');
            }
            last.push_str(line);
        }
    }
    paragraphs.retain(|p| !p.is_empty());
    paragraphs.join("\n\n")
}

/// A body that is not UTF-8, as UTF-8: each byte that belongs to no UTF-8 sequence read as the
/// windows-1252 character it is (a PHP backend's ISO-8859-1 `M\xfcller` reads `Müller`, and
/// `\x80` `€`: what browsers read a page labelled ISO-8859-1 as), instead of one name failing
/// the whole answer; `None` when the body is UTF-8. Linear: each scan stops at the next byte that
/// is not UTF-8.
#[inline(never)]
pub(crate) fn utf8_or_windows_1252(mut body: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    loop {
        match std::str::from_utf8(body) {
            Ok(_) if out.is_empty() => return None,
            Ok(rest) => {
                out.extend_from_slice(rest.as_bytes());
                return Some(out);
            }
            Err(e) => {
                let (good, bad) = body.split_at(e.valid_up_to());
                out.extend_from_slice(good);
                let (&byte, rest) = bad.split_first()?; // not reached: an error has a byte
                out.extend_from_slice(windows_1252(byte).encode_utf8(&mut [0; 3]).as_bytes());
                body = rest;
            }
        }
    }
}

/// A byte as windows-1252 reads it: Latin-1, but for 0x80-0x9F (`€`, `‚`, `„`, `…`, `Š`, `š`,
/// ...; the five it leaves undefined stay their Latin-1 control character, as in browsers).
fn windows_1252(byte: u8) -> char {
    const C1: [u16; 32] = [
        0x20ac, 0x0081, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008d,
        0x017d, 0x008f, 0x0090, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
        0x0153, 0x009d, 0x017e, 0x0178,
    ];
    let code = match byte {
        0x80..=0x9f => C1[usize::from(byte & 0x1f)],
        _ => u16::from(byte),
    };
    char::from_u32(u32::from(code)).unwrap_or(char::REPLACEMENT_CHARACTER)
}

/// `body` with each JSON `\u00XX` escape of a printable ASCII character (not `"` or `\`) inside
/// a string written as that character, or `None` when it has none: the same JSON, in which a key
/// a server escaped (Gson writes `=` as `\u003d`) reads as it was sent. An escaped backslash
/// (`\\u0041`) is text, not an escape, and stays; so does every other escape. (Keys are ASCII:
/// a URL's path segment.)
#[inline(never)]
pub(crate) fn json_unescaped(body: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(body.len());
    let (mut rest, mut in_string, mut changed) = (body, false, false);
    // Slice patterns, no index: nothing here can panic.
    while let [b, tail @ ..] = rest {
        rest = tail;
        in_string ^= *b == b'"';
        if *b != b'\\' || !in_string {
            out.push(*b);
            continue;
        }
        if let [b'u', b'0', b'0', h @ b'2'..=b'7', l, more @ ..] = tail {
            let low = match l {
                b'0'..=b'9' => l - b'0',
                b'a'..=b'f' => l - b'a' + 10,
                b'A'..=b'F' => l - b'A' + 10,
                _ => 0x7f, // not hex: refused below
            };
            let c = (h - b'0') * 16 + low;
            if c < 0x7f && c != b'"' && c != b'\\' {
                out.push(c);
                rest = more;
                changed = true;
                continue;
            }
        }
        // Another escape: the backslash and the escaped character as they are.
        out.push(b'\\');
        if let [e, more @ ..] = tail {
            out.push(*e);
            rest = more;
        }
    }
    changed.then_some(out)
}
