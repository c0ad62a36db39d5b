// Fails when the gzipped .wasm is over budget (150 KB, the goal of issues 5 and 11). Prints the figures.
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

// 2026-11-23: the hostile-server fixes (degrading wire types, redaction, adaptive limiter) took the
// .wasm from 149.2 to 171.8 KB gzipped; sharing the per-field reader, the JSON checks and the
// params text handling across models, and dropping the sort code, brought it back to 158.9 KB. The
// rest is the new code itself plus core's f64 printer, which serde_json's error text pulls in
// (serde_core's `Unexpected::Float` display), not removable from here. The 150 KB goal is missed
// by ~9 KB: the budget is 160 KB so the check still catches growth. Later the same day: clock times
// of day as a typed `TimeOfDay` (+0.4 KB), and the compact native `Extra` kept out of the .wasm
// (it cost 3.4 KB there; the .wasm keeps the B-tree serde_json already links): 159.9 KB. Second
// session of 2026-11-23 (late): the fast reader's hook (+0.6 KB) paid for by reading
// `buildRequest`'s context with the client's options reader (one derived Deserialize less): 159.5 KB.
// 2026-11-24: the f64 printer is gone (vendor/serde_core: serde's float-in-error-text arm no longer
// prints the value, -9.6 KB) and wasm-opt runs with --low-memory-unused (-1.4 KB): 148.5 KB, so the
// budget is the goal again. The same day's input checks (route placeholders, path-parameter length,
// keys with white space) and the bounded body reader took it to 149.8 KB; talc in place of dlmalloc
// as the allocator brought it to 147.8 KB; employee_departments read as a list like the others: 148.3 KB.
const BUDGET = 150 * 1024;
const bytes = readFileSync(new URL("../wasm/zeitkonto_wasm_bg.wasm", import.meta.url));
const gz = gzipSync(bytes, { level: 9 }).length;
console.log(`wasm size: ${(bytes.length / 1024).toFixed(1)} KB raw, ${(gz / 1024).toFixed(1)} KB gzipped (budget ${BUDGET / 1024} KB gzipped)`);
if (gz > BUDGET) {
  console.error("wasm size: over budget");
  process.exit(1);
}
