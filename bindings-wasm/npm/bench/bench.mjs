// Benchmark (not a test): the npm client against `fetch` + `JSON.parse` written by hand, against
// the same local sandbox, interleaved in one process. Prints ratios (baseline time / zeitkonto
// time; > 1 = faster). Goals (issue "One declaration, five surfaces"): one `employees()` call
// >= 0.9x, 1,000 department summaries >= 0.9x.
//
//   node bench/bench.mjs [--rounds 40]          (needs target/debug/zeitkonto-sandbox)
import { performance } from "node:perf_hooks";
import * as zk from "zeitkonto";
import { startSandbox, KEY } from "../test/sandbox.mjs";

const rounds = Number(process.argv[process.argv.indexOf("--rounds") + 1]) || 40;
const EMPLOYEES = 1000;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Runs `a` and `b` alternately (after a warm-up), `n` times each; medians in ms. */
async function paired(a, b, n) {
  for (let i = 0; i < 5; i++) { await a(); await b(); }
  const ta = [], tb = [];
  for (let i = 0; i < n; i++) {
    const order = i % 2 ? [[a, ta], [b, tb]] : [[b, tb], [a, ta]];
    for (const [f, into] of order) {
      const t = performance.now();
      await f();
      into.push(performance.now() - t);
    }
  }
  return [median(ta), median(tb)];
}

const sb = await startSandbox(["--bench-department", String(EMPLOYEES)]);
try {
  const client = new zk.Client({ apiKey: KEY, baseUrl: sb.url, rateLimit: { limit: 1000000, window: 60 } });
  const getJson = async (path) => {
    const r = await fetch(sb.url + path);
    if (r.status !== 200) throw new Error(`HTTP ${r.status}`);
    return JSON.parse(await r.text());
  };
  const small = await paired(() => client.employees(), () => getJson(`/api/v2/employees/${KEY}`), rounds * 5);
  const large = await paired(
    async () => { const a = await client.departmentMonthEmployees("BENCH", 2026, 10); if (a.length !== EMPLOYEES) throw new Error("size"); },
    async () => { const a = await getJson(`/rest/api/v2/time/month/employees/${KEY}/BENCH/2026/9`); if (a.length !== EMPLOYEES) throw new Error("size"); },
    rounds,
  );
  const day = new Date().toISOString().slice(0, 10);
  console.log(`npm bench (${day}, Node ${process.version}, ${rounds} interleaved rounds, medians)`);
  console.log(`small: employees(): zeitkonto ${small[0].toFixed(2)} ms, fetch + JSON.parse ${small[1].toFixed(2)} ms, ratio ${(small[1] / small[0]).toFixed(2)}x (goal >= 0.9x)`);
  console.log(`large: departmentMonthEmployees x${EMPLOYEES}: zeitkonto ${large[0].toFixed(1)} ms, fetch + JSON.parse ${large[1].toFixed(1)} ms, ratio ${(large[1] / large[0]).toFixed(2)}x (goal >= 0.9x)`);
} finally {
  sb.stop();
}
