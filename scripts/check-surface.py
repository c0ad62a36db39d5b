#!/usr/bin/env python3
"""The drift check of the Kotlin and Swift surfaces: the code uniffi generated (the sources the
jar and the Swift package are built from) against the core's declaration
(tests/vectors/declaration.json). For every operation: the method exists, is async (`suspend fun`,
`async throws`), has a doc comment, and takes the declared parameters in the surface rule's order
(required first, in declared order, without defaults; optional ones after, with defaults), under
their camelCase names. No other operation-like method appears. Python and npm have their own
drift tests (bindings-python/tests/test_surface.py, bindings-wasm/npm/test/surface.test.mjs).

    check-surface.py DECLARATION.json GENERATED.kt GENERATED.swift [HAND-WRITTEN.swift ...]

It also checks that every user-facing public Swift symbol (generated or hand-written) has a doc
comment.
"""

import json
import re
import sys

from codegen_lib.common import lower_first  # Swift's casing of a case

# Methods of the client that are not operations (lifecycle, by-name call); the shorthands
# (`come`: `clock` with `action` "come") are checked as operations with the parameters they take.
NOT_OPERATIONS = {"call", "close", "destroy", "uniffiClonePointer"}


def camel(snake):
    head, *rest = snake.split("_")
    return head + "".join(w[:1].upper() + w[1:] for w in rest)


def split_params(text):
    out, depth, cur = [], 0, ""
    for c in text:
        if c in "<([":
            depth += 1
        elif c in ">)]":
            depth -= 1
        if c == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += c
    if cur.strip():
        out.append(cur.strip())
    return out


def parse_param(p):
    name, _, rest = p.partition(":")
    return name.strip().strip("`"), "=" in rest


def check(lang, methods, decl):
    """methods: name -> (params [(name, has_default)], documented)."""
    problems = []
    declared = {camel(op["name"]): op for op in decl}
    for name, op in declared.items():
        if name not in methods:
            problems.append(f"{lang}: no method {name}")
            continue
        params, documented = methods[name]
        ordered = [p for p in op["params"] if p["required"]] + [p for p in op["params"] if not p["required"]]
        want = [(camel(p["name"]), not p["required"]) for p in ordered]
        if params != want:
            problems.append(f"{lang}: {name}{params} differs from the declaration {want}")
        if not documented:
            problems.append(f"{lang}: {name} has no doc comment")
    for name in methods:
        if name not in declared and name not in NOT_OPERATIONS:
            problems.append(f"{lang}: {name} is not a declared operation")
    return problems


def methods_in(body, pattern):
    """name -> (params, documented) for every line of `body` matching `pattern` (name, params);
    documented = the line before ends a doc comment."""
    lines = body.split("\n")
    methods = {}
    for i, line in enumerate(lines):
        m = re.match(pattern, line)
        if m:
            before = lines[i - 1].strip() if i else ""
            documented = before.endswith("*/") or before.startswith(("*", "///"))
            methods[m.group(1)] = ([parse_param(p) for p in split_params(m.group(2))], documented)
    return methods


def kotlin(text):
    """The client interface's `suspend fun`s (declarations carry the defaults)."""
    start = text.index("interface ZeitkontoClientInterface")
    return methods_in(text[start:text.index("\n}\n", start)], r"^    suspend fun `(\w+)`\((.*)\)\s*(:|$)")


def swift(text):
    """The client class's `open func ... async throws` (the class carries the defaults; not the
    transport protocol's `send`)."""
    start = text.index("open class ZeitkontoClient:")
    # The class ends where uniffi starts its converter (its body has unindented braces).
    end = text.index("public struct FfiConverterTypeZeitkontoClient", start)
    return methods_in(text[start:end], r"^open func (\w+)\((.*)\)\s*async throws")


def error_fields(lang, text, errors, start_marker, case_pattern):
    """Every error kind of the core (and `Internal`) is a case of the error type with the declared
    fields (camelCase) plus `description` (`{kind}`: the kind's name; `{case}`: in Swift's casing)."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)  # doc comments hold parentheses and colons
    start = text.index(start_marker)
    problems = []
    for e in (e for e in errors if e["origin"] == "core" or e["kind"] == "Internal"):
        m = re.search(case_pattern.format(kind=e["kind"], case=lower_first(e["kind"])), text[start:], re.S)
        if not m:
            problems.append(f"{lang}: no error case {e['kind']}")
            continue
        got = set(re.findall(r"`?(\w+)`?\s*:", m.group(1)))
        want = {f["key"] for f in e["fields"]} | {"description"}
        if got != want:
            problems.append(f"{lang}: error {e['kind']} has {sorted(got)}, the core {sorted(want)}")
    return problems


def settings_fields(lang, text, settings, record_pattern, duration_type):
    """The settings groups (`RetrySettings`, `RateLimitSettings`) and `ZeitkontoConfig` carry every
    declared setting under its name, a duration in the platform's own type."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    problems = []
    records = {g["groupType"]: g["key"] for g in settings if g["type"] == "group"}
    records["ZeitkontoConfig"] = ""
    for record, group in records.items():
        m = re.search(record_pattern.format(name=record), text, re.S)
        if not m:
            problems.append(f"{lang}: no record {record}")
            continue
        body = m.group(1)
        members = [x for x in settings if (x["key"].startswith(group + ".") if group else "." not in x["key"])]
        for x in members:
            name = x["key"].split(".")[-1]
            field = re.search(rf"`?\b{name}`?\s*:\s*([^\s,=]+)", body)
            if not field:
                problems.append(f"{lang}: {record} has no setting {name}")
            elif x["type"] == "duration" and field.group(1).rstrip("?") != duration_type:
                problems.append(f"{lang}: {record}.{name} is {field.group(1)}, not the platform's duration {duration_type}")
    return problems


