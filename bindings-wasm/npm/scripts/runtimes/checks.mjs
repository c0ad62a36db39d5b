// The cases scripts/runtimes runs in every server-side runtime (Node, Deno, Bun, workerd, Vercel's
// Edge Runtime), against the sandbox binary at `baseUrl` (its demo keys). Runtime-neutral: only
// fetch, AbortController, timers. Returns [{ name, ok, why }], one per case.
//
// `zk`: the package's main entry as the runtime resolved it; `kit`/`jobs`: zeitkonto/testing and
// zeitkonto/jobs, or null where they are not run; `serverSide`: options a runtime would need
// (none today: the client runs in each as it is).
const KEY = "demo-company-key";
const ANNA = "anna.schmidt@demo.example";

export async function runChecks({ zk, kit, jobs, baseUrl, closedUrl = null, serverSide = {}, only = null }) {
  const results = [];
  const client = (options = {}) => new zk.Client({ apiKey: KEY, baseUrl, ...serverSide, ...options });
  const control = (method, path, body) =>
    fetch(baseUrl + path, { method, body: body && JSON.stringify(body), headers: body ? { "content-type": "application/json" } : {} })
      .then((r) => r.text());
  const run = async (name, f) => {
    if (only && !only.includes(name)) return;
    try {
      await f();
      results.push({ name, ok: true });
    } catch (e) {
      results.push({ name, ok: false, why: String(e?.stack ?? e).split("\n").slice(0, 3).join(" | ") });
    }
  };
  const expect = (cond, why) => {
    if (!cond) throw new Error(why);
  };

  await run("employees", async () => {
    const list = await client().employees();
    expect(Array.isArray(list) && list.length === 39, `expected 39 employees, got ${list?.length}`);
  });

  await run("write", async () => {
    await control("POST", "/__sandbox/reset");
    const stats = async () => JSON.parse(await control("GET", "/__sandbox/stats")).writes?.clock ?? 0;
    const before = await stats();
    const r = await client().come(ANNA);
    expect(r === null, `come() resolved to ${JSON.stringify(r)}`);
    expect((await stats()) === before + 1, "the sandbox did not record the clock write");
  });

  await run("write-once", async () => {
    // A write the server applied, whose answer is lost when the connection is reset: the call is
    // a TransportError that may have reached the server, and the write was sent once, also on a
    // pooled keep-alive connection (Deno's fetch resent it there, unasked).
    await control("POST", "/__sandbox/reset");
    const c = client({ retry: { maxRetries: 0 } });
    await c.employees(); // a pooled connection to reuse
    await control("POST", "/__sandbox/faults", { kind: "reset", operation: "clock", after: true });
    const e = await c.come(ANNA).then(() => null, (e) => e);
    const stats = JSON.parse(await control("GET", "/__sandbox/stats"));
    expect(e instanceof zk.TransportError && e.mayHaveReachedServer === true,
      `expected a TransportError that may have reached the server, got ${e?.name} ${e?.message}`);
    expect(stats.requests?.clock === 1 && stats.writes?.clock === 1,
      `the write was sent ${stats.requests?.clock} times, applied ${stats.writes?.clock} times`);
    await control("POST", "/__sandbox/reset");
  });

  if (closedUrl) {
    await run("refused", async () => {
      // A connection refused: nothing reached the server, so a write is safe to make again. Each
      // runtime's fetch says so its own way (Node's and Bun's `cause.code`, Deno's message).
      const c = client({ baseUrl: closedUrl, retry: { maxRetries: 0 } });
      let e = null;
      try {
        await c.come(ANNA);
      } catch (x) {
        e = x;
      }
      expect(e instanceof zk.TransportError, `not a TransportError: ${e?.name}: ${e?.message}`);
      expect(e.mayHaveReachedServer === false, `mayHaveReachedServer ${e.mayHaveReachedServer}: ${e.message}`);
      expect(!String(e.message).includes(KEY), "the key shows");
    });
  }

  await run("error", async () => {
    // A wrong key, made up here; it must show nowhere in the error.
    const secret = `wrong-${Math.random().toString(36).slice(2)}-key`;
    const e = await client({ apiKey: secret }).employees().then(() => null, (e) => e);
    expect(e !== null, "a wrong key resolved");
    expect(e instanceof zk.AuthenticationFailedError && e instanceof zk.ApiError && e instanceof Error,
      `expected AuthenticationFailedError (an ApiError), got ${e?.name}`);
    expect(e.name === "AuthenticationFailedError" && e.code === 3, `name ${e.name}, code ${e.code}`);
    for (const [what, text] of [["message", e.message], ["stack", e.stack], ["String()", String(e)], ["JSON", JSON.stringify(e)]]) {
      expect(typeof text === "string", `no ${what}`);
      expect(!text.includes(secret), `the key shows in the error's ${what}`);
    }
  });

  await run("abort", async () => {
    // The sandbox holds the answer for 2 s; the signal aborts after 100 ms, mid-call.
    await control("POST", "/__sandbox/faults", { kind: "delay", delayMs: 2000, operation: "employees" });
    const ac = new AbortController();
    const started = Date.now();
    const pending = client().employees({ signal: ac.signal });
    setTimeout(() => ac.abort(), 100);
    const e = await pending.then(() => null, (e) => e);
    expect(e !== null, "the call resolved");
    expect(e.name === "AbortError", `expected AbortError, got ${e?.name}: ${e?.message}`);
    expect(Date.now() - started < 1500, `settled only after ${Date.now() - started} ms`);
    await control("POST", "/__sandbox/reset");
  });

  if (kit) {
    await run("testing", async () => {
      const sandbox = await kit.Sandbox.create({ today: "2026-11-21" });
      const list = await sandbox.client().employees();
      expect(list.length === 39, `expected 39 employees from the kit, got ${list.length}`);
    });
  }

  if (kit && jobs) {
    await run("jobs", async () => {
      const sandbox = await kit.Sandbox.create({ today: "2026-11-21" });
      let present = 0;
      for await (const e of await jobs.presenceBoard(sandbox.client(), { day: "2026-11-20" })) if (e.type === "presence") present++;
      expect(present === 39, `expected 39 presence rows, got ${present}`);
    });
  }
  return results;
}

/** The lines scripts/runtimes counts: `ok  <runtime> <case>` or `FAIL <runtime> <case>: why`. */
export function lines(runtime, results) {
  return results.map((r) => (r.ok ? `ok  ${runtime} ${r.name}` : `FAIL ${runtime} ${r.name}: ${r.why}`)).join("\n");
}
