//! [`ApiKey`]: the secret that authenticates every call. It travels in the URL (or the body), so it
//! must never be printed: `Debug` and `Display` show `***`, and only the transport sees the value.

use std::fmt;

use crate::text::{char_count, json_unescaped, utf8_or_windows_1252};

use serde::{Deserialize, Deserializer};

/// An API key (company, employee, department or workspace key). Prints as `***`.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct ApiKey(String);

/// What every redacted secret prints as.
pub const REDACTED: &str = "***";

impl ApiKey {
    /// Wraps a key. An empty or whitespace-only key is allowed here and refused with an
    /// [`crate::Error::InvalidInput`] when a context (a client) is made with it; a client made
    /// without a key refuses each request that needs one when it is built.
    pub fn new(key: impl Into<String>) -> ApiKey {
        ApiKey(key.into())
    }

    /// The key itself, for the transport and for [`crate::Context::redact`]. Never log this.
    pub fn expose(&self) -> &str {
        &self.0
    }

    /// Whether the key is empty (or only white space).
    pub fn is_blank(&self) -> bool {
        self.0.trim().is_empty()
    }
}

impl fmt::Debug for ApiKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ApiKey({REDACTED})")
    }
}

impl fmt::Display for ApiKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(REDACTED)
    }
}

impl From<&str> for ApiKey {
    fn from(s: &str) -> ApiKey {
        ApiKey::new(s)
    }
}

impl From<String> for ApiKey {
    fn from(s: String) -> ApiKey {
        ApiKey::new(s)
    }
}

impl<'de> Deserialize<'de> for ApiKey {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        String::deserialize(d).map(ApiKey)
    }
}

/// Secrets shorter than this many characters are redacted only where they stand alone (no ASCII
/// letter or digit right before or after), so a short key such as `k` never turns `unknown` into
/// `un***nown`. Longer ones are redacted wherever they occur.
pub const SHORT_SECRET_CHARS: usize = 8;

/// A run of this many ASCII characters of a key (of [`SHORT_SECRET_CHARS`] or more), in any letter
/// case, is part of the key in a message: a server that cuts the key it echoes (`invalid key
/// SECRETKEY123…`), changes its case (`/employees/secretkey…`) or escapes one of its characters
/// (`\u0053ECRETKEY…`, `&amp;`) shows no more than five characters of it in a row. (A key made of
/// words, as the sandbox's `demo-company-key`, also hides those words where a message shows text
/// of the server's or a reason: `compan`, `ompany`. Real keys are random.)
pub const FRAGMENT_CHARS: usize = 6;

/// A text the caller gave, as a refusal shows it. A key passed in the wrong place (an employee's
/// key given as the e-mail, a department key as a date) is not known to the client as a key, so a
/// refusal quotes a text only when it cannot be one: shorter than [`FRAGMENT_CHARS`] characters,
/// or `shaped` (it has the refused form's own marks: an e-mail's `@`, a date's digits and
/// separators only). Otherwise it says only how long the text is.
pub fn shown_text(text: &str, shaped: bool) -> String {
    let chars = text.chars().count();
    if shaped || chars < FRAGMENT_CHARS {
        format!("{text:?}")
    } else {
        format!("a text of {chars} characters (not quoted: it may be a key)")
    }
}

/// An operation's name the caller gave, after `what` (the refusal's text before it), as a refusal
/// shows it: quoted when it is shaped like one (ASCII letters and `_`, as a typo is); anything
/// else may be a key passed in the wrong place ([`shown_text`]).
pub fn shown_name(what: &str, name: &str) -> String {
    let mut shaped = true;
    for &b in name.as_bytes() {
        shaped &= b.is_ascii_alphabetic() || b == b'_';
    }
    format!("{what} {}", shown_text(name, shaped))
}

/// A set of secrets to remove from text, each in every form it may take in a message: as given,
/// percent-encoded (upper- and lower-case hex), and JSON-escaped; in messages also every run of
/// [`FRAGMENT_CHARS`] of a key in any letter case. `Debug` shows only how many.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Secrets {
    /// Every form of every secret, longest first (a secret containing another is replaced whole).
    forms: Vec<String>,
    /// The forms replaced in an answer's body ([`Secrets::redact_body`]), each also in ASCII lower
    /// and upper case (a server that echoes the path lower- or upper-cased): those of the keys of
    /// [`SHORT_SECRET_CHARS`] or more characters, not of an identifier that may be a key (the
    /// employee segment: a UUID or an e-mail the answer legitimately carries, or a key).
    body_forms: Vec<String>,
    /// Every run of [`FRAGMENT_CHARS`] ASCII characters of the keys of [`SHORT_SECRET_CHARS`] or
    /// more, in lower case: redacted from messages in any letter case (not from answers, whose
    /// data may hold such a run).
    fragments: Vec<String>,
}

