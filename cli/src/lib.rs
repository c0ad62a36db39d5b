//! `zeitkonto`: the command line for the scripts people write against the API, one
//! implementation for every way it is installed (`cargo install zeitkonto-cli`, and the
//! `zeitkonto` console script of the Python package, which calls [`run`] through its extension).
//!
//! ```text
//! zeitkonto employees [--format csv|json] [--output FILE]
//! zeitkonto presence [--day YYYY-MM-DD] [--format csv|json] [--output FILE]
//! zeitkonto month-close 2026-03 [--department ID ...] [JOB OPTIONS]
//! zeitkonto presence-board [--day YYYY-MM-DD] [JOB OPTIONS]
//! zeitkonto leave-year 2026 [JOB OPTIONS]
//! zeitkonto project-hours 2026-01-01 2026-03-31 --email MANAGER [--project ID ...] [JOB OPTIONS]
//! zeitkonto clock come|go|stop EMPLOYEE
//! ```
//!
//! The key comes from `ZEITKONTO_API_KEY` (or `--api-key-file FILE`), never from an argument that
//! lands in the shell's history; the instance from `ZEITKONTO_BASE_URL` or `--base-url`.
//! `--sandbox` runs against the in-process sandbox (the demo company) instead. The four jobs
//! (JOB OPTIONS: `--format`, `--output`, `--checkpoint`, `--bom`, `--delimiter`) share one runner
//! (`run_job`): its output, checkpoint, progress, failures and exit codes are the same for all.
//!
//! Exit codes: 0 done; 1 finished with failures (listed on stderr) or stopped by an error; 2 bad
//! usage or input (a month 13, a start after the end, an unwritable output, a corrupt checkpoint); 3
//! the key was refused (or the company is inactive); 130 interrupted (Ctrl-C).

mod args;
mod output;

