// The package's shared code, whatever loads the WebAssembly: the entries (`index.js` fetches the
// .wasm by URL, `inline.js` decodes it from base64, `src/node.js` reads it from disk synchronously)
// call `_setup(load)` and re-export its public names (`src/public.js`, generated). No top-level await: `init()` is explicit, and a
// `Client` made before the module is ready waits for it on its first call.
import { _useHelpers, operationMethods, CLOCK_TIMES, NUMERIC_SETTINGS, SETTING_NAMES } from "./operations.js";
import { FAST_READERS, API_NAMES } from "./decode.js";
import { fastRead } from "./wire.js";
import { callTelemetry } from "./telemetry.js";
import { answer, denoWriteClient, fetchFailure, MAX_TIMER_MS, safeCause, watchAbort } from "./attempt.js";
import { ZeitkontoError, InvalidInputError, ApiError, KINDS, API_CODES } from "./errors.js";
import { _invalid, _day, clock } from "./input.js";

export { _invalid, _day } from "./input.js";

import { WasmClient, buildRequest as wasmBuildRequest, parseResponse as wasmParseResponse, operations as wasmOperations, resetRateLimits } from "../wasm/zeitkonto_wasm.js";

// A browser page or any Web Worker (dedicated, shared, service): not Node, whatever its globals,
// and not a server-side runtime with a browser's globals (Cloudflare Workers, Vercel's Edge
// Runtime, Deno), where a key is as safe as in Node.
const isNode = typeof process !== "undefined" && process.versions != null && process.versions.node != null;
const isServerWorker = (typeof navigator !== "undefined" && navigator.userAgent === "Cloudflare-Workers") ||
  typeof EdgeRuntime === "string" || typeof Deno !== "undefined";
const isBrowser = !isNode && !isServerWorker && (typeof window !== "undefined" || typeof WorkerGlobalScope !== "undefined");

let [load, ready, loading] = [null, false, null];
/** The Node entry's node:http transport (`src/node-http.js`: `send`, `bypasses(dispatcher, fetch, url)`, and `serves(fetch, url)`, whether
 * it may stand in for that fetch), or null (browsers, workers). */
let nodeHttp = null;

/**
 * Called once by the entry module: `sync` loads at once (Node), otherwise loading starts now;
 * `transport`: the Node entry's node:http transport.
 */
export function _setup(loader, sync = false, transport = null) {
  load = loader;
  nodeHttp = transport;
  if (sync) {
    load();
    ready = true;
  } else {
    start().catch(() => {}); // reported by init() and by the first call
  }
}

function start() {
  loading ??= Promise.resolve()
    .then(load)
    .then(() => { ready = true; })
    .catch((e) => {
      loading = null; // the next init() tries again
      // (In Node the main entry reads it from disk and never gets here: `zeitkonto/url` did.)
      const hint = isNode ? " (in Node, import \"zeitkonto\": zeitkonto/url fetches the .wasm by URL, for browsers and bundlers)" : "";
      throw new ZeitkontoError(`could not load zeitkonto's WebAssembly module: ${e?.message ?? e}${hint}`, { cause: e });
    });
  return loading;
}

/**
 * Resolves once the WebAssembly module is loaded. In Node it is loaded when the package is
 * imported; in browsers and workers loading starts at import, and `buildRequest`, `parseResponse`
 * and `operations` need `await init()` first (a `Client` waits by itself).
 */
export function init() {
  if (ready) return Promise.resolve();
  if (!load) return Promise.reject(new ZeitkontoError("zeitkonto: no WebAssembly loader (import the package, not src/core.js)"));
  return start();
}

function needReady() {
  if (!ready) throw new ZeitkontoError("zeitkonto's WebAssembly module is not loaded yet: `await init()` first");
}

/** What an aborted call rejects with: the signal's reason as given (`null` too), else an `AbortError`. */
function abortReason(signal) {
  return signal != null && signal.reason !== undefined ? signal.reason : new DOMException("The operation was aborted.", "AbortError");
}