impl fmt::Debug for Secrets {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Secrets({} forms)", self.forms.len())
    }
}

impl Secrets {
    /// An empty set.
    pub fn new() -> Secrets {
        Secrets::default()
    }

    /// Adds the key `secret` (ignored when blank) in all its forms: redacted from every message,
    /// and from answers when it has [`SHORT_SECRET_CHARS`] or more characters.
    pub fn add(&mut self, secret: &str) {
        let long = char_count(secret) >= SHORT_SECRET_CHARS;
        if long {
            for run in secret.as_bytes().windows(FRAGMENT_CHARS).filter(|run| run.is_ascii()) {
                insert(&mut self.fragments, String::from_utf8_lossy(run).to_ascii_lowercase());
            }
        }
        for form in forms_of(secret) {
            if long {
                insert(&mut self.body_forms, form.to_ascii_lowercase());
                insert(&mut self.body_forms, form.to_ascii_uppercase());
                insert(&mut self.body_forms, form.clone());
            }
            insert(&mut self.forms, form);
        }
    }

    /// The secrets of `keys` (those given: the company and the workspace key), as a context
    /// holds them: for what is refused or printed before there is a context (a client's settings
    /// checked when it is made, a printed builder, target or configuration).
    pub fn of_keys(keys: [Option<&ApiKey>; 2]) -> Secrets {
        let mut s = Secrets::new();
        for k in keys.iter().flatten() {
            s.add(k.expose());
        }
        s
    }

    /// Adds `value`, an identifier that may be a key (the employee segment: a UUID, an e-mail or
    /// an employee's key), in all its forms: redacted from every message, not from answers, which
    /// legitimately carry the identifier.
    pub fn add_identifier(&mut self, value: &str) {
        for form in forms_of(value) {
            insert(&mut self.forms, form);
        }
    }

    /// Adds every secret of `other`.
    pub fn extend(&mut self, other: &Secrets) {
        for f in &other.forms {
            insert(&mut self.forms, f.clone());
        }
        for f in &other.body_forms {
            insert(&mut self.body_forms, f.clone());
        }
        for f in &other.fragments {
            insert(&mut self.fragments, f.clone());
        }
    }

    /// Whether there is nothing to redact.
    pub fn is_empty(&self) -> bool {
        self.forms.is_empty()
    }

    /// `text` with every occurrence of a secret replaced by `***` (short secrets only where they
    /// stand alone; see [`SHORT_SECRET_CHARS`]). A text that ends in the excerpt's `…` was cut
    /// before these secrets were known (a response not bound to its request): any start of a
    /// secret right before the `…` is removed too.
    pub fn redact(&self, text: &str) -> String {
        match text.strip_suffix('…') {
            // Trimmed before replacing: a replacement may take the first characters of a cut
            // occurrence (`emp***ees%2F…`) and hide that the rest is a secret's start.
            Some(head) => {
                let mut head = head.to_string();
                self.trim_partial_tail(&mut head);
                let mut out = replace_occurrences(&head, &self.forms, &self.fragments);
                out.push('…');
                out
            }
            None => replace_occurrences(text, &self.forms, &self.fragments),
        }
    }

    /// `text` with every secret replaced by `***` as a whole only (in every form, as given):
    /// for the texts the client prints itself (a request's URL and body, a span's template), where
    /// a part of a key is not an echo but the caller's data (`Company party` with a key
    /// `demo-company-key`).
    pub fn redact_whole(&self, text: &str) -> String {
        replace_occurrences(text, &self.forms, &[])
    }

    /// `body` (an answer) with every key of [`SHORT_SECRET_CHARS`] or more characters (not an
    /// identifier: [`Secrets::add_identifier`]), in any of its forms, as given or in lower or upper
    /// case, replaced by `***`, or `None` when it holds none (the common case: one scan per form,
    /// no copy). A server or proxy that echoes the request (its path, its body) would otherwise put
    /// the key into the parsed output (an unknown field kept in `extra`, a name), where a log or a
    /// `repr` would show it. A shorter secret is only ever a placeholder (`"k"` in a test):
    /// replacing it wherever it stands alone would change the data; so would a part of a key
    /// ([`FRAGMENT_CHARS`], redacted from messages only). The body is searched as the reader reads
    /// it: `\u00XX` escapes of printable ASCII as their characters (a key a server escaped, as
    /// Gson escapes `=`), one that is not UTF-8 as windows-1252; when a key is found, that reading
    /// is returned.
    pub fn redact_body(&self, body: &[u8]) -> Option<Vec<u8>> {
        let unescaped = if escapes_ascii(body) { json_unescaped(body) } else { None };
        let read = unescaped.as_deref().unwrap_or(body);
        if !self.body_forms.iter().any(|f| find_bytes(read, f.as_bytes()).is_some()) {
            return None;
        }
        // A body that is not UTF-8 as the reader's second reading has it (windows-1252: the key's
        // ASCII forms are found in its bytes as in its characters).
        let converted = utf8_or_windows_1252(read);
        let text = std::str::from_utf8(converted.as_deref().unwrap_or(read)).ok()?;
        Some(replace_occurrences(text, &self.body_forms, &[]).into_bytes())
    }

