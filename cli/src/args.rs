//! The command line's grammar, declared once as tables ([`COMMANDS`], the option groups), and
//! the parser and help over them (argparse's conventions, which the command had when it was
//! Python: options before or after the command, `--opt value` or `--opt=value`, `-o FILE`, `--`,
//! usage errors as `usage: …` and `zeitkonto CMD: error: …` with exit code 2).

use std::collections::BTreeMap;

/// An option: its long name, a short one, the value's name (`None`: a flag), its choices (empty:
/// any), whether it may be given more than once, and its help.
pub struct Opt {
    pub long: &'static str,
    pub short: Option<char>,
    pub value: Option<&'static str>,
    pub choices: &'static [&'static str],
    pub repeat: bool,
    pub required: bool,
    pub help: &'static str,
}

const fn opt(long: &'static str, value: Option<&'static str>, help: &'static str) -> Opt {
    Opt { long, short: None, value, choices: &[], repeat: false, required: false, help }
}

/// The connection options, before or after the command.
const CONNECTION: &[Opt] = &[
    opt("base-url", Some("BASE_URL"), "the instance (default: ZEITKONTO_BASE_URL, else https://desktop.saas.de)"),
    opt("api-key-file", Some("FILE"), "read the key from FILE (default: ZEITKONTO_API_KEY)"),
    opt("sandbox", None, "use the in-process sandbox (the demo company)"),
    opt("sandbox-today", Some("YYYY-MM-DD"), "freeze the sandbox's today"),
];

/// Where and how rows are written.
const OUTPUT: &[Opt] = &[
    Opt { choices: &["csv", "json"], ..opt("format", Some("{csv,json}"), "output format (default csv)") },
    Opt { short: Some('o'), ..opt("output", Some("FILE"), "write to FILE (default: stdout)") },
    opt("bom", None, "start with a UTF-8 BOM (Excel reads the encoding from it)"),
    Opt {
        choices: &[",", ";"],
        ..opt("delimiter", Some("',' | ';'"), "CSV delimiter (default ','; ';' for German Excel)")
    },
];

/// The jobs' own option.
const JOB: &[Opt] = &[opt(
    "checkpoint",
    Some("FILE"),
    "save progress to FILE; resume from it when it exists (needs --output FILE: the rows go on in the same file)",
)];

const DAY: Opt = opt("day", Some("YYYY-MM-DD"), "the day (default: the server's today)");

const RESUMABLE: &str = " The --output file is written as FILE.partial and renamed to FILE once whole: a stopped \
run leaves the last whole file as it was. With --checkpoint a stopped run goes on where it stopped (Ctrl-C, a kill, an \
error), and the output holds each row once; without it, a stopped job removes FILE.partial. A checkpoint is its key's \
and service's own. Exit codes: 0 done, 1 finished with failures (listed) or stopped by an error, 2 bad usage or input, \
3 the key refused or without access, 130 interrupted.";

/// A command: its name, a line of help, its description, its option groups and own options, and
/// its positional arguments (name, choices, help).
pub struct Command {
    pub name: &'static str,
    pub help: &'static str,
    pub description: &'static str,
    pub groups: &'static [&'static [Opt]],
    pub options: &'static [Opt],
    pub positionals: &'static [(&'static str, &'static [&'static str], &'static str)],
}

const JOB_GROUPS: &[&[Opt]] = &[CONNECTION, OUTPUT, JOB];

