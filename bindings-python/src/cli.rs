//! `zeitkonto._core.cli_main`: the `zeitkonto` command line (the `zeitkonto-cli` crate: one
//! implementation for pip and `cargo install`), run on the extension's runtime while this thread
//! watches for Ctrl-C.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use pyo3::prelude::*;

use crate::errors::internal;
use crate::runtime::{runtime, SIGNAL_CHECK};

/// A Python text stream (`sys.stdout`, `sys.stderr`, or what a test put there) as a writer: the
/// bytes the command line writes, as text, through the stream's `write` (with the GIL, which the
/// waiting thread does not hold). A UTF-8 sequence cut between two writes waits for its end.
struct PyStream {
    stream: Py<PyAny>,
    pending: Vec<u8>,
}

impl std::io::Write for PyStream {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.pending.extend_from_slice(buf);
        let whole = match std::str::from_utf8(&self.pending) {
            Ok(_) => self.pending.len(),
            Err(e) => e.valid_up_to(),
        };
        let text: String = String::from_utf8_lossy(&self.pending[..whole]).into_owned();
        self.pending.drain(..whole);
        Python::attach(|py| self.stream.call_method1(py, "write", (text,)).map(|_| ())).map_err(io_error)?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Python::attach(|py| self.stream.call_method0(py, "flush").map(|_| ())).map_err(io_error)
    }
}

/// A Python exception from a stream as an I/O error (a closed pipe stays one).
fn io_error(e: PyErr) -> std::io::Error {
    let kind = Python::attach(|py| {
        if e.is_instance_of::<pyo3::exceptions::PyBrokenPipeError>(py) {
            std::io::ErrorKind::BrokenPipe
        } else {
            std::io::ErrorKind::Other
        }
    });
    std::io::Error::new(kind, e.to_string())
}

/// Runs `zeitkonto ARGV...` to its exit code, writing to the process's stdout and stderr, or to
/// the Python streams `out` and `err` when given (`err_tty`: whether `err` is a terminal). Ctrl-C
/// (Python's `KeyboardInterrupt`) stops it the way a signal stops the native command: the
/// checkpoint keeps what was written, exit code 130.
#[pyfunction]
#[pyo3(signature = (argv, out=None, err=None, err_tty=false))]
pub(crate) fn cli_main(
    py: Python<'_>,
    argv: Vec<String>,
    out: Option<Py<PyAny>>,
    err: Option<Py<PyAny>>,
    err_tty: bool,
) -> PyResult<i32> {
    let rt = runtime()?;
    let io = match (out, err) {
        (Some(out), Some(err)) => zeitkonto_cli::Io::new(
            Box::new(PyStream { stream: out, pending: Vec::new() }),
            Box::new(PyStream { stream: err, pending: Vec::new() }),
            err_tty,
        ),
        _ => zeitkonto_cli::Io::process(),
    };
    let stop = Arc::new(AtomicBool::new(false));
    let asked = stop.clone();
    let interrupted = async move {
        while !asked.load(Ordering::Relaxed) {
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    };
    let mut task = rt.spawn(zeitkonto_cli::run_with(argv, io, interrupted));
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
