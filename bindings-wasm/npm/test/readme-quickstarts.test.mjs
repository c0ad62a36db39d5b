// The quickstarts of the root README and of this package's README, run as written (each a Node
// program importing "zeitkonto") against a served sandbox: its URL and demo key through the
// environment variables the snippets read.
import assert from "node:assert/strict";
import { execFile, execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import test from "node:test";
import { fileURLToPath } from "node:url";
import { Sandbox } from "zeitkonto/testing";

const pkg = join(dirname(fileURLToPath(import.meta.url)), "..");

/** The ```js block under `heading` in `file` (relative to the package). */
function block(file, heading) {
  const text = readFileSync(join(pkg, file), "utf8");
  const at = text.indexOf(`\n${heading}\n`);
  assert.ok(at >= 0, `${file}: no ${heading}`);
  const m = /```js\n([\s\S]*?)```/.exec(text.slice(at));
  assert.ok(m, `${file}: no js block under ${heading}`);
  return m[1];
}

for (const [file, heading, name] of [
  ["../../README.md", "## JavaScript / TypeScript quickstart", "readme-root-quickstart.mjs"],
  ["README.md", "## Quickstart (Node)", "readme-npm-quickstart.mjs"],
]) {
  test(`${file}'s quickstart runs as written against a served sandbox`, async () => {
    // Inside the package folder, so that "zeitkonto" resolves to this package (self-reference).
    mkdirSync(join(pkg, "test-artifacts"), { recursive: true });
    const path = join(pkg, "test-artifacts", name);
    writeFileSync(path, block(file, heading));
    const sb = await Sandbox.create({ today: "2026-11-21" });
    const url = await sb.serve();
    try {
      const env = { ...process.env, ZEITKONTO_API_KEY: sb.keys.companyKey, ZEITKONTO_BASE_URL: url };
      const out = await new Promise((resolve, reject) =>
        execFile(process.execPath, [path], { env, timeout: 30_000 }, (e, stdout, stderr) =>
          (e ? reject(new Error(`${e.message}\n${stderr}`)) : resolve(stdout))));
      assert.match(out, /^-?\d+/, "the balance is printed first");
      assert.equal(sb.writes("clock"), 2, "come and go reached the sandbox");
      assert.ok(sb.requests("time_account") >= 1);
    } finally {
      await sb.close();
    }
  });
}

/**
 * Type-checks `sources` (file name → TypeScript text) with `tsc --strict` as a module of a project
 * without @types/node (not a dependency here): `nodeTypes` declares the little of Node they use,
 * the DOM lib gives fetch's types. `options` are more compiler options.
 */
function typeCheck(sources, nodeTypes, options = {}) {
  mkdirSync(join(pkg, "test-artifacts"), { recursive: true });
  const dir = mkdtempSync(join(pkg, "test-artifacts", "ts-"));
  try {
    for (const [name, text] of Object.entries(sources)) writeFileSync(join(dir, name), text);
    writeFileSync(join(dir, "node.d.ts"), nodeTypes);
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { strict: true, noEmit: true, module: "nodenext",
      moduleResolution: "nodenext", target: "ES2022", lib: ["ES2022", "DOM"], types: [], ...options },
    files: [...Object.keys(sources), "node.d.ts"] }));
    execFileSync(join(pkg, "node_modules", ".bin", "tsc"), ["-p", dir], { encoding: "utf8" });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const PROCESS_ENV = "declare var process: { env: Record<string, string | undefined> };\n";

test("the quickstarts type-check as TypeScript (tsc --strict, pasted into a .mts file)", () => {
  typeCheck({
    "root.mts": block("../../README.md", "## JavaScript / TypeScript quickstart"),
    "npm.mts": block("README.md", "## Quickstart (Node)"),
  }, PROCESS_ENV);
});

test("the guide's private-CA and proxy snippet type-checks against undici 6's types (tsc --strict)", () => {
  const guide = readFileSync(join(pkg, "../../docs/guide/npm.md"), "utf8");
  const snippet = /```js\n(\/\/ npm install undici@6\n[\s\S]*?)```/.exec(guide)?.[1];
  assert.ok(snippet, "docs/guide/npm.md: no undici snippet");
  typeCheck({ "guide.mts": snippet },
    PROCESS_ENV + "declare module \"node:fs\" { export function readFileSync(path: string, encoding: \"utf8\"): string; }\n",
    { skipLibCheck: true });
});
