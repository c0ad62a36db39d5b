#!/usr/bin/env python3
"""Checks the built documentation site (scripts/docs --check runs it): prints one `ok`/`FAIL`
line per check and ends with `docs: N passed, N failed`.

    docs-check.py OUT_DIR        (OUT_DIR/site, OUT_DIR/curl from scripts/docs)

1. the snippets: each operation has one per language in its language's generated test file
   (counted here, none skipped there), and every curl snippet runs against the sandbox server;
2. every internal link and anchor of every HTML page resolves;
3. headless Chromium (scripts/docs-browser.mjs) on every operation page: each tab shows a
   non-empty code block; the search finds "absence"; a screenshot per language of book_absence.
"""

import html.parser
import json
import os
import re
import subprocess
import sys
import tempfile
import urllib.parse

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from codegen_lib import snippets  # noqa: E402

passed = failed = 0


def result(ok, what):
    global passed, failed
    print(("ok    " if ok else "FAIL  ") + what, flush=True)
    if ok:
        passed += 1
    else:
        failed += 1


def snippet_counts(ops):
    """Each generated test file holds one test per operation (two in Python: sync and async) and
    no skip; the totals are printed."""
    marks = {
        "tests/sandbox/tests/doc_snippets.rs": (r"^async fn (\w+)\(", 1),
        "bindings-python/tests/test_doc_snippets.py": (r"^def (test_\w+)\(", 2),
        "bindings-wasm/npm/test/doc-snippets.test.mjs": (r'^test\("(\w+)"', 1),
        "bindings-uniffi/kotlin-testing/src/test/kotlin/DocSnippetsTest.kt": (r"^    fun (\w+)\(\): Unit", 1),
        "bindings-uniffi/swift/Tests/ZeitkontoTestingTests/DocSnippetsTests.swift": (r"^    func (test\w+)\(", 1),
    }
    total = skipped = 0
    for rel, (pattern, per_op) in marks.items():
        with open(os.path.join(REPO, rel)) as f:
            text = f.read()
        found = re.findall(pattern, text, flags=re.M)
        skips = re.findall(r"skip|@Disabled|XCTSkip|#\[ignore\]", text)
        ok = len(found) == per_op * len(ops) and not skips
        total += len(found)
        skipped += len(skips)
        result(ok, f"snippets: {len(found)} tests in {rel} ({per_op} per operation), {len(skips)} skipped")
    return total, skipped


#: The languages whose blocks are programs (the others: shell commands, configuration, listings).
PROGRAMS = {"rust", "python", "js", "javascript", "ts", "typescript", "kotlin", "swift"}


def _sources(*roots):
    """The text of the repository's test and script sources (what can run a page's block)."""
    out = {}
    for root in roots:
        for dirpath, dirs, files in os.walk(os.path.join(REPO, root)):
            dirs[:] = [d for d in dirs if d not in ("node_modules", "target", "build", ".build", "test-artifacts", "dist")]
            for name in files:
                if re.search(r"\.(rs|py|mjs|js|kt|swift|sh)$", name) or "." not in name:
                    path = os.path.join(dirpath, name)
                    try:
                        with open(path, encoding="utf-8") as f:
                            out[os.path.relpath(path, REPO)] = f.read()
                    except (UnicodeDecodeError, OSError):
                        pass
    return out


def _block(text, start):
    end = text.find("```", start)
    return text[start:end if end >= 0 else len(text)]


def _picker(code, rel, before, block):
    """The test that picks an unnamed block: it reads the block's file, and holds one of the
    block's lines or a quoted string found in the block or just above it (its heading)."""
    base = rel.split("/")[-1]
    lines = [l.strip() for l in block.splitlines() if len(l.strip()) >= 30]
    best, score = None, 0
    for p, c in code.items():
        if base not in c or "test" not in p or p.startswith("scripts/codegen"):
            continue
        quoted = [q.replace('\\"', '"') for q in re.findall(r'"((?:[^"\\\n]|\\.){16,})"|\'([^\'\n]{16,})\'', c) for q in q if q]
        found = max([len(q) for q in quoted if q in block or q in before] + [len(l) for l in lines if l in c] + [0])
        if found > score:
            best, score = p, found
    return best


