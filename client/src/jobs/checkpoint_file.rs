//! A job's checkpoint file, for every binding that saves a job's state to a path (Python's
//! `checkpoint=`, the `zeitkonto` command line): read once at the start (a missing file is a fresh
//! job), written atomically after every finished call (the text to `<path>.tmp`, flushed to disk,
//! then renamed over the path: a kill or a power cut leaves the old checkpoint or the new one,
//! never half of one; on Unix readable by its owner only, as it lists employees). Whose
//! checkpoint it is (its job, year, month, departments, key and service, the caller's note) is the
//! planner's and the job's to check when it resumes from the text.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use zeitkonto_core::Error;

use crate::jobs::{Job, JobEvent};

/// A job's checkpoint as every driver keeps it (Python's `checkpoint=`, the command line): read
/// once when the job starts, then saved after each call whose events the consumer handled — to a
/// file when there is one — by [`CheckpointFile::next`], which takes the job's steps.
pub struct CheckpointFile {
    path: Option<PathBuf>,
    saved: SavedCheckpoint,
}

/// The checkpoint a [`CheckpointFile`] saved last, readable from anywhere, also while the job
/// runs a step (a binding hands it out at any time).
#[derive(Clone, Default)]
pub struct SavedCheckpoint(Arc<Mutex<String>>);

impl SavedCheckpoint {
    /// The checkpoint's text (empty before the first save).
    pub fn get(&self) -> String {
        self.0.lock().map(|s| s.clone()).unwrap_or_default()
    }

    /// Whether `text` is what was saved last (compared in place: a large checkpoint is not copied
    /// at every step).
    fn holds(&self, text: &str) -> bool {
        self.0.lock().is_ok_and(|s| !s.is_empty() && *s == text)
    }

    fn set(&self, text: String) {
        if let Ok(mut s) = self.0.lock() {
            *s = text;
        }
    }
}

impl CheckpointFile {
    /// The file at `path` (none: the checkpoint is kept in memory only) and the checkpoint it
    /// holds (none: no file yet, a fresh job); an [`Error::InvalidInput`] (`checkpoint`) when it
    /// cannot be read.
    pub fn open(path: Option<PathBuf>) -> Result<(CheckpointFile, Option<String>), Error> {
        let text = match &path {
            Some(p) => read(p)?,
            None => None,
        };
        Ok((CheckpointFile { path, saved: SavedCheckpoint::default() }, text))
    }

    /// Saves `job`'s checkpoint when it changed since the last save (unchanged: the call in hand
    /// is not finished yet, and the file holds this already). The first save always writes, so a
    /// job saved once when it is made fails on an unwritable path before its first call.
    pub fn save(&mut self, job: &Job) -> Result<(), Error> {
        let text = job.checkpoint();
        if self.saved.holds(&text) {
            return Ok(());
        }
        if let Some(path) = &self.path {
            write(path, &text)?;
        }
        self.saved.set(text);
        Ok(())
    }

    /// The file, if there is one.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The checkpoint last saved: after the calls whose events the consumer handled (a job
    /// resumed from it makes the call in hand again: at least once, never lost). Empty before the
    /// first save. [`CheckpointFile::saved_handle`] reads it while a step runs.
    pub fn saved(&self) -> String {
        self.saved.get()
    }

    /// A handle on the checkpoint saved last, for reading it while the job runs a step.
    pub fn saved_handle(&self) -> SavedCheckpoint {
        self.saved.clone()
    }

    /// The job's next event, as every driver asks for it: the consumer asks for more, so the
    /// events handed over were handled and the call they came from is finished
    /// ([`Job::settle`]); its checkpoint is saved, then the job steps on. A job that stops is
    /// saved again (resumed, it makes the stopping call again). A save that fails is the error.
    pub async fn next(&mut self, job: &mut Job) -> Option<Result<JobEvent, Error>> {
        job.settle();
        if let Err(e) = self.save(job) {
            return Some(Err(e));
        }
        let event = job.next().await;
        if let Some(Err(_)) = &event {
            if let Err(e) = self.save(job) {
                return Some(Err(e));
            }
        }
        event
    }
}

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
        // A stale `.tmp` (a kill between its write and the rename) goes first: the file is made
        // anew, readable by its owner only (it lists employees' names and e-mail addresses).
        let _ = std::fs::remove_file(&tmp);
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        let mut f = options.open(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    written.map_err(|e| {
        // Nothing half-written left beside the checkpoint (a full disk): the one saved before stays.
        let _ = std::fs::remove_file(&tmp);
        Error::invalid("checkpoint", format!("cannot write it: {}", why(&e)))
    })
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
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600, "its owner's only: {mode:o}");
        }
        // A stale `.tmp` (a kill before the rename) is replaced; a failed write keeps the old one.
        std::fs::write(dir.join("job.ckpt.tmp"), "stale").unwrap();
        write(&path, "{\"b\": 2}").unwrap();
        assert_eq!(read(&path).unwrap().as_deref(), Some("{\"b\": 2}"));
        std::fs::create_dir_all(dir.join("job.ckpt.tmp")).unwrap(); // a .tmp that cannot be a file
        assert!(write(&path, "{}").is_err());
        std::fs::remove_dir_all(dir.join("job.ckpt.tmp")).unwrap();
        assert_eq!(read(&path).unwrap().as_deref(), Some("{\"b\": 2}"), "the one saved before stays");
        let err = write(&dir.join("no/such/dir.ckpt"), "{}").unwrap_err();
        assert!(
            matches!(&err, Error::InvalidInput { field, reason } if field == "checkpoint" && reason.starts_with("cannot write it: ") && !reason.contains("os error")),
            "{err}"
        );
        assert!(read(&dir).is_err()); // a directory cannot be read as one
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
