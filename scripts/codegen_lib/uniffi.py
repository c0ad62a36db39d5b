"""uniffi (Kotlin, Swift): typed methods and records."""

import re

from .common import *  # noqa: F401,F403 - the shared helpers

# the core's typed output becomes the records below (converted field by field in Rust).

RS_TYPES = {
    "text": "String",
    "integer": "PlatformInt",
    "number": "f64",
    "bool": "bool",
    "date": "IsoDate",
    "month": "PlatformInt",
    "clockAction": "ClockAction",
    "textList": "Vec<String>",
    "jsonMap": "HashMap<String, RawJson>",
    "timeOfDay": "ClockTime",
}


def rs_param_value(p):
    """The uniffi argument `p["name"]` as the core params struct's field (fallible ones with `?`)."""
    n, key = p["name"], p["key"]
    inner = re.sub(r"^Option<(.*)>$", r"\1", p["rustType"])
    conv = {
        "u32": 'types::unsigned("{key}", {x})',
        "i32": 'types::int32("{key}", {x})',
        "Month": 'types::month("{key}", {x})',
        "Date": 'self.redacted(zeitkonto_core::Date::parse_field(&{x}.0, "{key}"))',
        "Value": '{x}.parse("{key}")',
        "JsonObject": 'types::json_map("{key}", {x})',
        "TimeOfDay": 'self.redacted(zeitkonto_core::TimeOfDay::parse_field(&{x}.0, "{key}"))',
    }.get(inner)
    if conv is None:
        return n
    if p["rustType"].startswith("Option<"):
        return f"{n}.map(|v| {conv.format(key=key, x='v')}).transpose()?"
    return conv.format(key=key, x=n) + "?"


def rs_output(op):
    kind, model = output_parts(op["output"])
    return {
        "unit": ("()", "{ out }"),
        "rawlist": ("Vec<RawJson>", "out.into_iter().map(RawJson::from).collect()"),
        "list": (f"Vec<{model}>", "out.into_iter().map(Into::into).collect()"),
        "map": (f"HashMap<String, {model}>", "out.into_iter().map(|(k, v)| (k, v.into())).collect()"),
        "one": (model, "out.into()"),
    }[kind]


