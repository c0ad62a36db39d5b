//! The native `zeitkonto` binary as users run it: against the sandbox served over HTTP, with the
//! key from the environment; Ctrl-C, a reader that goes away, and the exit codes.

use std::io::{BufRead, BufReader};
use std::process::{Command, Output, Stdio};
#[cfg(unix)]
use std::time::{Duration, Instant};

use zeitkonto_core::OperationId;
use zeitkonto_sandbox::std_server::StdServer;
use zeitkonto_sandbox::{demo, EngineConfig, InProcess};
use zeitkonto_sandbox::{Fault, FaultKind};

struct Served {
    kit: InProcess,
    _server: StdServer,
    url: String,
}

fn served() -> Served {
    let mut config = EngineConfig { today: "2026-11-21".parse().ok(), ..EngineConfig::default() };
    config.rate_limit.limit = 0;
    let kit = InProcess::new(config);
    let listener = std::net::TcpListener::bind(("127.0.0.1", 0)).unwrap();
    let server = StdServer::start(listener, kit.shared().clone()).unwrap();
    let url = server.base_url().to_string();
    Served { kit, _server: server, url }
}

fn zeitkonto(s: &Served, args: &[&str]) -> Command {
    let mut c = command();
    c.args(args).env("ZEITKONTO_API_KEY", demo::COMPANY_KEY).env("ZEITKONTO_BASE_URL", &s.url);
    c
}

/// The command, with SIGINT as a terminal delivers it: a CI runner may start the tests with it
/// ignored, which a child inherits and the command then keeps ignoring (as it should).
fn command() -> Command {
    #[allow(unused_mut)]
    let mut c = Command::new(env!("CARGO_BIN_EXE_zeitkonto"));
    #[cfg(unix)]
    // SAFETY: only an async-signal-safe call between fork and exec.
    unsafe {
        std::os::unix::process::CommandExt::pre_exec(&mut c, || {
            libc::signal(libc::SIGINT, libc::SIG_DFL);
            Ok(())
        });
    }
    c
}

