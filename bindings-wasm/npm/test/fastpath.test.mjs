// The fast reader (src/decode.js + src/wire.js) against the core's reader (the .wasm, through
// the sans-IO `parseResponse`, which never takes the fast path): wherever the fast reader
// accepts a body, its output must be exactly the core's (`deepStrictEqual`: -0 vs 0, [] vs {},
// null vs absent all count). Bodies: the shared vectors, the sandbox's real answers, and
// thousands of seeded mutations of them (odd values of every wire type in every field).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { parseResponse, Client } from "zeitkonto";
import { FAST_READERS, API_NAMES } from "../src/decode.js";
import { fastRead } from "../src/wire.js";
import { startSandbox, KEY } from "./sandbox.mjs";

const dir = new URL("../../../tests/vectors/operations/", import.meta.url);
const utf8 = new TextEncoder();

/** The core's output, or the error's kind. */
function core(op, text) {
  try {
    return { out: parseResponse(op, 200, {}, utf8.encode(text)) };
  } catch (e) {
    return { error: e.kind ?? String(e) };
  }
}

const stats = { accepted: 0, declined: 0 };

/** Compares the two readers on one 200 body; returns whether the fast reader accepted it. */
function compare(op, text, label) {
  const fast = fastRead(FAST_READERS, API_NAMES, op, 200, utf8.encode(text), undefined);
  if (fast === undefined) {
    stats.declined++;
    return false;
  }
  const c = core(op, text);
  assert.ok(!("error" in c), `${label}: the fast reader accepted what the core refuses (${c.error}): ${text.slice(0, 300)}`);
  assert.deepStrictEqual(fast, c.out, `${label}: ${text.slice(0, 300)}`);
  // Key order too (deepStrictEqual ignores it): JSON.stringify and Object.keys must agree.
  assert.equal(JSON.stringify(fast), JSON.stringify(c.out), `${label} (key order): ${text.slice(0, 300)}`);
  stats.accepted++;
  return true;
}

// The 200 bodies of the vectors, per fast operation.
const bases = {};
for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
  const v = JSON.parse(readFileSync(new URL(file, dir)));
  if (!(v.operation in FAST_READERS)) continue;
  for (const c of v.parse) {
    if (c.response.status !== 200) continue;
    const text = "json" in c.response ? JSON.stringify(c.response.json) : c.response.body ?? "";
    (bases[v.operation] ??= []).push({ name: c.name, text });
  }
}

test("the fast reader covers the plain reads and nothing else", () => {
  // From the declaration: a read (idempotent) whose output is one model, or a list of them, that
  // keeps unknown fields. Writes, raw lists, maps and models without `extra` go to the core.
  const decl = JSON.parse(readFileSync(new URL("../../../tests/vectors/declaration.json", import.meta.url), "utf8"));
  const withExtra = new Set(decl.models.filter((m) => m.extra).map((m) => m.name));
  const plain = (op) => op.idempotent && withExtra.has(/^(?:Vec<(\w+)>|(\w+))$/.exec(op.output)?.slice(1).find(Boolean));
  const reads = decl.operations.filter(plain).map((op) => op.name).sort();
  assert.ok(reads.length > 0 && reads.length < decl.operations.length, "the rule picks some operations");
  assert.deepEqual(Object.keys(FAST_READERS).sort(), reads);
  const others = decl.operations.filter((op) => !plain(op)).map((op) => op.name);
  assert.ok(others.includes("clock") && others.includes("leave_month"), "writes and raw lists are never fast-read");
  for (const op of [...others, "constructor", "__proto__", "toString"]) {
    assert.equal(fastRead(FAST_READERS, API_NAMES, op, 200, utf8.encode("[]"), undefined), undefined, op);
  }
});

test("vectors: where the fast reader accepts, it equals the core", () => {
  let accepted = 0;
  for (const [op, list] of Object.entries(bases)) for (const b of list) accepted += compare(op, b.text, `${op} ${b.name}`) ? 1 : 0;
  assert.ok(accepted >= 20, `only ${accepted} vector bodies took the fast path`);
});