def uniffi(decl):
    out = [
        "//! The operations of [`ZeitkontoClient`] (`suspend` in Kotlin, `async throws` in Swift).",
        f"//! {HEADER}",
        "//!",
        "//! Required parameters first; optional ones have defaults (`null`, `false`, empty list), so",
        "//! Kotlin and Swift callers name them. Typed both ways: the arguments become the core's",
        "//! params struct, the core's output becomes the records of `models.rs`; no JSON in between.",
        "",
        "// One argument per declared parameter, as Kotlin and Swift callers name them.",
        "#![allow(clippy::too_many_arguments)]",
        "",
        "#[allow(unused_imports)]",
        "use std::collections::HashMap;",
        "",
        "use zeitkonto_core::ops::{self, ClockAction};",
        "",
        "use crate::client::ZeitkontoClient;",
        "use crate::models::*;",
        "#[allow(unused_imports)]",
        "use crate::types::{self, ClockTime, IsoDate, PlatformInt, RawJson};",
        "use crate::ZeitkontoError;",
        "",
        "#[uniffi::export(async_runtime = \"tokio\")]",
        "impl ZeitkontoClient {",
    ]
    first = True
    for op in decl["operations"] + shorthand_ops(decl):
        if not first:
            out.append("")
        first = False
        ps = ordered(op)
        for l in wrap(op_doc(op, "null"), 100, "    /// "):
            out.append(l if l.strip() != "///" else "    ///")
        if ps:
            out.append("    ///")
            for p in ps:
                out += wrap(f"- `{camel(p['name'])}`: {doc_for(p['doc'], 'null')}", 100, "    /// ")
        defaults = [f"{p['name']} = {'None' if p['nullable'] else {'false': 'false', '[]': '[]'}[p['default']]}" for p in ps if not p["required"]]
        if defaults:
            out.append(f"    #[uniffi::method(default({', '.join(defaults)}))]")
        args = ["&self"] + [f"{p['name']}: {('Option<' + RS_TYPES[p['type']] + '>') if p['nullable'] else RS_TYPES[p['type']]}" for p in ps]
        ret, conv = rs_output(op)
        out.append(f"    pub async fn {op['name']}({', '.join(args)}) -> Result<{ret}, ZeitkontoError> {{")
        fixed = lambda p, v: "None" if v is None else f"{p['rustType']}::{pascal(v)}"
        pairs = [(k, v) for k, v in call_values(op, rs_param_value, fixed)]
        names = {p["key"]: p["name"] for p in op["params"]} | {p["key"]: p["name"] for p, _ in op.get("fixed", [])}
        fields = ", ".join(names[k] if v == names[k] else f"{names[k]}: {v}" for k, v in pairs)
        out.append(f"        let params = ops::{pascal(op.get('operation', op['name']))} {{ {fields} }};")
        if ret == "()":
            out.append("        self.execute(&params).await")
        else:
            out.append("        let out = self.execute(&params).await?;")
            out.append(f"        Ok({conv})")
        out.append("    }")
    out.append("}")
    out.append("")
    out.append("/// Parses a response of `op` with the core and converts it into the record its method returns")
    out.append("/// (the vector test runs every parse vector through this).")
    out.append("#[doc(hidden)]")
    out.append("pub fn parse_into_record(op: zeitkonto_core::OperationId, response: &zeitkonto_core::Response) -> Result<(), ZeitkontoError> {")
    out.append("    use zeitkonto_core::{Operation, OperationId as O};")
    out.append("    match op {")
    for op in decl["operations"]:
        ret, conv = rs_output(op)
        P = pascal(op["name"])
        if ret == "()":
            out.append(f"        O::{P} => ops::{P}::parse(response).map_err(Into::into),")
        else:
            out.append(f"        O::{P} => {{")
            out.append(f"            let out = ops::{P}::parse(response)?;")
            out.append(f"            let _: {ret} = {conv};")
            out.append("            Ok(())")
            out.append("        }")
    out.append("    }")
    out.append("}")
    return "\n".join(out) + "\n"


def rs_field(f, models, extra):
    """(record field type, conversion of `m.<name>`) for a core model field. Whole numbers are
    `PlatformInt` (one that does not fit degrades into `extra` when the record has one), ids the
    server counts up (`…_id`) `WideInt`."""
    shape, d = field_shape(f, models)
    v = f"m.{f['name']}"
    if shape == "scalar":
        if d in ("String", "f64", "bool"):
            return f"Option<{d}>", v
        if d == "i64" and f["name"].endswith("_id"):
            return "Option<WideInt>", f"{v}.map(WideInt)"
        if d == "i64":
            if extra:
                return "Option<PlatformInt>", f'types::platform_field({v}, "{f["api"]}", &mut extra)'
            return "Option<PlatformInt>", f"{v}.and_then(PlatformInt::fitting)"
        ty, conv = {"Date": ("IsoDate", "map(IsoDate::from)"), "DateTime": ("Timestamp", "map(Timestamp::from)"),
                    "TimeOfDay": ("ClockTime", "map(ClockTime::from)"),
                    "Month": ("PlatformInt", "map(|x| PlatformInt::from(u16::from(x.number())))"),
                    "EpochMillis": ("SystemTime", "and_then(types::instant)")}[d]
        return f"Option<{ty}>", f"{v}.{conv}"
    return {
        "json": ("Option<RawJson>", f"{v}.map(RawJson::from)"),
        "model": (f"Option<{d}>", f"{v}.map(Into::into)"),
        "models": (f"Vec<{d}>", f"{v}.into_iter().map(Into::into).collect()"),
        "json_list": ("Vec<RawJson>", f"{v}.into_iter().map(RawJson::from).collect()"),
        "text_list": ("Vec<String>", v),
        "json_map": ("HashMap<String, RawJson>", f"{v}.into_iter().map(|(k, x)| (k, RawJson::from(x))).collect()"),
        "text": ("String", v),
    }[shape]


