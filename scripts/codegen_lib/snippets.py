"""The documentation's snippets: each operation's example call (written once, as canonical
parameters, in its vector file `tests/vectors/operations/<op>.json` under `example`) rendered in
every language by the surface rule, and each language's test file that runs every snippet against
that language's in-process test kit.

One function per language renders a snippet; the documentation site (scripts/docs.py) shows exactly
that text, and the test files below wrap exactly that text, so a renamed parameter or method fails a
test in the language it breaks. `client` is the page's one assumption: a client made as the
language's quickstart shows (in the tests: the test kit's client over the demo company, "today"
2026-11-21).
"""

import json
import os
import re

from .common import HEADER, camel, ordered, output_parts, pascal
from . import rust as rs_gen

TODAY = (2026, 11, 21)

# The languages of the site's tabs, in tab order: (key, tab title, code-fence language).
LANGUAGES = [
    ("rust", "Rust", "rust"),
    ("python", "Python", "python"),
    ("python_async", "Python (async)", "python"),
    ("typescript", "TypeScript", "ts"),
    ("kotlin", "Kotlin", "kotlin"),
    ("swift", "Swift", "swift"),
]


def examples(root, decl):
    """{operation name: canonical params}, read from the vector files; every operation has one, and
    every key is a declared parameter (a missing or misspelt example fails the generator)."""
    out = {}
    for op in decl["operations"]:
        path = os.path.join(root, "tests/vectors/operations", op["name"] + ".json")
        with open(path) as f:
            vec = json.load(f)
        ex = vec.get("example")
        if not isinstance(ex, dict) or not isinstance(ex.get("params"), dict):
            raise SystemExit(f"codegen: {path} has no \"example\": {{\"params\": {{...}}}} (the documented call)")
        keys = {p["key"] for p in op["params"]}
        unknown = set(ex["params"]) - keys
        if unknown:
            raise SystemExit(f"codegen: {path}: the example names no parameter {sorted(unknown)}")
        missing = [p["key"] for p in op["params"] if p["required"] and p["key"] not in ex["params"]]
        if missing:
            raise SystemExit(f"codegen: {path}: the example lacks the required {missing}")
        out[op["name"]] = ex["params"]
    return out


def _date(v):
    y, m, d = (int(x) for x in v.split("-"))
    return y, m, d


def _time(v):
    h, m = (int(x) for x in v.split(":")[:2])
    return h, m


def _given(op, params):
    """(parameter, value) of the example, in the language's order (required first)."""
    return [(p, params[p["key"]]) for p in ordered(op) if p["key"] in params]


def _result(op):
    return output_parts(op["output"])[0] != "unit"


# A call longer than this goes one argument per line (the site's code blocks show about 80
# characters before they scroll).
WIDTH = 80


def _call(head, args, trailing_comma=True):
    """`head(a, b)` on one line, or one argument per line when that is longer than WIDTH (Swift 6.0
    takes no trailing comma in an argument list: `trailing_comma=False`)."""
    one = f"{head}({', '.join(args)})"
    if len(one) <= WIDTH or not args:
        return one
    lines = [f"    {a}," for a in args]
    if not trailing_comma:
        lines[-1] = lines[-1][:-1]
    return head + "(\n" + "\n".join(lines) + "\n)"


# ---------------------------------------------------------------------------------------------
# Python (sync and async)


def _py_value(p, v):
    t = p["type"]
    if t == "date":
        return "datetime.date(%d, %d, %d)" % _date(v)
    if t == "timeOfDay":
        return "datetime.time(%d, %d)" % _time(v)
    if t == "bool":
        return "True" if v else "False"
    if t == "number":
        return repr(float(v))
    if t == "jsonMap":
        return repr(v)
    return json.dumps(v, ensure_ascii=False)


def python(op, params, asynchronous=False):
    given = _given(op, params)
    args = [(_py_value(p, v) if p["required"] else f"{p['name']}={_py_value(p, v)}") for p, v in given]
    call = _call(f"{'await ' if asynchronous else ''}client.{op['name']}", args)
    lines = []
    if any(p["type"] in ("date", "timeOfDay") for p, _ in given):
        lines += ["import datetime", ""]
    if _result(op):
        lines += [f"result = {call}", "print(result)"]
    else:
        lines.append(call)
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------
# TypeScript / JavaScript (the npm package)


