#!/usr/bin/env python3
"""Writes the documentation site's sources (mkdocs-material) from the core's declaration, the
operations' examples and the repository's guides; scripts/docs builds and checks the site.

    docs.py OUT_DIR WIRE_JSON

- a page per operation (`operations/<op>.md`): what it does, its route, key, rate-limit cost,
  retry and "may have been applied" rule, parameters (types, units, month base), the result
  model, the errors it can raise with the API's codes, and the call in every language as tabs:
  the snippets scripts/codegen_lib/snippets.py renders (the same text each language's snippet
  test runs) plus `curl`, written from the request the core builds (WIRE_JSON, from
  `cargo run -p zeitkonto-core --example wire`) with the keys as placeholders;
- the guides: `docs/guide/*.md`, the README's quickstarts, the sandbox's README and each
  package's README, with links between repository files turned into links between pages (a file
  the site does not hold links to the repository);
- the API reference index (the per-language references scripts/docs builds).
"""

import json
import os
import re
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from codegen_lib import snippets  # noqa: E402
from codegen_lib.common import camel, doc_for, ordered, output_parts  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _repository():
    """The workspace's `repository` (Cargo.toml): where a link to a file the site does not hold goes."""
    with open(os.path.join(REPO, "Cargo.toml")) as f:
        m = re.search(r'(?m)^repository = "([^"]+)"', f.read())
    if not m:
        raise SystemExit("docs: Cargo.toml names no repository")
    return m.group(1)


REPO_URL = _repository()

# Site page ← repository file (the guides and READMEs the site holds).
PAGES = {
    "guide/quickstart.md": None,  # the README's quickstarts, cut out below
    "guide/errors.md": "docs/guide/errors.md",
    "guide/rate-limit.md": "docs/guide/rate-limit.md",
    "guide/network.md": "docs/guide/network.md",
    "guide/jobs.md": "docs/guide/jobs.md",
    "guide/testing.md": "docs/guide/testing.md",
    "guide/observability.md": "docs/guide/observability.md",
    "guide/platforms.md": "docs/guide/platforms.md",
    "guide/spec-choices.md": "docs/guide/spec-choices.md",
    "guide/development.md": "docs/guide/development.md",
    "guide/sandbox.md": "tests/sandbox/README.md",
    "packages/rust.md": "client/README.md",
    "packages/python.md": "bindings-python/README.md",
    "packages/python-guide.md": "docs/guide/python.md",
    "packages/npm.md": "bindings-wasm/npm/README.md",
    "packages/npm-guide.md": "docs/guide/npm.md",
    "packages/kotlin-swift.md": "bindings-uniffi/README.md",
    "packages/kotlin-swift-guide.md": "docs/guide/kotlin-swift.md",
    "architecture.md": "ARCHITECTURE.md",
    "spec/api-spec.md": "docs/spec/api-spec.md",
    "spec/routes.md": "docs/spec/routes.md",
}
SOURCE_TO_PAGE = {src: page for page, src in PAGES.items() if src}
SOURCE_TO_PAGE["README.md"] = "index.md"

NAV_GUIDES = [
    ("Quickstart", "guide/quickstart.md"),
    ("Errors and retries", "guide/errors.md"),
    ("The rate limit", "guide/rate-limit.md"),
    ("Jobs and the command line", "guide/jobs.md"),
    ("The test kit", "guide/testing.md"),
    ("The sandbox's rules", "guide/sandbox.md"),
    ("Observability", "guide/observability.md"),
    ("TLS, proxies, compression", "guide/network.md"),
    ("Platforms and runtimes", "guide/platforms.md"),
    ("Where the spec is silent", "guide/spec-choices.md"),
    ("Development", "guide/development.md"),
]

TYPE_NAMES = {
    "text": "text",
    "date": "date",
    "month": "month",
    "integer": "integer",
    "number": "number",
    "bool": "boolean",
    "clockAction": "clock action",
    "timeOfDay": "time of day",
    "textList": "list of text",
    "jsonMap": "JSON object",
}

KEYS = {
    "company": "the company key (`ZEITKONTO_API_KEY`)",
    "workspace": "the workspace key (`ZEITKONTO_WORKSPACE_KEY`)",
}