def uniffi_models(decl):
    models = {m["name"] for m in decl["models"]}
    out = [
        "//! The result records of the Kotlin and Swift bindings: field for field the core's models",
        "//! (`core/src/model/`), with their docs, converted from them in Rust (no JSON on the way).",
        f"//! {HEADER}",
        "//!",
        "//! Types: texts `String`, numbers `f64` (minutes unless noted), whole numbers `PlatformInt`",
        "//! (codes, years, months 1-12, weeks, flags; Kotlin and Swift `Int`), server-counted ids",
        "//! `WideInt` (Kotlin `Long`, Swift `Int`), dates `IsoDate`, wall-clock times `Timestamp`, clock",
        "//! times of day `ClockTime` (Kotlin `java.time.LocalTime`, Swift `String`), instants",
        "//! `SystemTime` (Kotlin `java.time.Instant`, Swift `Date`), containers the spec leaves vague",
        "//! `RawJson` (JSON text).",
        "",
        "use std::collections::HashMap;",
        "use std::time::SystemTime;",
        "",
        "#[allow(unused_imports)]",
        "use crate::types::{self, ClockTime, IsoDate, PlatformInt, RawJson, Timestamp, WideInt};",
        "",
        "/// Fields the API sent that this version does not know, as JSON text per field.",
        "pub type Extra = HashMap<String, RawJson>;",
    ]
    for md in decl["models"]:
        out.append("")
        for l in wrap(doc_for(md["doc"], "null"), 100, "/// "):
            out.append(l if l.strip() != "///" else "///")
        out.append("#[derive(Debug, Clone, PartialEq, uniffi::Record)]")
        out.append(f"pub struct {md['name']} {{")
        convs = []
        for f in md["fields"]:
            ty, conv = rs_field(f, models, md["extra"])
            out += wrap(doc_for(f["doc"], "null"), 100, "    /// ")
            out.append(f"    pub {f['name']}: {ty},")
            convs.append((f["name"], conv))
        if md["extra"]:
            out.append("    /// Fields the API sent that this version does not know, unchanged (JSON text per field).")
            out.append("    pub extra: Extra,")
            convs.append(("extra", "extra"))
        out.append("}")
        out.append("")
        out.append(f"impl From<zeitkonto_core::{md['name']}> for {md['name']} {{")
        out.append(f"    fn from(m: zeitkonto_core::{md['name']}) -> Self {{")
        if md["extra"]:
            mutable = "mut " if any("&mut extra" in c for _, c in convs) else ""
            out.append(f"        let {mutable}extra: Extra = m.extra.into_iter().map(|(k, x)| (k, RawJson::from(x))).collect();")
        out.append(f"        {md['name']} {{")
        for n, c in convs:
            out.append(f"            {n}: {c}," if n != c else f"            {n},")
        out.append("        }")
        out.append("    }")
        out.append("}")
    return "\n".join(out) + "\n"


# Error fields (declaration `errors`) as uniffi types, and how each is read from the core
# error's canonical JSON (`j`).
ERR_TYPES = {
    "text": ("String", 'text(&j, "{k}")'),
    "integer": ("PlatformInt", 'PlatformInt::saturating(j["{k}"].as_i64().unwrap_or_default())'),
    "bool": ("bool", 'j["{k}"].as_bool().unwrap_or_default()'),
    "duration": ("Option<PlatformDuration>", 'j["{k}Ms"].as_u64().map(|ms| PlatformDuration(ms as f64))'),
    "tlsFailure": ("TlsFailure", 'TlsFailure::from_name(j["{k}"].as_str().unwrap_or_default())'),
    "apiCode": ("ApiCode", 'ApiCode::from_number(j["code"].as_i64().unwrap_or_default())'),
}


def doc_lines(text, indent):
    return [l if l.strip() != "///" else indent + "///" for l in wrap(doc_for(text, "null"), 100, indent + "/// ")]


def enum_cases(cases, name, field, extra=()):
    """The cases of a generated enum, each with its doc and its fields (`field(f)`: (name, type,
    doc)), then the `extra` lines every case ends with."""
    out = []
    for c in cases:
        out += doc_lines(c["doc"], "    ")
        out.append(f"    {name(c)} {{")
        for f in c["fields"]:
            fname, ty, doc = field(f)
            out += doc_lines(doc, "        ")
            out.append(f"        {fname}: {ty},")
        out += list(extra) + ["    },"]
    return out