def page_blocks():
    """Every program block of the site's other pages (the guides, the READMEs, the sandbox's rules)
    with what runs it, by these rules: a ```python block of a file `test_readme.py` reads runs as
    written; a block named as a file (```kotlin JobsTest.kt) is run by the script or test that asks
    `readme-block` for that name; a ```rust block of a file a crate includes as doc tests
    (`#[doc = include_str!(..)]`) is a doc test; any other block is run by a test that reads its
    file and picks it (named here). A program block with none of these fails the check."""
    sys.path.insert(0, os.path.join(REPO, "scripts"))
    import docs as site  # noqa: E402 (scripts/docs.py: the pages the site holds)
    files = ["README.md"] + sorted(src for src in site.PAGES.values() if src and src.endswith(".md") and "/spec/" not in src
                                   and src != "ARCHITECTURE.md")
    code = _sources("scripts", "bindings-python/tests", "bindings-wasm/npm/test", "bindings-wasm/npm/test-network",
                    "bindings-wasm/npm/scripts", "bindings-uniffi/kotlin/src/test", "bindings-uniffi/kotlin-testing/src/test",
                    "bindings-uniffi/swift/Tests", "tests/telemetry", "client/src", "tests/sandbox/src")
    with open(os.path.join(REPO, "bindings-python/tests/test_readme.py")) as f:
        py_runner = f.read()
    counted, missing = {}, []
    for rel in files:
        with open(os.path.join(REPO, rel), encoding="utf-8") as f:
            text = f.read()
        for m in re.finditer(r"^ *```(\w+)(?: (\S+))?\n", text, flags=re.M):
            lang, name = m.group(1), m.group(2)
            if lang not in PROGRAMS:
                continue
            where = f"{rel}:{text.count(chr(10), 0, m.start()) + 1}"
            doctest = f'include_str!("{os.path.relpath(os.path.join(REPO, rel), os.path.join(REPO, "x"))}")'
            if lang == "python" and rel in ("README.md", "bindings-python/README.md") or \
                    lang == "python" and rel.startswith("docs/guide/"):
                runner = "bindings-python/tests/test_readme.py"  # its READMES: these files, every python block
            elif lang == "rust":
                runner = next((p for p, c in code.items() if any(
                    f'#[doc = include_str!("{os.path.relpath(os.path.join(REPO, rel), os.path.dirname(os.path.join(REPO, p)))}")]' in c
                    for _ in [0])), None)
            elif name:
                runner = next((p for p, c in code.items() if name in c and "readme-block" in c and p != "scripts/readme-block"), None) \
                    or next((p for p, c in code.items() if name in c and rel in c), None)
            else:
                runner = _picker(code, rel, text[max(0, m.start() - 300):m.start()], _block(text, m.end()))
            if runner:
                counted[runner] = counted.get(runner, 0) + 1
                if os.environ.get("DOCS_CHECK_VERBOSE"):
                    print(f"  {where} ({lang}{' ' + name if name else ''}): {runner}")
            else:
                missing.append(where)
    return counted, missing


