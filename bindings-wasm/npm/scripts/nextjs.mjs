// The packed tarball (`npm pack`) in a Next.js app as its README tells Next.js users to set it up
// (`serverExternalPackages: ["zeitkonto"]`), built for production with each of Next's bundlers
// (Turbopack, its default, and webpack) as a self-contained server (`output: "standalone"`, the
// Docker way, which ships only the files Next's tracer finds), run with Node against the sandbox:
// a Route Handler on the Node runtime, one on the Edge runtime (Next compiles the `?module` .wasm
// in Node's realm and hands it to the Edge sandbox, another realm), a Server Component page, and a
// refused key as the package's typed error, and a whole-company job (`zeitkonto/jobs`). Next.js is pinned and installed once under
// $CARGO_TARGET_DIR/npm-nextjs. Needs a built package (scripts/build.mjs) and the sandbox binary.
//
//   node scripts/nextjs.mjs [turbopack webpack]   (default: both)
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { createServer } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { startSandbox } from "../test/sandbox.mjs";
import { env, install, shIn } from "./pinned.mjs";

const PINS = { next: "16.4.3", react: "19.3.0", "react-dom": "19.3.0" };
const pkg = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const root = resolve(pkg, "..", "..");
const work = join(process.env.CARGO_TARGET_DIR ?? join(root, "target"), "npm-nextjs");
const only = process.argv.slice(2);
const sh = shIn(work);

// 1. Next.js, pinned, cached; 2. the package from its tarball.
install("nextjs", work, { name: "zeitkonto-nextjs", private: true, dependencies: PINS }, pkg);

// 3. The app: what a Next.js user writes (the README's Next.js section), in JavaScript.
const app = join(work, "app");
// The README's next.config.mjs (bindings-wasm/npm/README.md) as written, with the standalone
// output added.
const readme = readFileSync(join(pkg, "README.md"), "utf8");
const config = /```js next\.config\.mjs\n(export default \{ [^\n]* \};)\n```/.exec(readme)?.[1];
if (!config) throw new Error("README.md: the Next.js section's next.config.mjs block not found");
const files = {
  "next.config.mjs": `${config.replace("export default { ", 'export default { output: "standalone", ')}\n`,
  "app/layout.js": `export default function Layout({ children }) { return <html><body>{children}</body></html>; }\n`,
  "lib/client.js": `import { Client } from "zeitkonto";
export const client = (apiKey = process.env.ZEITKONTO_API_KEY) =>
  new Client({ apiKey, baseUrl: process.env.ZEITKONTO_BASE_URL, retry: { maxRetries: 0 } });
`,
  "app/page.js": `import { client } from "../lib/client.js";
export const dynamic = "force-dynamic";
export default async function Page() {
  const people = await client().employees();
  return <p id="count">employees: {people.length}</p>;
}
`,
  // The same handler on both runtimes: the count, and a refused key as the typed error.
  ...Object.fromEntries(["nodejs", "edge"].map((runtime) => [`app/api/${runtime}/route.js`, `import { ApiError, AuthenticationFailedError } from "zeitkonto";
import { client } from "../../../lib/client.js";
export const runtime = "${runtime}";
export const dynamic = "force-dynamic";
export async function GET() {
  const count = (await client().employees()).length;
  const refused = await client("not-a-key").employees().then(() => "sent", (e) =>
    e instanceof AuthenticationFailedError && e instanceof ApiError ? e.name : \`untyped \${e?.name}: \${e?.message}\`);
  return Response.json({ count, refused });
}
`])),
  // A whole-company job (zeitkonto/jobs, its own .wasm) in a Route Handler, as a cron route runs one.
  "app/api/job/route.js": `import { presenceBoard } from "zeitkonto/jobs";
import { client } from "../../../lib/client.js";
export const dynamic = "force-dynamic";
export async function GET() {
  let rows = 0;
  for await (const event of await presenceBoard(client(), { day: "2026-11-20" })) if (event.type === "presence") rows++;
  return Response.json({ rows });
}
`,
};

