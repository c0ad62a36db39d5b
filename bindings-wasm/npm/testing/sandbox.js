// The test kit's Sandbox, whatever loads its .wasm (`testing.js` by URL for browsers and bundlers,
// `testing-node.mjs` from disk for Node). The engine is sans-IO: each request goes in with the
// time and comes back as a step; the waits a `delay` fault asks for are timers here, cancelled by
// the request's AbortSignal (a request abandoned during a wait before handling applies nothing).
import { Client, _day, _invalid as invalid, _resetRateLimits, _toError } from "zeitkonto";
import { IN_PROCESS_BASE_URL } from "./surface.js";

/**
 * The faults `inject` knows, and the base URL of in-process clients: generated from the engine's
 * declaration (`surface.js`).
 */
export { FAULT_KINDS, IN_PROCESS_BASE_URL } from "./surface.js";

const encoder = new TextEncoder();
const NULL_BODY = new Set([204, 205, 304]);
const MAX_TIMER_MS = 2 ** 31 - 1;

function sleep(ms, signal) {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, Math.min(ms, MAX_TIMER_MS));
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

async function bodyBytes(body) {
  if (body == null) return new Uint8Array();
  if (typeof body === "string") return encoder.encode(body);
  if (body instanceof Uint8Array) return body;
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  return new Uint8Array(await new Response(body).arrayBuffer());
}

function toResponse(status, headers, body) {
  return new Response(NULL_BODY.has(status) ? null : body, { status, headers });
}

function seedText(seed) {
  if (seed == null) return undefined;
  if (typeof seed === "string") return seed;
  if (typeof seed === "object") {
    try {
      return JSON.stringify(seed);
    } catch (e) {
      throw invalid("seed", `is not JSON data: ${e.message}`);
    }
  }
  throw invalid("seed", `expected JSON text or an object, got ${typeof seed}`);
}

/** Refuses option names the kit does not know (a typo would otherwise be ignored). */
function known(options, names, field) {
  if (options == null) return;
  if (typeof options !== "object") throw invalid(field, "expected an options object");
  for (const k of Object.keys(options)) {
    if (!names.includes(k)) throw invalid(k, `unknown option of ${field}; known: ${names.join(", ")}`);
  }
}

/** An operation name for the .wasm, checked here (a non-string would trap in the .wasm). */
function operationName(operation) {
  if (operation == null) return undefined;
  if (typeof operation !== "string") throw invalid("operation", "expected an operation name (a string), e.g. \"clock\"");
  return operation;
}

let load = null;
let loaded = null;

/** Sets the .wasm's exports and how to initialise them (the entry files do this). @internal */
export function _setLoader(wasm, init) {
  load = () => Promise.resolve().then(init).then(() => wasm);
}

/**
 * A stateful fake of the saas.de API in-process: every rule of the API (keys, modules, 403 codes,
 * 0- and 1-based months, the clock state machine, the rate limit when asked), the demo company's
 * people, and faults to inject. `Sandbox.create()` makes one; `client()` gives a `zeitkonto`
 * Client wired to it (no socket, no port); `fetch` is a fetch-compatible function for code that
 * calls the API itself.
 */
export class Sandbox {
  #engine;
  #start;
  #baseUrl;

  /** @internal Use `Sandbox.create()`. */
  constructor(engine, token) {
    if (token !== CREATE) throw new TypeError("use `await Sandbox.create(options)`");
    this.#engine = engine;
    this.#start = performance.now();
    /** The seed's keys and people (companyKey, workspaceKey, employee, projectManager, …): the demo's, or a seed of your own's in the same roles. */
    this.keys = Object.freeze(Object.fromEntries(engine.keys()));
    /** `fetch` for code that calls the API itself: `new URL` paths as the real service's. */
    this.fetch = this.#fetch.bind(this);
  }