# The demo secrets the wire form carries, and the placeholders the curl tab shows instead.
PLACEHOLDERS = [
    ("demo-company-key", "ZEITKONTO_API_KEY"),
    ("demo-workspace-key", "ZEITKONTO_WORKSPACE_KEY"),
    ("demo-department-key", "ZEITKONTO_DEPARTMENT_KEY"),
]


# The API listings stay out of the site's search (a symbol dump outranks the pages people look
# for; each language's reference tool has its own search).
NO_SEARCH = "---\nsearch:\n  exclude: true\n---\n\n"


def md_doc(text):
    """Rustdoc text → markdown for the site (intra-doc links become code)."""
    return doc_for(text, "None")


def curl(wire, base):
    """The raw wire form as a curl command, keys as shell variables."""
    url = wire["url"].replace(base, "$ZEITKONTO_BASE_URL", 1)
    body = wire.get("body")
    for secret, var in PLACEHOLDERS:
        url = url.replace(secret, "$" + var)
        if body:
            body = body.replace(secret, "$" + var)
    parts = [f'curl -sS -X {wire["method"]} "{url}"']
    for name, value in wire["headers"]:
        if name.lower() in ("user-agent", "accept-encoding"):
            continue
        parts.append(f"-H '{name}: {value}'")
    if body is not None:
        # Double quotes so the shell puts the key in; the JSON's own quotes escaped.
        parts.append('--data "' + body.replace("\\", "\\\\").replace('"', '\\"') + '"')
    return " \\\n  ".join(parts)


def month_base(op):
    text = op["doc"] + " ".join(p["doc"] for p in op["params"])
    if "0-based" in text:
        return "sent 0-based on the wire (January = 0); you pass 1–12"
    return "sent 1-based on the wire; you pass 1–12"


def param_table(op):
    if not op["params"]:
        return ["This operation takes no parameters."]
    rows = [
        "| Rust, Python | TypeScript, Kotlin, Swift | type | required | meaning |",
        "|---|---|---|---|---|",
    ]
    for p in ordered(op):
        t = TYPE_NAMES.get(p["type"], p["type"])
        if p["type"] == "month":
            t += f" ({month_base(op)})"
        req = "yes" if p["required"] else f"no (default `{p['default']}`)"
        doc = md_doc(p["doc"]).replace("|", "\\|").replace("\n", " ")
        rows.append(f"| `{p['name']}` | `{camel(p['name'])}` | {t} | {req} | {doc} |")
    return rows


def result_section(op, models):
    shape, name = output_parts(op["output"])
    if shape == "unit":
        return ["Nothing: the call returns when the API confirmed the write (see the errors for every other answer)."]
    intro = {
        "one": f"One `{name}`.",
        "list": f"A list of `{name}`.",
        "map": f"A map from the API's keys to `{name}`.",
        "rawlist": "A list of raw JSON values (the spec does not describe the records).",
    }[shape]
    out = [intro]
    if name and name in models:
        m = models[name]
        out += ["", md_doc(m["doc"]), "", "| field (Rust, Python) | TypeScript, Kotlin, Swift | meaning |", "|---|---|---|"]
        for f in m["fields"]:
            out.append(f"| `{f['name']}` | `{f['key']}` | {md_doc(f['doc']).replace('|', chr(92) + '|')} |")
        if m.get("extra"):
            out += ["", "Fields this version does not know, and values that do not fit their type, are kept in `extra`."]
    return out


SOURCES = {
    "help": "a public help page of the vendor shows it",
    "spec": "the spec gives it",
    "assumed": "nobody shows it; Zeitkonto's default, to override if your instance differs",
}


def spec_anchor(heading):
    """The anchor the site gives a heading (the toc's slugify below: pymdownx.slugs, lower case)."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def vector_errors(name):
    """The error kinds the operation's shared vectors expect of it (its answers' and its input's)."""
    with open(os.path.join(REPO, "tests", "vectors", "operations", f"{name}.json"), encoding="utf-8") as f:
        cases = json.load(f)
    return {c["error"]["kind"] for group in cases.values() if isinstance(group, list)
            for c in group if isinstance(c, dict) and isinstance(c.get("error"), dict)}


