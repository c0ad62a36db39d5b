// Benchmark (not a test): the npm client against `fetch` + `JSON.parse` written by hand, against
// the same local release-built sandbox, interleaved in one process. Prints ratios (baseline time /
// zeitkonto time; > 1 = faster) and the server's share: the same request with `fetch` reading the
// bytes only (no parsing), so each side's client-side cost (its time minus that) shows apart from
// the server's. Goals: a small call and one `employees()` call >= 0.9x, 1,000 department summaries
// >= 0.9x. The client is measured as Node runs it by default (node:http) and through fetch
// (`fetch: globalThis.fetch`: what a client with a `fetch` or `dispatcher` option does, and the
// path browsers take).
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

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

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
  // No client-side limit: the bench measures calls, not waits.
  const client = new zk.Client({ apiKey: KEY, baseUrl: sb.url, rateLimit: { limit: 0 } });
  const viaFetch = new zk.Client({ apiKey: KEY, baseUrl: sb.url, rateLimit: { limit: 0 }, fetch: globalThis.fetch });
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
  const one = await interleaved([() => client.presence({ email: ANNA }), presence, presenceBytes, () => viaFetch.presence({ email: ANNA })], rounds * 10);
  const smallPath = `/api/v2/employees/${KEY}`;
  const largePath = `/rest/api/v2/time/month/employees/${KEY}/BENCH/2026/9`;
  const small = await interleaved([() => client.employees(), () => getJson(smallPath), () => getBytes(smallPath), () => viaFetch.employees()], rounds * 5);
  const large = await interleaved([
    async () => { const a = await client.departmentMonthEmployees("BENCH", 2026, 10); if (a.length !== EMPLOYEES) throw new Error("size"); },
    async () => { const a = await getJson(largePath); if (a.length !== EMPLOYEES) throw new Error("size"); },
    () => getBytes(largePath),
    async () => { const a = await viaFetch.departmentMonthEmployees("BENCH", 2026, 10); if (a.length !== EMPLOYEES) throw new Error("size"); },
  ], rounds);
  const day = new Date().toISOString().slice(0, 10);
  const share = ([ours, base, raw]) => `the server's share (fetch, bytes only) ${raw.toFixed(3)} ms; client-side cost zeitkonto ${(ours - raw).toFixed(3)} ms, fetch + JSON.parse ${(base - raw).toFixed(3)} ms`;
  console.log(`npm bench (${day}, Node ${process.version}, ${rounds} interleaved rounds, medians, sandbox ${process.env.ZEITKONTO_SANDBOX_BIN})`);
  const viaFetchLine = ([, base, , ours], digits) => `  through fetch: zeitkonto ${ours.toFixed(digits)} ms, ratio ${(base / ours).toFixed(2)}x`;
  console.log(`small: presence of one employee: zeitkonto ${one[0].toFixed(3)} ms, fetch + JSON.parse ${one[1].toFixed(3)} ms, ratio ${(one[1] / one[0]).toFixed(2)}x (goal >= 0.9x)`);
  console.log(`  ${share(one)}`);
  console.log(viaFetchLine(one, 3));
  console.log(`medium: employees() (${EMPLOYEES + 39} records): zeitkonto ${small[0].toFixed(2)} ms, fetch + JSON.parse ${small[1].toFixed(2)} ms, ratio ${(small[1] / small[0]).toFixed(2)}x (goal >= 0.9x)`);
  console.log(`  ${share(small)}`);
  console.log(viaFetchLine(small, 2));
  console.log(`large: departmentMonthEmployees x${EMPLOYEES}: zeitkonto ${large[0].toFixed(1)} ms, fetch + JSON.parse ${large[1].toFixed(1)} ms, ratio ${(large[1] / large[0]).toFixed(2)}x (goal >= 0.9x)`);
  console.log(`  ${share(large)}`);
  console.log(viaFetchLine(large, 1));
} finally {
  sb.stop();
}
