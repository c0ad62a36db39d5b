//! `cargo run -p uniffi-bindgen -- generate --library <lib> --language kotlin|swift --out-dir <dir>`:
//! uniffi's own command line, at exactly the uniffi version the library is built with.

fn main() {
    uniffi::uniffi_bindgen_main()
}
