//! What every language's test kit takes from its caller, read in one place (Python
//! `zeitkonto.testing`, npm `zeitkonto/testing`, the Kotlin/Swift `ZeitkontoSandbox`): "today", a
//! seed as JSON, a fault's kind, an operation name for the counters. A refusal is `(field,
//! reason)`, which each binding raises as its client's invalid-input error.

use serde_json::Value;
use zeitkonto_core::date::shown_date;
use zeitkonto_core::secret::shown_name;
use zeitkonto_core::{Date, OperationId};

use crate::control::{Fault, FaultKind};
use crate::engine::Engine;
use crate::seed::Seed;

/// A refused parameter: `(field, reason)`.
pub type Refusal = (String, String);

fn refuse(field: &str, reason: impl Into<String>) -> Refusal {
    (field.to_string(), reason.into())
}

/// `YYYY-MM-DD`, or none (the real date).
pub fn today(text: Option<&str>) -> Result<Option<Date>, Refusal> {
    text.map(|t| {
        t.parse::<Date>().map_err(|_| refuse("today", format!("expected a date YYYY-MM-DD, got {}", shown_date(t))))
    })
    .transpose()
}

/// A serde message without the values it quotes (a seed holds keys, even if fake ones): every
/// `"…"` is dropped; field names (in backticks) and the position stay.
fn without_values(e: &serde_json::Error) -> String {
    let mut out = String::new();
    let mut quoted = false;
    for ch in e.to_string().chars() {
        match ch {
            '"' => quoted = !quoted,
            _ if quoted => {}
            _ => out.push(ch),
        }
    }
    out.replace("  ", " ").replace(" ,", ",")
}

/// A seed as JSON text, or none (the demo seed).
pub fn seed(json: Option<&str>) -> Result<Option<Seed>, Refusal> {
    json.map(|text| {
        serde_json::from_str::<Seed>(text)
            .map_err(|e| refuse("seed", format!("does not parse: {}", without_values(&e))))
    })
    .transpose()
}

/// A fault kind as every test kit offers it: the engine's name (camelCase, as the control route
/// and npm take it; Python writes it in snake_case, Kotlin and Swift as an enum case) and its doc.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct FaultKindDecl {
    /// The kind.
    #[serde(skip)]
    pub kind: FaultKind,
    /// The name (`rateLimit`; the kind's serde name, checked by a test).
    pub name: &'static str,
    /// What it does, in one sentence.
    pub doc: &'static str,
}

/// A demo key or person the kits hand out (`keys` in every language's kit).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct KeyDecl {
    /// Its name (`companyKey`; snake_case in Python).
    pub name: &'static str,
    /// Who or what it is.
    pub doc: &'static str,
    /// An API key (left out of the kits' printed forms), or a person's e-mail.
    pub secret: bool,
}

const fn key(name: &'static str, doc: &'static str) -> KeyDecl {
    KeyDecl { name, doc, secret: true }
}

const fn person(name: &'static str, doc: &'static str) -> KeyDecl {
    KeyDecl { name, doc, secret: false }
}

/// The demo seed's keys and people, in the order the kits list them (the same values as
/// [`crate::demo_keys`]); each language's keys type is generated from it.
pub const KEYS: &[KeyDecl] = &[
    key("companyKey", "Company key of \"Demo GmbH\", every module (time tracking, leave, projects)."),
    key("noModulesCompanyKey", "A company without modules (calls that need one answer 403 8)."),
    key("inactiveCompanyKey", "An inactive company (403 2)."),
    key("otherCompanyKey", "Another company, for \"not your employee\" checks."),
    key("workspaceKey", "The workspace key (shifts)."),
    key("departmentKey", "A department key (department accounts)."),
    key("employeeKey", "Anna Schmidt's employee key."),
    key("supervisorKey", "The supervisor's employee key."),
    person("employee", "Anna Schmidt's e-mail: an employee with a login, time-tracked."),
    person("projectManager", "The project manager's e-mail (may create and delete projects)."),
    person("supervisor", "The supervisor's e-mail."),
    person("employeeWithoutLogin", "An employee without a login account."),
];