test("bodies the core must judge are declined", () => {
  const declined = [
    ["employees", "\uFEFF[]"], // a BOM
    ["employees", "[{\"email\": \"\\ud800\"}]"], // a lone surrogate (serde_json refuses it)
    ["employees", "[{\"x\": \"\\udc00\"}]"],
    ["employees", "[{\"email\": 5}]"], // an integer where a string belongs: the core converts it
    ["employees", "[{\"birthday\": \"2026-02-30\"}]"], // not a day: degrades into extra
    ["employees", "[{\"birthday\": \" 2026-02-03\"}]"],
    ["employees", "[1]"], // the core leaves the element out
    ["employees", "{}"],
    ["employees", "\"[]\""], // double-encoded
    ["employees", "[{\"__proto__\": 1}]"],
    ["employees", "[{\"x\": 1e400}]"],
    ["employees", "[{\"x\": " + "[".repeat(120) + "]".repeat(120) + "}]"],
    ["employees", "[] x"],
    ["department_month", "{\"saldo\": \"5\"}"], // a numeric string: the core converts it
    ["department_month", "{\"month\": 13}"],
    ["department_month", "{\"month\": 1.5}"],
    ["department_month", "{\"code\": 1}"], // the API's error
    ["department_month", "{\"code\": \"0\"}"],
    ["department_month", "[]"],
    ["time_account", "{\"list\": [{\"startTime\": \"24:00\"}]}"],
    ["time_account", "{\"list\": [{\"start\": \"2026-03-01T07:00:00\"}]}"],
    ["time_account", "{\"list\": [1]}"],
    ["time_account", "{\"hasTime\": 1}"],
    ["presence", "{\"code\": 0, \"time\": 1.5}"],
    ["presence", "{\"time\": -0}"], // the core reads -0 as the integer 0
    // serde_json (without float_roundtrip) may round these one step off JSON.parse
    ["time_account", "{\"saldo\": 7.6000000000000005}"],
    ["time_account", "{\"saldo\": 9316.977760874517}"],
    ["time_account", "{\"saldo\": 1e-7}"],
    ["leave_year", "{\"list\": [{\"x\": 0.30000000000000004}]}"],
    ["presence", "{\"time\": 9e15}"], // a whole float the core's FlexInt refuses (>= 9e15)
    ["presence", "{\"time\": 1e15}"],
    // keys outside the BMP sort differently in UTF-16 and in UTF-8
    ["employees", "[{\"\uFF01\": 1, \"\uD83D\uDE00\": 2}]"],
    ["leave_year", "{\"legende\": {\"\uD83D\uDE00\": 1}}"],
    ["department_month", "{\"month\": -0}"],
  ];
  for (const [op, text] of declined) {
    assert.equal(fastRead(FAST_READERS, API_NAMES, op, 200, utf8.encode(text), undefined), undefined, `${op}: ${text.slice(0, 80)}`);
  }
  assert.equal(fastRead(FAST_READERS, API_NAMES, "employees", 200, new Uint8Array([0x5b, 0x22, 0xff, 0x22, 0x5d]), undefined), undefined, "bad UTF-8");
  assert.equal(fastRead(FAST_READERS, API_NAMES, "employees", 201, utf8.encode("[]"), undefined), undefined, "not 200");
  assert.deepEqual(fastRead(FAST_READERS, API_NAMES, "employees", 200, utf8.encode(" [ ] "), undefined), []);
});

test("a polluted Object.prototype sends every body to the core", () => {
  const body = utf8.encode('[{"x": 1}]');
  assert.ok(fastRead(FAST_READERS, API_NAMES, "employees", 200, body, undefined));
  for (const enumerable of [false, true]) {
    Object.defineProperty(Object.prototype, "email", { value: "proto@example.com", enumerable, configurable: true, writable: true });
    try {
      assert.equal(fastRead(FAST_READERS, API_NAMES, "employees", 200, body, undefined), undefined, `enumerable: ${enumerable}`);
    } finally {
      delete Object.prototype.email;
    }
  }
  Object.defineProperty(Object.prototype, "polluted", { value: 1, enumerable: true, configurable: true });
  try {
    assert.equal(fastRead(FAST_READERS, API_NAMES, "employees", 200, body, undefined), undefined);
  } finally {
    delete Object.prototype.polluted;
  }
  assert.ok(fastRead(FAST_READERS, API_NAMES, "employees", 200, body, undefined));
});

