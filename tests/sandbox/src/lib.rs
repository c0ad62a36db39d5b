//! # zeitkonto-sandbox
//!
//! A stateful fake of the saas.de Working-Time, Presence and Leave API: keys, modules, roles,
//! clock states, error codes and the rate limit. It serves the **same route table** as
//! `zeitkonto-core` exports (and accepts the same overrides), so SDK and sandbox cannot drift apart.
//!
//! One sans-IO [`engine`] (request and time in, a [`engine::Step`] out), and shells over it:
//! - [`server`] (feature `server`, default): an HTTP server on loopback, for every language's
//!   wire tests, the README demo and code that brings its own HTTP stack;
//! - [`inprocess`] (feature `client`): a [`zeitkonto::Transport`](https://docs.rs/zeitkonto) that
//!   calls the engine directly, no socket, for Rust users' tests;
//! - [`std_server`]: a small HTTP/1.1 shell on `std::net` for the test kits' `serve()`;
//! - [`KitEngine`]: the engine as every language's test kit drives it (Python's
//!   `zeitkonto.testing`, npm's `zeitkonto/testing`, the Kotlin and Swift `ZeitkontoSandbox`).
//!
//! ```no_run
//! # #[cfg(feature = "server")] {
//! let sandbox = zeitkonto_sandbox::Sandbox::start(Default::default()).unwrap();
//! println!("API at {}", sandbox.base_url());
//! # }
//! ```

use std::collections::BTreeMap;

pub mod api;
pub mod calc;
pub mod control;
mod demo_seed;
pub mod engine;
#[cfg(feature = "client")]
pub mod inprocess;
pub mod kit;
pub mod kit_engine;
pub mod seed;
#[cfg(feature = "server")]
pub mod server;
pub mod shared;
pub mod state;
#[cfg(not(target_arch = "wasm32"))]
pub mod std_server;

pub use control::{Fault, FaultKind};
pub use engine::{Engine, EngineConfig};
#[cfg(feature = "client")]
pub use inprocess::InProcess;
pub use kit_engine::{KitEngine, KitOptions, KitStep};
pub use seed::{demo, Seed};
#[cfg(feature = "server")]
pub use server::{Sandbox, SandboxConfig};
pub use shared::Shared;
pub use state::{Clock, Stats, World};

/// The fixed demo keys and identities, for printing.
pub fn demo_keys() -> BTreeMap<&'static str, &'static str> {
    use seed::demo::*;
    BTreeMap::from([
        ("companyKey", COMPANY_KEY),
        ("noModulesCompanyKey", NOMODULES_COMPANY_KEY),
        ("inactiveCompanyKey", INACTIVE_COMPANY_KEY),
        ("otherCompanyKey", OTHER_COMPANY_KEY),
        ("workspaceKey", WORKSPACE_KEY),
        ("departmentKey", DEPARTMENT_KEY),
        ("employeeKey", EMPLOYEE_KEY),
        ("supervisorKey", SUPERVISOR_KEY),
        ("employee", ANNA),
        ("projectManager", MANAGER),
        ("supervisor", SUPERVISOR),
        ("employeeWithoutLogin", NO_LOGIN),
    ])
}
