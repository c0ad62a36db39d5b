// The quickstarts of the root README and of this package's README, run as written (each a Node
// program importing "zeitkonto") against a served sandbox: its URL and demo key through the
// environment variables the snippets read.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
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