def _js_value(v):
    return json.dumps(v, ensure_ascii=False)


def typescript(op, params):
    given = _given(op, params)
    args = [_js_value(v) for p, v in given if p["required"]]
    opts = [f"{camel(p['name'])}: {_js_value(v)}" for p, v in given if not p["required"]]
    if opts:
        args.append("{ " + ", ".join(opts) + " }")
    call = _call(f"await client.{camel(op['name'])}", args)
    return f"const result = {call};\nconsole.log(result);" if _result(op) else call + ";"


# ---------------------------------------------------------------------------------------------
# Rust (the `zeitkonto` crate)

MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
          "October", "November", "December"]


def _rs_value(p, v, positional):
    t = p["type"]
    if t == "text":
        return json.dumps(v, ensure_ascii=False) + ("" if positional else ".into()")
    if t == "date" or t == "timeOfDay":
        return json.dumps(v) + ".parse()?"
    if t == "month":
        return f"Month::{MONTHS[int(v) - 1]}"
    if t == "clockAction":
        return f"ClockAction::{pascal(v)}"
    if t == "bool":
        return "true" if v else "false"
    if t == "number":
        return repr(float(v))
    if t == "textList":
        items = ", ".join(json.dumps(x, ensure_ascii=False) + ".to_string()" for x in v)
        return f"&[{items}]" if positional else f"vec![{items}]"
    if t == "jsonMap":
        items = ", ".join(f"({json.dumps(k)}.to_string(), serde_json::json!({json.dumps(x)}))" for k, x in v.items())
        return f"Some([{items}].into_iter().collect())"
    return json.dumps(v)


def _rs_arg(p, params, positional):
    key = p["key"]
    opt = re.sub(r"\s", "", p["rustType"]).startswith("Option<")
    if key not in params:
        if opt:
            return "None"
        return {"bool": "false", "textList": "vec![]"}.get(p["type"], "Default::default()")
    v = _rs_value(p, params[key], positional)
    return f"Some({v})" if opt and not v.startswith("Some(") else v


def rust(op, params):
    uses = []
    if any(p["type"] == "month" and p["key"] in params for p in op["params"]):
        uses.append("use zeitkonto::Month;")
    if rs_gen.positional(op):
        args = ", ".join(_rs_arg(p, params, True) for p in op["params"])
        call = f"client.{op['name']}({args}).await?"
    else:
        struct = pascal(op["name"])
        names = [struct] + (["ClockAction"] if any(p["type"] == "clockAction" for p in op["params"]) else [])
        uses.append(f"use zeitkonto::ops::{{{', '.join(names)}}};" if len(names) > 1 else f"use zeitkonto::ops::{struct};")
        fields = "".join(f"    {p['name']}: {_rs_arg(p, params, False)},\n" for p in op["params"])
        call = f"client.{op['name']}(&{struct} {{\n{fields}}}).await?"
    lines = sorted(uses) + ([""] if uses else [])
    if _result(op):
        lines += [f"let result = {call};", 'println!("{result:?}");']
    else:
        lines.append(call + ";")
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------
# Kotlin and Swift (uniffi)


def _kt_value(p, v):
    t = p["type"]
    if t == "date":
        return "LocalDate.of(%d, %d, %d)" % _date(v)
    if t == "timeOfDay":
        return "LocalTime.of(%d, %d)" % _time(v)
    if t == "clockAction":
        return f"ClockAction.{v.upper()}"
    if t == "bool":
        return "true" if v else "false"
    if t == "number":
        return repr(float(v))
    if t == "textList":
        return "listOf(" + ", ".join(json.dumps(x, ensure_ascii=False) for x in v) + ")"
    if t == "jsonMap":
        return "mapOf(" + ", ".join(f"{json.dumps(k)} to {json.dumps(json.dumps(x))}" for k, x in v.items()) + ")"
    return json.dumps(v, ensure_ascii=False).replace("$", "\\$")


