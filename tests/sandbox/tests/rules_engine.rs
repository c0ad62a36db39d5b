//! The spec's rule tests of `tests/rules/`, run straight through the sans-IO engine (no socket):
//! the server and the in-process test kits are one engine, proven by the same tests.
//! (`common::http` sends API requests to the engine when the binary is named `rules_engine`.)

#[path = "rules/main.rs"]
mod rules;