def swift_docs(path):
    """Every user-facing public symbol of a Swift source has a doc comment: records and their
    fields, enums and their cases, the client's methods, protocols, functions, extensions' members.
    uniffi's converters (hidden from the documentation) and protocol requirements documented by
    their protocol (`description`, `errorDescription`) are not user-facing."""
    with open(path) as f:
        lines = f.read().split("\n")
    decl = re.compile(r"^\s*(?:public|open)\s+(?:convenience\s+|required\s+|static\s+|override\s+)*"
                      r"(func|init|var|let|struct|enum|class|protocol|typealias)\b\s*([^\s(:<=]*)")
    container, problems = "", []
    for i, line in enumerate(lines):
        m = re.match(r"^(?:public\s+|open\s+|fileprivate\s+|internal\s+)?(?:final\s+)?(?:struct|enum|class|protocol|extension)\s+(\w+)", line)
        if m:
            container = m.group(1)
        m = decl.match(line)
        if not m:
            continue
        kind, name = m.groups()
        if container.startswith(("FfiConverter", "Uniffi")) or name.startswith(("FfiConverter", "uniffi", "Uniffi")):
            continue
        if name in ("description", "errorDescription", "debugDescription", "NoHandle", "RustBuffer"):
            continue
        if kind == "init" and line.strip() in ("public init(", "public init(noHandle: NoHandle) {"):
            continue  # a record's memberwise init documents its fields in place; uniffi's handle init
        if "@_documentation(visibility: private)" in "\n".join(lines[max(0, i - 4):i]):
            continue
        j = i - 1
        while j >= 0 and (not lines[j].strip() or lines[j].strip().startswith(("@", "#"))):
            j -= 1
        before = lines[j].strip() if j >= 0 else ""
        if not (before.endswith("*/") or before.startswith(("///", "*"))):
            problems.append(f"Swift: {path.split('/')[-1]}:{i + 1} `{line.strip()[:80]}` has no doc comment")
    return problems


def main():
    decl_path, kt_path, swift_path = sys.argv[1:4]
    hand_written = sys.argv[4:]  # the package's own Swift files: documented like the generated ones
    with open(decl_path) as f:
        full = json.load(f)
    decl = full["operations"] + [
        {"name": s["name"], "params": [p for n in s["params"] for p in next(
            o for o in full["operations"] if o["name"] == s["operation"])["params"] if p["name"] == n]}
        for s in full["shorthands"]
    ]
    with open(kt_path) as f:
        kt = kotlin(f.read())
    with open(swift_path) as f:
        sw = swift(f.read())
    problems = check("Kotlin", kt, decl) + check("Swift", sw, decl)
    with open(kt_path) as f:
        problems += error_fields("Kotlin", f.read(), full["errors"], "sealed class ZeitkontoException",
                                 r"class {kind}\((.*?)\)\s*: ZeitkontoException\(\)")
    with open(swift_path) as f:
        problems += error_fields("Swift", f.read(), full["errors"], "enum ZeitkontoError:",
                                 r"\n\s*case `?{case}`?(?:\((.*?)\))?\s*\n")
    with open(kt_path) as f:
        problems += settings_fields("Kotlin", f.read(), full["settings"], r"data class {name}\s*\((.*?)\n\)", "kotlin.time.Duration")
    with open(swift_path) as f:
        problems += settings_fields("Swift", f.read(), full["settings"], r"public struct {name}\b[^{{]*\{{(.*?)\n\}}", "TimeInterval")
    for path in [swift_path, *hand_written]:
        problems += swift_docs(path)
    for p in problems:
        print("check-surface:", p)
    if problems:
        sys.exit(1)
    print(f"check-surface: Kotlin and Swift: the operations, error kinds and settings match the declaration;"
          " every public Swift symbol has a doc comment")


if __name__ == "__main__":
    main()