use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::future::Future;
use std::io::{self, BufWriter, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use serde_json::{json, Value};
use zeitkonto::jobs::{checkpoint_file, Job, JobEvent};
use zeitkonto::Client;
use zeitkonto_core::decl::{FieldDecl, ModelDecl};
use zeitkonto_core::{ApiCode, Date, Error};
use zeitkonto_sandbox::{kit, EngineConfig, InProcess};

use args::Args;
pub use output::Io;
use output::{clock, ProgressReport, Row, SharedOut, Val, Writer};

/// Done.
pub const EXIT_OK: i32 = 0;
/// Finished with failures (listed), or stopped by an error.
pub const EXIT_PARTIAL: i32 = 1;
/// Bad usage or input.
pub const EXIT_USAGE: i32 = 2;
/// The key was refused, or the company is inactive.
pub const EXIT_AUTH: i32 = 3;
/// Interrupted (Ctrl-C).
pub const EXIT_INTERRUPTED: i32 = 130;

/// Why a command stopped early.
enum Stop {
    /// Bad usage or input: exit 2 with the message.
    Usage(String),
    /// The API or the client said no.
    Api(Error),
    /// The output could not be written.
    Io(io::Error),
}

impl From<io::Error> for Stop {
    fn from(e: io::Error) -> Stop {
        Stop::Io(e)
    }
}

impl From<Error> for Stop {
    fn from(e: Error) -> Stop {
        Stop::Api(e)
    }
}

/// Runs the command line `argv` (without the program's name) to its exit code, stopping with 130
/// when `interrupted` completes (the caller's Ctrl-C: a signal natively, Python's
/// `KeyboardInterrupt` in the console script). Nothing is read from the process's arguments.
pub async fn run(argv: Vec<String>, interrupted: impl Future<Output = ()>) -> i32 {
    run_with(argv, Io::process(), interrupted).await
}

/// [`run`] writing to `io` instead of the process's stdout and stderr.
pub async fn run_with(argv: Vec<String>, io: Io, interrupted: impl Future<Output = ()>) -> i32 {
    let args = match args::parse(&argv) {
        Ok(a) => a,
        Err(args::Stop::Help(text)) => {
            let mut out = io.out();
            let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
            return EXIT_OK;
        }
        Err(args::Stop::Usage(text)) => {
            io.err_write(&text);
            return EXIT_USAGE;
        }
    };
    let say = |text: &str| io.say(text);
    let command = std::pin::pin!(command(&args, &io));
    let interrupted = std::pin::pin!(interrupted);
    let result = match futures_util::future::select(command, interrupted).await {
        futures_util::future::Either::Left((result, _)) => result,
        futures_util::future::Either::Right(_) => {
            let resumable = args.command.groups.iter().any(|g| g.iter().any(|o| o.long == "checkpoint"));
            say(match (resumable, args.get("checkpoint").is_some()) {
                (true, true) => "\nzeitkonto: interrupted (run the same command again to go on)",
                (true, false) => {
                    "\nzeitkonto: interrupted (with --checkpoint, a run goes on where the last one stopped)"
                }
                _ => "\nzeitkonto: interrupted",
            });
            return EXIT_INTERRUPTED;
        }
    };
    match result {
        Ok(code) => code,
        Err(Stop::Usage(message)) => {
            say(&format!("zeitkonto: {message}"));
            EXIT_USAGE
        }
        Err(Stop::Api(e)) => match e.api_code() {
            _ if matches!(e, Error::InvalidInput { .. }) => {
                say(&format!("zeitkonto: {}", usage_text(&e)));
                EXIT_USAGE
            }
            Some(ApiCode::AuthenticationFailed | ApiCode::CompanyInactive) => {
                say(&format!("zeitkonto: {e}"));
                EXIT_AUTH
            }
            _ => {
                say(&format!("zeitkonto: stopped: {e}"));
                EXIT_PARTIAL
            }
        },
        // The reader went away (`| head`): stop quietly, as command-line tools do.
        Err(Stop::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => EXIT_OK,
        Err(Stop::Io(e)) => {
            // A full disk, a file size limit: the checkpoint keeps what the finished calls wrote,
            // so the same command goes on once there is room.
            let where_ = args.get("output").unwrap_or("the output");
            let why = e.to_string();
            let why = why.split(" (os error").next().unwrap_or_default();
            let hint = if args.get("checkpoint").is_some() {
                " (the checkpoint keeps what was written: run the same command again)"
            } else {
                ""
            };
            say(&format!("zeitkonto: cannot write {where_}: {why}{hint}"));
            EXIT_USAGE
        }
    }
}

/// The client the options ask for, and the sandbox when `--sandbox`.
fn client(args: &Args) -> Result<Client, Stop> {
    if args.get("sandbox-today").is_some() && !args.flag("sandbox") {
        return Err(Stop::Usage("--sandbox-today is for --sandbox (the real service has its own today)".into()));
    }
    if args.flag("sandbox") {
        let today = kit::today(args.get("sandbox-today"))
            .map_err(|(_, reason)| Stop::Usage(format!("invalid input `sandbox_today`: {reason}")))?;
        let mut config = EngineConfig { today, ..EngineConfig::default() };
        config.rate_limit.limit = 0; // as the test kit: no limit, nothing waits
        return Ok(InProcess::new(config).client().build()?);
    }
    let key = match args.get("api-key-file") {
        Some(file) => {
            let key = std::fs::read_to_string(file)
                .map_err(|e| Stop::Usage(format!("--api-key-file: cannot read it: {}", strerror(&e))))?;
            if key.trim().is_empty() {
                return Err(Stop::Usage(format!("--api-key-file {file}: the file is empty")));
            }
            key.trim().to_string()
        }
        None => std::env::var("ZEITKONTO_API_KEY").unwrap_or_default(),
    };
    if key.is_empty() {
        return Err(Stop::Usage(
            "no API key: set ZEITKONTO_API_KEY (or pass --api-key-file FILE); a key is never taken as an argument, \
             which would land in the shell's history"
                .into(),
        ));
    }
    let mut builder = Client::builder().api_key(key);
    let base = args.get("base-url").map(str::to_string).or_else(|| std::env::var("ZEITKONTO_BASE_URL").ok());
    if let Some(url) = base.filter(|u| !u.is_empty()) {
        builder = builder.base_url(url);
    }
    Ok(builder.build()?)
}

fn strerror(e: &io::Error) -> String {
    e.to_string().split(" (os error").next().unwrap_or_default().to_string()
}

// ---- records as rows ------------------------------------------------------------------------------

/// The records the commands write, and the records inside them, by name. Their declarations
/// only: `decl::models()` would link every model's docs into the binary (and the Python wheel).
fn model(name: &str) -> Option<ModelDecl> {
    use zeitkonto_core::{AccountBooking, DayTotals, EmployeeRecord, MonthlyAccount, PresenceEntry, Traffic};
    Some(match name {
        "EmployeeRecord" => ModelDecl::of::<EmployeeRecord>(),
        "PresenceEntry" => ModelDecl::of::<PresenceEntry>(),
        "MonthlyAccount" => ModelDecl::of::<MonthlyAccount>(),
        "DayTotals" => ModelDecl::of::<DayTotals>(),
        "Traffic" => ModelDecl::of::<Traffic>(),
        "AccountBooking" => ModelDecl::of::<AccountBooking>(),
        _ => return None,
    })
}

/// A field a CSV cell cannot hold (a list of records; it is kept in JSON output).
fn is_list(f: &FieldDecl) -> bool {
    !f.optional && f.rust_type.starts_with("Vec<")
}

/// A value of the canonical form as a row holds it: a record's fields by their snake_case names
/// (without `extra`), in declared order, recursively; anything else as it is.
fn row_value(rust_type: &str, v: Value) -> Val {
    let inner = rust_type.strip_prefix("Vec<").and_then(|t| t.strip_suffix('>'));
    match (v, inner.map_or(model(rust_type), model)) {
        (Value::Array(items), Some(m)) if inner.is_some() => {
            Val::List(items.into_iter().map(|x| row_value(m.name, x)).collect())
        }
        (Value::Object(map), Some(m)) if inner.is_none() => Val::Record(fields(&m, map)),
        (v, _) => Val::Raw(v),
    }
}

fn fields(m: &ModelDecl, mut map: serde_json::Map<String, Value>) -> Row {
    m.fields
        .iter()
        .map(|f| (f.name.to_string(), row_value(f.rust_type, map.remove(f.key).unwrap_or(Value::Null))))
        .collect()
}

/// A record's fields, in declared order, by their snake_case names.
fn record_row(name: &str, record: &impl serde::Serialize) -> Row {
    match (model(name), serde_json::to_value(record)) {
        (Some(m), Ok(Value::Object(map))) => fields(&m, map),
        _ => Row::new(),
    }
}

/// The columns of a record's table (the fields a cell can hold).
fn columns(name: &str) -> Vec<String> {
    model(name).map_or(Vec::new(), |m| m.fields.iter().filter(|f| !is_list(f)).map(|f| f.name.to_string()).collect())
}

/// A row of ours, then a raw entry's fields (one that has a name of ours is `entry.<name>`; an
/// entry that is not an object is one field, `entry`).
fn merged(mut ours: Row, entry: &Value) -> Row {
    match entry {
        Value::Object(map) => {
            for (k, v) in map {
                let key = if ours.iter().any(|(o, _)| o == k) { format!("entry.{k}") } else { k.clone() };
                ours.push((key, Val::Raw(v.clone())));
            }
        }
        other => ours.push(("entry".into(), Val::Raw(other.clone()))),
    }
    ours
}

// ---- output ---------------------------------------------------------------------------------------

/// Where rows go: stdout or a file (kept reachable for fsync).
enum Output {
    Stdout(BufWriter<SharedOut>),
    File(BufWriter<File>),
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Output::Stdout(w) => w.write(buf),
            Output::File(w) => w.write(buf),
        }
    }
    fn flush(&mut self) -> io::Result<()> {
        match self {
            Output::Stdout(w) => w.flush(),
            Output::File(w) => w.flush(),
        }
    }
}

