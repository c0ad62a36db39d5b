//! What every language's test kit takes from its caller, read in one place (Python
//! `zeitkonto.testing`, npm `zeitkonto/testing`, the Kotlin/Swift `ZeitkontoSandbox`): "today", a
//! seed as JSON, a fault's kind, an operation name for the counters. A refusal is `(field,
//! reason)`, which each binding raises as its client's invalid-input error.

use serde_json::Value;
use zeitkonto_core::{Date, OperationId};

use crate::control::{Fault, FaultKind};
use crate::engine::Engine;
use crate::seed::Seed;

/// A refused parameter: `(field, reason)`.
pub type Refusal = (String, String);

fn refuse(field: &str, reason: impl Into<String>) -> Refusal {
    (field.to_string(), reason.into())
}

/// `YYYY-MM-DD`, or none (the real date).
pub fn today(text: Option<&str>) -> Result<Option<Date>, Refusal> {
    text.map(|t| t.parse::<Date>().map_err(|_| refuse("today", format!("expected a date YYYY-MM-DD, got {t:?}"))))
        .transpose()
}

/// A serde message without the values it quotes (a seed holds keys, even if fake ones): every
/// `"…"` is dropped; field names (in backticks) and the position stay.
fn without_values(e: &serde_json::Error) -> String {
    let mut out = String::new();
    let mut quoted = false;
    for ch in e.to_string().chars() {
        match ch {
            '"' => quoted = !quoted,
            _ if quoted => {}
            _ => out.push(ch),
        }
    }
    out.replace("  ", " ").replace(" ,", ",")
}

/// A seed as JSON text, or none (the demo seed).
pub fn seed(json: Option<&str>) -> Result<Option<Seed>, Refusal> {
    json.map(|text| {
        serde_json::from_str::<Seed>(text)
            .map_err(|e| refuse("seed", format!("does not parse: {}", without_values(&e))))
    })
    .transpose()
}

/// A fault of the kind named as the sandbox names them (`rateLimit`, `echoPath`, …) for the next
/// `count` requests; the caller sets its other fields, the engine checks them on `inject`.
pub fn fault(kind: &str, count: u32) -> Result<Fault, Refusal> {
    let k: FaultKind = serde_json::from_value(Value::String(kind.to_string())).map_err(|_| {
        refuse(
            "kind",
            format!(
                "unknown fault kind {kind:?}: expected delay, reset, status, truncated, html, rateLimit, echoPath or redirect"
            ),
        )
    })?;
    Ok(Fault::new(k).times(count))
}

/// An operation by its stable name.
pub fn operation(name: &str) -> Result<OperationId, Refusal> {
    OperationId::from_name(name).ok_or_else(|| refuse("operation", format!("unknown operation {name:?}")))
}

/// Applied writes of the operation named (all operations when none).
pub fn writes(engine: &Engine, name: Option<&str>) -> Result<u64, Refusal> {
    Ok(match name {
        Some(n) => engine.writes(operation(n)?),
        None => engine.stats.writes.values().sum(),
    })
}

/// Requests of the operation named (all operations when none).
pub fn requests(engine: &Engine, name: Option<&str>) -> Result<u64, Refusal> {
    Ok(match name {
        Some(n) => engine.requests(operation(n)?),
        None => engine.stats.requests.values().sum(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_name_the_field_and_never_quote_a_seed_value() {
        assert_eq!(today(Some("2026-13-01")).unwrap_err().0, "today");
        assert_eq!(today(None), Ok(None));
        let (field, reason) = seed(Some(r#"{"companies": [{"id": "c", "key": "secret-seed-key"}]}"#)).unwrap_err();
        assert_eq!(field, "seed");
        assert!(!reason.contains("secret-seed-key"), "{reason}");
        assert_eq!(fault("explode", 1).unwrap_err().0, "kind");
        assert_eq!(fault("rateLimit", 2).unwrap().count, 2);
        assert_eq!(operation("nope").unwrap_err().0, "operation");
    }
}
