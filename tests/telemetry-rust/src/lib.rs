//! Tests only: see `tests/otel.rs`.