  /**
   * Makes a sandbox. `today`: "YYYY-MM-DD" or a Date (default: the real date); `seed`: the data
   * (an object or JSON text; default: the demo seed); `rateLimit`: `{ limit, window }` (window in
   * milliseconds) to have the API's limit (default: none, so tests do not wait); `routes`: route
   * overrides as the client's.
   */
  static async create(options = {}) {
    known(options, ["today", "seed", "rateLimit", "routes"], "Sandbox.create");
    const { today, seed, rateLimit, routes } = options ?? {};
    loaded ??= load?.() ?? Promise.reject(new Error("zeitkonto/testing: no .wasm loader"));
    let limit = 0;
    let windowMs = 60_000;
    if (rateLimit != null) {
      if (typeof rateLimit !== "object") throw invalid("rateLimit", "expected { limit, window }");
      limit = rateLimit.limit ?? 60;
      windowMs = rateLimit.window ?? 60_000;
      // Their ranges (a whole limit up to 4294967295; a window more than 0, at most a day) are the
      // engine's checks, with every kit's reason.
      if (typeof limit !== "number") throw invalid("rateLimit.limit", "expected a whole number");
      if (typeof windowMs !== "number") throw invalid("rateLimit.window", "expected a number of milliseconds");
    }
    if (rateLimit != null) known(rateLimit, ["limit", "window"], "rateLimit");
    if (routes != null && (typeof routes !== "object" || Object.values(routes).some((r) => typeof r !== "string"))) {
      throw invalid("routes", "expected an object of \"METHOD /path\" routes by operation name");
    }
    let engine;
    try {
      engine = new (await loaded).SandboxEngine(_day(today, "today"), seedText(seed), limit, windowMs, routes ?? undefined, Date.now());
    } catch (e) {
      throw _toError(e);
    }
    const sandbox = new Sandbox(engine, CREATE);
    sandbox.#resetClients(); // what clients counted against an earlier sandbox is forgotten
    return sandbox;
  }

  /** Forgets what clients counted here (in-process and served) with this sandbox's limit. */
  #resetClients() {
    const [limit, windowMs] = this.#engine.rateLimit();
    for (const url of [IN_PROCESS_BASE_URL, this.#baseUrl]) if (limit && url) _resetRateLimits(url, limit, windowMs);
  }

  #now() {
    return [Date.now(), performance.now() - this.#start];
  }

  async #fetch(input, init = {}) {
    const request = typeof Request !== "undefined" && input instanceof Request ? input : null;
    const url = new URL(request ? request.url : String(input), IN_PROCESS_BASE_URL);
    const method = String(init.method ?? request?.method ?? "GET").toUpperCase();
    const signal = init.signal ?? request?.signal;
    signal?.throwIfAborted();
    const body = await bodyBytes(init.body ?? (request?.body ? await request.arrayBuffer() : undefined));
    let step = this.#engine.begin(method, url.pathname, url.search.slice(1), body, ...this.#now());
    for (;;) {
      const [kind, status, headers, bytes, delayMs, id] = step;
      if (kind === "answer") return toResponse(status, headers, bytes);
      if (kind === "reset") {
        // What Node's fetch says when the server breaks the connection.
        const cause = Object.assign(new Error("other side closed"), { code: "UND_ERR_SOCKET" });
        throw new TypeError("fetch failed", { cause });
      }
      try {
        await sleep(delayMs, signal);
      } catch (e) {
        if (id) this.#engine.abandon(id);
        throw e;
      }
      if (kind === "answerAfter") return toResponse(status, headers, bytes);
      step = this.#engine.resume(id, ...this.#now());
    }
  }

