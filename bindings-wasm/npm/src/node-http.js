// The Node entry's transport: one attempt through node:http / node:https, for a client without a
// `fetch` or `dispatcher` option while `globalThis.fetch` is still Node's own and no global undici
// dispatcher was set (`serves`; `viaHttp` in core.js), and for plain http past a proxy (the
// environment's, a global or the client's proxy agent: `serves`, `bypasses`), which would read the
// key in the URL in the clear. It does what the fetch path does (the same headers,
// a manual redirect, the timeout and the caller's AbortSignal cancelling the request, gzip/deflate/br
// decoded, the body read within its bound, undici's connect timeout and idle time) ~0.15 ms a call
// faster than Node's fetch (undici's WHATWG streams). Only the Node entry (`src/node.js`) imports
// this file: browser bundles never see node:http.
import http from "node:http";
import https from "node:https";
import zlib from "node:zlib";

/**
 * Whether Node was told to send through the proxy of `HTTP(S)_PROXY` (Node >= 24:
 * `NODE_USE_ENV_PROXY=1` or `--use-env-proxy`), which Node applies to its own fetch and global
 * agents, not to the agents here.
 */
const envProxy = process.env.NODE_USE_ENV_PROXY === "1" ||
  [...process.execArgv, ...(process.env.NODE_OPTIONS ?? "").split(/\s+/)].includes("--use-env-proxy");

/** The `globalThis.fetch` last found to be Node's own. */
let nodeFetch = null;

/**
 * Whether `f` is Node's own fetch (whose source loads Node's bundled undici: `internal/deps/undici`
 * in Node 20-24, `lazyUndici()` in 18), not one a test or an instrumentation put in its place: then
 * a client without `fetch` and `dispatcher` options sends through node:http, which does the same
 * faster; a replaced `globalThis.fetch` is always used.
 */
function isNodeFetch(f) {
  if (f === nodeFetch) return true;
  if (typeof f !== "function") return false;
  try {
    if (!/internal\/deps\/undici|lazyUndici\(\)/.test(Function.prototype.toString.call(f))) return false;
  } catch {
    return false;
  }
  nodeFetch = f;
  return true;
}

/**
 * Where undici keeps the global dispatcher: undici <= 7 (Node 18-24's fetch, the npm package up to
 * 7) under `.1`; undici 8 (Node >= 26's fetch) under `.2`, with a `Dispatcher1Wrapper` of it under
 * `.1` for code of undici <= 7.
 */
const GLOBAL_DISPATCHER = Symbol.for("undici.globalDispatcher.1");
const GLOBAL_DISPATCHER_2 = Symbol.for("undici.globalDispatcher.2");
/** The global dispatchers found to be plain ones. */
const plainDispatchers = new WeakSet();

/**
 * Whether undici's global dispatcher is none or a plain `Agent` without options (what Node makes
 * for its own fetch, which node:http then equals), in both of undici's places. One set with
 * `setGlobalDispatcher` of any undici (a proxy, a private CA, a `MockAgent`, interceptors) is
 * honoured: calls then go through fetch.
 */
function plainGlobalDispatcher() {
  const legacy = globalThis[GLOBAL_DISPATCHER];
  return plainAgent(globalThis[GLOBAL_DISPATCHER_2]) &&
    (legacy?.constructor?.name === "Dispatcher1Wrapper" || plainAgent(legacy));
}

/** Whether `d` is no dispatcher or an undici `Agent` with no option set. */
function plainAgent(d) {
  if (d === undefined || plainDispatchers.has(d)) return true;
  if (d?.constructor?.name !== "Agent") return false;
  const key = Object.getOwnPropertySymbols(d).find((k) => k.description === "options");
  const options = key === undefined ? undefined : d[key];
  if (options === null || typeof options !== "object") return false;
  // An option left undefined is one not set (Node 24.22 and 22.23.5 list `tls: undefined` among
  // their own Agent's options; earlier releases `connect` and `interceptors`).
  for (const [k, v] of Object.entries(options)) {
    const plain = v === undefined || (k === "maxOrigins" && v === Infinity);
    if (!plain) return false;
  }
  plainDispatchers.add(d);
  return true;
}