def errors_section(op, decl):
    kinds = {e["kind"]: e for e in decl["errors"]}
    doc = op["doc"]
    rows = ["| error | when |", "|---|---|"]

    def row(kind, when):
        rows.append(f"| `{kind}` | {when} |")

    row("InvalidInput", "a parameter or setting is refused before anything is sent (no request is spent); `field` names it")
    codes = ", ".join(f"{c['number']} {c['meaning']} (`{c['name']}`)" for c in decl["apiCodes"])
    row("Api", f"the API answered with a code of its table: {codes}; any other number is kept as `unknown`")
    row("Forbidden", md_doc(kinds["Forbidden"]["doc"]))
    if "Refused" in doc or "Refused" in vector_errors(op["name"]):
        row("Refused", md_doc(kinds["Refused"]["doc"]))
    row("RateLimited", md_doc(kinds["RateLimited"]["doc"]))
    for k in ("UnexpectedStatus", "Decode", "Transport", "Tls", "Timeout"):
        row(k, md_doc(kinds[k]["doc"]))
    return rows + ["", "Each language names them the same way: Rust `Error::Api { .. }`, Python `ApiError` "
                   "(and a subclass per code, such as `EmployeeNotFoundError`), TypeScript `ApiError`, "
                   "Kotlin `ZeitkontoException.Api`, Swift `ZeitkontoError.api`. "
                   "See [Errors and retries](../guide/errors.md)."]


def spec_link(op):
    section = op["specSection"]
    if not section:
        return "not in the spec (an operation added since)"
    return f"[{section}](../spec/api-spec.md#{spec_anchor(section)}), under Endpoints; its rules: [Errors](../spec/api-spec.md#errors), [Limits](../spec/api-spec.md#limits)"


def op_page(op, decl, models, params, curl_text):
    name = op["name"]
    write = not op["idempotent"]
    retry = (
        "A write: **never sent again** by the SDK once it may have reached the server (after a 429, which "
        "the API answers before doing anything, it is sent again once the wait is over). When an error "
        "says `may_have_reached_server` (`mayHaveReachedServer`), the write may have been applied: "
        "check before sending it again."
        if write else
        "A read: retried on connection failures, timeouts and 5xx answers (0.5 s doubling to 8 s, 2 retries)."
    )
    lines = [
        f"# `{name}`",
        "",
        f"**{op['summary']}**",
        "",
        md_doc(op["doc"]),
        "",
        "| | |",
        "|---|---|",
        f"| request | `{op['method']} {op['path']}` (every route can be overridden) |",
        f"| route from | `{op['routeSource']}` in the [route table](../spec/routes.md): {SOURCES[op['routeSource']]} |",
        f"| spec | {spec_link(op)} |",
        f"| key | {KEYS.get(op['key'], op['key'])}, in the {'path' if '{api}' in op['path'] else 'body'}; never shown in errors, logs or traces |",
        "| rate-limit cost | 1 request of the key's 60 per minute; a 429 is waited out (`Retry-After`, at most 60 s) and sent again, reads and writes alike ([the rate limit](../guide/rate-limit.md)) |",
        f"| retries | {retry} |",
        f"| method name | Rust, Python `{name}`; TypeScript, Kotlin, Swift `{camel(name)}` |",
        "",
        "## Call it",
        "",
        "`client` is a client made as in the [quickstart](../guide/quickstart.md); the values are the "
        "[sandbox's](../guide/sandbox.md) demo company, and every tab below runs in CI against its "
        "language's in-process test kit (curl against the sandbox server).",
        "",
    ]
    for lang, title, fence in snippets.LANGUAGES:
        code = snippets.render(lang, op, params)
        lines += [f'=== "{title}"', "", f"    ```{fence}"] + [("    " + l) if l else "" for l in code.split("\n")] + ["    ```", ""]
    lines += ['=== "curl"', "", "    ```sh"] + ["    " + l for l in curl_text.split("\n")] + ["    ```", ""]
    lines += ["## Parameters", ""] + param_table(op) + [""]
    lines += ["## Result", ""] + result_section(op, models) + [""]
    lines += ["## Errors", ""] + errors_section(op, decl) + [""]
    lines += [
        "## API reference",
        "",
        f"[Rust](../reference/rust/zeitkonto/struct.Client.html#method.{name}) · "
        f"[Python](../reference/python/zeitkonto.html#Client.{name}) · "
        f"[TypeScript](../reference/typescript/classes/Client.html#{camel(name).lower()}) · "
        f"[Kotlin](../reference/kotlin/zeitkonto/de.zeitkonto/-zeitkonto-client/{kebab(camel(name))}.html) · [Swift](../reference/swift.md{SWIFT_ANCHOR.format(camel(name))})",
        "",
    ]
    return "\n".join(lines)