/// Every command of `zeitkonto`.
pub const COMMANDS: &[Command] = &[
    Command {
        name: "employees",
        help: "the active employees",
        description: "The company's active employees' master data, one row per employee (the SDK's field names).",
        groups: &[CONNECTION, OUTPUT],
        options: &[],
        positionals: &[],
    },
    Command {
        name: "presence",
        help: "who is in (today, or --day)",
        description: "Every time-tracked employee's presence of --day (default: the server's today), one row per \
employee: membercode, employee, present, absences (JSON).",
        groups: &[CONNECTION, OUTPUT],
        options: &[DAY],
        positionals: &[],
    },
    Command {
        name: "month-close",
        help: "every active employee's monthly account, planned against the rate limit",
        description: "Every active employee's monthly account for MONTH (YYYY-MM, calendar months): one call per \
department with --department, one per employee otherwise. One row per employee: email, source (the call), then the \
account's fields.",
        groups: JOB_GROUPS,
        options: &[Opt { repeat: true, ..opt("department", Some("ID"), "a department id (repeatable)") }],
        positionals: &[("YYYY-MM", &[], "")],
    },
    Command {
        name: "presence-board",
        help: "every time-tracked employee's presence of a day, in one call",
        description: "Every time-tracked employee's presence of --day (default: the server's today) in one \
company-wide call; when its answer cannot be used, the employee list and one call per employee (said on stderr). One \
row per employee: source (the call: presence, or presence:EMAIL), then the entry's fields (membercode, employee, \
present, absences as JSON).",
        groups: JOB_GROUPS,
        options: &[DAY],
        positionals: &[],
    },
    Command {
        name: "leave-year",
        help: "every leave-managed employee's yearly leave overview, in one call",
        description: "Every leave-managed employee's leave overview of YEAR (one call). One row per employee: source \
(leave_year:YEAR), the overview's fields, then legend (leave-type id to its names, JSON). The API does not declare the \
overview's fields: the CSV columns are the first row's (a field only later rows have is said on stderr; --format json \
keeps every field); nested values are JSON in their cell.",
        groups: JOB_GROUPS,
        options: &[],
        positionals: &[("YEAR", &[], "")],
    },
    Command {
        name: "project-hours",
        help: "every top-level project's bookings over a range, in pieces of 32 days",
        description: "The bookings from START to END (YYYY-MM-DD, both included, any length: asked in pieces of at \
most 32 days: an end at most 31 days after the start, the API's limit) of every top-level project (a project's bookings include its sub-projects'), or of each --project, asked \
as the project manager --email. One row per booking: source (project_bookings:ID:FROM..TO), top_level_project (the \
project asked), then the booking's fields. The API does not declare them: the CSV columns are the first row's (a field \
only later rows have is said on stderr; --format json keeps every field); nested values are JSON in their cell. A piece \
that fails is listed and the others go on.",
        groups: JOB_GROUPS,
        options: &[
            Opt { required: true, ..opt("email", Some("MANAGER"), "the acting project manager's e-mail") },
            Opt { repeat: true, ..opt("project", Some("ID"), "a project id (repeatable; default: every top-level project)") },
        ],
        positionals: &[("START", &[], ""), ("END", &[], "")],
    },
    Command {
        name: "clock",
        help: "clock an employee in or out",
        description: "come: clock in (a booking starts); go: clock out; stop: clock out and at once in again (the \
running booking ends, a new one starts). The API answers a refused action (go or stop when not clocked in, an \
unknown employee) with false: exit 1. Sent once, never repeated on its own (a write).",
        groups: &[CONNECTION],
        options: &[],
        positionals: &[("{come,go,stop}", &["come", "go", "stop"], ""), ("EMPLOYEE", &[], "the employee's e-mail")],
    },
];

/// What the command line asked for: the command, its options' values (a flag's is empty; a
/// repeatable option keeps every value), and its positional arguments.
pub struct Args {
    pub command: &'static Command,
    pub values: BTreeMap<&'static str, Vec<String>>,
    pub positionals: Vec<String>,
}

impl Args {
    /// The option's last value.
    pub fn get(&self, long: &str) -> Option<&str> {
        self.values.get(long).and_then(|v| v.last()).map(String::as_str)
    }

    /// Whether the flag was given.
    pub fn flag(&self, long: &str) -> bool {
        self.values.contains_key(long)
    }

    /// Every value of a repeatable option.
    pub fn all(&self, long: &str) -> Vec<String> {
        self.values.get(long).cloned().unwrap_or_default()
    }
}

/// How parsing ended without [`Args`]: help asked for (printed on stdout, exit 0) or a usage error
/// (stderr, exit 2); the text is whole.
pub enum Stop {
    Help(String),
    Usage(String),
}

const PROG: &str = "zeitkonto";

fn options_of(cmd: Option<&Command>) -> Vec<&'static Opt> {
    match cmd {
        None => CONNECTION.iter().collect(),
        Some(c) => c.groups.iter().flat_map(|g| g.iter()).chain(c.options.iter()).collect(),
    }
}

/// Lines of at most `width` characters, broken between words.
fn wrap(text: &str, width: usize) -> Vec<String> {
    wrap_items(text.split_whitespace(), width)
}