def run_curl(out, ops):
    binary = os.path.join(os.environ.get("CARGO_TARGET_DIR", os.path.join(REPO, "target")), "debug", "zeitkonto-sandbox")
    subprocess.run(["cargo", "build", "-q", "-p", "zeitkonto-sandbox"], cwd=REPO, check=True)
    proc = subprocess.Popen([binary, "--port", "0", "--today", "2026-11-21", "--rate-limit", "1000000/60"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        first = proc.stdout.readline()
        m = re.search(r"listening on (\S+)", first)
        if not m:
            result(False, f"curl: the sandbox did not start: {first!r}")
            return 0
        env = dict(os.environ, ZEITKONTO_BASE_URL=m.group(1), ZEITKONTO_API_KEY="demo-company-key",
                   ZEITKONTO_WORKSPACE_KEY="demo-workspace-key", ZEITKONTO_DEPARTMENT_KEY="demo-department-key")
        ran = 0
        for op in ops:
            with open(os.path.join(out, "curl", op + ".sh")) as f:
                cmd = f.read().rstrip("\n")
            with tempfile.NamedTemporaryFile() as body:
                r = subprocess.run(["bash", "-c", cmd + f" -o {body.name} -w '%{{http_code}}'"], env=env,
                                   capture_output=True, text=True, timeout=30)
                answer = open(body.name, encoding="utf-8", errors="replace").read().strip()
            # A success: 200 and not one of the API's failure forms (`false`, a bare code, code ≠ 0).
            refused = answer == "false" or re.fullmatch(r"\d+", answer) is not None
            try:
                doc = json.loads(answer)
                refused = refused or (isinstance(doc, dict) and doc.get("code") not in (None, 0))
            except ValueError:
                pass
            ok = r.returncode == 0 and r.stdout == "200" and not refused
            ran += 1
            result(ok, f"curl: {op} (HTTP {r.stdout or '-'}{'' if ok else ': ' + answer[:120] + r.stderr[:200]})")
        return ran
    finally:
        proc.kill()


class Links(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.links, self.ids = [], set()

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"])
        if tag == "a" and a.get("name"):
            self.ids.add(a["name"])
        for key in ("href", "src"):
            if a.get(key) and tag in ("a", "link", "script", "img"):
                self.links.append(a[key])


# Links the site cannot mend, each with its reason (matched against the link as written).
# tracing's docs of its blanket `WithSubscriber` and `Instrument` impls, shown on every Rust type:
# a relative link and intra-doc paths (`super::Span::current()`) that resolve only inside tracing's
# own docs. Our crates' links cannot be among them: scripts/docs runs rustdoc with -D warnings,
# which fails on an unresolved intra-doc link of ours.
UPSTREAM = {"dispatcher#setting-the-default-subscriber"}


def upstream(link):
    return link in UPSTREAM or "::" in link


def check_links(site):
    pages = {}
    for dirpath, _, files in os.walk(site):
        for name in files:
            if name.endswith(".html"):
                path = os.path.join(dirpath, name)
                p = Links()
                with open(path, encoding="utf-8", errors="replace") as f:
                    p.feed(f.read())
                pages[os.path.normpath(path)] = p
    checked, broken = 0, []
    for path, p in pages.items():
        # Only the site's own pages are checked for anchors; the generated references (rustdoc,
        # pdoc, TypeDoc) are checked for their files (their anchors are made by scripts).
        own = "/reference/" not in path.replace(site, "")
        for link in p.links:
            if upstream(link):
                continue
            if re.match(r"^[a-z]+:[^:]", link) or link.startswith("//"):
                continue
            target, _, anchor = link.partition("#")
            target = urllib.parse.unquote(target.split("?")[0])
            if target.startswith("/"):  # site-absolute (the 404 page's links)
                dest = os.path.normpath(os.path.join(site, target.lstrip("/")))
            else:
                dest = os.path.normpath(os.path.join(os.path.dirname(path), target)) if target else path
            if os.path.isdir(dest):
                dest = os.path.join(dest, "index.html")
            checked += 1
            if not os.path.exists(dest):
                broken.append(f"{path.replace(site, '')}: {link}")
            elif own and anchor and dest.endswith(".html") and dest in pages and anchor not in pages[dest].ids:
                broken.append(f"{path.replace(site, '')}: {link} (no such anchor)")
    for b in broken[:40]:
        print("  broken: " + b)
    result(not broken, f"links: {checked} internal links and anchors over {len(pages)} pages, {len(broken)} broken")


def main():
    out = sys.argv[1]
    site = os.path.join(out, "site")
    with open(os.path.join(REPO, "tests/vectors/declaration.json")) as f:
        ops = [op["name"] for op in json.load(f)["operations"]]
    counted, skipped = snippet_counts(ops)
    ran = run_curl(out, ops)
    print(f"docs: {counted + ran} snippets: {counted} in the languages' generated tests "
          f"({len(snippets.LANGUAGES)} tabs per operation, Python sync and async), {ran} curl run here; {skipped} skipped")
    counted, missing = page_blocks()
    for m in missing:
        print(f"  not run by any test: {m}")
    ran_by = ", ".join(f"{n} by {r}" for r, n in sorted(counted.items()))
    result(not missing, f"guides and READMEs: {sum(counted.values())} program blocks run as written ({ran_by}); "
                        f"{len(missing)} without a runner")
    check_links(site)
    shots = os.path.join(os.environ.get("LOG_DIR", out), "docs-screenshots")
    r = subprocess.run(["node", os.path.join(REPO, "scripts/docs-browser.mjs"), site, shots, *ops])
    result(r.returncode == 0, f"chromium: every operation page's tabs, the search, screenshots in {shots}")
    print(f"docs: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