def uniffi_errors(decl):
    kinds = uniffi_error_kinds(decl)
    out = [
        "//! [`ZeitkontoError`]: every error kind of the core's declaration, variant for variant, and the",
        "//! API's codes and TLS failures as enums. Kotlin sees a sealed class `ZeitkontoException` (uniffi",
        "//! renames `…Error` to `…Exception`), Swift an `enum ZeitkontoError`.",
        f"//! {HEADER}",
        "//!",
        "//! Every variant carries `description`: the core's message, which never contains a key (the core",
        "//! redacts at the source). No field is named `message` (it would clash with `Throwable.message`).",
        "//! Numbers are the platform's plain integer, durations its own duration type (`types.rs`).",
        "",
        "use zeitkonto_core::Error;",
        "",
        "use crate::types::{PlatformDuration, PlatformInt};",
        "",
        "/// A code of the API's error table (`apiCode` of `Api`).",
        "#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum)]",
        "pub enum ApiCode {",
    ]
    for c in decl["apiCodes"]:
        out.append(f"    /// {c['number']}: {c['meaning']}.")
        out.append(f"    {pascal_camel(c['name'])},")
    out += [
        "    /// A number outside the table (`code` holds it).",
        "    Unknown,",
        "}",
        "",
        "impl ApiCode {",
        "    fn from_number(n: i64) -> ApiCode {",
        "        match n {",
    ]
    for c in decl["apiCodes"]:
        out.append(f"            {c['number']} => ApiCode::{pascal_camel(c['name'])},")
    out += [
        "            _ => ApiCode::Unknown,",
        "        }",
        "    }",
        "}",
        "",
        "/// What failed in a TLS handshake (`failure` of `Tls`).",
        "#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum)]",
        "pub enum TlsFailure {",
    ]
    for t in decl["tlsFailures"]:
        out.append(f"    /// {t['meaning'][:1].upper()}{t['meaning'][1:]}.")
        out.append(f"    {pascal_camel(t['name'])},")
    out += [
        "}",
        "",
        "impl TlsFailure {",
        "    /// The failure by its stable name (`untrustedIssuer`, ...); anything else is `Other`.",
        "    pub(crate) fn from_name(name: &str) -> TlsFailure {",
        "        match name {",
    ]
    for name in (t["name"] for t in decl["tlsFailures"]):
        out.append(f'            "{name}" => TlsFailure::{pascal_camel(name)},')
    out += [
        "            _ => TlsFailure::Other,",
        "        }",
        "    }",
        "",
        "    /// The stable name.",
        "    pub(crate) fn name(self) -> &'static str {",
        "        match self {",
    ]
    for name in (t["name"] for t in decl["tlsFailures"]):
        out.append(f'            TlsFailure::{pascal_camel(name)} => "{name}",')
    out += [
        "        }",
        "    }",
        "}",
        "",
        "/// A failed call: one variant per error kind. `description` is a readable, key-free sentence:",
        "/// Kotlin's `message` (and `toString()` reads as every JVM exception's, the class name, a colon",
        "/// and the message: `de.zeitkonto.ZeitkontoException$Timeout: the request timed out`), Swift's",
        "/// `description` and `localizedDescription`.",
        "#[derive(Debug, Clone, PartialEq, uniffi::Error)]",
        "#[uniffi::export(Display)]",
        "pub enum ZeitkontoError {",
    ]
    out += enum_cases(kinds, lambda k: k["kind"], lambda f: (snake(f["key"]), ERR_TYPES[f["type"]][0], f["doc"]),
                      ["        /// A readable, key-free sentence (Kotlin's `message`, Swift's `description`).",
                       "        description: String,"])
    out += [
        "}",
        "",
        "impl std::fmt::Display for ZeitkontoError {",
        "    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {",
        "        let description = match self {",
    ]
    out.append("            " + "\n            | ".join(f"ZeitkontoError::{k['kind']} {{ description, .. }}" for k in kinds) + " => description,")
    out += [
        "        };",
        "        f.write_str(description)",
        "    }",
        "}",
        "",
        "impl std::error::Error for ZeitkontoError {}",
        "",
        "fn text(j: &serde_json::Value, key: &str) -> String {",
        "    j[key].as_str().unwrap_or_default().to_string()",
        "}",
        "",
        "impl From<Error> for ZeitkontoError {",
        "    /// From the core error's canonical JSON form (the declaration's fields, by key).",
        "    fn from(e: Error) -> ZeitkontoError {",
        "        let description = e.to_string();",
        "        let j = serde_json::to_value(&e).unwrap_or_default();",
        "        match e.kind() {",
    ]
    for k in kinds:
        if k["kind"] == "Internal":
            continue
        fields = ", ".join(f"{snake(f['key'])}: {ERR_TYPES[f['type']][1].format(k=f['key'])}" for f in k["fields"])
        out.append(f'            "{k["kind"]}" => ZeitkontoError::{k["kind"]} {{ {fields}{", " if fields else ""}description }},')
    out += [
        "            _ => ZeitkontoError::Internal { description },",
        "        }",
        "    }",
        "}",
    ]
    return "\n".join(out) + "\n"


