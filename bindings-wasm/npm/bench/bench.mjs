// Benchmark (not a test): the npm client against `fetch` + `JSON.parse` written by hand, against
// the same local release-built sandbox, interleaved in one process. Prints ratios (baseline time /
// zeitkonto time; > 1 = faster) and the server's share: the same request with `fetch` reading the
// bytes only (no parsing), so each side's client-side cost (its time minus that) shows apart from
// the server's. Goals: a small call and one `employees()` call >= 0.9x, 1,000 department summaries
// >= 0.9x. The client is measured as Node runs it by default (node:http) and through fetch
// (`fetch: globalThis.fetch`: what a client with a `fetch` or `dispatcher` option does, and the
// path browsers take). Each is measured with the limiter on, as users run it (the default
// settings, its limit raised so that it never waits: the token bucket does the same work whatever
// the limit), and off (`rateLimit: { limit: 0 }`). Each figure is a median with its spread (the
// 10th to 90th percentile of the rounds) beside it: a difference inside the spread is no finding.
//
//   cargo build --release -p zeitkonto-sandbox
//   node bench/bench.mjs [--rounds 40]
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import * as zk from "zeitkonto";
import { startSandbox, KEY } from "../test/sandbox.mjs";

const ANNA = "anna.schmidt@demo.example";

const rounds = Number(process.argv[process.argv.indexOf("--rounds") + 1]) || 40;
const EMPLOYEES = 1000;

/** The median of `xs`, with its 10th and 90th percentiles as `lo`/`hi` (a Number: arithmetic uses the median). */
function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return Object.assign(new Number(at(0.5)), { lo: at(0.1), hi: at(0.9) });
}

/** `m` in ms with `digits`, and its spread. */
const fmt = (m, digits) => `${m.toFixed(digits)} ms (p10-p90 ${m.lo.toFixed(digits)}-${m.hi.toFixed(digits)})`;

/** Runs each of `fs` in turn (after a warm-up, in a rotating order), `n` times each; medians in ms. */
async function interleaved(fs, n) {
  for (let i = 0; i < 5; i++) for (const f of fs) await f();
  const times = fs.map(() => []);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < fs.length; j++) {
      const k = (i + j) % fs.length;
      const t = performance.now();
      await fs[k]();
      times[k].push(performance.now() - t);
    }
  }
  return times.map(median);
}

process.env.ZEITKONTO_SANDBOX_BIN ??= resolve(fileURLToPath(import.meta.url), "../../../../target/release/zeitkonto-sandbox");
const sb = await startSandbox(["--bench-department", String(EMPLOYEES)]);
try {
  // The limiter on (the defaults, with a limit no round reaches: the bench measures calls, not
  // waits) and off.
  const on = { rateLimit: { limit: 1_000_000 } };
  const off = { rateLimit: { limit: 0 } };
  const client = new zk.Client({ apiKey: KEY, baseUrl: sb.url, ...on });
  const viaFetch = new zk.Client({ apiKey: KEY, baseUrl: sb.url, ...on, fetch: globalThis.fetch });
  const clientOff = new zk.Client({ apiKey: KEY, baseUrl: sb.url, ...off });
  const viaFetchOff = new zk.Client({ apiKey: KEY, baseUrl: sb.url, ...off, fetch: globalThis.fetch });
  const getJson = async (path) => {
    const r = await fetch(sb.url + path);
    if (r.status !== 200) throw new Error(`HTTP ${r.status}`);
    return JSON.parse(await r.text());
  };
  const getBytes = async (path) => (await (await fetch(sb.url + path)).arrayBuffer()).byteLength;
  // Small: the presence of one employee (a few hundred bytes); medium: the employee list (1,039
  // records with the bench department).
  const presence = async () => {
    const r = await fetch(`${sb.url}/rest/api/time/presence/${KEY}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: ANNA }) });
    return JSON.parse(await r.text());
  };
  const presenceBytes = async () => (await (await fetch(`${sb.url}/rest/api/time/presence/${KEY}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: ANNA }) })).arrayBuffer()).byteLength;
  const one = await interleaved([() => client.presence({ email: ANNA }), presence, presenceBytes, () => viaFetch.presence({ email: ANNA }),
    () => clientOff.presence({ email: ANNA }), () => viaFetchOff.presence({ email: ANNA })], rounds * 10);
  const smallPath = `/api/v2/employees/${KEY}`;
  const largePath = `/rest/api/v2/time/month/employees/${KEY}/BENCH/2026/9`;
  const small = await interleaved([() => client.employees(), () => getJson(smallPath), () => getBytes(smallPath), () => viaFetch.employees(),
    () => clientOff.employees(), () => viaFetchOff.employees()], rounds * 5);
  const large = await interleaved([
    async () => { const a = await client.departmentMonthEmployees("BENCH", 2026, 10); if (a.length !== EMPLOYEES) throw new Error("size"); },
    async () => { const a = await getJson(largePath); if (a.length !== EMPLOYEES) throw new Error("size"); },
    () => getBytes(largePath),
    async () => { const a = await viaFetch.departmentMonthEmployees("BENCH", 2026, 10); if (a.length !== EMPLOYEES) throw new Error("size"); },
    async () => { const a = await clientOff.departmentMonthEmployees("BENCH", 2026, 10); if (a.length !== EMPLOYEES) throw new Error("size"); },
    async () => { const a = await viaFetchOff.departmentMonthEmployees("BENCH", 2026, 10); if (a.length !== EMPLOYEES) throw new Error("size"); },
  ], rounds);
  const day = new Date().toISOString().slice(0, 10);
  const share = ([ours, base, raw]) => `the server's share (fetch, bytes only) ${raw.toFixed(3)} ms; client-side cost zeitkonto ${(ours - raw).toFixed(3)} ms, fetch + JSON.parse ${(base - raw).toFixed(3)} ms`;
  console.log(`npm bench (${day}, Node ${process.version}, ${rounds} interleaved rounds, medians with p10-p90, sandbox ${process.env.ZEITKONTO_SANDBOX_BIN})`);
  /** The four client lines of a case: node:http and fetch, limiter on (the defaults) and off. */
  const lines = ([ours, base, , fetchOn, httpOff, fetchOff], digits) => [
    `  node:http, limiter on (default): zeitkonto ${fmt(ours, digits)}, ratio ${(base / ours).toFixed(2)}x`,
    `  node:http, limiter off:          zeitkonto ${fmt(httpOff, digits)}, ratio ${(base / httpOff).toFixed(2)}x`,
    `  fetch, limiter on (default):     zeitkonto ${fmt(fetchOn, digits)}, ratio ${(base / fetchOn).toFixed(2)}x`,
    `  fetch, limiter off:              zeitkonto ${fmt(fetchOff, digits)}, ratio ${(base / fetchOff).toFixed(2)}x`,
  ].join("\n");
  console.log(`small: presence of one employee: fetch + JSON.parse ${fmt(one[1], 3)} (goal >= 0.9x)`);
  console.log(lines(one, 3));
  console.log(`  ${share(one)}`);
  console.log(`medium: employees() (${EMPLOYEES + 39} records): fetch + JSON.parse ${fmt(small[1], 2)} (goal >= 0.9x)`);
  console.log(lines(small, 2));
  console.log(`  ${share(small)}`);
  console.log(`large: departmentMonthEmployees x${EMPLOYEES}: fetch + JSON.parse ${fmt(large[1], 1)} (goal >= 0.9x)`);
  console.log(lines(large, 1));
  console.log(`  ${share(large)}`);
} finally {
  sb.stop();
}
