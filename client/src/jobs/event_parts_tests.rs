use std::collections::BTreeMap;
use std::sync::Arc;

use serde_json::json;
use zeitkonto_core::jobs::events::EVENTS;
use zeitkonto_core::jobs::{Fallback, Progress, SweepFallback};
use zeitkonto_core::{Error, MonthlyAccount, PresenceEntry};

use super::*;

/// Every event's parts are its declared kind with one value of the declared type per field.
#[test]
fn every_event_is_its_declaration() {
    let error = || Error::Forbidden;
    let events = vec![
        JobEvent::Progress(Progress { done: 1, total: 2, eta_ms: 3 }),
        JobEvent::Account(AccountRow { employee: "e".into(), account: MonthlyAccount::default(), source: "s".into() }),
        JobEvent::EmployeeFailure { employee: "e".into(), error: error() },
        JobEvent::DepartmentFallback(Fallback { department: "d".into(), reason: "r".into() }),
        JobEvent::Presence(PresenceRow { entry: PresenceEntry::default(), source: "s".into() }),
        JobEvent::Leave(LeaveRow { entry: json!({}), legend: Arc::new(BTreeMap::new()), source: "s".into() }),
        JobEvent::Booking(BookingRow { project: "p".into(), entry: json!({}), source: "s".into() }),
        JobEvent::CallFailure { call: "c".into(), error: error() },
        JobEvent::Fallback(SweepFallback { call: "c".into(), reason: "r".into() }),
    ];
    assert_eq!(events.len(), EVENTS.len());
    for (event, decl) in events.into_iter().zip(EVENTS) {
        let (kind, values) = event.into_parts();
        assert_eq!(kind, decl.kind);
        let types: Vec<&str> = values
            .iter()
            .map(|v| match v {
                EventValue::Count(_) => "count",
                EventValue::DurationMs(_) => "duration",
                EventValue::Text(_) => "text",
                EventValue::Error(_) => "error",
                EventValue::Json(_) => "json",
                EventValue::Legend(_) => "legend",
                EventValue::MonthlyAccount(_) => "MonthlyAccount",
                EventValue::PresenceEntry(_) => "PresenceEntry",
            })
            .collect();
        assert_eq!(types, decl.fields.iter().map(|f| f.ty).collect::<Vec<_>>(), "{kind}");
    }
}