def kotlin_imports(op, params):
    given = _given(op, params)
    imports = set()
    if any(p["type"] == "date" for p, _ in given):
        imports.add("import java.time.LocalDate")
    if any(p["type"] == "timeOfDay" for p, _ in given):
        imports.add("import java.time.LocalTime")
    if any(p["type"] == "clockAction" for p, _ in given):
        imports.add("import de.zeitkonto.ClockAction")
    return sorted(imports)


def kotlin_body(op, params):
    given = _given(op, params)
    args = [(_kt_value(p, v) if p["required"] else f"{camel(p['name'])} = {_kt_value(p, v)}") for p, v in given]
    call = _call(f"client.{camel(op['name'])}", args)
    return f"val result = {call}\nprintln(result)" if _result(op) else call


def kotlin(op, params):
    imports = kotlin_imports(op, params)
    return "\n".join(imports + ([""] if imports else []) + [kotlin_body(op, params)])


def _swift_value(p, v):
    t = p["type"]
    if t == "clockAction":
        return "." + v
    if t == "bool":
        return "true" if v else "false"
    if t == "number":
        return repr(float(v))
    if t == "textList":
        return "[" + ", ".join(json.dumps(x, ensure_ascii=False) for x in v) + "]"
    if t == "jsonMap":
        return "[" + ", ".join(f"{json.dumps(k)}: {json.dumps(json.dumps(x))}" for k, x in v.items()) + "]"
    return json.dumps(v, ensure_ascii=False)


def swift(op, params):
    args = [f"{camel(p['name'])}: {_swift_value(p, v)}" for p, v in _given(op, params)]
    call = _call(f"try await client.{camel(op['name'])}", args, trailing_comma=False)
    return f"let result = {call}\nprint(result)" if _result(op) else call


def render(lang, op, params):
    return {
        "rust": lambda: rust(op, params),
        "python": lambda: python(op, params),
        "python_async": lambda: python(op, params, asynchronous=True),
        "typescript": lambda: typescript(op, params),
        "kotlin": lambda: kotlin(op, params),
        "swift": lambda: swift(op, params),
    }[lang]()


# ---------------------------------------------------------------------------------------------
# The test files: each wraps every snippet, verbatim, in a test against the in-process kit.


def _indent(text, pad):
    return "\n".join((pad + line) if line else "" for line in text.split("\n"))


def rust_tests(decl, exs):
    out = [
        f"//! The documentation's Rust snippets, each run against the in-process test kit. {HEADER}",
        "//! The snippets come from each operation's `example` in tests/vectors/operations/.",
        "",
        "use zeitkonto_sandbox::engine::EngineConfig;",
        "use zeitkonto_sandbox::InProcess;",
        "",
        "fn kit() -> InProcess {",
        f'    InProcess::new(EngineConfig {{ today: zeitkonto::Date::new({TODAY[0]}, {TODAY[1]}, {TODAY[2]}), ..Default::default() }})',
        "}",
    ]
    for op in decl["operations"]:
        out += [
            "",
            "#[tokio::test]",
            f"async fn {op['name']}() -> Result<(), Box<dyn std::error::Error>> {{",
            "    let sandbox = kit();",
            "    let client = sandbox.client().build()?;",
            _indent(rust(op, exs[op["name"]]), "    "),
            "    Ok(())",
            "}",
        ]
    return "\n".join(out) + "\n"