    /// `err` with every secret of this set removed from its text fields.
    pub fn redact_error(&self, err: crate::error::Error) -> crate::error::Error {
        if self.is_empty() {
            return err;
        }
        err.map_text(|t| self.redact(t))
    }

    /// Removes from the end of `text` any start of a secret (the part of a secret that an
    /// excerpt's cut left behind), so not even a prefix of a key is shown.
    pub fn trim_partial_tail(&self, text: &mut String) {
        loop {
            let mut cut = None;
            for form in &self.forms {
                let long = char_count(form) >= SHORT_SECRET_CHARS;
                for (i, _) in form.char_indices().skip(1) {
                    let prefix = &form[..i];
                    if text.ends_with(prefix) {
                        let start = text.len() - prefix.len();
                        if long || !text[..start].chars().next_back().is_some_and(|c| c.is_ascii_alphanumeric()) {
                            cut = Some(cut.map_or(start, |c: usize| c.min(start)));
                        }
                    }
                }
            }
            match cut {
                Some(start) => text.truncate(start),
                None => return,
            }
        }
    }
}

/// Every form `secret` may take in a message (none when it is blank): as given, percent-encoded
/// (upper- and lower-case hex), JSON-escaped (with and without escaped slashes).
fn forms_of(secret: &str) -> Vec<String> {
    if secret.trim().is_empty() {
        return Vec::new();
    }
    let upper = crate::text::encode_segment(secret);
    let lower = lower_hex_escapes(&upper);
    let json = serde_json::to_string(secret).unwrap_or_default();
    let json = json.get(1..json.len().saturating_sub(1)).unwrap_or("").to_string();
    let slashed = json.replace('/', "\\/");
    vec![secret.to_string(), upper, lower, json, slashed]
}

/// Inserts one form into `forms`, keeping the longest first (no sort: the wasm build carries no
/// sort code).
fn insert(forms: &mut Vec<String>, form: String) {
    if form.is_empty() || forms.contains(&form) {
        return;
    }
    let at = forms.iter().position(|f| f.len() < form.len()).unwrap_or(forms.len());
    forms.insert(at, form);
}

