// Benchmark (not a test): the test kit (zeitkonto/testing) in-process vs the same sandbox over
// loopback HTTP (`sandbox.serve()`: node:http on 127.0.0.1, the same engine), through the same
// Client. Rounds alternate (medians of interleaved rounds). Prints the cost per call and the ratio
// (loopback / in-process; > 1 = the kit is faster).
//
//   node bench/kit.mjs [rounds=15] [calls=100]
import { Client } from "zeitkonto";
import { Sandbox } from "zeitkonto/testing";

const rounds = Number(process.argv[2] ?? 15);
const calls = Number(process.argv[3] ?? 100);
const sandbox = await Sandbox.create({ today: "2026-11-21" });
const kit = sandbox.client();
const http = new Client({ apiKey: sandbox.keys.companyKey, baseUrl: await sandbox.serve(), rateLimit: { limit: 0 } });
const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const cases = {
  "presence of one employee (small)": (c) => c.presence({ email: sandbox.keys.employee }),
  "employees (39 records)": (c) => c.employees(),
};
console.log(`test kit: in-process vs loopback HTTP, ${calls} calls x ${rounds} interleaved rounds (${new Date().toISOString().slice(0, 10)}, Node ${process.version})`);
for (const [name, call] of Object.entries(cases)) {
  const times = { kit: [], http: [] };
  await call(kit);
  await call(http);
  for (let r = 0; r < rounds; r++) {
    for (const [label, c] of [["kit", kit], ["http", http]]) {
      const t = performance.now();
      for (let i = 0; i < calls; i++) await call(c);
      times[label].push(((performance.now() - t) * 1000) / calls);
    }
  }
  const k = median(times.kit);
  const h = median(times.http);
  console.log(`  ${name.padEnd(34)} in-process ${k.toFixed(1).padStart(8)} us/call   loopback ${h.toFixed(1).padStart(8)} us/call   ratio ${(h / k).toFixed(2)}x`);
}
await sandbox.close();