fn run(s: &Served, args: &[&str]) -> Output {
    zeitkonto(s, args).output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn the_month_close_to_csv_and_json_and_the_exit_codes() {
    let s = served();
    let out = run(&s, &["month-close", "2026-10"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).lines().count(), 40);
    assert!(text(&out.stderr).contains("month close 2026-10: 39 rows"));
    let out = run(&s, &["leave-year", "2026", "--format", "json"]);
    let rows: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(rows.as_array().map(Vec::len), Some(40));
    let refused = zeitkonto(&s, &["employees"]).env("ZEITKONTO_API_KEY", "not-a-key").output().unwrap();
    assert_eq!(refused.status.code(), Some(3));
    assert!(!text(&refused.stderr).contains("not-a-key"));
    let no_key = zeitkonto(&s, &["employees"]).env_remove("ZEITKONTO_API_KEY").output().unwrap();
    assert_eq!(no_key.status.code(), Some(2));
    assert!(text(&no_key.stderr).contains("ZEITKONTO_API_KEY"));
    assert_eq!(run(&s, &["month-close", "2026-13"]).status.code(), Some(2));
    // The forms are YYYY-MM and YYYY: `26-10` is not October 2026, nor `2026-1` the form.
    for args in
        [&["month-close", "26-10"][..], &["month-close", "2026-1"], &["leave-year", "26"], &["leave-year", "02026"]]
    {
        let out = run(&s, args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", text(&out.stderr));
        assert!(text(&out.stdout).is_empty(), "{args:?}");
    }
    // One file for both would lose the output to the checkpoint.
    let dir = std::env::temp_dir().join(format!("zeitkonto-cli-same-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let same = dir.join("same.csv");
    std::fs::write(&same, "kept\n").unwrap();
    let other_spelling = dir.join("sub").join("..").join("same.csv");
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    let out = run(
        &s,
        &[
            "month-close",
            "2026-10",
            "--output",
            same.to_str().unwrap(),
            "--checkpoint",
            other_spelling.to_str().unwrap(),
        ],
    );
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("the same file"), "{}", text(&out.stderr));
    assert_eq!(std::fs::read_to_string(&same).unwrap(), "kept\n", "nothing written");
    std::fs::remove_dir_all(&dir).unwrap();
    // The sandbox runs in this process: a --base-url beside it is a mistake; its today's errors
    // name the option.
    let out = run(&s, &["employees", "--sandbox", "--base-url", &s.url]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--base-url is not for --sandbox"), "{}", text(&out.stderr));
    let out = run(&s, &["employees", "--sandbox", "--sandbox-today", "2026-02-30"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--sandbox-today:"), "{}", text(&out.stderr));
    let bom_json = run(&s, &["employees", "--format", "json", "--bom"]); // a BOM would break the JSON
    assert_eq!(bom_json.status.code(), Some(2));
    assert!(text(&bom_json.stderr).contains("--bom is for CSV"));
    let delimited_json = run(&s, &["employees", "--format", "json", "--delimiter", ";"]); // no delimiter in JSON
    assert_eq!(delimited_json.status.code(), Some(2));
    assert!(text(&delimited_json.stderr).contains("--delimiter is for CSV"), "{}", text(&delimited_json.stderr));
    // A bad e-mail is refused before the plan is stated, and nothing is asked.
    let before = s.kit.requests(OperationId::Projects);
    let bad_email = run(&s, &["project-hours", "2026-01-01", "2026-01-31", "--email", "not-an-email"]);
    assert_eq!(bad_email.status.code(), Some(2));
    let said = text(&bad_email.stderr);
    assert!(said.contains("not a plausible e-mail address") && !said.contains("plan:"), "{said}");
    assert_eq!(s.kit.requests(OperationId::Projects), before);
    let clocked = run(&s, &["clock", "come", "anna.schmidt@demo.example"]);
    assert_eq!(
        (clocked.status.code(), text(&clocked.stdout).as_str()),
        (Some(0), "come: anna.schmidt@demo.example: done\n")
    );
    assert_eq!(s.kit.requests(OperationId::TimeAccount), 39);
}

/// Ctrl-C without `--checkpoint`: no run can go on from the output, whose partial file is removed.
#[cfg(unix)]
#[test]
fn ctrl_c_without_a_checkpoint_removes_the_partial_output() {
    let (out, csv, dir) = interrupted_project_hours("unkept", false);
    let said = text(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{said}");
    assert!(!csv.exists() && !partial(&csv).exists(), "{said}");
    assert!(said.contains("not written, the job stopped before its end"), "{said}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Waits (at most a minute) until a run wrote something to `--output csv`.
#[cfg(unix)]
fn until_written(csv: &std::path::Path) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while std::fs::metadata(partial(csv)).map_or(0, |m| m.len()) == 0 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Where a run writes `--output file` until it is whole.
fn partial(file: &std::path::Path) -> std::path::PathBuf {
    let mut p = file.as_os_str().to_owned();
    p.push(".partial");
    p.into()
}

/// `project-hours` over the in-process sandbox to a CSV in a folder of its own (with a checkpoint
/// beside it when `checkpoint`), interrupted (SIGINT) once its first row is written: the run's
/// output, the CSV's path and the folder.
#[cfg(unix)]
fn interrupted_project_hours(name: &str, checkpoint: bool) -> (Output, std::path::PathBuf, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!("zeitkonto-cli-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let csv = dir.join("hours.csv");
    let args = ["--sandbox", "project-hours", "2000-01-01", "2026-10-31", "--email", "max.manager@demo.example", "-o"];
    let mut command = command();
    command.args(args).arg(&csv).stderr(Stdio::piped());
    if checkpoint {
        command.arg("--checkpoint").arg(dir.join("hours.ckpt"));
    }
    let child = command.spawn().unwrap();
    until_written(&csv);
    Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    (child.wait_with_output().unwrap(), csv, dir)
}

#[test]
fn a_clock_that_may_have_been_applied_says_so() {
    let s = served();
    let mut lost = Fault::new(FaultKind::Status);
    lost.operation = Some("clock".into());
    lost.status = Some(503);
    lost.after = true; // applied, then answered 503
    s.kit.inject(lost).unwrap();
    let out = run(&s, &["clock", "come", "anna.schmidt@demo.example"]);
    let said = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(said.contains("503") && said.contains("it may have been applied: check before clocking again"), "{said}");
    assert!(said.contains("zeitkonto: failed: "), "a single call fails (a job stops): {said}");
    assert_eq!(s.kit.requests(OperationId::Clock), 1, "sent once");
    // A refusal (the API's false) applied nothing, and says nothing of it.
    let refused = run(&s, &["clock", "go", "nobody@demo.example"]);
    let said = text(&refused.stderr);
    assert_eq!(refused.status.code(), Some(1), "{said}");
    assert!(said.contains("refused") && !said.contains("may have been applied"), "{said}");
}

#[test]
fn a_job_that_stops_on_an_error_leaves_no_output_file_but_one_to_resume() {
    let s = served();
    let dir = std::env::temp_dir().join(format!("zeitkonto-cli-stopped-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (csv, json, ckpt) = (dir.join("bad.csv"), dir.join("bad.json"), dir.join("bad.ckpt"));
    for (file, format) in [(&csv, "csv"), (&json, "json")] {
        let out = zeitkonto(&s, &["month-close", "2026-10", "--format", format, "--output", file.to_str().unwrap()])
            .env("ZEITKONTO_API_KEY", "not-a-key")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(3), "{}", text(&out.stderr));
        assert!(!file.exists(), "{format}: a header alone, or an open array, would pass for a whole output");
        assert!(!partial(file).exists());
        assert!(text(&out.stderr).contains("not written, the job stopped before its end"), "{}", text(&out.stderr));
    }
    // The file of the last whole run stays as it was when a run stops (or fails to start).
    std::fs::write(&csv, "the last whole run\n").unwrap();
    for base_url in [None, Some("http://127.0.0.1:1")] {
        let mut command = zeitkonto(&s, &["month-close", "2026-10", "--output", csv.to_str().unwrap()]);
        command.env("ZEITKONTO_API_KEY", "not-a-key");
        if let Some(url) = base_url {
            command.env("ZEITKONTO_BASE_URL", url);
        }
        let out = command.output().unwrap();
        assert_ne!(out.status.code(), Some(0), "{}", text(&out.stderr));
        assert_eq!(std::fs::read_to_string(&csv).unwrap(), "the last whole run\n", "{}", text(&out.stderr));
    }
    std::fs::remove_file(&csv).unwrap();
    // An employee's key (a 403 without a code) is a key refused: exit 3, as for a bad key; a
    // failure before the first row leaves stdout empty (no header that passes for a whole table).
    let out = zeitkonto(&s, &["month-close", "2026-10"]).env("ZEITKONTO_API_KEY", demo::EMPLOYEE_KEY).output().unwrap();
    assert_eq!(out.status.code(), Some(3), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "", "nothing on stdout");
    // Only a regular file is removed: a link (or a device, a pipe) stays as it was.
    #[cfg(unix)]
    {
        let (target, link) = (dir.join("target.csv"), dir.join("link.csv"));
        std::fs::write(&target, "the last whole run\n").unwrap();
        std::os::unix::fs::symlink(&target, &link).unwrap();
        let out = zeitkonto(&s, &["month-close", "2026-10", "--output", link.to_str().unwrap()])
            .env("ZEITKONTO_API_KEY", "not-a-key")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(3), "{}", text(&out.stderr));
        assert!(std::fs::symlink_metadata(&link).is_ok_and(|m| m.file_type().is_symlink()));
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "the last whole run\n", "the file it names stays");
        // A whole run through the link replaces the file it names; the link stays a link.
        let out = zeitkonto(&s, &["employees", "--output", link.to_str().unwrap()]).output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        assert!(std::fs::symlink_metadata(&link).is_ok_and(|m| m.file_type().is_symlink()));
        assert!(std::fs::read_to_string(&target).unwrap().contains("anna.schmidt@demo.example"));
    }
    // With a checkpoint the output stays, for the resume.
    let out = zeitkonto(
        &s,
        &["month-close", "2026-10", "--output", csv.to_str().unwrap(), "--checkpoint", ckpt.to_str().unwrap()],
    )
    .env("ZEITKONTO_API_KEY", "not-a-key")
    .output()
    .unwrap();
    assert_eq!(out.status.code(), Some(3), "{}", text(&out.stderr));
    assert!(partial(&csv).exists() && ckpt.exists() && !csv.exists());
    // An empty --output, and a checkpoint at the output's partial file, are refused before any call.
    assert_eq!(run(&s, &["employees", "--output", ""]).status.code(), Some(2));
    let clash = format!("{}.partial", csv.display());
    let out = run(&s, &["month-close", "2026-10", "--output", csv.to_str().unwrap(), "--checkpoint", &clash]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    // A checkpoint path that cannot be written is said as such (no advice about another run's).
    let missing = dir.join("no-such-folder").join("x.ckpt");
    let out = run(
        &s,
        &["month-close", "2026-10", "--output", csv.to_str().unwrap(), "--checkpoint", missing.to_str().unwrap()],
    );
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let said = text(&out.stderr);
    assert!(said.contains("--checkpoint: cannot write it") && !said.contains("delete the file"), "{said}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn ctrl_c_is_exit_130_and_the_same_command_goes_on_writing_each_row_once() {
    let s = served();
    let mut slow = Fault::new(FaultKind::Delay);
    slow.operation = Some("time_account".into());
    slow.delay_ms = Some(50);
    slow.count = 1000;
    s.kit.inject(slow).unwrap();
    let dir = std::env::temp_dir().join(format!("zeitkonto-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (csv, ckpt) = (dir.join("oct.csv"), dir.join("oct.ckpt"));
    let args = ["month-close", "2026-10", "-o", csv.to_str().unwrap(), "--checkpoint", ckpt.to_str().unwrap()];
    let child = zeitkonto(&s, &args).stderr(Stdio::piped()).spawn().unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    while s.kit.requests(OperationId::TimeAccount) < 10 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("interrupted"));
    let written = std::fs::read_to_string(partial(&csv)).unwrap().lines().count();
    assert!((1..40).contains(&written), "{written} lines");
    assert!(!csv.exists(), "the output is renamed into place once whole");
    // The checkpoint is its owner's only; another company's key is refused it, before any call.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(std::fs::metadata(&ckpt).unwrap().permissions().mode() & 0o777, 0o600);
    }
    let before = s.kit.requests(OperationId::TimeAccount);
    let other = zeitkonto(&s, &args).env("ZEITKONTO_API_KEY", demo::OTHER_COMPANY_KEY).output().unwrap();
    assert_eq!(other.status.code(), Some(2), "{}", text(&other.stderr));
    assert!(text(&other.stderr).contains("another account"), "{}", text(&other.stderr));
    assert_eq!(s.kit.requests(OperationId::TimeAccount), before);
    // A partial file another run changed since is refused (its length alone would pass).
    let kept = std::fs::read(partial(&csv)).unwrap();
    let mut changed = kept.clone();
    let last = changed.len() - 3;
    changed[last] ^= 0x01;
    std::fs::write(partial(&csv), &changed).unwrap();
    let refused = run(&s, &args);
    assert_eq!(refused.status.code(), Some(2), "{}", text(&refused.stderr));
    assert!(text(&refused.stderr).contains("not what the checkpoint's run wrote"), "{}", text(&refused.stderr));
    std::fs::write(partial(&csv), &kept).unwrap();
    let again = run(&s, &args);
    assert_eq!(again.status.code(), Some(0), "{}", text(&again.stderr));
    assert!(!partial(&csv).exists());
    let lines: Vec<String> = std::fs::read_to_string(&csv).unwrap().lines().map(str::to_string).collect();
    let mut unique = lines.clone();
    unique.sort();
    unique.dedup();
    assert_eq!((lines.len(), unique.len()), (40, 40));
    // The finished run's checkpoint again: nothing asked, the same file.
    let whole = std::fs::read(&csv).unwrap();
    let calls = s.kit.requests(OperationId::TimeAccount);
    assert_eq!(run(&s, &args).status.code(), Some(0));
    assert_eq!((std::fs::read(&csv).unwrap(), s.kit.requests(OperationId::TimeAccount)), (whole.clone(), calls));
    // The whole file edited since (a spreadsheet saved it): refused, and left as it is.
    let edited = [&whole[..20], b"edited", &whole[26..]].concat();
    std::fs::write(&csv, &edited).unwrap();
    let refused = run(&s, &args);
    assert_eq!(refused.status.code(), Some(2), "{}", text(&refused.stderr));
    assert_eq!(std::fs::read(&csv).unwrap(), edited);
    assert!(!partial(&csv).exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A month close of a month not over yet says so (its accounts are not the month's close).
#[test]
fn a_month_not_over_yet_is_said() {
    let close = |month: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_zeitkonto"))
            .args(["--sandbox", "--sandbox-today", "2026-11-21", "month-close", month, "-o", "-"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        text(&out.stderr)
    };
    assert!(close("2026-11").contains("2026-11 is not over yet (today is 2026-11-21)"));
    assert!(close("2027-01").contains("2027-01 has not begun"));
    assert!(!close("2026-10").contains("not the month's close"));
}

/// A 429's long wait is said (the progress stands still meanwhile), once per wait.
#[test]
fn a_long_wait_the_server_asks_for_is_said() {
    let s = served();
    let mut limited = Fault::new(FaultKind::RateLimit);
    limited.operation = Some("employees".into());
    limited.retry_after = Some(5);
    s.kit.inject(limited).unwrap();
    let out = run(&s, &["employees"]);
    let said = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{said}");
    assert_eq!(said.matches("answered 429: waiting 5 s, then going on").count(), 1, "{said}");
    assert!(!said.contains(demo::COMPANY_KEY), "{said}");
}

#[test]
fn a_reader_that_goes_away_is_a_quiet_exit() {
    let s = served();
    let mut child =
        zeitkonto(&s, &["project-hours", "2026-09-01", "2026-11-20", "--email", "max.manager@demo.example"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap(); // then the pipe closes
    let out = child.wait_with_output().unwrap();
    assert!(first.starts_with("source,top_level_project"), "{first}");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(!text(&out.stderr).contains("panicked"));
}

/// A SIGINT ignored when the command starts (`nohup`, a shell's background job) stays ignored:
/// the job runs to its end.
#[cfg(unix)]
#[test]
fn a_sigint_ignored_at_start_stays_ignored() {
    let dir = std::env::temp_dir().join(format!("zeitkonto-cli-nohup-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let csv = dir.join("hours.csv");
    let script = format!(
        "trap '' INT; exec '{}' --sandbox project-hours 2000-01-01 2026-10-31 --email max.manager@demo.example -o '{}'",
        env!("CARGO_BIN_EXE_zeitkonto"),
        csv.display()
    );
    let child = Command::new("sh").args(["-c", &script]).stderr(Stdio::piped()).spawn().unwrap();
    until_written(&csv);
    assert!(!csv.exists(), "the job is still running when the signal goes");
    Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(csv.exists() && !partial(&csv).exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The in-process sandbox answers every call at once: Ctrl-C must still stop the job between calls.
#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_job_over_the_in_process_sandbox_too() {
    let (out, _, dir) = interrupted_project_hours("inprocess", true);
    assert_eq!(out.status.code(), Some(130), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("interrupted (run the same command again to go on)"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_connection_that_fails_names_the_service_it_tried_without_a_key() {
    // A port nothing listens on (bound, then closed).
    let port = std::net::TcpListener::bind(("127.0.0.1", 0)).unwrap().local_addr().unwrap().port();
    let out = Command::new(env!("CARGO_BIN_EXE_zeitkonto"))
        .args(["employees"])
        .env("ZEITKONTO_API_KEY", demo::COMPANY_KEY)
        .env("ZEITKONTO_BASE_URL", format!("http://127.0.0.1:{port}/prefix"))
        .env_remove("HTTP_PROXY")
        .env_remove("HTTPS_PROXY")
        .env_remove("ALL_PROXY")
        .env_remove("http_proxy")
        .env_remove("https_proxy")
        .env_remove("all_proxy")
        .output()
        .unwrap();
    let said = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(said.contains(&format!("(the service at http://127.0.0.1:{port})")), "{said}");
    assert!(!said.contains(demo::COMPANY_KEY) && !said.contains("prefix"), "{said}");
}