fn lower_hex_escapes(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut after_percent = 0;
    for c in s.chars() {
        if c == '%' {
            after_percent = 2;
            out.push(c);
        } else if after_percent > 0 {
            after_percent -= 1;
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// `text` with every occurrence of every form replaced by `***`. All occurrences are found in the
/// original text first and overlapping or adjacent ones become one `***`: replacing one form at a
/// time would break an overlapping occurrence of another form and leave part of it (fuzzing:
/// `loyees/loy` in `employees/loyees%2Floy`). Forms shorter than [`SHORT_SECRET_CHARS`] count only
/// where they stand alone (no ASCII letter or digit right before or after; Unicode's letter tables
/// would cost the `.wasm` 1.8 KB). The `fragments` (in lower
/// case) are searched in the text in lower case, so they are covered in any letter case.
fn replace_occurrences(text: &str, forms: &[String], fragments: &[String]) -> String {
    let mut covered: Vec<bool> = Vec::new();
    // ASCII's lower case keeps every byte where it is. (Made only for fragments: an answer's
    // body, searched for its forms alone, is not copied.)
    let lower = if fragments.is_empty() { String::new() } else { text.to_ascii_lowercase() };
    let searches = forms.iter().map(|f| (text, f, char_count(f) >= SHORT_SECRET_CHARS));
    for (text, form, anywhere) in searches.chain(fragments.iter().map(|f| (lower.as_str(), f, true))) {
        let mut from = 0;
        while let Some(i) = text.get(from..).and_then(|rest| find(rest, form)) {
            let (start, end) = (from + i, from + i + form.len());
            let before = text[..start].chars().next_back();
            let after = text[end..].chars().next();
            if anywhere
                || !(before.is_some_and(|c| c.is_ascii_alphanumeric())
                    || after.is_some_and(|c| c.is_ascii_alphanumeric()))
            {
                if covered.is_empty() {
                    covered = vec![false; text.len()];
                }
                covered[start..end].iter_mut().for_each(|c| *c = true);
            }
            // One character on: an overlapping occurrence (`employees/ees/e` for `ees/e`) is found too.
            from = start + text[start..].chars().next().map_or(1, char::len_utf8);
        }
    }
    if covered.is_empty() {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < text.len() {
        // Spans start and end on character boundaries, so every run does too.
        let run = covered[i..].iter().take_while(|c| **c == covered[i]).count();
        if covered[i] {
            out.push_str(REDACTED);
        } else {
            out.push_str(&text[i..i + run]);
        }
        i += run;
    }
    out
}

/// Whether `body` holds a `\u00XX` escape of printable ASCII (most hold none, and are not copied
/// to be searched): a search of `\u00` (memchr's natively).
fn escapes_ascii(body: &[u8]) -> bool {
    let mut rest = body;
    while let Some(at) = find_bytes(rest, b"\\u00") {
        if matches!(rest.get(at + 4), Some(b'2'..=b'7')) {
            return true;
        }
        rest = rest.get(at + 4..).unwrap_or_default();
    }
    false
}

/// The byte offset of the first `needle` in `hay` ([`find_bytes`]; a `&str` pattern would link
/// core's two-way searcher, 2 KB, into the .wasm). A match of whole UTF-8 text starts and ends on
/// character boundaries.
fn find(hay: &str, needle: &str) -> Option<usize> {
    find_bytes(hay.as_bytes(), needle.as_bytes())
}

/// [`find`] over bytes. Natively memchr's vectorized search (a whole answer is scanned at every
/// call); in the .wasm, where its code would cost size, each place holding the needle's first
/// byte is compared.
#[cfg(not(target_arch = "wasm32"))]
fn find_bytes(hay: &[u8], needle: &[u8]) -> Option<usize> {
    memchr::memmem::find(hay, needle)
}

#[cfg(target_arch = "wasm32")]
fn find_bytes(hay: &[u8], needle: &[u8]) -> Option<usize> {
    scan(hay, needle)
}

/// The .wasm's search (natively compiled for its test against memchr's).
#[cfg(any(test, target_arch = "wasm32"))]
fn scan(hay: &[u8], needle: &[u8]) -> Option<usize> {
    let Some((&first, rest)) = needle.split_first() else { return Some(0) };
    let mut from = 0;
    while let Some(i) = hay.get(from..)?.iter().position(|&b| b == first) {
        let at = from + i;
        if hay.get(at + 1..at + needle.len()) == Some(rest) {
            return Some(at);
        }
        from = at + 1;
    }
    None
}

/// A proxy URL as it may be shown: whatever stands before its last `@` after the scheme (a user
/// and password) as `***`, so `http://u:pa/ss@proxy.corp:3128` shows as
/// `http://***@proxy.corp:3128`. The last `@` anywhere, not only in the authority: a password may
/// hold `/`, `?` or `#` unescaped, and a proxy URL has no path worth showing. Every language's
/// proxy setting prints through it (Rust's `TransportSettings`, Kotlin's and Swift's `ProxyUrl`).
pub fn redacted_proxy_url(url: &str) -> String {
    // The scheme is what stands before the first `:` when `//` follows it (as the core reads a
    // base URL); a `:` without `//` belongs to a user and password, so `bob:pa://ss@host` has none.
    let scheme_end = url.find(':').filter(|&colon| url[colon..].starts_with("://")).map_or(0, |colon| colon + 3);
    let (scheme, rest) = url.split_at(scheme_end);
    if let Some(at) = rest.rfind('@') {
        return format!("{scheme}***{}", &rest[at..]);
    }
    // No `@`: a `:` after the host that no port follows starts a password whose host was left out
    // (`http://bob:secret`): everything from there is hidden.
    // (A scan of bytes: the `.wasm` has no room for a pattern search here.)
    let bytes = rest.as_bytes();
    let host_end = bytes.iter().position(|&b| b == b']').map_or(0, |b| b + 1);
    if let Some(colon) = bytes[host_end..].iter().position(|&b| b == b':').map(|c| host_end + c) {
        let port = bytes[colon + 1..].iter().take_while(|b| b.is_ascii_digit()).count();
        let after = bytes.get(colon + 1 + port).copied();
        if port == 0 || !matches!(after, None | Some(b'/' | b'?' | b'#')) {
            return format!("{scheme}{}:***", &rest[..colon]);
        }
    }
    url.to_string()
}

/// Replaces every occurrence of each non-empty secret in `text` with `***` (short secrets only
/// where they stand alone).
pub fn redact_all(text: &str, secrets: &[&str]) -> String {
    let mut set = Secrets::new();
    for s in secrets {
        set.add(s);
    }
    set.redact(text)
}

#[cfg(test)]
mod tests;
