//! The jobs' one runner: the four job commands run through it (output, checkpoint and its note,
//! progress, failures, exit codes).

use std::io::Read;

use super::*;

/// The `--checkpoint` file (none: kept in memory) and the text it holds (none: a fresh job), read
/// before the job starts.
pub(crate) fn start(args: &Args) -> Result<(CheckpointFile, Option<String>), Stop> {
    let path = args.get("checkpoint").map(PathBuf::from);
    if path.is_some() && args.get("output").is_none_or(|o| o == "-") {
        return Err(Stop::Usage(
            "--checkpoint needs --output FILE (a resumed job goes on writing the same file)".into(),
        ));
    }
    if let (Some(checkpoint), Some(output)) = (&path, args.get("output")) {
        if same_file(checkpoint, Path::new(output)) || same_file(checkpoint, &OutputFile::of(output).written) {
            return Err(Stop::Usage(
                "--checkpoint and --output are the same file: the checkpoint would overwrite the output".into(),
            ));
        }
    }
    CheckpointFile::open(path).map_err(usage)
}

/// Whether `a` and `b` name one file: the same canonical path (links, `./` and `..` resolved), for
/// a file that does not exist yet its folder's canonical path and its name; else the same path
/// once made absolute. (Case-insensitive file systems are not looked at.)
fn same_file(a: &Path, b: &Path) -> bool {
    let resolved = |p: &Path| {
        p.canonicalize().ok().or_else(|| {
            let dir = match p.parent() {
                Some(d) if !d.as_os_str().is_empty() => d.canonicalize().ok()?,
                _ => std::env::current_dir().ok()?.canonicalize().ok()?,
            };
            Some(dir.join(p.file_name()?))
        })
    };
    match (resolved(a), resolved(b)) {
        (Some(x), Some(y)) => x == y,
        _ => std::path::absolute(a).ok().is_some_and(|x| std::path::absolute(b).ok() == Some(x)),
    }
}

/// A note's value as the message about another run's checkpoint says it: a text in quotes, `none`
/// for an absent one (no `--output`), `true`/`false` and numbers as they are.
fn said(v: &Value) -> String {
    match v {
        Value::Null => "none".into(),
        Value::String(s) => format!("'{s}'"),
        other => other.to_string(),
    }
}