/// Every fault kind, in the order the kits list them: the one list (Python's `FAULT_KINDS`, npm's
/// `FAULT_KINDS`, the Kotlin and Swift `FaultKind` enums are checked against it).
pub const FAULT_KINDS: &[FaultKindDecl] = &[
    FaultKindDecl { kind: FaultKind::Delay, name: "delay", doc: "Wait `delay` (default 1 second), then answer normally: tests timeouts and cancellation." },
    FaultKindDecl { kind: FaultKind::Reset, name: "reset", doc: "Send the status line and headers, then break the connection." },
    FaultKindDecl { kind: FaultKind::Status, name: "status", doc: "Answer `status` (default 500) with a plain-text body." },
    FaultKindDecl { kind: FaultKind::Truncated, name: "truncated", doc: "Answer 200 with JSON cut short." },
    FaultKindDecl { kind: FaultKind::Html, name: "html", doc: "Answer `status` (default 200) with an HTML page, as a proxy would." },
    FaultKindDecl { kind: FaultKind::RateLimit, name: "rateLimit", doc: "Answer 429 with `Retry-After: retryAfter` (default 1 second, whole seconds rounded up)." },
    FaultKindDecl { kind: FaultKind::EchoPath, name: "echoPath", doc: "Answer `status` (default 502) with a JSON body that echoes the request path (keys included) after `pad` filler characters: for redaction tests." },
    FaultKindDecl { kind: FaultKind::Redirect, name: "redirect", doc: "Answer `status` (default 302) with `Location: location`: for the \"never follow a redirect\" tests." },
];

/// The type of an `inject` option.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub enum OptionType {
    /// A whole number within `min..=max`.
    Count,
    /// A duration within `min..=max` milliseconds, in each language's duration type or unit (as
    /// the client settings: Python seconds, TypeScript milliseconds, Kotlin `Duration`, Swift
    /// `TimeInterval`).
    Duration,
    /// `true` or `false`.
    Flag,
    /// Text.
    Text,
    /// An operation's stable name (`book_absence`).
    Operation,
}

/// One option of `inject`: name (canonical camelCase; Python writes it in snake_case), type,
/// range, default and doc. The one declaration every kit's `inject` follows.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct InjectOption {
    /// The canonical name (`retryAfter`).
    pub name: &'static str,
    /// Its type.
    #[serde(rename = "type")]
    pub ty: OptionType,
    /// The smallest value (counts; durations in milliseconds).
    pub min: Option<f64>,
    /// The largest value (counts; durations in milliseconds).
    pub max: Option<f64>,
    /// The reason a value out of range (or not whole, for a count) is refused with, the same in
    /// every language.
    pub refusal: &'static str,
    /// The value the kits' signatures give it (counts; none: the option is optional).
    pub default: Option<f64>,
    /// What it does.
    pub doc: &'static str,
    /// The fault kinds it applies to (none: every kind); given for another kind it is refused
    /// with [`NOT_FOR_THIS_KIND`] rather than silently ignored.
    pub kinds: &'static [&'static str],
}

/// The reason an option given for a fault kind it does not apply to is refused with.
pub const NOT_FOR_THIS_KIND: &str = "does not apply to this kind of fault";

const HOUR_MS: f64 = 3_600_000.0;

