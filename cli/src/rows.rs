//! Records as rows: a result model's fields by their snake_case names in declared order (from
//! the core's model declarations), and raw entries merged after the command's own columns.

use serde_json::Value;
use zeitkonto_core::decl::{FieldDecl, ModelDecl};

use crate::output::{Row, Val};

/// The records the commands write, and the records inside them, by name. Their declarations
/// only: `decl::models()` would link every model's docs into the binary (and the Python wheel).
fn model(name: &str) -> Option<ModelDecl> {
    use zeitkonto_core::{AccountBooking, DayTotals, EmployeeRecord, MonthlyAccount, PresenceEntry, Traffic};
    Some(match name {
        "EmployeeRecord" => ModelDecl::of::<EmployeeRecord>(),
        "PresenceEntry" => ModelDecl::of::<PresenceEntry>(),
        "MonthlyAccount" => ModelDecl::of::<MonthlyAccount>(),
        "DayTotals" => ModelDecl::of::<DayTotals>(),
        "Traffic" => ModelDecl::of::<Traffic>(),
        "AccountBooking" => ModelDecl::of::<AccountBooking>(),
        _ => return None,
    })
}

/// A field a CSV cell cannot hold (a list of records; it is kept in JSON output).
fn is_list(f: &FieldDecl) -> bool {
    !f.optional && f.rust_type.starts_with("Vec<")
}

/// A value of the canonical form as a row holds it: a record's fields by their snake_case names
/// (without `extra`), in declared order, recursively; anything else as it is.
fn row_value(rust_type: &str, v: Value) -> Val {
    let inner = rust_type.strip_prefix("Vec<").and_then(|t| t.strip_suffix('>'));
    match (v, inner.map_or(model(rust_type), model)) {
        (Value::Array(items), Some(m)) if inner.is_some() => {
            Val::List(items.into_iter().map(|x| row_value(m.name, x)).collect())
        }
        (Value::Object(map), Some(m)) if inner.is_none() => Val::Record(fields(&m, map)),
        (v, _) => Val::Raw(v),
    }
}

fn fields(m: &ModelDecl, mut map: serde_json::Map<String, Value>) -> Row {
    m.fields
        .iter()
        .map(|f| (f.name.to_string(), row_value(f.rust_type, map.remove(f.key).unwrap_or(Value::Null))))
        .collect()
}

/// A record's fields, in declared order, by their snake_case names.
pub(crate) fn record_row(name: &str, record: &impl serde::Serialize) -> Row {
    match (model(name), serde_json::to_value(record)) {
        (Some(m), Ok(Value::Object(map))) => fields(&m, map),
        _ => Row::new(),
    }
}

/// The columns of a record's table (the fields a cell can hold).
pub(crate) fn columns(name: &str) -> Vec<String> {
    model(name).map_or(Vec::new(), |m| m.fields.iter().filter(|f| !is_list(f)).map(|f| f.name.to_string()).collect())
}

/// A row of ours, then a raw entry's fields (one that has a name of ours is `entry.<name>`; an
/// entry that is not an object is one field, `entry`).
pub(crate) fn merged(mut ours: Row, entry: &Value) -> Row {
    match entry {
        Value::Object(map) => {
            for (k, v) in map {
                let key = if ours.iter().any(|(o, _)| o == k) { format!("entry.{k}") } else { k.clone() };
                ours.push((key, Val::Raw(v.clone())));
            }
        }
        other => ours.push(("entry".into(), Val::Raw(other.clone()))),
    }
    ours
}

#[cfg(test)]
mod tests {
    use zeitkonto_core::decl::models;

    use super::model;

    #[test]
    fn every_record_inside_a_written_record_is_known_by_name() {
        let all = models();
        let mut names = vec!["EmployeeRecord", "PresenceEntry", "MonthlyAccount"];
        while let Some(name) = names.pop() {
            let m = model(name).unwrap_or_else(|| panic!("{name} is written but not known to `model`"));
            for f in m.fields {
                let t = f.rust_type.strip_prefix("Vec<").and_then(|t| t.strip_suffix('>')).unwrap_or(f.rust_type);
                if all.iter().any(|d| d.name == t) {
                    names.push(all.iter().find(|d| d.name == t).map(|d| d.name).unwrap_or_default());
                }
            }
        }
    }
}