def python_tests(decl, exs):
    y, m, d = TODAY
    out = [
        f'"""The documentation\'s Python snippets (sync and async), each run against the in-process test kit.',
        "",
        f"{HEADER} The snippets come from each operation's `example` in",
        'tests/vectors/operations/."""',
        "# ruff: noqa",
        "# mypy: ignore-errors",
        "import asyncio",
        "import datetime",
        "",
        "import zeitkonto",
        "from zeitkonto.testing import Sandbox",
        "",
        "",
        "def _sandbox() -> Sandbox:",
        f"    return Sandbox(today=datetime.date({y}, {m}, {d}))",
    ]
    for op in decl["operations"]:
        params = exs[op["name"]]
        out += [
            "",
            "",
            f"def test_{op['name']}() -> None:",
            "    with _sandbox() as sandbox, sandbox.client() as client:",
            _indent(python(op, params), "        "),
            "",
            "",
            f"def test_{op['name']}_async() -> None:",
            "    async def run(client: zeitkonto.AsyncClient) -> None:",
            _indent(python(op, params, asynchronous=True), "        "),
            "",
            "    with _sandbox() as sandbox:",
            "        asyncio.run(_with(sandbox, run))",
        ]
    out += [
        "",
        "",
        "async def _with(sandbox: Sandbox, run) -> None:",
        "    async with sandbox.async_client() as client:",
        "        await run(client)",
    ]
    return "\n".join(out) + "\n"


def npm_tests(decl, exs):
    y, m, d = TODAY
    out = [
        f"// The documentation's TypeScript snippets, each run against the in-process test kit. {HEADER}",
        "// The snippets come from each operation's `example` in tests/vectors/operations/.",
        'import { test } from "node:test";',
        'import { Sandbox } from "zeitkonto/testing";',
        "",
        f'const kit = () => Sandbox.create({{ today: "{y}-{m:02d}-{d:02d}" }});',
    ]
    for op in decl["operations"]:
        out += [
            "",
            f'test("{op["name"]}", async () => {{',
            "  const client = (await kit()).client();",
            _indent(typescript(op, exs[op["name"]]), "  "),
            "});",
        ]
    return "\n".join(out) + "\n"


def kotlin_tests(decl, exs):
    y, m, d = TODAY
    imports = {"import de.zeitkonto.testing.ZeitkontoSandbox", "import java.time.LocalDate",
               "import kotlinx.coroutines.runBlocking", "import org.junit.jupiter.api.Test"}
    for op in decl["operations"]:
        imports.update(kotlin_imports(op, exs[op["name"]]))
    out = [
        f"// The documentation's Kotlin snippets, each run against the in-process test kit. {HEADER}",
        "// The snippets come from each operation's `example` in tests/vectors/operations/.",
        *sorted(imports),
        "",
        "class DocSnippetsTest {",
        f"    private fun client() = ZeitkontoSandbox(today = LocalDate.of({y}, {m}, {d})).client()",
    ]
    for op in decl["operations"]:
        out += [
            "",
            "    @Test",
            f"    fun {camel(op['name'])}(): Unit = runBlocking {{",
            "        val client = client()",
            _indent(kotlin_body(op, exs[op["name"]]), "        "),
            "        Unit",
            "    }",
        ]
    out.append("}")
    return "\n".join(out) + "\n"


def swift_tests(decl, exs):
    y, m, d = TODAY
    out = [
        f"// The documentation's Swift snippets, each run against the in-process test kit. {HEADER}",
        "// The snippets come from each operation's `example` in tests/vectors/operations/.",
        "import XCTest",
        "import Zeitkonto",
        "import ZeitkontoTesting",
        "",
        "final class DocSnippetsTests: XCTestCase {",
        "    private func client() throws -> ZeitkontoClient {",
        f'        try ZeitkontoSandbox(today: "{y}-{m:02d}-{d:02d}").client()',
        "    }",
    ]
    for op in decl["operations"]:
        out += [
            "",
            f"    func test{pascal(op['name'])}() async throws {{",
            "        let client = try client()",
            _indent(swift(op, exs[op["name"]]), "        "),
            "    }",
        ]
    out.append("}")
    return "\n".join(out) + "\n"


# Where codegen writes them (each language's own test runner picks them up).
TEST_FILES = {
    "tests/sandbox/tests/doc_snippets.rs": rust_tests,
    "bindings-python/tests/test_doc_snippets.py": python_tests,
    "bindings-wasm/npm/test/doc-snippets.test.mjs": npm_tests,
    "bindings-uniffi/kotlin-testing/src/test/kotlin/DocSnippetsTest.kt": kotlin_tests,
    "bindings-uniffi/swift/Tests/ZeitkontoTestingTests/DocSnippetsTests.swift": swift_tests,
}