def pascal_camel(name):
    """`employeeNotFound` → `EmployeeNotFound`."""
    return name[:1].upper() + name[1:]


def uniffi_settings(decl):
    """The groups of client settings (`RetrySettings`, `RateLimitSettings`) as records, converted
    into the core's settings (whose `to_config` checks every value against its declared range)."""
    out = [
        "//! The groups of client settings as Kotlin and Swift records: each field's type, unit,",
        "//! default and doc from the core's declaration (`zeitkonto_core::settings::SETTINGS`).",
        f"//! {HEADER}",
        "",
        "use crate::types::{PlatformDuration, PlatformInt};",
        "use crate::ZeitkontoError;",
        "",
    ]
    settings = decl["settings"]
    for g in (s for s in settings if s["type"] == "group"):
        members = [s for s in settings if s["key"].startswith(g["key"] + ".")]
        out += doc_lines(g["doc"], "")
        out.append("#[derive(Debug, Clone, PartialEq, uniffi::Record)]")
        out.append(f"pub struct {g['groupType']} {{")
        for m in members:
            name = snake(m["key"].split(".", 1)[1])
            out += doc_lines(m["doc"], "    ")
            if m["type"] == "count":
                out.append(f"    #[uniffi(default = {m['default']})]")
                out.append(f"    pub {name}: PlatformInt,")
            elif m["type"] == "duration" and m["optional"]:
                out.append("    #[uniffi(default = None)]")
                out.append(f"    pub {name}: Option<PlatformDuration>,")
            elif m["type"] == "duration":
                out.append(f"    #[uniffi(default = {float(m['default'])})]")
                out.append(f"    pub {name}: PlatformDuration,")
            else:
                raise SystemExit(f"codegen: no uniffi type for the setting {m['key']} ({m['type']})")
        out.append("}")
        out.append("")
        out.append(f"impl {g['groupType']} {{")
        out.append("    /// The core's settings; each value is checked when the client is built.")
        out.append(f"    pub(crate) fn to_core(&self) -> Result<zeitkonto_core::{g['groupType']}, ZeitkontoError> {{")
        out.append(f"        Ok(zeitkonto_core::{g['groupType']} {{")
        for m in members:
            name = snake(m["key"].split(".", 1)[1])
            if m["type"] == "count":
                out.append(f'            {name}: zeitkonto_core::settings::count_field("{m["key"]}", self.{name}.0)?,')
            elif m["optional"]:
                out.append(f'            {name}: self.{name}.map(|d| d.to_core("{m["key"]}")).transpose()?,')
            else:
                out.append(f'            {name}: self.{name}.to_core("{m["key"]}")?,')
        out.append("        })")
        out.append("    }")
        out.append("}")
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