test("-0 and -0.0 read as serde_json reads them (-0.0) in numbers and raw values", () => {
  for (const text of ['{"saldo": -0}', '{"saldo": -0.0, "x": -0}', '{"surcharge": [-0.0, {"a": -0}], "soll": 0.5}']) {
    assert.ok(compare("department_month", text, text), `declined: ${text}`);
  }
  assert.ok(compare("leave_year", '{"list": [{"extra": -0.0, "taken": 5.0}], "legende": {"B": 1, "A": [-0]}}', "leave_year"));
});

test("a key sent twice takes its last value in both readers", () => {
  for (const [op, text] of [
    ["time_account", '{"saldo": 5, "saldo": null}'],
    ["time_account", '{"saldo": "x", "saldo": 5}'],
    ["time_account", '{"list": [{"date": "2026-03-02"}], "list": null}'],
    ["time_account", '{"list": [{"date": "2026-03-02", "date": ""}], "start": "2026-03-01", "start": ""}'],
    ["leave_year", '{"list": [{"a": 1, "a": 2}]}'],
    ["employees", '[{"x": 1, "x": [2], "email": "a@b.c", "email": null}]'],
  ]) {
    assert.ok(compare(op, text, text), `declined: ${text}`);
  }
});

test("known difference: a number written with excess digits may differ in its last bit", () => {
  // serde_json (without float_roundtrip) reads 1.00000000000000011 as 1.0000000000000002, not a
  // whole number, so the core keeps it in extra; JSON.parse reads 1, a valid integer. The value
  // cannot show the excess digits to the fast reader. Pinned here so a change is noticed.
  const text = '{"time": 1.00000000000000011}';
  assert.equal(fastRead(FAST_READERS, API_NAMES, "presence", 200, utf8.encode(text), undefined).time, 1);
  assert.equal(core("presence", text).out.time, null);
});

test("raw objects come out with their keys sorted, as the core's serde_json::Map sorts them", () => {
  const text = '{"list": [{"name": "A", "days": 1, "byType": {"Z": 1, "A": 2}}], "legende": {"b": {"y": 1, "x": 2}, "a": 1}}';
  assert.ok(compare("leave_year", text, "leave_year sorted"));
  const out = fastRead(FAST_READERS, API_NAMES, "leave_year", 200, utf8.encode(text), undefined);
  assert.deepEqual(Object.keys(out.employees[0]), ["byType", "days", "name"]);
  assert.deepEqual(Object.keys(out.legend), ["a", "b"]);
  assert.ok(compare("employees", '[{"zz": 1, "aa": {"d": 1, "c": 2}, "email": "a@b.c"}]', "extra sorted"));
});

test("the requested month: an echo either way is that month (MonthlyAccount.settle_month)", () => {
  const read = (wire, asked) => fastRead(FAST_READERS, API_NAMES, "department_month", 200, utf8.encode(JSON.stringify({ month: wire })), asked)?.month;
  for (let asked = 1; asked <= 12; asked++) {
    assert.equal(read(asked - 1, asked), asked, `0-based echo of ${asked}`);
    assert.equal(read(asked, asked), asked, `1-based echo of ${asked}`);
  }
  assert.equal(read(5, 3), 6); // not an echo: the 0-based reading stands
  assert.equal(read(12, undefined), 12);
  assert.equal(read(0, undefined), 1);
  assert.equal(read(12, 11), 11); // 12 reads December, the 1-based echo of November... as the core reads it
});

// A seeded generator, so a failure reproduces.
function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ODD = [
  null, "", " ", "x", "2026-02-28", "2026-02-29", "2024-02-29", "0000-01-01", "9999-12-31", "2026-1-01",
  "2026-03-01 07:30:00", "2026-03-01 24:00:00", "2026-03-01T07:30:00", "07:30", "7:30", "07:30:59", "07:60", "24:00",
  ...Array.from({ length: 14 }, (_, i) => i), -1, 1.5, 2.0, 1e21, 2 ** 53, 2 ** 53 - 1, -(2 ** 53) + 1, 0.1, true, false, "1", "0", "true",
  "12.5", [], {}, [1, "a"], ["a", "b"], { a: 1 }, [{}], [{ date: "2026-03-02" }], "emoji 😀", "\ud800", "ß",
  7.6000000000000005, 0.30000000000000004, 123456789.12345678, 9e15, 1e15, 999999999999999, 1e-7, 0.5,
  { "😀": 1, b: 2 }, { z: { y: 1, x: [{ d: 1, c: 2 }] } }, 'say "hi": ok',
  "1234567890123456",
];

