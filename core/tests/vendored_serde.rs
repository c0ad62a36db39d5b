//! Pins the premise of the vendored serde_core patch (vendor/README.md): serde_json prints the
//! float of its own "invalid type" errors itself, so the patched arm of serde's `Unexpected`
//! display (which leaves the value out) never shapes a serde_json error text. If a serde_json
//! upgrade starts sending floats through serde's arm, the first test fails and the patch must be
//! revisited.

use serde::de::{Error as _, Unexpected};

#[test]
fn serde_json_errors_still_print_the_float() {
    let err = serde_json::from_str::<String>("1.5").expect_err("a number is not a string");
    assert!(err.to_string().starts_with("invalid type: floating point `1.5`, expected a string"), "{err}");
    let err = serde_json::Error::invalid_type(Unexpected::Float(2.0), &"a date");
    assert!(err.to_string().starts_with("invalid type: floating point `2.0`, expected a date"), "{err}");
}

#[test]
fn the_patched_arm_leaves_the_value_out() {
    // serde's own display of the same value, as the vendored copy writes it.
    assert_eq!(Unexpected::Float(1.5).to_string(), "floating point");
    assert_eq!(Unexpected::Signed(-3).to_string(), "integer `-3`");
}