# The jobs' events (core/src/jobs/events.rs): a field's declared type → (the record's Rust type,
# the client's `EventValue` variant, the conversion of its value `{0}`).
UNIFFI_EVENT_TYPES = {
    "count": ("PlatformInt", "Count", "PlatformInt({0} as i64)"),
    "duration": ("PlatformDuration", "DurationMs", "PlatformDuration({0} as f64)"),
    "text": ("String", "Text", "{0}"),
    "error": ("ZeitkontoError", "Error", "{0}.into()"),
    "json": ("RawJson", "Json", "{0}.into()"),
    "legend": ("HashMap<String, RawJson>", "Legend", "{0}.iter().map(|(k, v)| (k.clone(), RawJson::from(v.clone()))).collect()"),
}


def uniffi_job_events(decl):
    """`bindings-uniffi/src/job_events.rs`: the Kotlin/Swift `JobEvent` enum and its conversion from
    the client's events (by their declared parts, `zeitkonto::jobs::JobEvent::into_parts`)."""
    events = decl["jobEvents"]
    out = [
        "//! What a job reports, for Kotlin and Swift: one case per kind of event (the same events as",
        "//! Python's and Rust's), converted from the client's events by their declared parts.",
        "//! " + HEADER.replace("(core/src/decl/)", "(core/src/jobs/events.rs)"),
        "",
        "use std::collections::HashMap;",
        "",
        "use zeitkonto::jobs::EventValue as V;",
        "",
        "use crate::models;",
        "use crate::types::{PlatformDuration, PlatformInt, RawJson};",
        "use crate::ZeitkontoError;",
        "",
        "/// What a job reports (the same events as Python's and Rust's).",
        "#[derive(Debug, Clone, uniffi::Enum)]",
        "#[allow(clippy::large_enum_variant)] // crosses to Kotlin/Swift by value, one at a time",
        "pub enum JobEvent {",
    ]
    out += enum_cases(events, lambda e: pascal(e["kind"]),
                      lambda f: (f["name"], UNIFFI_EVENT_TYPES.get(f["type"], (f"models::{f['type']}",))[0], f["doc"]))
    out += [
        "}",
        "",
        "/// An event whose parts this version does not know, said as such rather than dropped.",
        "fn unknown() -> JobEvent {",
        '    JobEvent::Fallback { call: "unknown".into(), reason: "an event this version does not know".into() }',
        "}",
        "",
        "impl From<zeitkonto::jobs::JobEvent> for JobEvent {",
        "    fn from(e: zeitkonto::jobs::JobEvent) -> JobEvent {",
        "        let (kind, values) = e.into_parts();",
        "        let mut v = values.into_iter();",
        "        match kind {",
    ]
    for e in events:
        fs = e["fields"]
        nexts = ", ".join("v.next()" for _ in fs)
        pats, inits = [], []
        for f in fs:
            _, variant, conv = UNIFFI_EVENT_TYPES.get(f["type"], (None, f["type"], "{0}.into()"))
            value = conv.format(f["name"])
            pats.append(f"Some(V::{variant}({f['name']}))")
            inits.append(f["name"] if value == f["name"] else f"{f['name']}: {value}")
        out += [
            f'            "{e["kind"]}" => match ({nexts},) {{',
            f"                ({', '.join(pats)},) => JobEvent::{pascal(e['kind'])} {{ {', '.join(inits)} }},",
            "                _ => unknown(),",
            "            },",
        ]
    out += ["            _ => unknown(),", "        }", "    }", "}", ""]
    return "\n".join(out)


# A driver event's field as the uniffi type, and its value from a field of `zeitkonto::Event`
# (`{0}` a reference to it: `&'static str` or `String`, `u32` or `u16`, `Duration`).
DRIVER_EVENT_TYPES = {
    "count": ("PlatformInt", "PlatformInt::saturating(i64::from(*{0}))"),
    "duration": ("PlatformDuration", "(*{0}).into()"),
    "text": ("String", "{0}.to_string()"),
}