/**
 * Whether this transport may send `url` in place of `fetch` (the client's global one; undefined
 * where Node runs without fetch): not for a `fetch` that is not Node's own, not when a global
 * dispatcher was set, not when Node proxies by itself; then calls go through `fetch`. But plain
 * http (a loopback host only, the core's rule) never goes through the environment's proxy (Node's
 * own `EnvHttpProxyAgent`, which reads `HTTP_PROXY` for http: the proxy would read the key in the
 * URL in the clear): it is sent here, directly.
 */
export function serves(fetch, url) {
  if (!nodesFetch(fetch)) return false;
  if (url.startsWith("http:") && onlyEnvProxy()) return true;
  return !envProxy && plainGlobalDispatcher();
}

/**
 * Whether the global dispatchers are proxy agents (what Node >= 24 sets with `NODE_USE_ENV_PROXY`,
 * or one set with undici's `setGlobalDispatcher(new EnvHttpProxyAgent())` or `ProxyAgent`) or
 * Node's plain ones, and Node proxies by itself or one of them is such an agent.
 */
function onlyEnvProxy() {
  const found = [globalThis[GLOBAL_DISPATCHER_2], globalThis[GLOBAL_DISPATCHER]];
  const plain = (d) => proxying(d) || plainAgent(d) || d?.constructor?.name === "Dispatcher1Wrapper";
  return found.every(plain) && (envProxy || found.some(proxying));
}

/** Whether `d` is one of undici's proxy agents (`ProxyAgent`, `EnvHttpProxyAgent`, by their class names). */
function proxying(d) {
  return d?.constructor?.name === "ProxyAgent" || d?.constructor?.name === "EnvHttpProxyAgent";
}

/**
 * Whether this transport sends plain http `url` directly past `dispatcher`, the client's option:
 * when it is a proxy agent (the proxy would read the key in the URL in the clear) and `fetch` is
 * still Node's own (a test's stub of `globalThis.fetch` sees every request).
 */
export function bypasses(dispatcher, fetch, url) {
  return url.startsWith("http:") && proxying(dispatcher) && nodesFetch(fetch);
}

/** Whether `fetch` is Node's own (or none: Node without fetch), not a stub or a wrapper. */
function nodesFetch(fetch) {
  return fetch === undefined || isNodeFetch(fetch);
}

// Keep-alive pools of our own, as Node >= 19's global agents are made (Node 18's do not keep
// connections), but with undici's idle time: a socket idle for 4 s is closed (a server's
// `Keep-Alive: timeout=N` shortens it), and idle sockets never keep the process alive.
const agents = {
  "http:": new http.Agent({ keepAlive: true, timeout: 4000, scheduling: "lifo" }),
  "https:": new https.Agent({ keepAlive: true, timeout: 4000, scheduling: "lifo" }),
};

/** The decoder of one content coding, as fetch decodes it (an unknown coding is left as it is),
 * with undici's flush modes that accept a body cut after the last complete block. */
function decoder(coding) {
  const { Z_SYNC_FLUSH: z, BROTLI_OPERATION_FLUSH: br } = zlib.constants;
  if (coding === "gzip" || coding === "x-gzip") return zlib.createGunzip({ flush: z, finishFlush: z });
  if (coding === "deflate") return zlib.createInflate({ flush: z, finishFlush: z });
  return coding === "br" ? zlib.createBrotliDecompress({ flush: br, finishFlush: br }) : null;
}

/** undici's connect timeout (the TCP and TLS handshakes), with its code: nothing was sent. */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * Header pairs as fetch's `Headers` gives them: names in lower case, a repeated header joined with
 * ", " into one pair (so two `Retry-After` values read as fetch reads them), `set-cookie` apart.
 */
function headerPairs(raw) {
  const joined = new Map();
  const pairs = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i].toLowerCase();
    if (name === "set-cookie") pairs.push([name, raw[i + 1]]);
    else joined.set(name, joined.has(name) ? `${joined.get(name)}, ${raw[i + 1]}` : raw[i + 1]);
  }
  for (const [name, value] of joined) pairs.push([name, value]);
  return pairs;
}

/** An error with Node's `code`, as the transport marks it for the .wasm (`fetchFailure`). */
const coded = (message, code) => Object.assign(new Error(message), { code });

