//! The sandbox enforces the spec's rules. Each test is named after the rule it checks; one
//! module per area of the API (one test binary).

#[path = "../common/mod.rs"]
mod common;

mod auth_errors;
mod control;
mod leave;
mod projects_shifts;
mod time;

use common::*;
use serde_json::{json, Value};
use zeitkonto_core::OperationId;
use zeitkonto_sandbox::{demo, Fault, FaultKind, SandboxConfig};

const ANNA: &str = "anna.schmidt%40demo.example";
