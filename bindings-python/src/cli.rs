//! `zeitkonto._core.cli_main`: the `zeitkonto` command line (the `zeitkonto-cli` crate: one
//! implementation for pip and `cargo install`), run on the extension's runtime while this thread
//! watches for Ctrl-C; and a job's checkpoint file (`zeitkonto::jobs::checkpoint_file`).

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use pyo3::prelude::*;
use zeitkonto::jobs::checkpoint_file;

use crate::errors::{internal, raise};
use crate::runtime::{runtime, SIGNAL_CHECK};

/// Runs `zeitkonto ARGV...` to its exit code. Ctrl-C (Python's `KeyboardInterrupt`) stops it the
/// way a signal stops the native command: the checkpoint keeps what was written, exit code 130.
#[pyfunction]
pub(crate) fn cli_main(py: Python<'_>, argv: Vec<String>) -> PyResult<i32> {
    let rt = runtime()?;
    let stop = Arc::new(AtomicBool::new(false));
    let asked = stop.clone();
    let interrupted = async move {
        while !asked.load(Ordering::Relaxed) {
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    };
    let mut task = rt.spawn(zeitkonto_cli::run(argv, interrupted));
    loop {
        match py.detach(|| rt.block_on(async { tokio::time::timeout(SIGNAL_CHECK, &mut task).await })) {
            Ok(Ok(code)) => return Ok(code),
            Ok(Err(_panicked)) => return Err(internal("panic in the command line")),
            Err(_running) => {
                if py.check_signals().is_err() {
                    stop.store(true, Ordering::Relaxed);
                }
            }
        }
    }
}

/// A job's checkpoint file: its text, or None when there is none yet.
#[pyfunction]
pub(crate) fn read_checkpoint(path: PathBuf) -> PyResult<Option<String>> {
    checkpoint_file::read(&path).map_err(|e| raise(&e))
}

/// Writes a job's checkpoint file atomically (`<path>.tmp`, fsync, rename).
#[pyfunction]
pub(crate) fn write_checkpoint(path: PathBuf, text: &str) -> PyResult<()> {
    checkpoint_file::write(&path, text).map_err(|e| raise(&e))
}
