//! [`ApiKey`]: the secret that authenticates every call. It travels in the URL (or the body), so it
//! must never be printed: `Debug` and `Display` show `***`, and only the transport sees the value.

use std::fmt;

use serde::{Deserialize, Deserializer};

/// An API key (company, employee, department or workspace key). Prints as `***`.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct ApiKey(String);

/// What every redacted secret prints as.
pub const REDACTED: &str = "***";

impl ApiKey {
    /// Wraps a key. Empty or whitespace-only keys are allowed here and refused when a request
    /// that needs the key is built, with an [`crate::Error::InvalidInput`].
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

/// Replaces every occurrence of each non-empty secret in `text` with `***`.
pub fn redact_all(text: &str, secrets: &[&str]) -> String {
    let mut out = text.to_string();
    for s in secrets.iter().filter(|s| !s.is_empty()) {
        if out.contains(s) {
            out = out.replace(s, REDACTED);
        }
    }
    out
}