/// Runs a job to `--output` in `--format`, with `--checkpoint`, a progress report on stderr, the
/// failures listed, and the exit code (0 done, 1 with failures). `row(event)` is an event's
/// output row, or `None`; `columns` the CSV columns (`None`: the first row's fields, kept in the
/// checkpoint's note for a resume); `hint` a plan line of the command's own.
#[allow(clippy::too_many_arguments)]
pub(crate) async fn run_job(
    args: &Args,
    io: &Io,
    title: &str,
    mut job: Job,
    mut file: CheckpointFile,
    mut columns: Option<Vec<String>>,
    hint: Option<String>,
    row: &(dyn Fn(&JobEvent) -> Option<Row> + Sync),
) -> Result<i32, Stop> {
    let ckpt = file.path().is_some();
    // Written at once, so that an unwritable path fails before the first call.
    file.save(&job).map_err(usage)?;
    let output = args.get("output");
    let shape = json!({
        "output": output.map(|o| std::path::absolute(o).map_or(o.to_string(), |p| p.display().to_string())),
        "format": args.get("format").unwrap_or("csv"),
        "delimiter": args.get("delimiter").unwrap_or(","),
        "bom": args.flag("bom"),
    });
    // The checkpoint's note: how much of the output file the finished calls wrote, its rows (and,
    // when the columns come from the first row, the columns, kept in every note).
    let keep_columns = columns.is_none();
    let (mut written, mut rows, mut digest) = (0u64, 0u64, None);
    if let Some(note) = job.note() {
        let path = args.get("checkpoint").unwrap_or_default();
        let not_ours = || Stop::Usage(format!("--checkpoint {path}: its note is not Zeitkonto's"));
        let note: Value = serde_json::from_str(note).map_err(|_| not_ours())?;
        written = note.get("bytes").and_then(Value::as_u64).ok_or_else(not_ours)?;
        rows = note.get("rows").and_then(Value::as_u64).ok_or_else(not_ours)?;
        if columns.is_none() && written > 0 {
            let list = note.get("columns").and_then(Value::as_array).ok_or_else(not_ours)?;
            columns = Some(list.iter().map(|c| c.as_str().map_or(c.to_string(), str::to_string)).collect());
        }
        let keys = ["output", "format", "delimiter", "bom"];
        let differ: Vec<String> = keys
            .iter()
            .filter(|k| note.get(**k).unwrap_or(&Value::Null) != &shape[**k])
            .map(|k| format!("{k} {}", said(note.get(*k).unwrap_or(&Value::Null))))
            .collect();
        if !differ.is_empty() {
            return Err(Stop::Usage(format!(
                "--checkpoint {path} belongs to a run with {}: resume with the same --output, --format, --delimiter and \
                 --bom, or start without the checkpoint",
                differ.join(", ")
            )));
        }
        let file = output.unwrap_or_default();
        let hash = match note.get("hash") {
            None => None, // a note written before the hash was kept: the length alone
            Some(h) => Some(h.as_str().ok_or_else(not_ours)?),
        };
        digest = Some(resumed_part(file, written, rows, hash)?);
    }
    let out = open_output(io, output, ckpt.then_some(written))?;
    // Declared before the writer, so the file is closed before it may be removed (with
    // --checkpoint it is kept for a resume).
    let mut unfinished = Unfinished::of(&out, ckpt, Some(io));
    let mut w = writer(args, out, written, rows, digest)?;
    if let Some(cols) = columns {
        w.set_columns(cols, false)?;
    }
    let mut progress = ProgressReport::new(io);
    let say = |text: &str| io.say(text);
    let progress_end = progress.ender();
    let plan = job.plan();
    say(&hint.unwrap_or_else(|| {
        format!(
            "plan: {} call{} ({} path), about {} at 60 a minute",
            plan.calls,
            if plan.calls == 1 { "" } else { "s" },
            plan.path,
            clock(plan.eta_ms as f64 / 1000.0)
        )
    }));
    let mut failures: BTreeMap<String, String> = BTreeMap::new();
    let ran = async {
        loop {
            // Every call of an in-process sandbox is ready at once: without a pause here the job
            // would run to its end in one poll, and Ctrl-C (`run`'s other future) would wait for it.
            yield_now().await;
            // The consumer asks for more: the call whose events were handled is finished, and the
            // checkpoint saved holds it (a job stopped in between makes that call again: at least
            // once); a stop is saved too.
            let event = match file.next(&mut job).await {
                None => return Ok(()),
                Some(Ok(event)) => event,
                // A checkpoint that cannot be saved now (a full disk): the one saved before stays.
                Some(Err(e @ Error::InvalidInput { .. }))
                    if ckpt && matches!(&e, Error::InvalidInput { field, .. } if field == "checkpoint") =>
                {
                    return Err(Stop::Usage(format!(
                        "{} (the checkpoint saved before stays: run the same command again once it can be written)",
                        usage_text(&e)
                    )))
                }
                Some(Err(e)) => return Err(usage(e)),
            };
            if let Some(values) = row(&event) {
                for field in w.row(&values)? {
                    // A field the first row did not have: said once, kept in JSON output.
                    say(&format!(
                        "zeitkonto: field '{field}' is not a column (the columns are the first row's fields): \
                         --format json keeps every field"
                    ));
                }
                w.out.flush()?;
                if ckpt {
                    // On disk before the checkpoint that counts it (a power cut must not leave the
                    // checkpoint pointing past the file's end).
                    if let Output::File(f, _) = &w.out {
                        f.get_ref().sync_data()?;
                    }
                    let mut note = shape.clone();
                    note["bytes"] = json!(written + w.written);
                    note["hash"] = json!(w.digest.hex());
                    note["rows"] = json!(w.rows);
                    if keep_columns {
                        note["columns"] = json!(w.columns);
                    }
                    job.set_note(Some(note.to_string()));
                }
                continue;
            }
            match event {
                JobEvent::EmployeeFailure { employee, error } => {
                    failures.insert(employee, error.to_string());
                }
                JobEvent::CallFailure { call, error } => {
                    failures.insert(call, error.to_string());
                }
                JobEvent::DepartmentFallback(f) => {
                    progress.done();
                    let why = if f.reason == "Api 4" { " (is it a department id of this company?)" } else { "" };
                    say(&format!(
                        "department {}: its summary could not be used ({}){why}; its employees get calls of their own",
                        f.department, f.reason
                    ));
                }
                JobEvent::Fallback(f) => {
                    progress.done();
                    say(&format!(
                        "{}: the company-wide answer could not be used ({}); the employee list and one call per \
                         employee follow",
                        f.call, f.reason
                    ));
                }
                JobEvent::Progress(p) => progress.update(p.done as u64, p.total as u64, p.eta_ms as f64 / 1000.0),
                _ => {}
            }
        }
    };
    let result = {
        // The bar's line ends however the job ends (an interrupt drops this future: see `run`).
        let _end = EndLine(&progress_end);
        ran.await
    };
    result?;
    w.close()?;
    // The output is whole: kept whatever the rename does, and renamed over --output.
    unfinished.path = None;
    finished(&mut w.out, output)?;
    // Every failure the job lists (a call that failed before a resume was made again in this run;
    // an unknown project id stays listed), with its error in full when from this run.
    for (what, reason) in job.failures() {
        say(&format!("failed: {what}: {}", failures.get(what).unwrap_or(reason)));
    }
    let n = job.failures().len();
    if n > 0 {
        say(&format!("{title}: {} rows, {n} failed", w.rows));
        return Ok(EXIT_PARTIAL);
    }
    say(&format!("{title}: {} rows", w.rows));
    Ok(EXIT_OK)
}

