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
- bindings-python/python/zeitkonto/_core.pyi    the <Model>Data stubs (between markers)
- bindings-python/python/zeitkonto/_errors.py       the error classes (one per kind and API code)
- bindings-python/python/zeitkonto/_settings.py     RetrySettings, RateLimitSettings
- bindings-python/python/zeitkonto/_exports.py      the package's names and __all__ (__init__.py re-exports them)
- bindings-wasm/npm/src/operations.js          the npm Client's methods
- bindings-wasm/npm/src/decode.js              the npm fast reader of plain answers (one function per model)
- bindings-wasm/npm/src/errors.js              the npm error classes (one per kind and API code)
- bindings-wasm/npm/index.d.ts                 the methods, models, errors and settings blocks (between markers)
- bindings-wasm/npm/node.mjs                   the Node ESM entry (re-exports the CommonJS build's names)
- bindings-uniffi/src/operations.rs            the uniffi (Kotlin, Swift) client's methods
- bindings-uniffi/src/models.rs                the Kotlin/Swift records
- bindings-uniffi/src/error.rs                 the Kotlin/Swift error variants, API codes, TLS failures
- bindings-uniffi/src/settings.rs              the Kotlin/Swift RetrySettings and RateLimitSettings
- bindings-uniffi/kotlin/src/main/kotlin/de/zeitkonto/ZeitkontoFutures.kt   the Java futures

The surface rule (core/src/decl/): method = operation name in the language's casing; required
parameters positional in declared order; optional ones named (Python keyword-only, one options
object in JS, default arguments in Kotlin and Swift).

    codegen.py DECLARATION.json OUT_ROOT
"""

import json
import os
import sys

from codegen_lib import kotlin as kt_gen
from codegen_lib import python as py_gen
from codegen_lib import rust as rs_gen
from codegen_lib import typescript as ts_gen
from codegen_lib import uniffi as uniffi_gen


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
        "bindings-python/src/typed.rs": py_gen.python_typed(decl),
        "bindings-wasm/npm/src/operations.js": ts_gen.js_methods(decl),
        "bindings-wasm/npm/src/decode.js": ts_gen.js_decoders(decl),
        "bindings-wasm/npm/src/errors.js": ts_gen.js_errors(decl),
        "bindings-uniffi/src/operations.rs": uniffi_gen.uniffi(decl),
        "client/src/operations.rs": rs_gen.client_methods(decl),
        "bindings-uniffi/src/error.rs": uniffi_gen.uniffi_errors(decl),
        "bindings-uniffi/src/settings.rs": uniffi_gen.uniffi_settings(decl),
        "bindings-uniffi/src/models.rs": uniffi_gen.uniffi_models(decl),
        "bindings-uniffi/kotlin/src/main/kotlin/de/zeitkonto/ZeitkontoFutures.kt": kt_gen.kotlin_futures(decl),
    }
    pyi_path = "bindings-python/python/zeitkonto/_core.pyi"
    with open(os.path.join(root, pyi_path)) as f:
        files[pyi_path] = py_gen.pyi_data(decl, f.read())
    files["bindings-python/python/zeitkonto/_exports.py"] = py_gen.python_exports(decl)
    files["bindings-wasm/npm/node.mjs"] = ts_gen.node_exports(decl)
    dts_path = "bindings-wasm/npm/index.d.ts"
    with open(os.path.join(root, dts_path)) as f:
        files[dts_path] = ts_gen.dts(decl, f.read())
    for rel, text in files.items():
        path = os.path.join(root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