fn open_output(io: &Io, path: Option<&str>, append_at: Option<u64>) -> Result<Output, Stop> {
    let Some(path) = path.filter(|p| *p != "-") else {
        return Ok(Output::Stdout(BufWriter::new(io.out())));
    };
    let cannot = |e: io::Error| Stop::Usage(format!("--output {path}: cannot write it: {}", strerror(&e)));
    let file = match append_at {
        Some(at) if Path::new(path).exists() => {
            let mut f = OpenOptions::new().read(true).write(true).open(path).map_err(cannot)?;
            f.set_len(at).map_err(cannot)?; // what a stopped run wrote after its last checkpoint goes
            f.seek(SeekFrom::Start(at)).map_err(cannot)?;
            f
        }
        _ => File::create(path).map_err(cannot)?,
    };
    Ok(Output::File(BufWriter::new(file)))
}

/// `--bom` is for CSV: a byte order mark before JSON makes it unreadable to strict parsers.
fn check_format(args: &Args) -> Result<(), Stop> {
    if args.get("format") == Some("json") && args.flag("bom") {
        return Err(Stop::Usage("--bom is for CSV (Excel reads the encoding from it); JSON has none".into()));
    }
    Ok(())
}

fn writer(args: &Args, out: Output, written: u64, rows: u64) -> io::Result<Writer<Output>> {
    let json = args.get("format") == Some("json");
    let delimiter = if args.get("delimiter") == Some(";") { ';' } else { ',' };
    Writer::new(out, json, args.flag("bom"), delimiter, written, rows)
}