  /**
   * A `zeitkonto` Client wired to this sandbox in-process, with the seed's company and workspace
   * keys unless given, and the client-side limit of the sandbox's own (none when it has none);
   * other options as the Client's (`timeout`, `retry`, `onEvent`).
   */
  client(options = {}) {
    if (options == null || typeof options !== "object") throw invalid("options", "expected an options object");
    for (const name of ["baseUrl", "fetch", "dispatcher"]) {
      if (options[name] !== undefined) throw invalid(name, "an in-process client has no network settings; use serve() for a URL (Node)");
    }
    const [limit, windowMs] = this.#engine.rateLimit();
    return new Client({
      // A key the seed has none of (an empty text in `keys`) is left out.
      apiKey: this.keys.companyKey || undefined,
      workspaceKey: this.keys.workspaceKey || undefined,
      rateLimit: limit ? { limit, window: windowMs } : { limit: 0 },
      // The demo keys are fake: a browser test may hold them.
      dangerouslyAllowBrowser: true,
      // An option given as undefined is not given (`apiKey: process.env.KEY` with it unset), as
      // the Client reads it.
      ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)),
      baseUrl: IN_PROCESS_BASE_URL,
      fetch: this.fetch,
    });
  }

  /**
   * Makes the next `count` requests (of `operation`, when given) fail as `kind` says: "status"
   * (`status`, default 500), "delay" (`delay` ms, default 1000), "reset", "truncated", "html",
   * "rateLimit" (`retryAfter` ms, sent in whole seconds), "echoPath" (`pad`), "redirect"
   * (`location`). `afterApplying: true` applies the request first.
   */
  inject(kind, options = {}) {
    // The engine checks every value (its type too). An option's value crosses as itself when JSON
    // writes it as it is (a finite number, a string, a boolean; null and undefined: not given), a
    // number JSON cannot write (Infinity, NaN) as one beyond every range, anything else (a BigInt,
    // a Date, a function, an object) as a value of no option's type: refused as such values are.
    function option(name, value) {
      if (name === "" || value == null) return value;
      const raw = this[name];
      if (typeof raw === "number") return Number.isFinite(raw) ? raw : (raw < 0 ? -1 : 1) * Number.MAX_VALUE;
      return typeof raw === "string" || typeof raw === "boolean" ? raw : [];
    }
    try {
      this.#engine.inject(String(kind), JSON.stringify(options ?? null, option));
    } catch (e) {
      throw _toError(e);
    }
  }

  /** Writes applied so far (of `operation`, or all). */
  writes(operation) {
    try { return this.#engine.writes(operationName(operation)); } catch (e) { throw _toError(e); }
  }

  /** Requests received so far (of `operation`, or all), before faults and the rate limit. */
  requests(operation) {
    try { return this.#engine.requests(operationName(operation)); } catch (e) { throw _toError(e); }
  }

  /** How many requests the sandbox's own rate limit refused (429). */
  get rateLimited() {
    return this.#engine.rateLimited();
  }

  /** The sandbox's today, "YYYY-MM-DD". */
  get today() {
    return this.#engine.today();
  }

  /** Back to the seed: data, counters, faults and rate-limit windows (its clients' too). */
  reset() {
    this.#engine.reset();
    this.#resetClients();
  }

  /** The data this sandbox started from (the demo seed unless given), as the object `seed` takes. */
  seed() {
    return JSON.parse(this.#engine.seedJson());
  }

  /** Serves this sandbox over HTTP on 127.0.0.1 (Node only); resolves to the base URL. */
  async serve() {
    if (!Sandbox._serve) throw new Error("serve() needs Node (import zeitkonto/testing in Node)");
    if (this.#baseUrl === undefined) {
      this.#baseUrl = await Sandbox._serve(this);
      this.#resetClients(); // a port an earlier sandbox of this process served may come round again
    }
    return this.#baseUrl;
  }

  /** Stops the server of `serve()`, if any. */
  async close() {
    if (this.#baseUrl && Sandbox._close) await Sandbox._close(this);
    this.#baseUrl = undefined;
  }

  toString() {
    return `Sandbox(today=${this.today})`;
  }
}

const CREATE = Symbol("create");
