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
    "object": "RawJson",
}


def rs_param_value(p):
    """The uniffi argument `p["name"]` as the core params struct's field (fallible ones with `?`)."""
    n, key = p["name"], p["key"]
    inner = re.sub(r"^Option<(.*)>$", r"\1", p["rustType"])
    conv = {
        "u32": 'types::unsigned("{key}", {x})',
        "i32": 'types::int32("{key}", {x})',
        "Month": 'types::month("{key}", {x})',
        "Date": 'types::date("{key}", {x})',
        "Value": '{x}.parse("{key}")',
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
        "use crate::types::{self, IsoDate, PlatformInt, RawJson};",
        "use crate::ZeitkontoError;",
        "",
        "#[uniffi::export(async_runtime = \"tokio\")]",
        "impl ZeitkontoClient {",
    ]
    first = True
    for op in decl["operations"]:
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
        fields = ", ".join(f"{p['name']}: {rs_param_value(p)}" if rs_param_value(p) != p["name"] else p["name"] for p in op["params"])
        out.append(f"        let params = ops::{pascal(op['name'])} {{ {fields} }};")
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