/**
 * @internal The error for the core's error form `{kind, message, ...}` (the jobs' and the test
 * kit's .wasm throw it too); `cause`: the HTTP stack's own error, for a transport failure.
 */
export function _toError(payload, signal, cause) {
  if (payload instanceof Error) return payload;
  if (payload == null || typeof payload !== "object") return new ZeitkontoError(String(payload));
  if (payload.kind === "Aborted") {
    return abortReason(signal);
  }
  let { kind, message, retryAfterMs, ...fields } = payload;
  // A duration is milliseconds in TypeScript, as in the core's form.
  if (kind === "RateLimited") fields.retryAfter = retryAfterMs ?? null;
  let Cls = KINDS[kind] ?? ZeitkontoError;
  if (kind === "Api") {
    const [CodeCls, name] = API_CODES[fields.code] ?? [ApiError, "unknown"];
    Cls = CodeCls;
    fields.apiCode = name;
  }
  if (kind === "InvalidInput") {
    // serde_json's position in the options' JSON text means nothing to the caller.
    message = message?.replace(/ at line \d+ column \d+/, "");
    if (typeof fields.reason === "string") fields.reason = fields.reason.replace(/ at line \d+ column \d+/, "");
  }
  if ((kind === "Transport" || kind === "Tls") && cause !== undefined) fields.cause = safeCause(cause, fields.detail ?? message);
  const err = new Cls(message ?? String(kind), fields);
  err.kind = kind ?? "Internal";
  return err;
}

/**
 * @internal For zeitkonto/testing: what this module's clients counted at `baseUrl` with `limit`
 * per `windowMs` is forgotten (a new or reset sandbox); nothing was counted before the module loaded.
 */
export function _resetRateLimits(baseUrl, limit, windowMs) {
  if (ready) resetRateLimits(baseUrl, limit, windowMs);
}

/** Drops undefined/null entries: the core's params take "absent", not null. `null` params are
 * none, as in the core's JSON form; anything else but an object is refused. */
function clean(params) {
  params ??= {};
  if (typeof params !== "object" || Array.isArray(params)) throw _invalid("params", "expected an object of named parameters");
  const out = {};
  for (const [k, v] of Object.entries(params)) {
    // JSON has no NaN or Infinity (JSON.stringify would send them as null).
    if (typeof v === "number" && !Number.isFinite(v)) {
      throw _invalid(k, `must be a finite number, got ${v}`);
    }
    // A Date as its day, or for a clock time as its local time of day (an invalid one refused by name).
    if (v !== undefined && v !== null) out[k] = v instanceof Date ? (CLOCK_TIMES.includes(k) ? clock(v, k) : _day(v, k)) : v;
  }
  return out;
}

/** A call's `clean`ed params as the JSON text the .wasm reads. */
function paramsText(cleaned) {
  try {
    return JSON.stringify(cleaned);
  } catch (e) {
    if (e instanceof ZeitkontoError) throw e;
    // A BigInt, a cycle, a throwing toJSON: as the core names a value it cannot read.
    throw _invalid("params", "not JSON-serializable");
  }
}

/** The page's (or worker's) location, when there is one. */
function here() {
  return isBrowser && typeof location !== "undefined" ? location : null;
}

/** A relative `baseUrl` ("/zeitkonto") resolves against the page (the core takes absolute URLs only). */
function resolveBaseUrl(baseUrl) {
  if (baseUrl == null || /^[a-z][a-z0-9+.-]*:/i.test(baseUrl)) return baseUrl;
  const loc = here();
  if (!loc) return baseUrl; // Node: the core reports it as invalid
  try {
    return new URL(baseUrl, loc.href).href.replace(/\/$/, "");
  } catch {
    return baseUrl;
  }
}

function sameOrigin(baseUrl) {
  const loc = here();
  if (!loc || baseUrl == null) return false;
  try {
    return new URL(baseUrl, loc.href).origin === loc.origin;
  } catch {
    return false;
  }
}