def uniffi_driver_events(decl):
    """`bindings-uniffi/src/driver_events.rs`: the Kotlin/Swift `ZeitkontoEvent` enum and its
    conversion from the client's `Event`, from the declaration of the driver's events."""
    events = decl["driverEvents"]
    out = [
        "//! What the driver is doing, for Kotlin's and Swift's event listener: one case per kind of",
        "//! event (the same events as Python's log records and npm's `onEvent`), converted from the",
        "//! client's `Event`. " + HEADER.replace("(core/src/decl/)", "(core/src/decl/mod.rs, `DRIVER_EVENTS`)"),
        "",
        "use zeitkonto::Event;",
        "",
        "use crate::types::{PlatformDuration, PlatformInt};",
        "",
        "/// What the driver is doing. Request URLs and error texts are redacted (keys print as `***`).",
        "#[derive(Debug, Clone, PartialEq, uniffi::Enum)]",
        "pub enum ZeitkontoEvent {",
    ]
    def field(f):
        unit = " (Kotlin `Duration`, Swift `TimeInterval`)." if f["type"] == "duration" else ""
        return f["name"], DRIVER_EVENT_TYPES[f["type"]][0], (f["doc"] + unit).replace(". (Kotlin", " (Kotlin")

    out += enum_cases(events, lambda e: pascal(e["kind"]), field)
    out += ["}", "", "impl From<&Event> for ZeitkontoEvent {", "    fn from(e: &Event) -> ZeitkontoEvent {", "        match e {"]
    for e in events:
        names = ", ".join(f["name"] for f in e["fields"])
        inits = ", ".join(f"{f['name']}: {DRIVER_EVENT_TYPES[f['type']][1].format(f['name'])}" for f in e["fields"])
        out.append(f"            Event::{pascal(e['kind'])} {{ {names} }} => ZeitkontoEvent::{pascal(e['kind'])} {{ {inits} }},")
    out += ["        }", "    }", "}", ""]
    return "\n".join(out)


def uniffi_error_kinds(decl):
    """The kinds that are variants of `ZeitkontoError` (Kotlin `ZeitkontoException`)."""
    return [k for k in decl["errors"] if k["origin"] == "core" or k["kind"] == "Internal"]


#: A shared error field's (Kotlin type, Swift type, Kotlin default, Swift default) by its type.
UNIFFI_SHARED_TYPES = {"bool": ("Boolean", "Bool", "false", "false"), "apiCode": ("ApiCode?", "ApiCode?", "null", "nil")}


def kotlin_error_fields(decl):
    """The shared error fields (`errorShared`) as extension properties of `ZeitkontoException`:
    the variant's own value where it carries the field, the default elsewhere."""
    out = [f"// {HEADER}", "package de.zeitkonto", ""]
    for f in decl["errorShared"]:
        ty, _, default, _ = UNIFFI_SHARED_TYPES[f["type"]]
        out += ["/**"] + wrap(doc_for(f["doc"], "null"), 100, " * ") + [" */"]
        out.append(f"val ZeitkontoException.{f['key']}: {ty}")
        out.append("    get() = when (this) {")
        for k in uniffi_error_kinds(decl):
            if any(x["key"] == f["key"] for x in k["fields"]):
                out.append(f"        is ZeitkontoException.{k['kind']} -> this.{f['key']}")
        out.append(f"        else -> {default}")
        out.append("    }")
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


def swift_error_fields(decl):
    """The shared error fields (`errorShared`) as properties of Swift's `ZeitkontoError`: the
    case's own value where it carries the field, the default elsewhere."""
    out = [f"// {HEADER}", "", "extension ZeitkontoError {"]
    for f in decl["errorShared"]:
        _, ty, _, default = UNIFFI_SHARED_TYPES[f["type"]]
        out += doc_lines(f["doc"], "    ")
        out.append(f"    public var {f['key']}: {ty} {{")
        out.append("        switch self {")
        for k in uniffi_error_kinds(decl):
            keys = [x["key"] for x in k["fields"]]
            if f["key"] in keys:
                # Positional: each field of the case, then its `description`.
                parts = ["let value" if key == f["key"] else "_" for key in keys] + ["_"]
                out.append(f"        case .{lower_first(k['kind'])}({', '.join(parts)}): return value")
        out.append(f"        default: return {default}")
        out.append("        }")
        out.append("    }")
        out.append("")
    out[-1] = "}"
    return "\n".join(out) + "\n"
