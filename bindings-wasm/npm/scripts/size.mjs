// Fails when the gzipped .wasm is over budget (150 KB, the goal of issues 5 and 11). Prints the figures.
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

// The history of the figure, and what each change cost or saved: docs/measurements.md.
const BUDGET = 150 * 1024;
const bytes = readFileSync(new URL("../wasm/zeitkonto_wasm_bg.wasm", import.meta.url));
const gz = gzipSync(bytes, { level: 9 }).length;
console.log(`wasm size: ${(bytes.length / 1024).toFixed(1)} KB raw, ${(gz / 1024).toFixed(1)} KB gzipped (budget ${BUDGET / 1024} KB gzipped)`);
if (gz > BUDGET) {
  console.error("wasm size: over budget");
  process.exit(1);
}