/// Lines of at most `width` characters, broken between items.
fn wrap_items<'a>(items: impl IntoIterator<Item = &'a str>, width: usize) -> Vec<String> {
    let mut lines = vec![String::new()];
    for word in items {
        let line = lines.last_mut().expect("one line at least");
        if !line.is_empty() && line.len() + 1 + word.len() > width {
            lines.push(word.to_string());
        } else {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
    }
    lines
}

/// argparse's width: 80 columns less 2.
const WIDTH: usize = 78;
/// Where an option's help starts.
const HELP_AT: usize = 24;

fn usage(cmd: Option<&Command>) -> String {
    let head = match cmd {
        Some(c) => format!("usage: {PROG} {} ", c.name),
        None => format!("usage: {PROG} "),
    };
    let mut optionals = vec!["[-h]".to_string()];
    if cmd.is_none() {
        optionals.push("[--version]".into());
    }
    for o in options_of(cmd) {
        let text = o.value.map_or(format!("--{}", o.long), |v| format!("--{} {v}", o.long));
        optionals.push(if o.required { text } else { format!("[{text}]") });
    }
    let positionals: Vec<&str> = match cmd {
        None => vec!["COMMAND ..."],
        Some(c) => c.positionals.iter().map(|(p, ..)| *p).collect(),
    };
    let one_line = format!("{head}{} {}", optionals.join(" "), positionals.join(" "));
    if one_line.len() <= WIDTH {
        return one_line.trim_end().to_string();
    }
    // Too long: the options wrapped under the command, then the positionals on their own line.
    let indent = " ".repeat(head.len());
    let lines = wrap_items(optionals.iter().map(String::as_str), WIDTH - head.len());
    let mut out = String::new();
    for (i, line) in lines.iter().enumerate() {
        out.push_str(if i == 0 { &head } else { &indent });
        out.push_str(line);
        out.push('\n');
    }
    if !positionals.is_empty() {
        out.push_str(&indent);
        out.push_str(&positionals.join(" "));
    }
    out.trim_end().to_string()
}

fn help(cmd: Option<&Command>) -> String {
    let mut out = usage(cmd) + "\n\n";
    let item = |out: &mut String, name: &str, help: &str, at: usize| {
        let lines = wrap(help, WIDTH - HELP_AT);
        if help.is_empty() {
            out.push_str(&format!("{}{name}\n", " ".repeat(at)));
        } else if name.len() + at + 2 > HELP_AT {
            out.push_str(&format!("{}{name}\n", " ".repeat(at)));
            lines.iter().for_each(|l| out.push_str(&format!("{}{l}\n", " ".repeat(HELP_AT))));
        } else {
            let first = format!("{}{name}", " ".repeat(at));
            for (i, l) in lines.iter().enumerate() {
                let lead = if i == 0 { format!("{first:<HELP_AT$}") } else { " ".repeat(HELP_AT) };
                out.push_str(&format!("{lead}{l}\n"));
            }
        }
    };
    let description = match cmd {
        None => "The saas.de working-time API from the command line (Zeitkonto). The key comes from ZEITKONTO_API_KEY."
            .to_string(),
        Some(c) if c.description.is_empty() => String::new(),
        Some(c) => format!("{}{}", c.description, if c.groups.len() == 3 { RESUMABLE } else { "" }),
    };
    if !description.is_empty() {
        wrap(&description, WIDTH).iter().for_each(|l| out.push_str(&format!("{l}\n")));
        out.push('\n');
    }
    match cmd {
        None => {
            out.push_str("positional arguments:\n  COMMAND\n");
            COMMANDS.iter().for_each(|c| item(&mut out, c.name, c.help, 4));
            out.push('\n');
        }
        Some(c) if !c.positionals.is_empty() => {
            out.push_str("positional arguments:\n");
            c.positionals.iter().for_each(|(p, _, h)| item(&mut out, p, h, 2));
            out.push('\n');
        }
        Some(_) => {}
    }
    out.push_str("options:\n  -h, --help            show this help message and exit\n");
    if cmd.is_none() {
        out.push_str("  --version             show the version and exit\n");
    }
    for o in options_of(cmd) {
        let long = format!("--{}{}", o.long, o.value.map_or(String::new(), |v| format!(" {v}")));
        let name = match o.short {
            Some(s) => format!("{long}, -{s}{}", o.value.map_or(String::new(), |v| format!(" {v}"))),
            None => long,
        };
        item(&mut out, &name, o.help, 2);
    }
    out
}

fn error(cmd: Option<&Command>, message: &str) -> Stop {
    let who = cmd.map_or(PROG.to_string(), |c| format!("{PROG} {}", c.name));
    Stop::Usage(format!("{}\n{who}: error: {message}\n", usage(cmd)))
}

/// Parses the arguments (without the program's name).
pub fn parse(argv: &[String]) -> Result<Args, Stop> {
    let mut command: Option<&'static Command> = None;
    let mut values: BTreeMap<&'static str, Vec<String>> = BTreeMap::new();
    let mut positionals = Vec::new();
    let mut only_positionals = false;
    let mut i = 0;
    while i < argv.len() {
        let arg = &argv[i];
        i += 1;
        if only_positionals || arg == "-" || !arg.starts_with('-') {
            match command {
                None => {
                    let Some(c) = COMMANDS.iter().find(|c| c.name == arg) else {
                        let names: Vec<String> = COMMANDS.iter().map(|c| format!("'{}'", c.name)).collect();
                        let msg =
                            format!("argument COMMAND: invalid choice{NOT_SHOWN} (choose from {})", names.join(", "));
                        return Err(error(None, &msg));
                    };
                    command = Some(c);
                }
                Some(_) => positionals.push(arg.clone()),
            }
            continue;
        }
        if arg == "--" {
            only_positionals = true;
            continue;
        }
        if arg == "--version" && command.is_none() {
            return Err(Stop::Help(format!("{PROG} {}\n", env!("CARGO_PKG_VERSION"))));
        }
        if arg == "-h" || arg == "--help" {
            return Err(Stop::Help(help(command)));
        }
        let (name, inline) = match arg.strip_prefix("--") {
            Some(long) => match long.split_once('=') {
                Some((n, v)) => (n.to_string(), Some(v.to_string())),
                None => (long.to_string(), None),
            },
            None => {
                let short: String = arg.chars().skip(1).take(1).collect();
                let rest: String = arg.chars().skip(2).collect();
                let long = options_of(command).into_iter().find(|o| o.short.map(String::from) == Some(short.clone()));
                match long {
                    Some(o) => (o.long.to_string(), if rest.is_empty() { None } else { Some(rest) }),
                    None => return Err(error(command, &format!("unrecognized arguments: {}", unknown_flag(arg)))),
                }
            }
        };
        let Some(o) = options_of(command).into_iter().find(|o| o.long == name) else {
            return Err(error(command, &format!("unrecognized arguments: {}", unknown_flag(arg))));
        };
        let value = match (o.value, inline) {
            (None, None) => String::new(),
            (None, Some(_)) => return Err(error(command, &format!("argument --{name}: ignored explicit argument"))),
            (Some(_), Some(v)) => v,
            (Some(meta), None) => match argv.get(i) {
                Some(v) if !v.starts_with('-') || v == "-" || v.len() == 1 => {
                    i += 1;
                    v.clone()
                }
                _ => return Err(error(command, &format!("argument --{name}: expected one argument ({meta})"))),
            },
        };
        if !o.choices.is_empty() && !o.choices.contains(&value.as_str()) {
            let choices: Vec<String> = o.choices.iter().map(|c| format!("'{c}'")).collect();
            let msg = format!("argument --{name}: invalid choice{NOT_SHOWN} (choose from {})", choices.join(", "));
            return Err(error(command, &msg));
        }
        let slot = values.entry(o.long).or_default();
        if !o.repeat {
            slot.clear();
        }
        slot.push(value);
    }
    let Some(command) = command else {
        return Err(error(None, "the following arguments are required: COMMAND"));
    };
    if positionals.len() > command.positionals.len() {
        // Their values are not shown: a key typed on the command line (`zeitkonto employees
        // $KEY`) would otherwise be printed, and end up in a CI log.
        let extra = positionals.len() - command.positionals.len();
        let msg = format!(
            "unrecognized arguments: {extra} more than `{}` takes (from argument {}; values not shown)",
            command.name,
            command.positionals.len() + 1
        );
        return Err(error(Some(command), &msg));
    }
    let mut missing: Vec<String> =
        command.positionals[positionals.len()..].iter().map(|(p, ..)| p.to_string()).collect();
    missing.extend(
        command.options.iter().filter(|o| o.required && !values.contains_key(o.long)).map(|o| format!("--{}", o.long)),
    );
    if !missing.is_empty() {
        return Err(error(Some(command), &format!("the following arguments are required: {}", missing.join(", "))));
    }
    for ((name, choices, _), value) in command.positionals.iter().zip(&positionals) {
        if !choices.is_empty() && !choices.contains(&value.as_str()) {
            let list: Vec<String> = choices.iter().map(|c| format!("'{c}'")).collect();
            let msg = format!("argument {name}: invalid choice{NOT_SHOWN} (choose from {})", list.join(", "));
            return Err(error(Some(command), &msg));
        }
    }
    Ok(Args { command, values, positionals })
}

/// What a usage error says instead of a value it refuses: the value may be a key (`zeitkonto "$KEY"
/// employees`), and usage errors end up in CI logs.
pub(crate) const NOT_SHOWN: &str = " (the value is not shown: it may be a key)";

/// An unknown option as a usage error shows it: its name only (`--api-key`, `-k`), never a value
/// written with it (`--api-key=…`, `-kVALUE`), which may be a key.
fn unknown_flag(arg: &str) -> String {
    match arg.strip_prefix("--") {
        Some(long) => match long.split_once('=') {
            Some((name, _)) => format!("--{name}=… (its value not shown)"),
            None => arg.to_string(),
        },
        None => {
            let flag: String = arg.chars().take(2).collect();
            if arg.chars().count() > 2 {
                format!("{flag}… (its value not shown)")
            } else {
                flag
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn argv(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_string).collect()
    }

    fn usage_error(text: &str) -> String {
        match parse(&argv(text)) {
            Err(Stop::Usage(message)) => message,
            Err(Stop::Help(_)) => panic!("help for {text}"),
            Ok(_) => panic!("parsed {text}"),
        }
    }

    #[test]
    fn options_go_before_or_after_the_command_in_either_spelling() {
        let a =
            parse(&argv("--sandbox month-close 2026-10 -o x.csv --format=json --department A --department B --bom"))
                .ok()
                .unwrap();
        assert_eq!(a.command.name, "month-close");
        assert!(a.flag("sandbox") && a.flag("bom"));
        assert_eq!((a.get("output"), a.get("format")), (Some("x.csv"), Some("json")));
        assert_eq!(a.all("department"), ["A", "B"]);
        assert_eq!(a.positionals, ["2026-10"]);
        let a = parse(&argv("project-hours --email pm@x -- 2026-01-01 2026-01-31")).ok().unwrap();
        assert_eq!(a.positionals, ["2026-01-01", "2026-01-31"]);
        assert_eq!(parse(&argv("employees -ox.csv")).ok().unwrap().get("output"), Some("x.csv"));
    }

    #[test]
    fn usage_errors_say_what_is_wrong_after_the_usage_line() {
        let e = usage_error("no-such-command");
        assert!(
            e.starts_with("usage: zeitkonto [-h]") && e.contains("zeitkonto: error: argument COMMAND: invalid choice"),
            "{e}"
        );
        assert!(usage_error("month-close").ends_with("the following arguments are required: YYYY-MM\n"));
        assert!(usage_error("project-hours 2026-01-01 2026-01-02").contains("required: --email"));
        assert!(
            usage_error("clock dance x").contains("argument {come,go,stop}: invalid choice (the value is not shown")
        );
        assert!(usage_error("employees --delimiter |").contains("argument --delimiter: invalid choice (the value"));
        // A key given where a command goes (`zeitkonto "$KEY" employees`) is not printed.
        let e = usage_error("s3cret-key-1 employees");
        assert!(e.contains("argument COMMAND: invalid choice") && !e.contains("s3cret"), "{e}");
        assert!(usage_error("employees --output").contains("expected one argument"));
        assert!(usage_error("employees --checkpoint x").contains("unrecognized arguments: --checkpoint"));
        assert!(usage_error("leave-year 2026 2027").contains("unrecognized arguments: 1 more than `leave-year` takes"));
        // A value that may be a key is never shown: positional, `--name=value`, `-xVALUE`.
        for line in ["employees s3cret-key-1", "employees --api-key=s3cret-key-1", "employees -ks3cret-key-1"] {
            let e = usage_error(line);
            assert!(e.contains("unrecognized arguments") && !e.contains("s3cret"), "{e}");
        }
        assert!(usage_error("").contains("required: COMMAND"));
    }

    #[test]
    fn version_and_help_lists_every_command_wrapped_at_78_columns() {
        let Err(Stop::Help(version)) = parse(&argv("--version")) else { panic!("no version") };
        assert_eq!(version, format!("zeitkonto {}\n", env!("CARGO_PKG_VERSION")));
        for cmd in ["", "employees", "month-close", "project-hours", "clock"] {
            let Err(Stop::Help(text)) = parse(&argv(&format!("{cmd} --help"))) else { panic!("no help for {cmd}") };
            assert!(text.starts_with(&format!("usage: zeitkonto {cmd}").replace("  ", " ")), "{text}");
            assert!(text.lines().all(|l| l.len() <= 78 && l == l.trim_end()), "{text}");
            if cmd.is_empty() {
                assert!(COMMANDS.iter().all(|c| text.contains(&format!("    {}", c.name))));
            }
        }
    }
}