// ---- commands -------------------------------------------------------------------------------------

async fn command(args: &Args, io: &Io) -> Result<i32, Stop> {
    check_format(args)?;
    let client = client(args)?;
    match args.command.name {
        "employees" => write_records(args, io, "EmployeeRecord", &client.employees().await?),
        "presence" => {
            let day = args.get("day").map(|d| date_arg("--day", d)).transpose()?;
            write_records(args, io, "PresenceEntry", &client.presence(None, day).await?.info)
        }
        "clock" => {
            let (action, employee) = (&args.positionals[0], &args.positionals[1]);
            match action.as_str() {
                "come" => client.come(employee).await?,
                "go" => client.go(employee).await?,
                _ => client.stop(employee).await?,
            }
            let mut out = io.out();
            writeln!(out, "{action}: {employee}: done")?;
            out.flush()?;
            Ok(EXIT_OK)
        }
        "month-close" => month_close(args, io, &client).await,
        "presence-board" => {
            let day = args.get("day").map(|d| date_arg("--day", d)).transpose()?;
            let title = format!("presence board {}", day.map_or("(today)".into(), |d| d.to_string()));
            let ckpt = start(args)?;
            let job = client.presence_board(day, ckpt.1.as_deref()).map_err(usage)?;
            let mut cols = vec!["source".to_string()];
            cols.extend(columns("PresenceEntry"));
            run_job(args, io, &title, job.into(), ckpt.0, Some(cols), None, &|e| match e {
                JobEvent::Presence(r) => {
                    let mut row = vec![("source".into(), Val::from(r.source.clone()))];
                    row.extend(record_row("PresenceEntry", &r.entry));
                    Some(row)
                }
                _ => None,
            })
            .await
        }
        "leave-year" => {
            let text = &args.positionals[0];
            let year: i32 = text
                .trim()
                .parse()
                .map_err(|_| Stop::Usage(format!("year: expected a year (e.g. 2026), got '{text}'")))?;
            let ckpt = start(args)?;
            let job = client.leave_year_report(year, ckpt.1.as_deref()).map_err(usage)?;
            run_job(args, io, &format!("leave year {year}"), job.into(), ckpt.0, None, None, &|e| match e {
                JobEvent::Leave(r) => {
                    let mut row = merged(vec![("source".into(), Val::from(r.source.clone()))], &r.entry);
                    row.push(("legend".into(), Val::Raw(json!(*r.legend))));
                    Some(row)
                }
                _ => None,
            })
            .await
        }
        _ => project_hours(args, io, &client).await,
    }
}

/// An error of the job's making before the first call (its input, its checkpoint): exit 2.
fn usage(e: Error) -> Stop {
    match e {
        Error::InvalidInput { .. } => Stop::Usage(usage_text(&e)),
        other => Stop::Api(other),
    }
}

/// Refused input said in the command line's words: the option or argument a field came from
/// (the core names the SDK's fields: `baseUrl` is `--base-url` here), and what to do about a
/// checkpoint that is not this run's.
fn usage_text(e: &Error) -> String {
    let Error::InvalidInput { field, reason } = e else { return e.to_string() };
    let given = match field.as_str() {
        "baseUrl" => "--base-url (or ZEITKONTO_BASE_URL)",
        "apiKey" => "the API key",
        "departments" | "department" => "--department",
        "projects" | "project" => "--project",
        "email" => "--email",
        "day" => "--day",
        "checkpoint" => {
            return format!("--checkpoint: {reason}; use the run's own checkpoint, or delete the file to start over");
        }
        other => other,
    };
    format!("{given}: {reason}")
}

fn write_records(args: &Args, io: &Io, name: &str, records: &[impl serde::Serialize]) -> Result<i32, Stop> {
    let mut w = writer(args, open_output(io, args.get("output"), None)?, 0, 0)?;
    w.set_columns(columns(name), false)?;
    for r in records {
        w.row(&record_row(name, r))?; // fixed columns: nothing is left out
    }
    w.close()?;
    Ok(EXIT_OK)
}

