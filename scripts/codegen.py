#!/usr/bin/env python3
"""Generates every language's surface (methods, models, errors, settings) from the core's declaration.

Input: the JSON printed by `cargo run -p zeitkonto-core --example declaration` (core/src/decl/:
operation names, summaries, docs, parameters with names, types, defaults and docs, outputs).
Outputs (committed; `scripts/codegen --check` fails when one is stale):

- tests/vectors/declaration.json              the declaration itself (each suite's drift check)
- client/src/operations.rs                     the Rust client's methods
- bindings-python/python/zeitkonto/_operations.py   Client and AsyncClient methods
- bindings-python/python/zeitkonto/models.py        the result models
- bindings-python/src/typed.rs                 the typed crossing (params, execute, parse, <Model>Data getters)
- bindings-python/python/zeitkonto/_core.pyi    the stubs: templates/_core.pyi.in with the <Model>Data stubs
- bindings-python/python/zeitkonto/_errors.py       the error classes (one per kind and API code)
- bindings-python/python/zeitkonto/_settings.py     RetrySettings, RateLimitSettings
- bindings-python/python/zeitkonto/_job_events.py   the jobs' events (core/src/jobs/events.rs) and their decoder
- bindings-python/python/zeitkonto/jobs.py          the jobs' entry points, Jobs and AsyncJobs (core/src/jobs/spec.rs)
- bindings-wasm/npm/jobs/entries.js                 the same for npm (monthClose, presenceBoard, ...)
- bindings-uniffi/src/job_entries.rs                the same for Kotlin and Swift (ZeitkontoClient's methods)
- bindings-python/python/zeitkonto/_exports.py      the package's names and __all__ (__init__.py re-exports them)
- bindings-wasm/npm/src/operations.js          the npm Client's methods
- bindings-wasm/npm/src/decode.js              the npm fast reader of plain answers (one function per model)
- bindings-wasm/npm/src/errors.js              the npm error classes (one per kind and API code)
- bindings-wasm/npm/index.d.ts                 the types: templates/index.d.ts.in with the methods, models, errors and settings
- bindings-wasm/npm/src/public.js              the names every npm entry exports
- bindings-wasm/npm/node.mjs                   the Node ESM entry (re-exports the CommonJS build's names)
- bindings-uniffi/src/operations.rs            the uniffi (Kotlin, Swift) client's methods
- bindings-uniffi/src/models.rs                the Kotlin/Swift records
- bindings-uniffi/src/error.rs                 the Kotlin/Swift error variants, API codes, TLS failures
- bindings-uniffi/src/settings.rs              the Kotlin/Swift RetrySettings and RateLimitSettings
- bindings-uniffi/src/job_events.rs            the Kotlin/Swift JobEvent enum and its conversion (core/src/jobs/events.rs)
- bindings-uniffi/src/driver_events.rs         the Kotlin/Swift ZeitkontoEvent enum and its conversion (DRIVER_EVENTS)
- bindings-uniffi/kotlin/src/main/kotlin/de/zeitkonto/ZeitkontoFutures.kt   the Java futures
- bindings-uniffi/kotlin/src/main/kotlin/de/zeitkonto/ErrorFields.kt,
  bindings-uniffi/swift/Sources/Zeitkonto/ErrorFields.swift
                                               the fields every error answers (`errorShared`: mayHaveReachedServer, apiCode)
- bindings-python/python/zeitkonto/_testkit.py, bindings-uniffi/kotlin-testing/.../SandboxSurface.kt,
  bindings-uniffi/swift/Sources/ZeitkontoTesting/SandboxSurface.swift
                                               the test kits' Keys / SandboxKeys and FaultKind (tests/vectors/testkit.json)
- tests/sandbox/tests/doc_snippets.rs, bindings-python/tests/test_doc_snippets.py,
  bindings-wasm/npm/test/doc-snippets.test.mjs, bindings-uniffi/kotlin-testing/src/test/kotlin/DocSnippetsTest.kt,
  bindings-uniffi/swift/Tests/ZeitkontoTestingTests/DocSnippetsTests.swift
                                               the documentation's snippets as tests (codegen_lib/snippets.py)

The surface rule (core/src/decl/): method = operation name in the language's casing; required
parameters positional in declared order; optional ones named (Python keyword-only, one options
object in JS, default arguments in Kotlin and Swift).

    codegen.py DECLARATION.json OUT_ROOT
"""

import json
import os
import re
import sys

from codegen_lib import jobs as jobs_gen
from codegen_lib import kotlin as kt_gen
from codegen_lib import python as py_gen
from codegen_lib import python_typed as py_typed_gen
from codegen_lib import rust as rs_gen
from codegen_lib import typescript as ts_gen
from codegen_lib import uniffi as uniffi_gen
from codegen_lib import snippets as snip_gen
from codegen_lib import testkit as kit_gen


REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def template(root, rel, comment):
    """A hand-written template (`*.in`): its own note (up to the line ending "never <file>.") is
    replaced by a line saying the output is generated; the empty `<generated:...>` markers stay for
    the generators to fill."""
    with open(os.path.join(REPO, rel)) as f:
        text = f.read()
    m = re.match(rf"(?:{re.escape(comment)} .*\n)*?{re.escape(comment)} .*never \S+\.\n", text)
    if not m:
        raise SystemExit(f"codegen: {rel} does not start with its note")
    return f"{comment} Generated by scripts/codegen from {rel} and the core's declaration. Do not edit.\n" + text[m.end():]


def main():
    decl_path, root = sys.argv[1], sys.argv[2]
    with open(decl_path) as f:
        decl = json.load(f)
    files = {
        "tests/vectors/declaration.json": json.dumps(decl, indent=2, ensure_ascii=False) + "\n",
        "bindings-python/python/zeitkonto/_operations.py": py_gen.python(decl),
        "bindings-python/python/zeitkonto/models.py": py_gen.python_models(decl),
        "bindings-python/python/zeitkonto/_errors.py": py_gen.python_errors(decl),
        "bindings-python/python/zeitkonto/_settings.py": py_gen.python_settings(decl),
        "bindings-python/python/zeitkonto/_job_events.py": py_gen.python_job_events(decl),
        "bindings-python/python/zeitkonto/jobs.py": jobs_gen.python_jobs(decl),
        "bindings-wasm/npm/jobs/entries.js": jobs_gen.js_jobs(decl),
        "bindings-uniffi/src/job_entries.rs": jobs_gen.uniffi_jobs(decl),
        "bindings-python/src/typed.rs": py_typed_gen.python_typed(decl),
        "bindings-wasm/npm/src/operations.js": ts_gen.js_methods(decl),
        "bindings-wasm/npm/src/decode.js": ts_gen.js_decoders(decl),
        "bindings-wasm/npm/src/errors.js": ts_gen.js_errors(decl),
        "bindings-uniffi/src/operations.rs": uniffi_gen.uniffi(decl),
        "client/src/operations.rs": rs_gen.client_methods(decl),
        "bindings-uniffi/src/error.rs": uniffi_gen.uniffi_errors(decl),
        "bindings-uniffi/src/settings.rs": uniffi_gen.uniffi_settings(decl),
        "bindings-uniffi/src/job_events.rs": uniffi_gen.uniffi_job_events(decl),
        "bindings-uniffi/src/driver_events.rs": uniffi_gen.uniffi_driver_events(decl),
        "bindings-uniffi/src/models.rs": uniffi_gen.uniffi_models(decl),
        "bindings-uniffi/kotlin/src/main/kotlin/de/zeitkonto/ZeitkontoFutures.kt": kt_gen.kotlin_futures(decl),
        "bindings-uniffi/kotlin/src/main/kotlin/de/zeitkonto/ErrorFields.kt": uniffi_gen.kotlin_error_fields(decl),
        "bindings-uniffi/swift/Sources/Zeitkonto/ErrorFields.swift": uniffi_gen.swift_error_fields(decl),
    }
    pyi_path = "bindings-python/python/zeitkonto/_core.pyi"
    files[pyi_path] = py_typed_gen.pyi_data(decl, template(root, "bindings-python/templates/_core.pyi.in", "#"))
    files["bindings-python/python/zeitkonto/_exports.py"] = py_gen.python_exports(decl)
    files["bindings-wasm/npm/node.mjs"] = ts_gen.node_exports(decl)
    files["bindings-wasm/npm/src/public.js"] = ts_gen.js_public(decl)
    dts_path = "bindings-wasm/npm/index.d.ts"
    files[dts_path] = ts_gen.dts(decl, template(root, "bindings-wasm/npm/templates/index.d.ts.in", "//"))
    # The test kits' fault kinds and keys, from the sandbox engine's declaration.
    with open(os.path.join(REPO, "tests/vectors/testkit.json")) as f:
        kit = json.load(f)
    files["bindings-python/python/zeitkonto/_testkit.py"] = kit_gen.python_keys(kit)
    files["bindings-uniffi/kotlin-testing/src/main/kotlin/de/zeitkonto/testing/SandboxSurface.kt"] = kit_gen.kotlin_surface(kit)
    files["bindings-uniffi/swift/Sources/ZeitkontoTesting/SandboxSurface.swift"] = kit_gen.swift_surface(kit)
    files["bindings-wasm/npm/testing/surface.js"] = kit_gen.js_surface(kit)
    files["bindings-wasm/npm/testing.d.ts"] = kit_gen.testing_dts(kit, template(root, "bindings-wasm/npm/templates/testing.d.ts.in", "//"))
    # The documentation's snippets, one test file per language (each operation's vector `example`).
    exs = snip_gen.examples(REPO, decl)
    for rel, gen in snip_gen.TEST_FILES.items():
        files[rel] = gen(decl, exs)
    for rel, text in files.items():
        path = os.path.join(root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
