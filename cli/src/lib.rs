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
//! the key was refused or is without access (a 403 without a code), or the company is inactive;
//! 130 interrupted (Ctrl-C).

mod args;
mod job;
mod output;
mod rows;

use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::future::Future;
use std::io::{self, BufWriter, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use serde_json::{json, Value};
use zeitkonto::jobs::checkpoint_file::CheckpointFile;
use zeitkonto::jobs::{Job, JobEvent};
use zeitkonto::Client;
use zeitkonto_core::jobs::Digest;
use zeitkonto_core::{ApiCode, Date, Error};
use zeitkonto_sandbox::{kit, EngineConfig, InProcess};

use args::Args;
use job::{run_job, start};
pub use output::Io;
use output::{clock, ProgressReport, Row, SharedOut, Val, Writer};
use rows::{columns, merged, record_row};

/// Done.
pub const EXIT_OK: i32 = 0;
/// Finished with failures (listed), or stopped by an error.
pub const EXIT_PARTIAL: i32 = 1;
/// Bad usage or input.
pub const EXIT_USAGE: i32 = 2;
/// The key was refused or is without access (a 403 without a code), or the company is inactive.
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

/// Whether the command is a job (it takes `--checkpoint`: a stopped run can go on).
fn resumable(args: &Args) -> bool {
    args.command.groups.iter().any(|g| g.iter().any(|o| o.long == "checkpoint"))
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
            say(match (resumable(&args), args.get("checkpoint").is_some()) {
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
            // (A 403 without a code: a key without access to this, such as an employee's key.)
            _ if matches!(e, Error::Forbidden) => {
                say(&format!("zeitkonto: {e}"));
                EXIT_AUTH
            }
            Some(ApiCode::AuthenticationFailed | ApiCode::CompanyInactive) => {
                say(&format!("zeitkonto: {e}"));
                EXIT_AUTH
            }
            _ => {
                // A connection that failed names where it went (scheme, host and port only: a path
                // or user info could hold a key), as a user checks that first.
                let at = match e {
                    Error::Transport { .. } | Error::Tls { .. } | Error::Timeout { .. } if !args.flag("sandbox") => {
                        format!(" (the service at {})", service(&args))
                    }
                    _ => String::new(),
                };
                // A write (`clock`) that may have been applied is said so, whatever the failure (a
                // 5xx, a broken connection, an answer cut short); a timeout's message says it already.
                let applied = if args.command.name == "clock"
                    && e.may_have_reached_server()
                    && !matches!(e, Error::Timeout { .. })
                {
                    " (it may have been applied: check before clocking again)"
                } else {
                    ""
                };
                // A job stops (its checkpoint can go on); a single call fails.
                let how = if resumable(&args) { "stopped" } else { "failed" };
                say(&format!("zeitkonto: {how}: {e}{at}{applied}"));
                EXIT_PARTIAL
            }
        },
        // The reader went away (`| head`): stop quietly, as command-line tools do.
        Err(Stop::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => EXIT_OK,
        Err(Stop::Io(e)) => {
            // A full disk, a file size limit: the checkpoint keeps what the finished calls wrote,
            // so the same command goes on once there is room.
            let where_ = args.get("output").unwrap_or("the output");
            let why = strerror(&e);
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
fn client(args: &Args, io: &Io) -> Result<Client, Stop> {
    if args.get("sandbox-today").is_some() && !args.flag("sandbox") {
        return Err(Stop::Usage("--sandbox-today is for --sandbox (the real service has its own today)".into()));
    }
    if args.flag("sandbox") {
        if args.get("base-url").is_some() {
            return Err(Stop::Usage("--base-url is not for --sandbox (the sandbox runs in this process)".into()));
        }
        let today = kit::today(args.get("sandbox-today"))
            .map_err(|(_, reason)| Stop::Usage(format!("--sandbox-today: {reason}")))?;
        // As the test kit: no rate limit, nothing waits.
        return Ok(InProcess::new(EngineConfig { today, ..EngineConfig::default() }).client().build()?);
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
    // A long wait the server asked for (a 429's Retry-After) is said: a job's progress stands
    // still meanwhile, longer than its plan said.
    let said = io.clone();
    let mut builder = Client::builder().api_key(key).on_event(move |event| {
        if let zeitkonto::Event::Wait { delay, reason: "429", .. } = event {
            if delay.as_secs() >= 5 {
                said.say(&format!(
                    "{}zeitkonto: the server's rate limit answered 429: waiting {} s, then going on",
                    if said.err_terminal { "\n" } else { "" },
                    (delay.as_millis() + 500) / 1000
                ));
            }
        }
    });
    let base = args.get("base-url").map(str::to_string).or_else(|| std::env::var("ZEITKONTO_BASE_URL").ok());
    if let Some(url) = base.filter(|u| !u.is_empty()) {
        builder = builder.base_url(url);
    }
    Ok(builder.build()?)
}

/// The base URL the client uses (`--base-url`, `ZEITKONTO_BASE_URL`, or the real service's) as
/// `scheme://host[:port]`: without a path or user info, which could hold a key.
fn service(args: &Args) -> String {
    let base = args.get("base-url").map(str::to_string).or_else(|| std::env::var("ZEITKONTO_BASE_URL").ok());
    let base = base.filter(|u| !u.is_empty()).unwrap_or_else(|| zeitkonto_core::DEFAULT_BASE_URL.to_string());
    let (scheme, rest) = base.split_once("://").unwrap_or(("", base.as_str()));
    let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let host = host.rsplit_once('@').map_or(host, |(_, h)| h);
    if scheme.is_empty() {
        host.to_string()
    } else {
        format!("{scheme}://{host}")
    }
}

/// The OS's words for an I/O failure, without Rust's " (os error N)" (the client's checkpoint
/// file says its failures the same way).
fn strerror(e: &io::Error) -> String {
    e.to_string().split(" (os error").next().unwrap_or_default().to_string()
}

// ---- output ---------------------------------------------------------------------------------------

/// Where rows go: stdout, or a file (kept reachable for fsync) with where it is renamed to once
/// whole ([`OutputFile`]).
enum Output {
    Stdout(BufWriter<SharedOut>),
    File(BufWriter<File>, OutputFile),
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Output::Stdout(w) => w.write(buf),
            Output::File(w, _) => w.write(buf),
        }
    }
    fn flush(&mut self) -> io::Result<()> {
        match self {
            Output::Stdout(w) => w.flush(),
            Output::File(w, _) => w.flush(),
        }
    }
}

/// An `--output` file: written as `<path>.partial` and renamed over `path` once whole, so that a
/// run that stops (an error, Ctrl-C, a kill) leaves the file of the last whole run as it was and
/// nothing that passes for a whole output. A link to a file is followed (the file it names is
/// replaced, the link stays); a path that is no regular file (a device such as `/dev/stdout`, a
/// pipe, a dangling link) is written in place.
pub(crate) struct OutputFile {
    /// The file `--output` names (a link's target).
    pub(crate) target: PathBuf,
    /// What is written (`target` itself when written in place).
    pub(crate) written: PathBuf,
}

impl OutputFile {
    pub(crate) fn of(path: &str) -> OutputFile {
        let given = PathBuf::from(path);
        let target = match std::fs::symlink_metadata(&given) {
            Ok(m) if m.file_type().is_symlink() => match given.canonicalize() {
                Ok(file) if file.is_file() => file,
                _ => return OutputFile { target: given.clone(), written: given },
            },
            Ok(m) if !m.is_file() => return OutputFile { target: given.clone(), written: given },
            _ => given,
        };
        let mut written = target.as_os_str().to_owned();
        written.push(".partial");
        OutputFile { target, written: written.into() }
    }

    fn in_place(&self) -> bool {
        self.written == self.target
    }
}

impl Output {
    /// The output is whole: flushed, and a file renamed over `--output` (keeping the old file's
    /// permissions).
    fn finish(&mut self) -> io::Result<()> {
        self.flush()?;
        let Output::File(f, file) = self else { return Ok(()) };
        if file.in_place() {
            return Ok(());
        }
        f.get_ref().sync_data()?;
        if let Ok(old) = std::fs::metadata(&file.target) {
            let _ = std::fs::set_permissions(&file.written, old.permissions());
        }
        std::fs::rename(&file.written, &file.target)?;
        // The rename on disk too (a power cut after the run said it was done).
        #[cfg(unix)]
        if let Some(dir) = file.target.parent().filter(|d| !d.as_os_str().is_empty()) {
            let _ = File::open(dir).and_then(|d| d.sync_all());
        }
        Ok(())
    }
}

/// Opens `--output` (none or `-`: stdout). A file is written to its [`OutputFile`] (`<path>.partial`),
/// from the start, or with `append_at` (a resume) after that many bytes (what a stopped run wrote
/// after its last checkpoint goes).
fn open_output(io: &Io, path: Option<&str>, append_at: Option<u64>) -> Result<Output, Stop> {
    let Some(path) = path.filter(|p| *p != "-") else {
        return Ok(Output::Stdout(BufWriter::new(io.out())));
    };
    if path.is_empty() {
        return Err(Stop::Usage("--output: an empty path (- is standard output)".into()));
    }
    let cannot = |e: io::Error| Stop::Usage(format!("--output {path}: cannot write it: {}", strerror(&e)));
    let out = OutputFile::of(path);
    let file = match append_at {
        Some(at) if out.written.exists() => {
            let mut f = OpenOptions::new().read(true).write(true).open(&out.written).map_err(cannot)?;
            f.set_len(at).map_err(cannot)?;
            f.seek(SeekFrom::Start(at)).map_err(cannot)?;
            f
        }
        _ => File::create(&out.written).map_err(cannot)?,
    };
    Ok(Output::File(BufWriter::new(file), out))
}

/// `--bom` and `--delimiter` are for CSV: a byte order mark before JSON makes it unreadable to
/// strict parsers, and JSON has no delimiter (a `--delimiter` there was meant for CSV).
fn check_format(args: &Args) -> Result<(), Stop> {
    if args.get("format") == Some("json") && args.flag("bom") {
        return Err(Stop::Usage("--bom is for CSV (Excel reads the encoding from it); JSON has none".into()));
    }
    if args.get("format") == Some("json") && args.get("delimiter").is_some() {
        return Err(Stop::Usage("--delimiter is for CSV; JSON has none (leave it out, or use --format csv)".into()));
    }
    Ok(())
}

fn writer(args: &Args, out: Output, written: u64, rows: u64, digest: Option<Digest>) -> io::Result<Writer<Output>> {
    let json = args.get("format") == Some("json");
    let delimiter = if args.get("delimiter") == Some(";") { ';' } else { ',' };
    // Stdout gets nothing before the first row or the end (a job that fails at its first call
    // writes nothing there); a file gets its start at once.
    let lazy = matches!(out, Output::Stdout(_));
    Writer::new(out, json, args.flag("bom"), delimiter, written, rows, lazy, digest.unwrap_or_default())
}

// ---- commands -------------------------------------------------------------------------------------

async fn command(args: &Args, io: &Io) -> Result<i32, Stop> {
    check_format(args)?;
    let client = client(args, io)?;
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
            // Four digits, as the form says: `26` is not 2026.
            let year: i32 = Some(text.as_str())
                .filter(|t| t.len() == 4 && t.bytes().all(|b| b.is_ascii_digit()))
                .and_then(|t| t.parse().ok())
                .ok_or_else(|| Stop::Usage(format!("year: expected a year YYYY (e.g. 2026){}", args::NOT_SHOWN)))?;
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
        // A file that could not be read or written needs a path that can (its reason says why).
        "checkpoint" if reason.starts_with("cannot ") => "--checkpoint",
        "checkpoint" => {
            return format!("--checkpoint: {reason}; use the run's own checkpoint, or delete the file to start over");
        }
        other => other,
    };
    format!("{given}: {reason}")
}

fn write_records(args: &Args, io: &Io, name: &str, records: &[impl serde::Serialize]) -> Result<i32, Stop> {
    let out = open_output(io, args.get("output"), None)?;
    // (Declared before the writer: the file is closed before it is removed.)
    let mut unfinished = job::Unfinished::of(&out, false, None);
    let mut w = writer(args, out, 0, 0, None)?;
    w.set_columns(columns(name), false)?;
    for r in records {
        w.row(&record_row(name, r))?; // fixed columns: nothing is left out
    }
    w.close()?;
    unfinished.path = None; // whole: kept, whatever the rename does (said by `finished`)
    job::finished(&mut w.out, args.get("output"))?;
    Ok(EXIT_OK)
}

/// A command-line date (YYYY-MM-DD), or exit 2 saying what was expected.
fn date_arg(name: &str, text: &str) -> Result<Date, Stop> {
    text.parse::<Date>()
        .ok()
        .filter(|_| text.len() == 10)
        .ok_or_else(|| Stop::Usage(format!("{name}: expected a date YYYY-MM-DD{}", args::NOT_SHOWN)))
}

async fn month_close(args: &Args, io: &Io, client: &Client) -> Result<i32, Stop> {
    let text = &args.positionals[0];
    let bad = || Stop::Usage(format!("month: expected YYYY-MM (a calendar month, 01-12){}", args::NOT_SHOWN));
    let (y, m) = text.split_once('-').ok_or_else(bad)?;
    // Four digits and two: `26-10` is not October 2026, and `2026-1` is not what the form says.
    let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(y, 4) || !digits(m, 2) {
        return Err(bad());
    }
    let (year, month): (i64, i64) = (y.parse().map_err(|_| bad())?, m.parse().map_err(|_| bad())?);
    if !(1..=12).contains(&month) {
        return Err(Stop::Usage(format!("month: {month} is not a calendar month (01-12; January is 01), in '{text}'")));
    }
    let year = i32::try_from(year)
        .map_err(|_| Stop::Usage(format!("invalid input `year`: {year} {}", zeitkonto_core::date::NOT_A_YEAR)))?;
    let ckpt = start(args)?;
    let job = client.month_close(year, month, args.all("department"), ckpt.1.as_deref()).map_err(usage)?;
    // A month not over yet is said (the API answers its accounts, zeros for one not begun): a
    // payroll export of it would not be the month's close. (Today by the client's calendar: the
    // sandbox's with --sandbox.)
    let sandbox_today = kit::today(args.get("sandbox-today")).ok().flatten().filter(|_| args.flag("sandbox"));
    if let Some(today) = sandbox_today.or_else(|| client.context().today()) {
        let (now, asked) =
            (i64::from(today.year()) * 12 + i64::from(today.month().number()), i64::from(year) * 12 + month);
        if asked >= now {
            io.say(&format!(
                "zeitkonto: {year}-{month:02} {} (today is {today}): its accounts are not the month's close",
                if asked > now { "has not begun" } else { "is not over yet" }
            ));
        }
    }
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
            "plan: the project list, then one call per top-level project and piece of at most 32 days ({pieces} piece{}), \
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
