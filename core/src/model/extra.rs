//! [`Extra`]: a model's unknown fields.
//!
//! Natively (Python, Kotlin/Swift, Rust services), one vector sorted by name with names shared
//! between records, so a list of 1,000 records keeps no B-tree per record. In the .wasm, where
//! results leave as JSON text at once and code size is what counts, the same API over the B-tree
//! that serde_json's objects already link in.

use serde_json::Value;
#[cfg(not(target_arch = "wasm32"))]
use std::sync::Arc;

/// Fields of a response that this version of Zeitkonto does not know, as sent: a small map from
/// the API's field name to its raw JSON value, ordered by name (as it is serialised).
///
/// Stored as one sorted vector rather than a tree: most responses carry a handful of unknown
/// fields per record, and a list of 1,000 records keeps 1,000 of these maps alive (a B-tree node
/// each would cost several hundred bytes per record). A JSON object that repeats a name keeps its
/// last value, as `serde_json` does.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Clone, Default)]
pub struct Extra {
    entries: Vec<(Arc<str>, Value)>,
    /// Whether the record held a field its model knows (see [`Extra::had_known_field`]); not
    /// part of the map (equality, `Debug` and the JSON form leave it out).
    known: bool,
}

/// Names of unknown fields repeat in every record of a list: each thread keeps up to
/// `INTERNED_MAX` short names and records share them (one allocation per name, not per record).
/// Bounded, so a server sending ever new names cannot grow it.
#[cfg(not(target_arch = "wasm32"))]
fn field_name(key: String) -> Arc<str> {
    const INTERNED_MAX: usize = 256;
    const INTERNED_LEN: usize = 64;
    // At most 256 names: a sorted vector and a binary search are enough.
    thread_local! {
        static NAMES: std::cell::RefCell<Vec<Arc<str>>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    if key.len() > INTERNED_LEN {
        return Arc::from(key);
    }
    NAMES.with(|names| {
        let mut names = names.borrow_mut();
        match names.binary_search_by(|n| n.as_ref().cmp(key.as_str())) {
            Ok(i) => Arc::clone(&names[i]),
            Err(i) => {
                let name: Arc<str> = Arc::from(key);
                if names.len() < INTERNED_MAX {
                    names.insert(i, Arc::clone(&name));
                }
                name
            }
        }
    })
}

#[cfg(not(target_arch = "wasm32"))]
impl Extra {
    /// An empty map.
    pub fn new() -> Extra {
        Extra::default()
    }

    /// The number of fields.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether there are no fields.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    fn find(&self, key: &str) -> Result<usize, usize> {
        self.entries.binary_search_by(|(k, _)| k.as_ref().cmp(key))
    }

    /// The raw value of the field `key`.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.find(key).ok().map(|i| &self.entries[i].1)
    }

    /// Whether the field `key` is present.
    pub fn contains_key(&self, key: &str) -> bool {
        self.find(key).is_ok()
    }

    /// Sets the field `key`; returns its previous value.
    pub fn insert(&mut self, key: String, value: Value) -> Option<Value> {
        match self.find(&key) {
            Ok(i) => Some(std::mem::replace(&mut self.entries[i].1, value)),
            Err(i) => {
                self.entries.insert(i, (field_name(key), value));
                None
            }
        }
    }

    /// Removes the field `key`; returns its value.
    pub fn remove(&mut self, key: &str) -> Option<Value> {
        self.find(key).ok().map(|i| self.entries.remove(i).1)
    }

    /// The fields, ordered by name.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Value)> + '_ {
        self.entries.iter().map(|(k, v)| (k.as_ref(), v))
    }

    /// Drops the field `key` while a record is read (its names may not be ordered yet).
    pub(crate) fn forget(&mut self, key: &str) {
        self.entries.retain(|(k, _)| k.as_ref() != key);
    }

    /// Adds a field while a record is read. The first `SORTED_MAX` names go to their sorted place
    /// (a repeated name replaces its value); past that, fields are appended in arrival order and
    /// [`Extra::finish`] orders them, so a record with a huge number of names stays O(n log n).
    pub(crate) fn push(&mut self, key: String, value: Value) {
        const SORTED_MAX: usize = 32;
        if self.entries.len() < SORTED_MAX {
            self.insert(key, value);
        } else {
            self.entries.push((field_name(key), value));
        }
    }

    /// Ends reading a record: orders an appended tail by name (the last value of a repeated name
    /// wins, as in `serde_json`), and gives back spare capacity.
    pub(crate) fn finish(&mut self) {
        if self.entries.windows(2).any(|w| w[0].0 >= w[1].0) {
            // Only past SORTED_MAX names: a B-tree sorts them, a later value replacing an earlier one.
            let sorted: std::collections::BTreeMap<String, Value> =
                self.entries.drain(..).map(|(k, v)| (k.to_string(), v)).collect();
            self.entries = sorted.into_iter().map(|(k, v)| (field_name(k), v)).collect();
        } else {
            self.entries.shrink_to_fit();
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl std::fmt::Debug for Extra {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl serde::Serialize for Extra {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.iter())
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl IntoIterator for Extra {
    type Item = (String, Value);
    type IntoIter = std::iter::Map<std::vec::IntoIter<(Arc<str>, Value)>, fn((Arc<str>, Value)) -> (String, Value)>;

    /// The fields, ordered by name.
    fn into_iter(self) -> Self::IntoIter {
        self.entries.into_iter().map(|(k, v)| (k.to_string(), v))
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl FromIterator<(String, Value)> for Extra {
    fn from_iter<I: IntoIterator<Item = (String, Value)>>(iter: I) -> Extra {
        let mut extra = Extra::default();
        for (k, v) in iter {
            extra.push(k, v);
        }
        extra.finish();
        extra
    }
}

/// Fields of a response that this version of Zeitkonto does not know, as sent, ordered by name.
#[cfg(target_arch = "wasm32")]
#[derive(Clone, Default)]
pub struct Extra {
    map: std::collections::BTreeMap<String, Value>,
    known: bool,
}

#[cfg(target_arch = "wasm32")]
impl Extra {
    /// An empty map.
    pub fn new() -> Extra {
        Extra::default()
    }

    /// The number of fields.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Whether there are no fields.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// The raw value of the field `key`.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.map.get(key)
    }

    /// Whether the field `key` is present.
    pub fn contains_key(&self, key: &str) -> bool {
        self.map.contains_key(key)
    }

    /// Sets the field `key`; returns its previous value.
    pub fn insert(&mut self, key: String, value: Value) -> Option<Value> {
        self.map.insert(key, value)
    }

    /// Removes the field `key`; returns its value.
    pub fn remove(&mut self, key: &str) -> Option<Value> {
        self.map.remove(key)
    }

    /// Drops the field `key` while a record is read.
    pub(crate) fn forget(&mut self, key: &str) {
        self.map.remove(key);
    }

    /// The fields, ordered by name.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Value)> + '_ {
        self.map.iter().map(|(k, v)| (k.as_str(), v))
    }

    pub(crate) fn push(&mut self, key: String, value: Value) {
        self.map.insert(key, value);
    }

    pub(crate) fn finish(&mut self) {}
}

#[cfg(target_arch = "wasm32")]
impl std::fmt::Debug for Extra {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.map.fmt(f)
    }
}

#[cfg(target_arch = "wasm32")]
impl serde::Serialize for Extra {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.map.serialize(s)
    }
}

#[cfg(target_arch = "wasm32")]
impl IntoIterator for Extra {
    type Item = (String, Value);
    type IntoIter = std::collections::btree_map::IntoIter<String, Value>;

    /// The fields, ordered by name.
    fn into_iter(self) -> Self::IntoIter {
        self.map.into_iter()
    }
}

#[cfg(target_arch = "wasm32")]
impl FromIterator<(String, Value)> for Extra {
    fn from_iter<I: IntoIterator<Item = (String, Value)>>(iter: I) -> Extra {
        Extra { map: iter.into_iter().collect(), known: false }
    }
}

/// The map's entries only: whether the record had a known field is no part of its value.
impl PartialEq for Extra {
    fn eq(&self, other: &Extra) -> bool {
        self.iter().eq(other.iter())
    }
}

impl Extra {
    /// Whether the record this map belongs to held at least one field its model knows, under
    /// the API's name (with any value, `null` included). A top-level answer without one is not
    /// the operation's answer ([`crate::parse::answer`]).
    pub(crate) fn had_known_field(&self) -> bool {
        self.known
    }

    /// Notes that the record held a field its model knows (`wire::settle`, for each).
    pub(crate) fn saw_known_field(&mut self) {
        self.known = true;
    }
}