/// Every option of `inject`, in the order the kits take them.
pub const INJECT_OPTIONS: &[InjectOption] = &[
    InjectOption { name: "operation", ty: OptionType::Operation, min: None, max: None, refusal: "unknown operation", default: None, doc: "Only requests of this operation (by its stable name) take the fault; any request when none.", kinds: &[] },
    InjectOption { name: "count", ty: OptionType::Count, min: Some(1.0), max: Some(4_294_967_295.0), refusal: "must be a whole number from 1 to 4294967295", default: Some(1.0), doc: "How many requests take the fault (default 1).", kinds: &[] },
    InjectOption { name: "status", ty: OptionType::Count, min: Some(200.0), max: Some(599.0), refusal: "must be a final HTTP status, a whole number from 200 to 599", default: None, doc: "The status answered (`status`, `html`, `echoPath`, `redirect`).", kinds: &["status", "html", "echoPath", "redirect"] },
    InjectOption { name: "delay", ty: OptionType::Duration, min: Some(0.0), max: Some(HOUR_MS), refusal: "must be a duration from 0 to 1 hour", default: None, doc: "How long a `delay` fault waits (default 1 second).", kinds: &["delay"] },
    InjectOption { name: "retryAfter", ty: OptionType::Duration, min: Some(0.0), max: Some(24.0 * HOUR_MS), refusal: "must be a duration from 0 to 24 hours", default: None, doc: "The `Retry-After` of a `rateLimit` fault, sent as whole seconds rounded up (default 1 second).", kinds: &["rateLimit"] },
    InjectOption { name: "afterApplying", ty: OptionType::Flag, min: None, max: None, refusal: "", default: None, doc: "Apply the request first, then answer with the fault (a write applied whose answer is lost; with `delay`: applied at once, answered late). Not for `rateLimit`: the API answers a 429 before doing anything, and the client sends the request again after the wait.", kinds: &["delay", "reset", "status", "truncated", "html", "echoPath", "redirect"] },
    InjectOption { name: "pad", ty: OptionType::Count, min: Some(0.0), max: Some(1_000_000.0), refusal: "must be a whole number from 0 to 1000000", default: None, doc: "Filler characters before the echoed path (`echoPath`).", kinds: &["echoPath"] },
    InjectOption { name: "location", ty: OptionType::Text, min: None, max: None, refusal: "must not contain control characters", default: None, doc: "The redirect target (`redirect`; default `/`).", kinds: &["redirect"] },
];

/// What a test asked `inject` for, with every number as the language handed it (a count may come
/// as 1.5 from Python or JavaScript) and durations in milliseconds: checked once, by
/// [`inject_fault`], with the same reason in every language.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct InjectArgs {
    /// `operation`.
    pub operation: Option<String>,
    /// `count` (none: 1).
    pub count: Option<f64>,
    /// `status`.
    pub status: Option<f64>,
    /// `delay` in milliseconds.
    pub delay_ms: Option<f64>,
    /// `retryAfter` in milliseconds.
    pub retry_after_ms: Option<f64>,
    /// `afterApplying`.
    pub after_applying: bool,
    /// `pad`.
    pub pad: Option<f64>,
    /// `location`.
    pub location: Option<String>,
}

impl InjectArgs {
    /// The arguments as a kit hands them over untyped (Python's, npm's): an object by the declared
    /// names (`null` or absent: not given; `options` itself `null`: none), each value's type checked
    /// (the declared `typeRefusal`), a name not declared refused; durations in units of
    /// `duration_unit_ms` milliseconds (1000: Python's seconds, 1: npm's milliseconds). The ranges
    /// are [`inject_fault`]'s checks.
    pub fn from_json(options: &Value, duration_unit_ms: f64) -> Result<InjectArgs, Refusal> {
        let none = serde_json::Map::new();
        let given = match options {
            Value::Object(o) => o,
            Value::Null => &none,
            _ => return Err(refuse("options", "expected an options object")),
        };
        let names: Vec<&str> = INJECT_OPTIONS.iter().map(|o| o.name).collect();
        if let Some(unknown) = given.keys().find(|k| !names.contains(&k.as_str())) {
            return Err(refuse(unknown, format!("unknown option of inject; known: {}", names.join(", "))));
        }
        let mut args = InjectArgs::default();
        for o in INJECT_OPTIONS {
            let Some(v) = given.get(o.name).filter(|v| !v.is_null()) else { continue };
            let fits = match o.ty {
                OptionType::Count | OptionType::Duration => v.is_number(),
                OptionType::Flag => v.is_boolean(),
                OptionType::Text | OptionType::Operation => v.is_string(),
            };
            if !fits {
                return Err(refuse(o.name, o.ty.type_refusal()));
            }
            let (n, text) = (v.as_f64(), v.as_str().map(str::to_string));
            match o.name {
                "operation" => args.operation = text,
                "count" => args.count = n,
                "status" => args.status = n,
                "delay" => args.delay_ms = n.map(|d| d * duration_unit_ms),
                "retryAfter" => args.retry_after_ms = n.map(|d| d * duration_unit_ms),
                "afterApplying" => args.after_applying = v.as_bool().unwrap_or(false),
                "pad" => args.pad = n,
                "location" => args.location = text,
                _ => {} // an option declared but not read here yet: none (a test holds every one read)
            }
        }
        Ok(args)
    }
}