/// A command-line date (YYYY-MM-DD), or exit 2 saying what was expected.
fn date_arg(name: &str, text: &str) -> Result<Date, Stop> {
    text.parse::<Date>()
        .ok()
        .filter(|_| text.len() == 10)
        .ok_or_else(|| Stop::Usage(format!("{name}: expected a date YYYY-MM-DD, got '{text}'")))
}

async fn month_close(args: &Args, io: &Io, client: &Client) -> Result<i32, Stop> {
    let text = &args.positionals[0];
    let bad = || Stop::Usage(format!("month: expected YYYY-MM (a calendar month, 01-12), got '{text}'"));
    let (y, m) = text.split_once('-').ok_or_else(bad)?;
    let (year, month): (i64, i64) = (y.trim().parse().map_err(|_| bad())?, m.trim().parse().map_err(|_| bad())?);
    if !(1..=12).contains(&month) {
        return Err(Stop::Usage(format!("month: {month} is not a calendar month (01-12; January is 01), in '{text}'")));
    }
    let year = i32::try_from(year)
        .map_err(|_| Stop::Usage(format!("invalid input `year`: {year} is not a year from 1 to 9999")))?;
    let ckpt = start(args)?;
    let job = client.month_close(year, month, args.all("department"), ckpt.1.as_deref()).map_err(usage)?;
    let plan = job.plan();
    let hint = (plan.path == "employees" && job.machine().note().is_none() && plan.calls <= 1).then(|| {
        "plan: the employee list, then one call per employee (no --department given), at 60 a minute".to_string()
    });
    // `email` (the account's own `employee` field is the employee's UUID), then the SDK's fields.
    let mut cols = vec!["email".to_string(), "source".to_string()];
    cols.extend(columns("MonthlyAccount"));
    run_job(args, io, &format!("month close {year}-{month:02}"), job.into(), ckpt.0, Some(cols), hint, &|e| match e {
        JobEvent::Account(r) => {
            let mut row =
                vec![("email".into(), Val::from(r.employee.clone())), ("source".into(), Val::from(r.source.clone()))];
            row.extend(record_row("MonthlyAccount", &r.account));
            Some(row)
        }
        _ => None,
    })
    .await
}

async fn project_hours(args: &Args, io: &Io, client: &Client) -> Result<i32, Stop> {
    let (start_day, end_day) = (date_arg("start", &args.positionals[0])?, date_arg("end", &args.positionals[1])?);
    let projects = args.all("project");
    let ckpt = start(args)?;
    let job = client
        .project_hours(args.get("email").unwrap_or_default(), start_day, end_day, projects.clone(), ckpt.1.as_deref())
        .map_err(usage)?;
    let hint = (projects.is_empty() && job.machine().progress().done == 0).then(|| {
        let pieces = start_day.days_until(end_day) / 32 + 1;
        format!(
            "plan: the project list, then one call per top-level project and piece of at most 31 days ({pieces} piece{}), \
             at 60 a minute",
            if pieces == 1 { "" } else { "s" }
        )
    });
    run_job(args, io, &format!("project hours {start_day}..{end_day}"), job.into(), ckpt.0, None, hint, &|e| match e {
        JobEvent::Booking(r) => Some(merged(
            vec![
                ("source".into(), Val::from(r.source.clone())),
                ("top_level_project".into(), Val::from(r.project.clone())),
            ],
            &r.entry,
        )),
        _ => None,
    })
    .await
}

// ---- jobs: one runner for the four ----------------------------------------------------------------

/// The `--checkpoint` file and the text it holds (none: a fresh job), read before the job starts.
fn start(args: &Args) -> Result<(Option<PathBuf>, Option<String>), Stop> {
    let Some(path) = args.get("checkpoint") else { return Ok((None, None)) };
    if args.get("output").is_none_or(|o| o == "-") {
        return Err(Stop::Usage(
            "--checkpoint needs --output FILE (a resumed job goes on writing the same file)".into(),
        ));
    }
    let path = PathBuf::from(path);
    let text = checkpoint_file::read(&path).map_err(usage)?;
    Ok((Some(path), text))
}

/// Python's `repr` of a note's value, as the message about another run's checkpoint says it.
fn repr(v: &Value) -> String {
    match v {
        Value::Null => "None".into(),
        Value::Bool(b) => if *b { "True" } else { "False" }.into(),
        Value::String(s) => format!("'{s}'"),
        other => other.to_string(),
    }
}