/**
 * A duration option in milliseconds (TypeScript's unit, as `setTimeout` takes it); `undefined`
 * stays. Not a number is refused here; the core reads fractions as every binding's durations (to
 * whole microseconds) and checks the range (at most a year, a window of at least 1 ms), naming
 * the option the same way.
 */
function ms(value, field) {
  if (value === undefined) return undefined;
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
    // A value of another type is named by its type only (a key put in the wrong option stays unseen).
    const got = typeof value === "number" ? String(value) : value === null ? "null" : `a ${typeof value}`;
    throw _invalid(field, `must be a finite, non-negative number of milliseconds, got ${got}`);
  }
  return value;
}

/** A count option (a whole number, not negative); `undefined` stays. The range is the core's check. */
function count(value, field) {
  if (value === undefined) return undefined;
  if (!Number.isSafeInteger(value) || value < 0) {
    throw _invalid(field, "must be a whole number, not negative"); // the core's NOT_A_COUNT
  }
  return value;
}

/** The `User-Agent` of a Node client (browsers send their own; a custom header there would add a CORS preflight). */
const USER_AGENT = "zeitkonto-js/0.1.0";

/** The client's own options in JavaScript, beside the core's settings (`SETTING_NAMES`). */
const OWN_OPTIONS = ["onEvent", "fetch", "dispatcher", "dangerouslyAllowBrowser"];

/** Where a setting of the core's declaration is written another way in JavaScript. */
const ELSEWHERE = { proxy: "a proxy is the `dispatcher` option here: new ProxyAgent(url) or EnvHttpProxyAgent from undici (Node)" };

/**
 * Refuses an option name the client does not know, at the top or in a group (`retry`,
 * `rateLimit`): a typo (`baseURL`, `retry.maxRetry`) would otherwise be ignored, and a key sent
 * where it was not meant to go.
 */
function checkOptionNames(options) {
  const elsewhere = Object.keys(options).find((key) => Object.hasOwn(ELSEWHERE, key) && options[key] !== undefined);
  if (elsewhere !== undefined) throw _invalid(elsewhere, ELSEWHERE[elsewhere]);
  const known = [...SETTING_NAMES.filter((k) => !Object.hasOwn(ELSEWHERE, k)), ...OWN_OPTIONS];
  const unknown = unknownName(options, known);
  if (unknown !== undefined) throw _invalid(unknown, `is not an option of Client; its options: ${known.join(", ")}`);
  for (const key of Object.keys(options)) {
    const members = NUMERIC_SETTINGS.filter(([k]) => k.startsWith(`${key}.`)).map(([k]) => k.slice(key.length + 1));
    const group = options[key];
    if (members.length === 0 || group == null) continue;
    if (typeof group !== "object" || Array.isArray(group)) throw _invalid(key, `expected an object of ${members.join(", ")}`);
    const name = unknownName(group, members);
    if (name !== undefined) throw _invalid(`${key}.${name}`, `is not a setting of ${key}; its settings: ${members.join(", ")}`);
  }
}

/**
 * The first name of `object` that is not one of `names`, or undefined. A name whose value is
 * undefined sets nothing and is none (`{ proxy: process.env.HTTPS_PROXY }` with the variable unset).
 */
function unknownName(object, names) {
  return Object.keys(object).find((key) => !names.includes(key) && object[key] !== undefined);
}

/**
 * A method's options object (`presence({ email })`): none for undefined or null; otherwise an
 * object whose every key is one of the method's `names`. Anything else is returned as the
 * `InvalidInputError` the method rejects with (a string passed for the object, a name of another
 * method or a typo would otherwise be ignored, and the call made without it).
 */