fn option(name: &str) -> &'static InjectOption {
    INJECT_OPTIONS.iter().find(|o| o.name == name).unwrap_or(&INJECT_OPTIONS[0])
}

/// `value` checked against the option `name`'s range (a count also whole).
fn ranged(name: &str, value: Option<f64>) -> Result<Option<f64>, Refusal> {
    let Some(v) = value else { return Ok(None) };
    let o = option(name);
    let whole = o.ty != OptionType::Count || v.fract() == 0.0;
    let inside = o.min.is_none_or(|m| v >= m) && o.max.is_none_or(|m| v <= m);
    if v.is_nan() || !whole || !inside {
        return Err(refuse(name, o.refusal));
    }
    Ok(Some(v))
}

/// The names of the fault kinds, joined for a message; `snake`: as Python writes them.
pub fn kind_names(snake: bool) -> String {
    let names: Vec<String> =
        FAULT_KINDS.iter().map(|k| if snake { to_snake(k.name) } else { k.name.to_string() }).collect();
    names.join(", ")
}

fn to_snake(camel: &str) -> String {
    let mut out = String::new();
    for c in camel.chars() {
        if c.is_ascii_uppercase() {
            out.push('_');
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// The fault a kit's `inject(kind, …)` asks for, every argument checked here (the one check of
/// every language's kit; the control route's JSON goes through [`check_fault`]). `kind` is the
/// engine's name or its snake_case (Python's); `snake` says which the message lists.
pub fn inject_fault(kind: &str, args: InjectArgs, snake: bool) -> Result<Fault, Refusal> {
    let found = FAULT_KINDS.iter().find(|k| k.name == kind || to_snake(k.name) == kind);
    let Some(k) = found.map(|k| k.kind) else {
        return Err(refuse(
            "kind",
            format!("{}: expected one of {}", shown_name("unknown fault kind", kind), kind_names(snake)),
        ));
    };
    let count = ranged("count", Some(args.count.unwrap_or(1.0)))?.unwrap_or(1.0);
    let mut f = Fault::new(k).times(count as u32);
    f.operation = args.operation;
    f.status = ranged("status", args.status)?.map(|s| s as u16);
    f.delay_ms = ranged("delay", args.delay_ms)?.map(|d| d.round() as u64);
    f.retry_after = ranged("retryAfter", args.retry_after_ms)?.map(|ms| (ms / 1000.0).ceil() as u64);
    f.after = args.after_applying;
    f.pad = ranged("pad", args.pad)?.map(|p| p as usize);
    f.location = args.location;
    check_fault(&f)?;
    Ok(f)
}

/// Checks a fault as the control route or a kit hands it over, against [`INJECT_OPTIONS`]: the
/// operation must exist, the numbers be in range, a location free of control characters. `Err`
/// names the field with the declared reason.
pub fn check_fault(f: &Fault) -> Result<(), Refusal> {
    if let Some(op) = &f.operation {
        if OperationId::from_name(op).is_none() {
            return Err(refuse("operation", shown_name("unknown operation", op)));
        }
    }
    ranged("count", Some(f64::from(f.count)))?;
    ranged("status", f.status.map(f64::from))?;
    ranged("delay", f.delay_ms.map(|d| d as f64))?;
    ranged("retryAfter", f.retry_after.map(|s| s as f64 * 1000.0))?;
    ranged("pad", f.pad.map(|p| p as f64))?;
    let given = [
        ("status", f.status.is_some()),
        ("delay", f.delay_ms.is_some()),
        ("retryAfter", f.retry_after.is_some()),
        ("pad", f.pad.is_some()),
        ("location", f.location.is_some()),
        ("afterApplying", f.after),
    ];
    let kind = FAULT_KINDS.iter().find(|k| k.kind == f.kind).map_or("", |k| k.name);
    for (name, is_given) in given {
        let kinds = option(name).kinds;
        if is_given && !kinds.is_empty() && !kinds.contains(&kind) {
            return Err(refuse(name, NOT_FOR_THIS_KIND));
        }
    }
    if f.location.as_deref().is_some_and(|l| l.chars().any(char::is_control)) {
        return Err(refuse("location", option("location").refusal));
    }
    Ok(())
}

impl OptionType {
    /// The reason a value of another type is refused with, where a language lets one through
    /// (Python, JavaScript): the same in both.
    pub fn type_refusal(self) -> &'static str {
        match self {
            OptionType::Count | OptionType::Duration => "expected a number",
            OptionType::Flag => "expected true or false",
            OptionType::Text => "expected a string",
            OptionType::Operation => "expected an operation name (a string)",
        }
    }
}

/// The base URL of every kit's in-process clients (never resolved: nothing leaves the process):
/// Python's and npm's `IN_PROCESS_BASE_URL`, Kotlin's `ZeitkontoSandbox.IN_PROCESS_BASE_URL`,
/// Swift's `ZeitkontoSandbox.inProcessBaseUrl`, generated from it.
pub const IN_PROCESS_BASE_URL: &str = "http://sandbox.localhost";

/// The test kit's surface as JSON (fault kinds; `inject`'s options with types, ranges, the reasons
/// a value is refused with): what the Python and npm kits check types by, and what every kit's
/// tests hold their surface against. `tests/vectors/testkit.json` holds it.
pub fn declaration() -> Value {
    let options: Vec<Value> = INJECT_OPTIONS
        .iter()
        .map(|o| {
            let mut v = serde_json::to_value(o).unwrap_or(Value::Null);
            v["typeRefusal"] = Value::from(o.ty.type_refusal());
            v
        })
        .collect();
    serde_json::json!({
        "counters": COUNTERS,
        "faultKinds": FAULT_KINDS,
        "inProcessBaseUrl": IN_PROCESS_BASE_URL,
        "injectOptions": options,
        "keys": KEYS,
    })
}

/// A counter of the kits: its name (camelCase), whether it counts one operation's requests when
/// asked (`operation`), and its doc.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CounterDecl {
    /// The name (`rateLimited`; Python writes it in snake_case).
    pub name: &'static str,
    /// Whether it takes an operation's name (none: all operations); without one it is a property.
    pub per_operation: bool,
    /// What it counts.
    pub doc: &'static str,
}

/// The kits' counters, the same in every language ([`KitEngine`](crate::KitEngine) counts them).
pub const COUNTERS: &[CounterDecl] = &[
    CounterDecl { name: "writes", per_operation: true, doc: "Writes applied so far (of `operation`, or all)." },
    CounterDecl {
        name: "requests",
        per_operation: true,
        doc: "Requests received so far (of `operation`, or all), before faults and the rate limit.",
    },
    CounterDecl {
        name: "rateLimited",
        per_operation: false,
        doc: "How many requests the sandbox's own rate limit refused (429).",
    },
];

/// An operation by its stable name.
pub fn operation(name: &str) -> Result<OperationId, Refusal> {
    OperationId::from_name(name).ok_or_else(|| refuse("operation", shown_name("unknown operation", name)))
}

/// Applied writes of the operation named (all operations when none).
pub fn writes(engine: &Engine, name: Option<&str>) -> Result<u64, Refusal> {
    Ok(match name {
        Some(n) => engine.writes(operation(n)?),
        None => engine.stats.writes.values().sum(),
    })
}

/// Requests of the operation named (all operations when none).
pub fn requests(engine: &Engine, name: Option<&str>) -> Result<u64, Refusal> {
    Ok(match name {
        Some(n) => engine.requests(operation(n)?),
        None => engine.stats.requests.values().sum(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn every_option_s_kinds_are_fault_kinds() {
        for o in INJECT_OPTIONS {
            for k in o.kinds {
                assert!(FAULT_KINDS.iter().any(|d| d.name == *k), "{}: {k}", o.name);
            }
        }
        // `afterApplying`: every kind but a 429's (answered before doing anything), a new kind too.
        let applying: Vec<&str> = FAULT_KINDS.iter().map(|d| d.name).filter(|k| *k != "rateLimit").collect();
        assert_eq!(option("afterApplying").kinds, applying.as_slice());
    }

    /// `tests/vectors/testkit.json` is the declaration (`ZEITKONTO_BLESS=1` rewrites it).
    #[test]
    fn the_committed_declaration_is_current() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../vectors/testkit.json");
        let now = serde_json::to_string_pretty(&declaration()).unwrap() + "\n";
        if std::env::var_os("ZEITKONTO_BLESS").is_some() {
            std::fs::write(path, &now).unwrap();
        }
        let committed = std::fs::read_to_string(path).unwrap_or_default();
        assert!(
            committed == now,
            "tests/vectors/testkit.json is stale: ZEITKONTO_BLESS=1 cargo test -p zeitkonto-sandbox kit::"
        );
    }

    /// The declared keys are the demo seed's, every one.
    #[test]
    fn the_declared_keys_are_the_demo_keys() {
        let mut declared: Vec<&str> = KEYS.iter().map(|k| k.name).collect();
        declared.sort_unstable();
        assert_eq!(declared, crate::demo_keys().into_keys().collect::<Vec<_>>());
    }

    /// Each declared kind's name is its serde name (what the control route reads).
    #[test]
    fn every_kind_is_named_as_the_control_route_reads_it() {
        for k in FAULT_KINDS {
            assert_eq!(serde_json::to_value(k.kind).unwrap(), Value::String(k.name.to_string()));
        }
    }

    /// Every case of `tests/vectors/inject.json` through the one check (each kit runs them too).
    #[test]
    fn bad_inject_vectors() {
        let text = include_str!("../../vectors/inject.json");
        let file: Value = serde_json::from_str(text).unwrap();
        let mut ran = 0;
        for case in file["cases"].as_array().unwrap() {
            let o = &case["options"];
            if case["dynamic"].as_bool() == Some(true) {
                continue; // a type only Python and JavaScript let through
            }
            let num = |k: &str| match &o[k] {
                Value::String(s) if s == "Infinity" => Some(f64::INFINITY),
                v => v.as_f64(),
            };
            let args = InjectArgs {
                operation: o["operation"].as_str().map(str::to_string),
                count: num("count"),
                status: num("status"),
                delay_ms: num("delay"),
                retry_after_ms: num("retryAfter"),
                after_applying: o["afterApplying"].as_bool().unwrap_or(false),
                pad: num("pad"),
                location: o["location"].as_str().map(str::to_string),
            };
            let got = inject_fault(case["kind"].as_str().unwrap(), args, false);
            match case.get("field") {
                Some(field) => {
                    let (f, reason) = got.expect_err(case["name"].as_str().unwrap());
                    assert_eq!(f, field.as_str().unwrap(), "{case}");
                    let want = case["reason"].as_str().unwrap().replace("{kinds}", &kind_names(false));
                    assert_eq!(reason, want, "{case}");
                }
                None => assert!(got.is_ok(), "{case}: {got:?}"),
            }
            ran += 1;
        }
        assert!(ran >= 20, "{ran} cases");
    }

    #[test]
    fn refusals_name_the_field_and_never_quote_a_seed_value() {
        assert_eq!(today(Some("2026-13-01")).unwrap_err().0, "today");
        assert_eq!(today(None), Ok(None));
        let (field, reason) = seed(Some(r#"{"companies": [{"id": "c", "key": "secret-seed-key"}]}"#)).unwrap_err();
        assert_eq!(field, "seed");
        assert!(!reason.contains("secret-seed-key"), "{reason}");
        assert_eq!(inject_fault("explode", InjectArgs::default(), false).unwrap_err().0, "kind");
        let two = InjectArgs { count: Some(2.0), ..InjectArgs::default() };
        assert_eq!(inject_fault("rateLimit", two.clone(), false).unwrap().count, 2);
        assert_eq!(inject_fault("rate_limit", two, true).unwrap().kind, FaultKind::RateLimit);
        assert_eq!(operation("nope").unwrap_err().0, "operation");
    }

    #[test]
    fn a_key_given_where_a_name_or_a_day_belongs_is_not_quoted() {
        // A key passed as `today`, a fault kind or an operation (the client's refusals' rule,
        // `shown_name`/`shown_date`); a name shaped like one (a typo) is quoted.
        let key = "SECRET-company-key-123456";
        let op = InjectArgs { operation: Some(key.to_string()), ..InjectArgs::default() };
        for (field, reason) in [
            today(Some(key)).unwrap_err(),
            inject_fault(key, InjectArgs::default(), false).unwrap_err(),
            inject_fault("delay", op, false).unwrap_err(),
            operation(key).unwrap_err(),
        ] {
            assert!(!reason.contains("SECRET") && !reason.contains("123456"), "{field}: {reason}");
            assert!(reason.contains("a text of 25 characters"), "{field}: {reason}");
        }
        assert!(operation("no_such_operation").unwrap_err().1.contains("\"no_such_operation\""));
        assert!(today(Some("2026-13-01")).unwrap_err().1.contains("\"2026-13-01\""));
    }

    #[test]
    fn untyped_options_are_checked_by_name_and_type_with_durations_in_the_kits_unit() {
        let args =
            InjectArgs::from_json(&json!({"delay": 1.5, "count": 2, "afterApplying": true, "pad": null}), 1000.0);
        let want =
            InjectArgs { delay_ms: Some(1500.0), count: Some(2.0), after_applying: true, ..InjectArgs::default() };
        assert_eq!(args, Ok(want));
        assert_eq!(InjectArgs::from_json(&Value::Null, 1.0), Ok(InjectArgs::default()));
        // Every declared option is read into the arguments (none is taken and then dropped).
        for o in INJECT_OPTIONS {
            let v = match o.ty {
                OptionType::Count | OptionType::Duration => json!(7),
                OptionType::Flag => json!(true),
                OptionType::Text | OptionType::Operation => json!("x"),
            };
            assert_ne!(InjectArgs::from_json(&json!({ o.name: v }), 1.0), Ok(InjectArgs::default()), "{}", o.name);
        }
        let refused = |v: Value| InjectArgs::from_json(&v, 1.0).unwrap_err();
        assert_eq!(refused(json!([])), ("options".to_string(), "expected an options object".to_string()));
        assert_eq!(refused(json!({"count": "2"})), ("count".to_string(), "expected a number".to_string()));
        assert_eq!(
            refused(json!({"afterApplying": 1})),
            ("afterApplying".to_string(), "expected true or false".to_string())
        );
        assert_eq!(refused(json!({"operation": 5})).1, "expected an operation name (a string)");
        let unknown = refused(json!({"retry_after": 1}));
        assert_eq!(unknown.0, "retry_after");
        assert!(unknown.1.starts_with("unknown option of inject; known: operation, count"), "{unknown:?}");
    }
}