def kebab(name):
    """Dokka's file name for a member: `bookAbsence` → `book-absence`."""
    return re.sub(r"([A-Z])", lambda m: "-" + m.group(1).lower(), name)


def rewrite_links(text, src, page):
    """Links between repository files → links between site pages (or to the repository)."""
    src_dir = os.path.dirname(src)
    page_dir = os.path.dirname(page)

    def fix(m):
        label, target = m.group(1), m.group(2)
        if re.match(r"^[a-z]+:", target) or target.startswith("#"):
            return m.group(0)
        path, _, anchor = target.partition("#")
        repo_path = os.path.normpath(os.path.join(src_dir, path)) if path else src
        if repo_path in SOURCE_TO_PAGE:
            rel = os.path.relpath(SOURCE_TO_PAGE[repo_path], page_dir or ".")
            return f"[{label}]({rel}{'#' + anchor if anchor else ''})"
        kind = "tree" if os.path.isdir(os.path.join(REPO, repo_path)) else "blob"
        return f"[{label}]({REPO_URL}/{kind}/main/{repo_path}{'#' + anchor if anchor else ''})"

    return re.sub(r"(?<!!)\[([^\]]*)\]\(([^)\s]+)\)", fix, text)


def fences(text):
    """A fence that names its file (```js payroll.test.mjs, how the READMEs mark the files the tests
    copy out) is a titled block for pymdownx (```js title="payroll.test.mjs"); left as it is,
    superfences would not see a fence there and the rest of the page would be swallowed."""
    return re.sub(r"(?m)^```(\w+) ([\w.-]+)$", r'```\1 title="\2"', text)


def quickstart_page():
    """The README's quickstart sections, as written (the README stays their one copy)."""
    with open(os.path.join(REPO, "README.md")) as f:
        text = f.read()
    parts = re.split(r"(?m)^## ", text)
    keep = [p for p in parts if re.match(r"\S+( / \S+)? quickstart", p)]
    if len(keep) != 5:
        raise SystemExit(f"docs: the README has {len(keep)} quickstart sections, not one per language")
    body = "\n".join("## " + p for p in keep)
    return "# Quickstart\n\nOne page per language would repeat itself: each section is the README's.\n\n" + body


def swift_symbols(folder, write):
    """The Swift reference from the symbol graphs scripts/swift-test dumps (`swift package
    dump-symbol-graph`): a page per module, a section per type, each public symbol with its
    declaration and doc comment."""
    if not os.path.isdir(folder):
        return
    for module in ("Zeitkonto", "ZeitkontoTesting"):
        path = os.path.join(folder, f"{module}.symbols.json")
        if not os.path.exists(path):
            continue
        with open(path) as f:
            graph = json.load(f)
        by_type = {}
        for s in graph["symbols"]:
            # Public, and declared here: not a default implementation the standard library
            # synthesizes for a conformance (`!=`, `hash(into:)` and the like).
            if s.get("accessLevel") not in ("public", "open") or "::SYNTHESIZED::" in s["identifier"]["precise"]:
                continue
            if (s.get("docComment") or {}).get("module") not in (None, module):
                continue
            top = s["pathComponents"][0]
            by_type.setdefault(top, []).append(s)
        lines = [f"# Swift API: `{module}`", "",
                 "Rendered from the module's symbol graph (`swift package dump-symbol-graph`, Swift 6.0.3; "
                 "DocC is not part of that toolchain on Linux). Every public symbol with its declaration and doc comment.", ""]
        anchors = set()
        for top in sorted(by_type):
            syms = sorted(by_type[top], key=lambda s: (len(s["pathComponents"]), s["names"]["title"]))
            lines += [f"## `{top}`", ""]
            for s in syms:
                decl = "".join(fr["spelling"] for fr in s.get("declarationFragments", []))
                doc = "\n".join(l["text"] for l in (s.get("docComment") or {}).get("lines", []))
                if len(s["pathComponents"]) > 1:
                    # A method's first form is anchored by its name (#ZeitkontoClient.bookAbsence).
                    anchor = f"{top}.{s['pathComponents'][1].split('(')[0]}"
                    own = "" if anchor in anchors else f" {{#{anchor}}}"
                    anchors.add(anchor)
                    lines += [f"### `{'.'.join(s['pathComponents'][1:])}`{own}", ""]
                lines += ["```swift", decl, "```", ""]
                if doc.strip():
                    lines += [doc.replace("<", "&lt;"), ""]
        write(f"reference/swift{'' if module == 'Zeitkonto' else '-testing'}.md", NO_SEARCH + "\n".join(lines) + "\n")


