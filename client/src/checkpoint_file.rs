//! A job's checkpoint file, for every binding that saves a job's state to a path (Python's
//! `checkpoint=`, the `zeitkonto` command line): read once at the start (a missing file is a fresh
//! job), written atomically after every finished call (the text to `<path>.tmp`, flushed to disk,
//! then renamed over the path: a kill or a power cut leaves the old checkpoint or the new one,
//! never half of one). Whose checkpoint it is (its job, year, month, departments, the caller's
//! note) is the planner's to check when it resumes from the text.

use std::io::Write;
use std::path::Path;

use zeitkonto_core::Error;

/// The OS's words for an I/O failure, without Rust's " (os error N)".
fn why(e: &std::io::Error) -> String {
    let text = e.to_string();
    match text.find(" (os error ") {
        Some(at) => text[..at].to_string(),
        None => text,
    }
}

/// The checkpoint at `path`: `None` when there is no file (a fresh job); an
/// [`Error::InvalidInput`] (`checkpoint`) when it cannot be read.
pub fn read(path: &Path) -> Result<Option<String>, Error> {
    match std::fs::read_to_string(path) {
        Ok(text) => Ok(Some(text)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(Error::invalid("checkpoint", format!("cannot read it: {}", why(&e)))),
    }
}

/// Writes `text` to `path` atomically (see the module docs); an [`Error::InvalidInput`]
/// (`checkpoint`) when it cannot.
pub fn write(path: &Path, text: &str) -> Result<(), Error> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let written = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    written.map_err(|e| Error::invalid("checkpoint", format!("cannot write it: {}", why(&e))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_file_is_a_fresh_job_and_a_write_replaces_the_whole_text() {
        let dir = std::env::temp_dir().join(format!("zeitkonto-ckpt-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("job.ckpt");
        assert_eq!(read(&path).unwrap(), None);
        write(&path, "{\"a\": 1, \"long\": \"xxxxxxxxxxxx\"}").unwrap();
        write(&path, "{}").unwrap();
        assert_eq!(read(&path).unwrap().as_deref(), Some("{}"));
        assert!(!dir.join("job.ckpt.tmp").exists());
        let err = write(&dir.join("no/such/dir.ckpt"), "{}").unwrap_err();
        assert!(
            matches!(&err, Error::InvalidInput { field, reason } if field == "checkpoint" && reason.starts_with("cannot write it: ") && !reason.contains("os error")),
            "{err}"
        );
        assert!(read(&dir).is_err()); // a directory cannot be read as one
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