function named(method, options, names) {
  if (options == null) return {};
  if (!isPlain(options)) {
    return _invalid("options", `expected an object of ${method}'s named parameters (${names.join(", ")}), got ${what(options)}`);
  }
  const unknown = unknownName(options, names);
  const hint = unknown === "signal" ? " (the call options, { signal }, come after them)" : "";
  return unknown === undefined ? options : _invalid(unknown, `is not a parameter of ${method}; its named parameters: ${names.join(", ")}${hint}`);
}

/**
 * A plain object (`{ … }`, or one without a prototype): what a method's options and the call
 * options are. A `Date`, a `Map`, an `AbortSignal` or an `AbortController` has no own keys to
 * check and would otherwise pass for an empty object (`presence(new Date())`: every employee).
 */
function isPlain(value) {
  if (typeof value !== "object" || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  // (Any realm's Object.prototype: an object literal of a vm context or an iframe is plain too.)
  return proto === null || Object.getPrototypeOf(proto) === null;
}

/** What a refused options value is, by its type only (never its text, which may be a key). */
function what(value) {
  if (value !== null && typeof value === "object") {
    if (typeof value.aborted === "boolean" || value.signal !== undefined) return "an AbortSignal or AbortController: pass { signal }";
    return Array.isArray(value) ? "an array" : `a ${value.constructor?.name ?? "object"}`;
  }
  return `a ${typeof value}`;
}

function toWasmOptions(options) {
  const { apiKey, baseUrl, workspaceKey, routes, timeout } = options;
  // The numeric settings as one Float64Array for the .wasm (NaN: absent, the core's default), in
  // the order of the core's declaration (src/operations.js, generated).
  const settings = Float64Array.from(NUMERIC_SETTINGS, ([key, type]) => {
    // `null`, `0` and `Infinity` mean no timeout (-1 for the core).
    if (key === "timeout" && (timeout === null || timeout === 0 || timeout === Infinity)) return -1;
    const value = key.split(".").reduce((group, name) => group?.[name], options);
    const checked = type === "count" ? count(value, key) : ms(value, key);
    return checked === undefined ? NaN : checked;
  });
  return { options: { apiKey, baseUrl, workspaceKey, routes }, settings };
}

/** @internal A `Client`'s numeric settings as its .wasm takes them (zeitkonto/jobs' estimates assume its rate limit), under a registered symbol: a Client of another copy of this module (another entry) has them too. */
const SETTINGS = Symbol.for("zeitkonto.settings");
export const _settingsOf = (client) => (client != null && typeof client === "object" ? client[SETTINGS] : undefined);

/**
 * @internal Whose a `Client`'s jobs are (zeitkonto/jobs passes it to the core, which refuses a
 * checkpoint of another owner): the core's `jobs::owner_of` of its base URL and company key, 8 hex
 * digits of a hash, never the key (tests/vectors/owners.json ties the two). Under a registered
 * symbol, as `_settingsOf`; undefined without a key.
 */
const OWNER = Symbol.for("zeitkonto.owner");
export const _ownerOf = (client) => (client != null && typeof client === "object" ? client[OWNER] : undefined);

/** FNV-1a 64 of the base URL (as the core keeps it: trimmed, no trailing `/`), a 0 byte and the key, folded to 32 bits. */
function ownerOf(baseUrl, apiKey) {
  const bytes = new TextEncoder().encode(`${String(baseUrl ?? DEFAULT_BASE_URL).trim().replace(/\/+$/, "")}\0${apiKey}`);
  const [mask, prime] = [BigInt("0xffffffffffffffff"), BigInt("0x100000001b3")];
  let h = BigInt("0xcbf29ce484222325");
  for (const b of bytes) h = ((h ^ BigInt(b)) * prime) & mask;
  return Number((h ^ (h >> BigInt(32))) & BigInt(0xffffffff)).toString(16).padStart(8, "0");
}

/** The core's default base URL (`zeitkonto_core::DEFAULT_BASE_URL`; a test ties them). */
const DEFAULT_BASE_URL = "https://desktop.saas.de";

function makeInner(options, onEvent) {
  try {
    // The page's own origin (a same-origin backend): plain http is fine there, whatever the host.
    return new WasmClient(options.options, onEvent, sameOrigin(options.options.baseUrl), options.settings);
  } catch (e) {
    throw _toError(e);
  }
}

/**
 * The Zeitkonto client. Every method returns a Promise and takes an optional final `{ signal }`.
 *
 * In a browser page or a Web Worker a key is readable by anyone who opens the page, and the
 * company key grants access to every employee's data: constructing a client with a key there
 * needs `dangerouslyAllowBrowser: true`, unless `baseUrl` is your own backend (same origin) that
 * adds the key server-side. A relative `baseUrl` resolves against the page.
 */
export class Client {
  #inner = null;
  #options;
  #onEvent;
  #fetch;
  #dispatcher;

  constructor(options = {}) {
    options ??= {};
    if (typeof options !== "object" || Array.isArray(options)) throw _invalid("options", "expected an object of options");
    checkOptionNames(options);
    const { apiKey, workspaceKey, dangerouslyAllowBrowser = false } = options;
    // (A string such as "yes" or "false" is no answer to "do you accept that the page shows the key".)
    if (dangerouslyAllowBrowser != null && typeof dangerouslyAllowBrowser !== "boolean") throw _invalid("dangerouslyAllowBrowser", `expected true or false, got ${what(dangerouslyAllowBrowser)}`);
    const baseUrl = resolveBaseUrl(options.baseUrl);
    if (isBrowser && (apiKey || workspaceKey) && !dangerouslyAllowBrowser && !sameOrigin(baseUrl)) {
      throw new InvalidInputError(
        "refusing to put an API key into a browser page or worker: route calls through your own backend (a same-origin baseUrl), " +
          "or pass dangerouslyAllowBrowser: true if you accept that anyone with the page can read the key",
        { kind: "InvalidInput", field: "dangerouslyAllowBrowser", reason: "a key in a browser needs dangerouslyAllowBrowser: true" });
    }
    this.#options = toWasmOptions({ ...options, baseUrl });
    Object.defineProperty(this, SETTINGS, { value: this.#options.settings });
    if (typeof apiKey === "string" && apiKey !== "") Object.defineProperty(this, OWNER, { value: ownerOf(baseUrl, apiKey) });
    const { onEvent } = options;
    if (onEvent != null && typeof onEvent !== "function") throw _invalid("onEvent", "expected a function");
    // A listener that throws never fails a call.
    // The core's form names durations `elapsedMs`/`delayMs`; here they are `elapsed`/`delay`, in
    // milliseconds like every duration in TypeScript.
    this.#onEvent = onEvent && (({ elapsedMs, delayMs, ...event }) => {
      // What it throws, or an async listener's rejection, is ignored (never an unhandled rejection).
      try {
        const r = onEvent({ ...event, elapsed: elapsedMs ?? null, delay: delayMs ?? null });
        if (typeof r?.then === "function") r.then(undefined, () => {});
      } catch { /* ignored */ }
    });
    const { fetch: ownFetch, dispatcher } = options;
    if (ownFetch != null && typeof ownFetch !== "function") throw _invalid("fetch", "expected a fetch function");
    if (dispatcher != null && typeof dispatcher !== "object") throw _invalid("dispatcher", "expected an undici Dispatcher (ProxyAgent, EnvHttpProxyAgent, Agent)");
    this.#fetch = ownFetch;
    this.#dispatcher = dispatcher;
    // Ready (always in Node): bad options throw here. Otherwise they reject the first call.
    if (ready) this.#inner = makeInner(this.#options, this.#onEvent);
  }

  /** The base URL as printed: a key put into it as `***` (the core's rule); `***` before the .wasm is loaded. */
  #shownBaseUrl() {
    return this.#inner?.shownBaseUrl() ?? "***";
  }

  toString() {
    return `Client(baseUrl=${this.#shownBaseUrl()}, apiKey=***)`;
  }

  [Symbol.for("nodejs.util.inspect.custom")]() {
    return this.toString();
  }

  toJSON() {
    return { baseUrl: this.#shownBaseUrl(), apiKey: "***" };
  }

  /**
   * Runs an operation by its stable name with canonical params (the shared test vectors' form).
   * `signal`: aborting rejects with `signal.reason` and cancels the request in flight.
   */
  async call(operation, params = {}, callOptions = undefined) {
    // `null` call options are none; params are checked by `clean`.
    if (callOptions != null) {
      if (!isPlain(callOptions)) throw _invalid("callOptions", `expected { signal }, got ${what(callOptions)}`);
      const unknown = unknownName(callOptions, ["signal"]);
      if (unknown !== undefined) {
        throw _invalid(unknown, "is not a call option (the call options are { signal }); a method's parameters come before them");
      }
    }
    const signal = callOptions?.signal;
    params = clean(params);
    if (signal != null && (typeof signal.aborted !== "boolean" || typeof signal.addEventListener !== "function")) {
      throw _invalid("signal", "expected an AbortSignal");
    }
    signal?.throwIfAborted();
    if (!this.#inner) await init();
    const inner = (this.#inner ??= makeInner(this.#options, this.#onEvent));
    signal?.throwIfAborted();
    const attempts = [];
    const timers = [];
    let unwatch = null;
    const abort = signal && new Promise((resolve) => {
      unwatch = watchAbort(signal, () => {
        for (const c of attempts) c.abort(signal.reason);
        resolve();
      });
    });
    // Each fetch attempt: a signal the caller's signal and the timeout abort, the options' fetch
    // and dispatcher, a User-Agent in Node; its failure marked for the .wasm and kept as `cause`.
    let failed;
    const fetchFn = this.#fetch ?? globalThis.fetch;
    const dispatcher = this.#dispatcher;
    // In Node, without a `fetch` or `dispatcher` option, node:http does what Node's fetch would
    // (and serves where Node runs without fetch).
    // Plain http (a loopback host only) never through a proxy: past a `dispatcher` that is one too.
    const viaHttp = (url) => nodeHttp !== null && this.#fetch == null &&
      (dispatcher == null ? nodeHttp.serves(fetchFn, url) : nodeHttp.bypasses(dispatcher, fetchFn, url));
    // With OpenTelemetry set up: the call's span (src/telemetry.js), its attempts sent with tracing
    // suppressed (the HTTP instrumentations would record the key in `url.full`).
    const telemetry = callTelemetry();
    /** Ties an attempt (`abort(reason)`) to the caller's signal and to the timeout. */
    const arm = (c, timeoutMs) => {
      if (signal) {
        if (signal.aborted) c.abort(signal.reason);
        else attempts.push(c);
      }
      // The timer holds Node's event loop while the attempt is pending (and is cleared when the
      // call settles): Node's fetch never settles when a server closes the connection before
      // reading the request, and with the timer unref'd Node exited mid-call, the caller's
      // `catch` and `finally` never run. Without a timeout, an interval holds it the same way.
      // Timers take at most 2^31 - 1 ms (24.8 days); a longer delay would fire at once.
      timers.push(timeoutMs >= 0
        ? setTimeout(() => c.abort(new DOMException("The operation timed out.", "TimeoutError")), Math.min(timeoutMs, MAX_TIMER_MS))
        : setInterval(() => {}, MAX_TIMER_MS));
    };
    const marked = (e) => {
      failed = e?.cause ?? e;
      throw fetchFailure(e);
    };
    // One attempt, one round trip with the .wasm (`exchange` in bindings-wasm/src/fetch.rs): `head`
    // is "METHOD\ntimeoutMs\nmaxBytes" and a "name: value" line per header; the answer is
    // [status, body bytes (within the bound), headers (null for a 2xx)].
    const fetchFor = (url, head, body) => {
      const lines = head.split("\n");
      const headers = {};
      for (let i = 3; i < lines.length; i++) {
        const at = lines[i].indexOf(": ");
        headers[lines[i].slice(0, at)] = lines[i].slice(at + 2);
      }
      if (isNode) headers["user-agent"] = USER_AGENT;
      if (telemetry !== null) return telemetry.run(() => send(url, lines, headers, body));
      return send(url, lines, headers, body);
    };
    const send = (url, lines, headers, body) => {
      if (viaHttp(url)) {
        const attempt = {};
        const sent = nodeHttp.send(url, lines[0], headers, body, Number(lines[2]), attempt);
        arm(attempt, Number(lines[1]));
        return sent.catch((e) => {
          if (e === "zeitkonto:too-large") throw e;
          return marked(e);
        });
      }
      const init = { method: lines[0], headers, redirect: "manual" };
      if (body !== undefined) init.body = body;
      const unpooled = denoWriteClient(lines[0]);
      if (unpooled !== null) init.client = unpooled;
      const c = new AbortController();
      arm(c, Number(lines[1]));
      init.signal = c.signal;
      if (dispatcher) init.dispatcher = dispatcher;
      // (A promise of this realm: a fetch from another realm, as Vercel's edge-runtime gives,
      // answers with a promise this realm's .wasm would not take for one; and a fetch of the
      // caller's that throws, rather than rejects, is a failure like any other.)
      const answered = new Promise((resolve) => resolve(fetchFn(url, init))).then((response) => answer(response, Number(lines[2])), marked);
      // A `fetch` that ignores `init.signal` (a mock, a wrapper) or a body that never ends still
      // ends at the timeout or the caller's abort, with the signal's reason.
      const ended = new Promise((_, reject) => {
        if (c.signal.aborted) reject(c.signal.reason);
        else c.signal.addEventListener("abort", () => reject(c.signal.reason), { once: true });
      }).catch(marked);
      ended.catch(() => {}); // (the one of the two that loses the race settles unobserved)
      answered.catch(() => {});
      const settled = Promise.race([answered, ended]);
      return unpooled === null ? settled : settled.finally(() => { try { unpooled.close(); } catch { /* closed already */ } });
    };
    try {
      // Plain answers of the reads are parsed by the engine's JSON.parse (src/decode.js); the
      // core reads everything else.
      // The month the core validated (a `Number` object or a numeric value passes there too).
      const month = params.month == null ? undefined : Number(params.month);
      const fast = Object.hasOwn(FAST_READERS, operation)
        ? (status, body) => fastRead(FAST_READERS, API_NAMES, operation, status, body, month)
        : undefined;
      return await inner.call(operation, paramsText(params), abort, fetchFor, fast, telemetry?.onSpan);
    } catch (e) {
      if (signal?.aborted) throw abortReason(signal);
      throw _toError(e, signal, failed);
    } finally {
      unwatch?.();
      for (const t of timers) clearTimeout(t);
    }
  }

  // The operations and their shorthands (`come`, `go`, `stop`) are generated from the core's
  // declaration (src/operations.js) and installed below.
}

_useHelpers(named);
for (const [name, method] of Object.entries(operationMethods)) {
  Object.defineProperty(Client.prototype, name, { value: method, writable: true, configurable: true });
}

/**
 * What each built request was built from (for `parseResponse(..., { request })`): kept beside it,
 * not on it, where an inspection of its hidden properties would show the context's keys.
 */
const BUILT_FROM = new WeakMap();

/**
 * How a built request prints (`console.log`, `util.inspect`, `JSON.stringify`, `String`): with its
 * redacted URL and body; `url` and `body` themselves hold the key, for sending.
 */
const PRINTED = {
  toJSON() {
    return { method: this.method, url: this.redactedUrl, headers: this.headers, body: this.redactedBody };
  },
  toString() {
    return `${this.method} ${this.redactedUrl}`;
  },
  [Symbol.for("nodejs.util.inspect.custom")]() {
    return `BuiltRequest ${JSON.stringify(this.toJSON(), null, 2)}`;
  },
};

/** `today` of a sans-IO context ("YYYY-MM-DD" or a Date, read in UTC) as [year, month, day]. */
function todayParts(today) {
  if (today == null) return [0, 0, 0];
  const m = today instanceof Date ? [null, today.getUTCFullYear(), today.getUTCMonth() + 1, today.getUTCDate()]
    : typeof today === "string" ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(today) : null;
  if (!m || Number.isNaN(Number(m[1]))) {
    // (The value is not quoted: it may be a key given in the wrong place.)
    throw _invalid("today", `expected "YYYY-MM-DD" or a Date, got ${today instanceof Date ? "an invalid Date" : typeof today === "object" ? "an object" : `a ${typeof today} that is not one`}`);
  }
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/** The sans-IO context (the client's option names) and its environment (origin, `today`). */
function sansIo(context) {
  const { today, ...options } = context ?? {};
  const baseUrl = resolveBaseUrl(options.baseUrl);
  return { context: { ...options, baseUrl }, env: [sameOrigin(baseUrl), ...todayParts(today)] };
}

/** Builds a request without sending it (bring your own fetch). `url` and `body` hold the key. */
export function buildRequest(operation, params = {}, context = {}) {
  needReady();
  try {
    const cleaned = clean(params);
    const { context: ctx, env } = sansIo(context);
    const request = wasmBuildRequest(operation, cleaned, ctx, ...env);
    BUILT_FROM.set(request, { operation, params: cleaned, context: ctx, env });
    // Its printed forms inherited (not own: its fields stay what Object.keys lists).
    return Object.setPrototypeOf(request, PRINTED);
  } catch (e) {
    throw _toError(e);
  }
}

/**
 * Parses a response (status, header pairs or object, body bytes or text) into the canonical output.
 * `{ request }`: the `buildRequest` result it answers; the response is then read as the client
 * reads it (the request's secrets redacted before an excerpt is cut, an echoed month read against
 * the requested one).
 */
export function parseResponse(operation, status, headers, body, options = undefined) {
  const request = options?.request;
  needReady();
  if (headers != null && typeof headers !== "object") throw _invalid("headers", "expected [name, value] pairs, a Headers or an object");
  const pairs = headers == null ? [] : Array.isArray(headers) ? headers : typeof headers.entries === "function" && !isPlain(headers) ? [...headers.entries()] : Object.entries(headers);
  // (wasm-bindgen would wrap a status beyond 16 bits and read a number as that many zero bytes.)
  if (!Number.isInteger(status)) throw _invalid("status", `expected an HTTP status (a whole number 100-999), got ${typeof status}`);
  if (status < 100 || status > 999) throw _invalid("status", `not an HTTP status: ${status}`);
  const bytes = typeof body === "string" ? new TextEncoder().encode(body) : body instanceof Uint8Array ? body
    : ArrayBuffer.isView(body) ? new Uint8Array(body.buffer, body.byteOffset, body.byteLength)
    // (An ArrayBuffer of another realm, as a test runner's fetch gives, by its tag.)
    : body == null || Array.isArray(body) || /^\[object (Shared)?ArrayBuffer\]$/.test(Object.prototype.toString.call(body)) ? new Uint8Array(body ?? [])
    : null;
  if (bytes === null) throw _invalid("body", `expected bytes or a string, got ${typeof body}`);
  const from = request != null && typeof request === "object" ? BUILT_FROM.get(request) : undefined;
  if (request != null && from === undefined) throw _invalid("request", "expected the buildRequest result this response answers");
  try {
    // The core checks that the request was built for `operation`, as in every language.
    return wasmParseResponse(operation, status, pairs, bytes, from?.operation, from?.params, from?.context, ...(from?.env ?? [false, 0, 0, 0]));
  } catch (e) {
    throw _toError(e);
  }
}

/** The stable names of every operation. */
export function operations() {
  needReady();
  return wasmOperations();
}