const results = [];
function report(name, ok, info, detail) {
  results.push(ok);
  console.log(`${ok ? "ok  " : "FAIL"} ${name}: ${info}${ok ? "" : `\n     ${String(detail).slice(-1200).replace(/\n/g, "\n     ")}`}`);
}

const freePort = () => new Promise((ok) => { const s = createServer().listen(0, "127.0.0.1", () => { const { port } = s.address(); s.close(() => ok(port)); }); });

const sb = await startSandbox();
try {
  for (const bundler of ["turbopack", "webpack"]) {
    if (only.length && !only.includes(bundler)) continue;
    const name = `next ${PINS.next} ${bundler}, output standalone`;
    rmSync(app, { recursive: true, force: true });
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(dirname(join(app, file)), { recursive: true });
      writeFileSync(join(app, file), text);
    }
    writeFileSync(join(app, "package.json"), JSON.stringify({ name: "app", private: true }));
    let log = "";
    try {
      log = sh(process.execPath, [join(work, "node_modules", "next", "dist", "bin", "next"), "build", `--${bundler}`], { cwd: app, stdio: ["ignore", "pipe", "pipe"] });
    } catch (e) {
      report(`${name}: build`, false, "next build fails", `${e.stdout ?? ""}${e.stderr ?? e}`);
      continue;
    }
    const wasmWarning = /\.wasm/.test(log) && /warn|error/i.test(log);
    report(`${name}: build`, !wasmWarning, "builds without a word about the .wasm", log);
    // The standalone server: only what the tracer shipped (its node_modules) besides Node.
    // Copied out of the build folder first, as into a Docker image: from inside it, Node would
    // find a package the tracer left out in the folders above. (server.js stands below the
    // tracing root, the folder holding node_modules: here the app's parent.)
    const shipped = mkdtempSync(join(tmpdir(), "zeitkonto-next-"));
    cpSync(join(app, ".next", "standalone"), shipped, { recursive: true });
    const server = [join(shipped, "app", "server.js"), join(shipped, "server.js")].find((f) => existsSync(f)) ?? "server.js";
    const port = await freePort();
    const proc = spawn(process.execPath, [server], {
      cwd: dirname(server), stdio: ["ignore", "pipe", "pipe"],
      env: { ...env(), PORT: String(port), HOSTNAME: "127.0.0.1", ZEITKONTO_API_KEY: "demo-company-key", ZEITKONTO_BASE_URL: sb.url },
    });
    let out = "";
    proc.stdout.on("data", (d) => { out += d; });
    proc.stderr.on("data", (d) => { out += d; });
    try {
      const base = `http://127.0.0.1:${port}`;
      for (let i = 0; i < 100 && !/Ready|started server|Local:/i.test(out); i++) await new Promise((r) => setTimeout(r, 100));
      for (const runtime of ["nodejs", "edge"]) {
        const r = await fetch(`${base}/api/${runtime}`).then(async (res) => [res.status, await res.text()], (e) => [0, String(e)]);
        const want = JSON.stringify({ count: 39, refused: "AuthenticationFailedError" });
        report(`${name}: a ${runtime} Route Handler`, r[0] === 200 && r[1] === want, "39 employees, a refused key as AuthenticationFailedError", `${r[0]} ${r[1]}\n${out}`);
      }
      const job = await fetch(`${base}/api/job`).then(async (res) => [res.status, await res.json().catch(() => null)], (e) => [0, String(e)]);
      report(`${name}: a job (zeitkonto/jobs) in a Route Handler`, job[0] === 200 && job[1]?.rows > 10, "the presence board's rows", `${JSON.stringify(job)}\n${out}`);
      const page = await fetch(`${base}/`).then((res) => res.text(), (e) => String(e));
      report(`${name}: a Server Component`, /employees: (<!-- -->)?39/.test(page), "renders 39 employees", `${page.slice(0, 600)}\n${out}`);
    } finally {
      proc.kill();
      await new Promise((r) => (proc.exitCode !== null ? r() : proc.once("exit", r)));
      rmSync(shipped, { recursive: true, force: true });
    }
  }
} finally {
  sb.stop();
}
const failed = results.filter((ok) => !ok).length;
console.log(`nextjs: ${results.length - failed} of ${results.length} passed`);
process.exit(failed ? 1 : 0);
