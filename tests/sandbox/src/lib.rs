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

#![warn(missing_docs)]

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
/// The operations' stable names, which a [`Fault`] is aimed at (`.on(OperationId::Clock)`) and the
/// counters count by: the client's own type (`zeitkonto::OperationId` is the same).
pub use zeitkonto_core::OperationId;

/// The Rust client's README (`client/README.md`, its crates.io page) runs as a doc test here, where
/// its test-kit example has the in-process sandbox.
#[doc = include_str!("../../../client/README.md")]
#[cfg(all(doctest, feature = "client", feature = "server"))]
pub struct ClientReadmeDoctests;

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

/// The keys and people of `seed` under the demo's names (what every kit's `keys` holds): each
/// demo value where the seed has it; otherwise the seed's own one in that role (the main company:
/// the demo's, or the first active one; its first workspace, department, employee with a key,
/// employee with a login, project manager, supervisor, employee without a login; another
/// company; a company without modules; an inactive one); an empty text where the seed has none.
/// A sandbox made from its own seed hands out keys that work against that seed.
pub fn keys_of(seed: &seed::Seed) -> BTreeMap<&'static str, String> {
    use seed::demo::*;
    let main = seed
        .companies
        .iter()
        .find(|c| c.key == COMPANY_KEY)
        .or_else(|| seed.companies.iter().find(|c| c.active))
        .or_else(|| seed.companies.first());
    let main_id = main.map(|c| c.id.as_str()).unwrap_or_default();
    let staff = || seed.employees.iter().filter(move |e| e.company == main_id);
    let demo_or = |demo: &str, found: bool, other: Option<&str>| -> String {
        if found { demo } else { other.unwrap_or_default() }.to_string()
    };
    let company = |demo: &str, role: &dyn Fn(&seed::Company) -> bool| {
        let has = seed.companies.iter().any(|c| c.key == demo);
        demo_or(demo, has, seed.companies.iter().find(|c| role(c)).map(|c| c.key.as_str()))
    };
    let person = |demo: &str, role: &dyn Fn(&seed::Employee) -> bool| {
        let has = seed.employees.iter().any(|e| e.email == demo);
        demo_or(demo, has, staff().find(|e| role(e)).map(|e| e.email.as_str()))
    };
    let supervises =
        |e: &seed::Employee| seed.employees.iter().any(|o| o.supervisor.as_deref() == Some(e.uuid.as_str()));
    let employee_key = |demo: &str, role: &dyn Fn(&seed::Employee) -> bool| {
        let has = seed.employees.iter().any(|e| e.key.as_deref() == Some(demo));
        demo_or(demo, has, staff().filter(|e| role(e)).find_map(|e| e.key.as_deref()))
    };
    BTreeMap::from([
        ("companyKey", main.map(|c| c.key.clone()).unwrap_or_default()),
        (
            "noModulesCompanyKey",
            company(NOMODULES_COMPANY_KEY, &|c| c.modules == seed::Modules::default() && c.id != main_id),
        ),
        ("inactiveCompanyKey", company(INACTIVE_COMPANY_KEY, &|c| !c.active && c.id != main_id)),
        (
            "otherCompanyKey",
            company(OTHER_COMPANY_KEY, &|c| c.active && c.id != main_id && c.modules != seed::Modules::default()),
        ),
        ("workspaceKey", {
            let has = seed.workspaces.iter().any(|w| w.key == WORKSPACE_KEY);
            demo_or(WORKSPACE_KEY, has, seed.workspaces.iter().find(|w| w.company == main_id).map(|w| w.key.as_str()))
        }),
        ("departmentKey", {
            let has = seed.departments.iter().any(|d| d.key == DEPARTMENT_KEY);
            demo_or(DEPARTMENT_KEY, has, seed.departments.iter().find(|d| d.company == main_id).map(|d| d.key.as_str()))
        }),
        ("employeeKey", employee_key(EMPLOYEE_KEY, &|e| !supervises(e))),
        ("supervisorKey", employee_key(SUPERVISOR_KEY, &supervises)),
        ("employee", person(ANNA, &|e| e.login)),
        ("projectManager", person(MANAGER, &|e| e.project_manager)),
        ("supervisor", person(SUPERVISOR, &supervises)),
        ("employeeWithoutLogin", person(NO_LOGIN, &|e| !e.login)),
    ])
}

#[cfg(test)]
mod keys_tests {
    use super::*;

    #[test]
    fn the_demo_seed_has_the_demo_keys_and_its_own_seed_its_own() {
        let today = zeitkonto_core::Date::new(2026, 11, 21).expect("a day");
        let demo = Seed::demo(today);
        let mine: BTreeMap<&str, String> = demo_keys().into_iter().map(|(k, v)| (k, v.to_string())).collect();
        assert_eq!(keys_of(&demo), mine);

        // Its own seed: the demo company under another key, Anna gone, no inactive company.
        let mut own = demo.clone();
        let main = own.companies.iter_mut().find(|c| c.key == demo::COMPANY_KEY).expect("the demo company");
        main.key = "acme-company-key-7f3a".into();
        let main_id = main.id.clone();
        own.employees.retain(|e| e.email != demo::ANNA);
        own.companies.retain(|c| c.key != demo::INACTIVE_COMPANY_KEY);
        let keys = keys_of(&own);
        assert_eq!(keys["companyKey"], "acme-company-key-7f3a");
        let employee = &keys["employee"];
        assert!(own.employees.iter().any(|e| &e.email == employee && e.company == main_id && e.login), "{employee}");
        assert_eq!(keys["projectManager"], demo::MANAGER, "kept where the seed has it");
        assert_eq!(keys["inactiveCompanyKey"], "", "none in this seed");

        // An empty seed has no keys at all.
        let empty: Seed = serde_json::from_str(r#"{"companies":[],"employees":[],"departments":[],"workspaces":[],"leaveTypes":[],"projects":[],"bookings":[],"leave":[],"leaveHistory":[],"shifts":[],"holidays":[]}"#)
            .expect("an empty seed");
        assert!(keys_of(&empty).values().all(String::is_empty));
    }
}
