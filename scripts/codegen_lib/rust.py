"""Rust: the operations as methods of the client crate's `Client` (client/src/operations.rs).

The Rust rule (documented in the crate): an operation whose parameters are all required, or that
has at most two, takes them positionally in declared order (an optional one as `Option<T>`);
any other takes its params struct (`&ops::TimeAccountReport { email: …, year: None, … }`), which
names every field as Rust has no named arguments.
"""

import re

from .common import *  # noqa: F401,F403 - the shared helpers


def positional(op):
    ps = op["params"]
    return all(p["required"] for p in ps) or len(ps) <= 2


def rs_arg(p):
    """(argument type, expression that builds the struct field from it)."""
    t = re.sub(r"\s", "", p["rustType"])
    n = p["name"]
    if t == "String":
        return "&str", f"{n}.to_string()"
    if t == "Option<String>":
        return "Option<&str>", f"{n}.map(str::to_string)"
    if t == "Value":
        return "&Value", f"{n}.clone()"
    if t == "Vec<String>":
        return "&[String]", f"{n}.to_vec()"
    return t, n



def client_methods(decl):
    models = sorted({w for op in decl["operations"] for w in re.findall(r"\b[A-Z]\w+", op["output"])}
                    - {"Vec", "BTreeMap", "String", "Value"})
    out = [
        f"//! Every operation as a method of [`Client`]. {HEADER}",
        "//!",
        "//! An operation whose parameters are all required, or that has at most two, takes them",
        "//! positionally (an optional one as `Option<T>`); any other takes its params struct, which",
        "//! names each field. [`Client::execute`] runs any operation value.",
        "",
        "#[allow(unused_imports)]",
        "use std::collections::BTreeMap;",
        "",
        "#[allow(unused_imports)]",
        "use serde_json::Value;",
        "use zeitkonto_core::ops;",
        "#[allow(unused_imports)]",
        "use zeitkonto_core::ops::ClockAction;",
        "#[allow(unused_imports)]",
        "use zeitkonto_core::{Date, Month};",
        f"use zeitkonto_core::{{Error, {', '.join(models)}}};",
        "",
        "use crate::Client;",
        "",
        "impl Client {",
    ]
    for i, op in enumerate(decl["operations"]):
        if i:
            out.append("")
        out += [l if l.strip() != "///" else "    ///" for l in wrap(op_doc(op, "None"), 100, "    /// ")]
        struct = f"ops::{pascal(op['name'])}"
        ret = op["output"]
        if positional(op):
            if op["params"]:
                out.append("    ///")
                for p in op["params"]:
                    item = wrap(f"- `{p['name']}`: {doc_for(p['doc'], 'None')}", 98, "    /// ")
                    # Continuation lines indented under the item (rustdoc's list syntax).
                    out += item[:1] + [l.replace("/// ", "///   ", 1) for l in item[1:]]
            args = ", ".join(f"{p['name']}: {rs_arg(p)[0]}" for p in op["params"])
            fields = ", ".join(p["name"] if rs_arg(p)[1] == p["name"] else f"{p['name']}: {rs_arg(p)[1]}" for p in op["params"])
            out.append(f"    pub async fn {op['name']}(&self{', ' if args else ''}{args}) -> Result<{ret}, Error> {{")
            out.append(f"        self.execute(&{struct} {{ {fields} }}).await")
        else:
            out.append("    ///")
            out.append(f"    /// The parameters are the fields of [`{struct}`].")
            out.append(f"    pub async fn {op['name']}(&self, params: &{struct}) -> Result<{ret}, Error> {{")
            out.append("        self.execute(params).await")
        out.append("    }")
    out.append("}")
    return "\n".join(out) + "\n"
