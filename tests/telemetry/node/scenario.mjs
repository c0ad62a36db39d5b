// A service's use of zeitkonto under an APM agent (loaded before it with --require): every kind of
// call and failure, inside a span of the service's own, through the default transport (node:http)
// and through fetch. Prints one JSON line: what the agent recorded, and every key used.
import { writeFileSync } from "node:fs";
import { trace } from "@opentelemetry/api";
import { Client } from "zeitkonto";
import { presenceBoard } from "zeitkonto/jobs";

// The sandbox binary, started by the test (its own process: the agent records only the client).
const base = process.env.ZK_SANDBOX_URL;
const k = { companyKey: "demo-company-key", workspaceKey: "demo-workspace-key", employee: "anna.schmidt@demo.example" };
const FAULT_KIND = { status: "status", rateLimit: "rateLimit", echoPath: "echoPath", delay: "delay" };
const sb = {
  // The sandbox's control route (no key in it); Retry-After in seconds there.
  inject: (kind, { operation, status, count = 1, retryAfter, delay } = {}) =>
    fetch(`${base}/__sandbox/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ kind: FAULT_KIND[kind], operation, status, count, retryAfter: retryAfter && retryAfter / 1000, delayMs: delay }),
    }).then((r) => { if (!r.ok) throw new Error(`inject: ${r.status}`); }),
};
const WRONG = "wr0ngKey-ZK-7Q3X9-must-not-leak";
const outcomes = [];
const agent = globalThis.__telemetry;
const fast = { baseDelay: 10, maxDelay: 20 };

async function attempt(label, call) {
  try {
    await call();
    outcomes.push({ label, ok: true });
  } catch (e) {
    outcomes.push({ label, ok: false, kind: e.kind ?? e.name });
    agent.captureException?.(e);
  }
}

const tracer = trace.getTracer("payroll-service");
await tracer.startActiveSpan("payroll run", async (parent) => {
  for (const transport of ["node:http", "fetch"]) {
    const extra = transport === "fetch" ? { fetch: globalThis.fetch } : {};
    const client = (options = {}) => new Client({ apiKey: k.companyKey, baseUrl: base, retry: fast, ...extra, ...options });
    const c = client();
    await attempt(`${transport} employees`, () => c.employees());
    // A write: clocked in through the first transport, out through the second.
    await attempt(`${transport} write`, () => (transport === "fetch" ? c.go(k.employee) : c.come(k.employee)));
    await attempt(`${transport} wrong key`, () => client({ apiKey: WRONG }).employees());
    await sb.inject("status", { operation: "presence", status: 503, count: 1 });
    await attempt(`${transport} 503 then ok`, () => c.presence());
    await sb.inject("rateLimit", { operation: "overview", retryAfter: 1000 });
    await attempt(`${transport} 429 then ok`, () => c.overview());
    await sb.inject("status", { operation: "employees", status: 500, count: 3 });
    await attempt(`${transport} 5xx`, () => c.employees());
    await sb.inject("rateLimit", { operation: "employees", retryAfter: 120000 });
    await attempt(`${transport} 429`, () => c.employees());
    await sb.inject("echoPath", { operation: "employees", status: 502, count: 3 });
    await attempt(`${transport} echoed key`, () => client({ apiKey: WRONG }).employees());
    await sb.inject("delay", { operation: "leave_types", delay: 2000, count: 3 });
    await attempt(`${transport} timeout`, () => client({ timeout: 100 }).leaveTypes(k.employee));
    await attempt(`${transport} tls`, () => client({ apiKey: WRONG, baseUrl: base.replace("http://", "https://") }).employees());
    const ac = new AbortController();
    await sb.inject("delay", { operation: "all_employees", delay: 2000 });
    setTimeout(() => ac.abort(), 100);
    await attempt(`${transport} abort`, () => c.allEmployees({ signal: ac.signal }));
    await attempt(`${transport} shifts`, () => new Client({ workspaceKey: k.workspaceKey, baseUrl: base, ...extra }).shifts(2026, 47));
  }
  // A whole-company job: its span is the parent of its calls' spans.
  await attempt("job presence board", async () => {
    for await (const _ of await presenceBoard(new Client({ apiKey: k.companyKey, baseUrl: base }))) { /* rows */ }
  });
  parent.end();
});
await new Promise((r) => setTimeout(r, 100));
const recorded = await agent.dump();
const keys = [k.companyKey, k.workspaceKey, WRONG];
// A file, not stdout: process.exit() may cut a large write to a pipe short.
writeFileSync(process.env.ZK_OUT, JSON.stringify({ agent: agent.name, outcomes, keys, recorded }));
process.exit(0);