/**
 * Sends one attempt: `[status, body bytes (at most `max` after decoding), header pairs (null for a
 * 2xx)]`, or a rejection: "zeitkonto:too-large" beyond the bound, Node's error (its `code` marks a
 * refused connection or a failed TLS handshake), or the reason `attempt.abort(reason)` was given
 * (the timeout's TimeoutError, the caller's abort).
 *
 * `attempt` is filled with `abort(reason)`, which destroys the request (and its connection).
 */
export function send(url, method, headers, body, max, attempt) {
  return new Promise((resolve, reject) => {
    let done = false;
    /** The decoders in use, destroyed with the request (no inflating after a refusal). */
    const decoders = [];
    let res = null;
    /** Stops the request and its decoders (an answer refused, or cut at the bound). */
    const stop = () => {
      done = true;
      req.destroy();
      for (const d of decoders) d.destroy();
    };
    const fail = (e) => {
      if (done) return;
      stop();
      reject(e);
    };
    const target = new URL(url);
    const tls = target.protocol === "https:";
    if (body !== undefined) headers["content-length"] = String(Buffer.byteLength(body));
    headers["accept-encoding"] = "gzip, deflate, br";
    const req = (tls ? https : http).request(target, { method, headers, agent: agents[target.protocol] });
    attempt.abort = fail;
    req.on("error", (e) => {
      // Bytes after a complete answer (a Content-Length shorter than what was sent) break the
      // connection, not the answer: fetch reads it too.
      if (res?.complete) return;
      fail(e);
    });
    // A connection that closes before any answer (also after a 101 nobody asked for, which Node
    // hands to no one) is an error, never a call left waiting.
    req.on("close", () => {
      if (res === null) fail(coded("the connection closed before an answer came", "ECONNRESET"));
    });
    req.on("socket", (socket) => {
      if (!socket.connecting) return;
      // As undici: a connection not made within 10 s fails as never made (a write may be retried).
      const timer = setTimeout(() => fail(coded(`connect timeout (${CONNECT_TIMEOUT_MS} ms)`, "UND_ERR_CONNECT_TIMEOUT")), CONNECT_TIMEOUT_MS);
      timer.unref?.();
      const clear = () => clearTimeout(timer);
      socket.once(tls ? "secureConnect" : "connect", clear);
      socket.once("close", clear);
    });
    req.on("response", (response) => {
      res = response;
      res.on("error", fail);
      const status = res.statusCode ?? 0;
      const pairs = status < 200 || status >= 300 ? headerPairs(res.rawHeaders) : null;
      const encodings = (res.headers["content-encoding"] ?? "").split(",").map((c) => c.trim().toLowerCase()).filter(Boolean);
      const declared = encodings.length === 0 && res.headers["content-length"] !== undefined ? Number(res.headers["content-length"]) : NaN;
      // An answer that is not a 2xx (a 429, a 403, a proxy's error page) is read up to the bound
      // and cut there: only its start is read, and its status is what it says.
      const cut = pairs !== null;
      if (declared > max && !cut) return fail("zeitkonto:too-large");
      const finish = (bytes) => {
        done = true;
        resolve([status, new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), pairs]);
      };
      // The codings were applied in order, so they are undone from the last.
      let stream = res;
      for (const coding of encodings.reverse()) {
        const d = decoder(coding);
        if (d === null) break;
        decoders.push(d);
        stream = stream.pipe(d);
        d.on("error", fail);
      }
      const parts = [];
      let size = 0;
      stream.on("data", (chunk) => {
        if (done) return;
        size += chunk.length;
        if (size <= max) parts.push(chunk);
        else if (!cut) fail("zeitkonto:too-large");
        else {
          parts.push(chunk.subarray(0, chunk.length - (size - max)));
          finish(Buffer.concat(parts, max));
          stop();
        }
      });
      // A connection that closes before the whole body came is an error (not a short success).
      res.on("aborted", () => fail(coded("the connection closed before the whole answer came", "ECONNRESET")));
      stream.on("end", () => {
        if (done) return;
        finish(parts.length === 1 ? parts[0] : Buffer.concat(parts, size));
      });
    });
    req.end(body);
  });
}