#: The Swift reference's anchor of a client method (none when the symbol graph is missing and the
#: page is the API baseline).
SWIFT_ANCHOR = ""


def main():
    global SWIFT_ANCHOR
    out, wire_path = sys.argv[1], sys.argv[2]
    if os.path.isdir(os.path.join(out, "swift-symbols")):
        SWIFT_ANCHOR = "#ZeitkontoClient.{}"
    with open(os.path.join(REPO, "tests/vectors/declaration.json")) as f:
        decl = json.load(f)
    with open(wire_path) as f:
        wire = json.load(f)
    base = wire.pop("_base")
    models = {m["name"]: m for m in decl["models"]}
    docs = os.path.join(out, "docs")
    shutil.rmtree(docs, ignore_errors=True)
    os.makedirs(os.path.join(docs, "operations"))

    def write(rel, text):
        path = os.path.join(docs, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)

    ops = decl["operations"]
    exs = snippets.examples(REPO, decl)
    os.makedirs(os.path.join(out, "curl"), exist_ok=True)
    for op in ops:
        curl_text = curl(wire[op["name"]], base)
        write(f"operations/{op['name']}.md", op_page(op, decl, models, exs[op["name"]], curl_text))
        # The curl tab as a file, for scripts/docs-check.py to run against the sandbox server.
        with open(os.path.join(out, "curl", op["name"] + ".sh"), "w") as f:
            f.write(curl_text + "\n")
    index = ["# Operations", "", "Every operation of the API, with its call in Rust, Python, TypeScript, Kotlin, Swift and curl.", "",
             "| operation | what | request | key |", "|---|---|---|---|"]
    for op in ops:
        index.append(f"| [`{op['name']}`]({op['name']}.md) | {op['summary']} | `{op['method']} {op['path']}` | {op['key']} |")
    index += ["", "## Types in each language", "",
              "| type | Rust | Python | TypeScript | Kotlin | Swift |", "|---|---|---|---|---|---|",
              "| text | `&str` / `String` | `str` | `string` | `String` | `String` |",
              "| date | `Date` | `datetime.date` | `\"YYYY-MM-DD\"` or `Date` | `LocalDate` | `String` (`\"YYYY-MM-DD\"`) |",
              "| month | `Month` | `int` 1–12 | `number` 1–12 | `Int` 1–12 | `Int` 1–12 |",
              "| integer | `i32` / `u32` | `int` | `number` | `Int` | `Int` |",
              "| number | `f64` | `float` | `number` | `Double` | `Double` |",
              "| boolean | `bool` | `bool` | `boolean` | `Boolean` | `Bool` |",
              "| clock action | `ClockAction::Come` | `\"come\"` | `\"come\"` | `ClockAction.COME` | `.come` |",
              "| time of day | `TimeOfDay` | `datetime.time` | `\"hh:mm\"` | `LocalTime` | `String` (`\"hh:mm\"`) |",
              "| list of text | `Vec<String>` | `Sequence[str]` | `string[]` | `List<String>` | `[String]` |",
              "| JSON object | `BTreeMap<String, Value>` | `Mapping[str, Any]` | `object` | `Map<String, String>` (JSON text) | `[String: String]` (JSON text) |",
              "", "A duration is each platform's own: Rust `Duration`, Python seconds (`float`), TypeScript milliseconds (`number`), Kotlin `kotlin.time.Duration`, Swift `TimeInterval`."]
    write("operations/index.md", "\n".join(index) + "\n")

    write("guide/quickstart.md", rewrite_links(quickstart_page(), "README.md", "guide/quickstart.md"))
    for page, src in PAGES.items():
        if not src:
            continue
        with open(os.path.join(REPO, src)) as f:
            write(page, fences(rewrite_links(f.read(), src, page)))
    with open(os.path.join(REPO, "README.md")) as f:
        write("index.md", fences(rewrite_links(f.read(), "README.md", "index.md")))
    swift_symbols(os.path.join(out, "swift-symbols"), write)
    for lang, title in (("kotlin", "Kotlin"),) + ((("swift", "Swift"),) if not os.path.isdir(os.path.join(out, "swift-symbols")) else ()):
        with open(os.path.join(REPO, f"api/zeitkonto.{lang}.txt")) as f:
            api = f.read()
        write(f"reference/{lang}.md", NO_SEARCH + f"# {title} API\n\nThe public API of the {title} package, one declaration per line "
              f"(`api/zeitkonto.{lang}.txt`, which `scripts/api` checks in CI against the code uniffi generates).\n\n"
              f"```{lang}\n{api}```\n")
    write("reference/index.md", "\n".join([
        "# API reference", "",
        "- [Rust](rust/zeitkonto/index.html) (rustdoc: `zeitkonto`, [`zeitkonto_core`](rust/zeitkonto_core/index.html))",
        "- [Python](python/zeitkonto.html) (pdoc)",
        "- [TypeScript](typescript/index.html) (TypeDoc, from `index.d.ts`)",
        "- [Kotlin](kotlin/index.html) (Dokka 2.2, over our sources and the code uniffi generates; [the API baseline](kotlin.md) when the mobile build is absent)",
        "- [Swift](swift.md) (the symbol graph of the Swift 6.0.3 build, rendered; DocC is not part of Debian 13's Swift 6.0.3 toolchain: without the graph, the API baseline)",
        "",
    ]))

    nav = ["nav:", "  - Home: index.md", "  - Guides:"]
    nav += [f"      - \"{t}\": {p}" for t, p in NAV_GUIDES]
    nav += ["  - Operations:", "      - operations/index.md"]
    nav += [f"      - {op['name']}: operations/{op['name']}.md" for op in ops]
    nav += ["  - Packages:", "      - Rust: packages/rust.md", "      - Python: packages/python.md", "      - Python in detail: packages/python-guide.md",
            "      - npm: packages/npm.md", "      - npm in detail: packages/npm-guide.md",
            "      - Kotlin and Swift: packages/kotlin-swift.md", "      - Kotlin and Swift in detail: packages/kotlin-swift-guide.md",
            "  - Reference:", "      - reference/index.md", "      - Kotlin (API baseline): reference/kotlin.md", "      - Swift: reference/swift.md",
            *(["      - Swift test kit: reference/swift-testing.md"] if os.path.isdir(os.path.join(out, "swift-symbols")) else []),
            "      - Architecture: architecture.md", "      - API specification: spec/api-spec.md", "      - Routes: spec/routes.md"]
    config = [
        "site_name: Zeitkonto",
        "site_description: The client SDK for the saas.de Working-Time, Presence and Leave Integration API",
        f"repo_url: {REPO_URL}",
        "docs_dir: docs",
        "use_directory_urls: false  # pages are files: the site opens from disk, and links to the references resolve",
        "theme:",
        "  name: material",
        "  features: [content.tabs.link, content.code.copy, navigation.sections, search.highlight]",
        "plugins:",
        "  - search",
        "markdown_extensions:",
        "  - tables",
        "  - admonition",
        "  - attr_list",
        "  - toc:",
        "      permalink: true",
        "      slugify: !!python/object/apply:pymdownx.slugs.slugify {kwds: {case: lower}}",
        "  - pymdownx.highlight",
        "  - pymdownx.superfences",
        "  - pymdownx.tabbed:",
        "      alternate_style: true",
        "validation:",
        "  omitted_files: warn",
        "  absolute_links: warn",
        "  unrecognized_links: warn",
        "  anchors: warn",
        *nav,
    ]
    with open(os.path.join(out, "mkdocs.yml"), "w") as f:
        f.write("\n".join(config) + "\n")
    print(f"docs: wrote {len(ops)} operation pages and {len(PAGES) + 4} other pages to {docs}")


if __name__ == "__main__":
    main()