/// Runs a job to `--output` in `--format`, with `--checkpoint`, a progress report on stderr, the
/// failures listed, and the exit code (0 done, 1 with failures). `row(event)` is an event's
/// output row, or `None`; `columns` the CSV columns (`None`: the first row's fields, kept in the
/// checkpoint's note for a resume); `hint` a plan line of the command's own.
#[allow(clippy::too_many_arguments)]
async fn run_job(
    args: &Args,
    io: &Io,
    title: &str,
    mut job: Job,
    checkpoint: Option<PathBuf>,
    mut columns: Option<Vec<String>>,
    hint: Option<String>,
    row: &(dyn Fn(&JobEvent) -> Option<Row> + Sync),
) -> Result<i32, Stop> {
    let ckpt = checkpoint.as_deref();
    let mut saved = String::new();
    // Written at once, so that an unwritable path fails before the first call.
    save(&job, ckpt, &mut saved).map_err(usage)?;
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
    let (mut written, mut rows) = (0u64, 0u64);
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
            .map(|k| format!("{k} {}", repr(note.get(*k).unwrap_or(&Value::Null))))
            .collect();
        if !differ.is_empty() {
            return Err(Stop::Usage(format!(
                "--checkpoint {path} belongs to a run with {}: resume with the same --output, --format, --delimiter and \
                 --bom, or start without the checkpoint",
                differ.join(", ")
            )));
        }
        let file = output.unwrap_or_default();
        let Ok(meta) = std::fs::metadata(file) else {
            return Err(Stop::Usage(format!(
                "--output {file}: missing, but the checkpoint says {rows} rows were written there; restore it or start \
                 without the checkpoint"
            )));
        };
        if meta.len() < written {
            return Err(Stop::Usage(format!(
                "--output {file}: shorter than the {written} bytes the checkpoint says were written there (cut, or lost \
                 in a crash); restore it or start without the checkpoint"
            )));
        }
    }
    let out = open_output(io, output, ckpt.map(|_| written))?;
    let mut w = writer(args, out, written, rows)?;
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
            // The consumer asks for more: the call whose events were handled is finished, and the
            // checkpoint holds it (a job stopped in between makes that call again: at least once).
            job.settle();
            save(&job, ckpt, &mut saved).map_err(usage)?;
            // Every call of an in-process sandbox is ready at once: without a pause here the job
            // would run to its end in one poll, and Ctrl-C (`run`'s other future) would wait for it.
            yield_now().await;
            let event = match job.next().await {
                None => return Ok(()),
                Some(Ok(event)) => event,
                Some(Err(e)) => {
                    save(&job, ckpt, &mut saved).map_err(usage)?;
                    return Err(Stop::Api(e));
                }
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
                if ckpt.is_some() {
                    // On disk before the checkpoint that counts it (a power cut must not leave the
                    // checkpoint pointing past the file's end).
                    if let Output::File(f) = &w.out {
                        f.get_ref().sync_data()?;
                    }
                    let mut note = shape.clone();
                    note["bytes"] = json!(written + w.written);
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

/// Takes the job's checkpoint and writes it to the file, if there is one and it changed.
fn save(job: &Job, path: Option<&Path>, saved: &mut String) -> Result<(), Error> {
    let text = job.checkpoint();
    if text == *saved {
        return Ok(()); // the call in hand is not finished yet: the file holds this already
    }
    if let Some(path) = path {
        checkpoint_file::write(path, &text)?;
    }
    *saved = text;
    Ok(())
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

#[cfg(test)]
mod tests {
    use zeitkonto_core::decl::models;

    use super::model;

    #[test]
    fn every_record_inside_a_written_record_is_known_by_name() {
        let all = models();
        let mut names = vec!["EmployeeRecord", "PresenceEntry", "MonthlyAccount"];
        while let Some(name) = names.pop() {
            let m = model(name).unwrap_or_else(|| panic!("{name} is written but not known to `model`"));
            for f in m.fields {
                let t = f.rust_type.strip_prefix("Vec<").and_then(|t| t.strip_suffix('>')).unwrap_or(f.rust_type);
                if all.iter().any(|d| d.name == t) {
                    names.push(all.iter().find(|d| d.name == t).map(|d| d.name).unwrap_or_default());
                }
            }
        }
    }
}