function mutate(value, r, depth = 0) {
  if (Array.isArray(value)) {
    if (value.length && r() < 0.7) {
      const i = Math.floor(r() * value.length);
      const copy = value.slice();
      copy[i] = mutate(copy[i], r, depth + 1);
      return copy;
    }
  } else if (value !== null && typeof value === "object") {
    const keys = Object.keys(value);
    const copy = { ...value };
    const p = r();
    if (keys.length && p < 0.6) {
      const k = keys[Math.floor(r() * keys.length)];
      copy[k] = depth < 3 && r() < 0.5 ? mutate(copy[k], r, depth + 1) : ODD[Math.floor(r() * ODD.length)];
    } else if (keys.length && p < 0.75) {
      delete copy[keys[Math.floor(r() * keys.length)]];
    } else {
      copy[`unknown${Math.floor(r() * 3)}`] = ODD[Math.floor(r() * ODD.length)];
    }
    return copy;
  }
  return ODD[Math.floor(r() * ODD.length)];
}

test("sandbox answers and their mutations: where the fast reader accepts, it equals the core", async () => {
  const sb = await startSandbox();
  const captured = {};
  const realFetch = globalThis.fetch;
  try {
    // The sandbox's real bodies, captured from the client's own fetch.
    globalThis.fetch = async (url, init) => {
      const resp = await realFetch(url, init);
      const text = await resp.clone().text();
      const op = globalThis.__op;
      if (op && resp.status === 200) (captured[op] ??= []).push(text);
      return resp;
    };
    const client = new Client({ apiKey: KEY, baseUrl: sb.url });
    const calls = {
      employees: () => client.employees(),
      all_employees: () => client.allEmployees(),
      overview: () => client.overview(),
      presence: () => client.presence(),
    };
    const emails = (await client.employees()).map((e) => e.email).filter(Boolean);
    calls.time_account = () => client.timeAccount(emails[0], 2026, 3);
    calls.time_account_report = () => client.timeAccountReport(emails[0], { year: 2026, month: 3 });
    calls.target_actual_days = () => client.targetActualDays({ email: emails[0] });
    for (const [op, call] of Object.entries(calls)) {
      globalThis.__op = op;
      try { await call(); } catch { /* an operation the sandbox answers otherwise is still fine */ }
    }
  } finally {
    globalThis.fetch = realFetch;
    delete globalThis.__op;
    sb.stop();
  }
  const sources = { ...Object.fromEntries(Object.entries(bases).map(([op, l]) => [op, l.map((b) => b.text)])) };
  for (const [op, texts] of Object.entries(captured)) (sources[op] ??= []).push(...texts);
  for (const op of ["employees", "time_account", "overview"]) {
    assert.ok(captured[op]?.length, `no sandbox answer captured for ${op}`);
    assert.ok(compare(op, captured[op][0], `${op} from the sandbox`), `the sandbox's plain ${op} answer did not take the fast path`);
  }
  const r = rng(20261123);
  const before = { ...stats };
  for (const [op, texts] of Object.entries(sources)) {
    for (const text of texts) {
      let base;
      try { base = JSON.parse(text); } catch { continue; }
      for (let i = 0; i < 300; i++) {
        let m = base;
        for (let n = 1 + Math.floor(r() * 3); n > 0; n--) m = mutate(m, r);
        compare(op, JSON.stringify(m), `${op} mutation ${i}`);
      }
    }
  }
  const accepted = stats.accepted - before.accepted, declined = stats.declined - before.declined;
  // Both paths must be exercised, or the comparison proves nothing.
  assert.ok(accepted > 500 && declined > 500, `accepted ${accepted}, declined ${declined}`);
});