/// Removes what a run wrote to `--output` (its `<path>.partial`) when the run does not reach its
/// end (an error, Ctrl-C) and no `--checkpoint` keeps it for a resume: the file of the last whole
/// run stays as it was. Never a path written in place (a device such as `/dev/full`, a pipe, a
/// dangling link). With `io`, a job's, it says so.
pub(crate) struct Unfinished<'a> {
    pub(crate) path: Option<PathBuf>,
    io: Option<&'a Io>,
    target: PathBuf,
}

impl<'a> Unfinished<'a> {
    /// For `out` (stdout: nothing to remove); `keep`: a checkpoint keeps the file; `io`: where a
    /// job says it was removed.
    pub(crate) fn of(out: &Output, keep: bool, io: Option<&'a Io>) -> Unfinished<'a> {
        let (path, target) = match out {
            Output::File(_, f) if !f.in_place() && !keep => (Some(f.written.clone()), f.target.clone()),
            _ => (None, PathBuf::new()),
        };
        Unfinished { path, io, target }
    }
}

impl Drop for Unfinished<'_> {
    fn drop(&mut self) {
        let Some(path) = self.path.take() else { return };
        if std::fs::remove_file(&path).is_ok() {
            if let Some(io) = self.io {
                io.say(&format!(
                    "--output {}: not written, the job stopped before its end (with --checkpoint a run goes on where \
                     it stopped)",
                    self.target.display()
                ));
            }
        }
    }
}

/// The part of `--output` a resumed run goes on from: its `<file>.partial` (or the file itself,
/// renamed back to that, when the checkpoint's run had finished), at least `written` bytes long
/// and, when the note has its `hash`, those bytes the ones the checkpoint's run wrote. Returns
/// their digest, where the run's goes on from.
fn resumed_part(file: &str, written: u64, rows: u64, hash: Option<&str>) -> Result<Digest, Stop> {
    let out = OutputFile::of(file);
    // The partial file; once renamed (the checkpoint's run had finished), the file itself, checked
    // where it is and copied to the partial file only when it is the one: the whole file stays.
    let whole = !out.in_place() && !out.written.exists() && out.target.exists();
    let part = if whole { &out.target } else { &out.written };
    let Ok(meta) = std::fs::metadata(part) else {
        return Err(Stop::Usage(format!(
            "--output {file}: missing, but the checkpoint says {rows} rows were written there; restore it or start \
             without the checkpoint"
        )));
    };
    if meta.len() < written {
        return Err(Stop::Usage(format!(
            "--output {file}: shorter than the {written} bytes the checkpoint says were written there (cut, or lost in \
             a crash); restore it or start without the checkpoint"
        )));
    }
    let mut digest = Digest::default();
    let mut bytes = std::fs::File::open(part)
        .map_err(|e| Stop::Usage(format!("--output {file}: cannot read it: {}", strerror(&e))))?
        .take(written);
    let mut buf = vec![0u8; 64 * 1024];
    loop {
        let n = bytes.read(&mut buf).map_err(Stop::Io)?;
        if n == 0 {
            break;
        }
        digest.update(&buf[..n]);
    }
    if hash.is_some_and(|h| h != digest.hex()) {
        return Err(Stop::Usage(format!(
            "--output {file}: not what the checkpoint's run wrote there (another run wrote it since, or it was \
             edited); restore it or start without the checkpoint"
        )));
    }
    if whole && written > 0 {
        std::fs::copy(&out.target, &out.written)
            .map_err(|e| Stop::Usage(format!("--output {file}: cannot write it: {}", strerror(&e))))?;
    }
    Ok(digest)
}

/// Renames a whole output over `--output` ([`Output::finish`]); when that fails, the whole output
/// is kept in its partial file, and the message says where.
pub(crate) fn finished(out: &mut Output, path: Option<&str>) -> Result<(), Stop> {
    out.finish().map_err(|e| {
        let file = path.unwrap_or_default();
        let partial = match out {
            Output::File(_, f) => f.written.display().to_string(),
            Output::Stdout(_) => String::new(),
        };
        Stop::Usage(format!("--output {file}: cannot replace it: {} (the whole output is in {partial})", strerror(&e)))
    })
}

/// Ends the progress bar's line when dropped.
struct EndLine<'a>(&'a output::LineEnd);

impl Drop for EndLine<'_> {
    fn drop(&mut self) {
        self.0.end();
    }
}

/// Gives way once (to the interrupt `run` races the command against), then goes on.
async fn yield_now() {
    let mut yielded = false;
    std::future::poll_fn(|cx| {
        if yielded {
            return std::task::Poll::Ready(());
        }
        yielded = true;
        cx.waker().wake_by_ref();
        std::task::Poll::Pending
    })
    .await
}
