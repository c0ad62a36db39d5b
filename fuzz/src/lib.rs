//! What the fuzz targets share: an input names its operation.
//!
//! An input that exercises an operation starts with the operation's stable name and a newline
//! (`time_account\n...`), never with its position in `OperationId::ALL`: a new operation inserted
//! into the table re-targets no saved input (`fuzz/regressions/`), and the inputs read as what they
//! test. libFuzzer learns the names from the seeded dictionaries (`fuzz/seed.py`).

use zeitkonto_core::OperationId;

/// The operation an input names, and the rest of the input after its newline; `None` when the
/// input does not start with a known name and a newline (the target skips it).
pub fn operation(data: &[u8]) -> Option<(OperationId, &[u8])> {
    let end = data.iter().position(|&b| b == b'\n')?;
    let name = std::str::from_utf8(&data[..end]).ok()?;
    Some((OperationId::from_name(name)?, &data[end + 1..]))
}
