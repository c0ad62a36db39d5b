// One attempt of a call through `fetch`, whatever the runtime: its answer for the .wasm (the body
// read within the core's bound), the caller's AbortSignal watched once per signal, and a failure
// classified as the core reads it (a refused connection, a failed TLS handshake: Node's codes,
// Deno's words), its `cause` stripped of anything that may hold the key. Used by `core.js`.

/**
 * A response body as a Uint8Array of at most `max` bytes, for the .wasm's fetch transport; rejects
 * with "zeitkonto:too-large" beyond (the core's `TooLarge`: a DecodeError naming the limit), or,
 * with `cut` (an answer that is not a 2xx: only its start is read), is cut there. When
 * the server declares a length within the bound and no encoding (not cross-origin, where the
 * encoding may be hidden), the body is read in one go
 * (fetch fails a body longer than declared); otherwise it is streamed and the download cancelled
 * at the bound, so an endless body, or a small gzip that inflates to gigabytes, stays bounded.
 */
function readBody(response, max, cut) {
  const headers = response.headers;
  const length = headers.get("content-length");
  // A cross-origin ("cors") answer hides Content-Encoding unless the server exposes it, so there
  // a declared length may be the compressed one: such answers are always streamed.
  const declared = length !== null && !headers.has("content-encoding") && response.type !== "cors" ? Number(length) : NaN;
  if (declared > max && !cut) return Promise.reject("zeitkonto:too-large");
  if (declared <= max || response.body === null) {
    // (Not an async function: the common path costs no extra promise.)
    return response.arrayBuffer().then((buffer) => {
      if (buffer.byteLength > max && !cut) throw "zeitkonto:too-large";
      return new Uint8Array(buffer, 0, Math.min(buffer.byteLength, max));
    });
  }
  return readStream(response.body, max, cut);
}

/**
 * An answer for the .wasm: [status, body bytes within `max`, headers (pairs; null for a 2xx, whose
 * headers the core does not read)]. A browser hides a manual redirect ("opaqueredirect", status
 * 0): it is reported as 300 (the real status and target are not visible to the page).
 */
export function answer(response, max) {
  if (typeof response?.status !== "number" || typeof response.headers?.get !== "function") {
    // A mock of the caller's (`{ ok, json }`, undefined): said so, not "cannot read 'get'".
    throw new TypeError(`the fetch resolved to ${response === null ? "null" : typeof response === "object" ? "an object that is not a Response" : typeof response}: a mock must resolve to a Response (new Response(body, { status, headers }))`);
  }
  const status = response.status === 0 && response.type === "opaqueredirect" ? 300 : response.status;
  const headers = status >= 200 && status < 300 ? null : [...response.headers];
  return readBody(response, max, headers !== null).then((bytes) => [status, bytes, headers]);
}

/** `readBody`'s stream: chunks up to `max` bytes, the download cancelled beyond (and cut with `cut`). */
async function readStream(stream, max, cut) {
  const reader = stream.getReader();
  const parts = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > max) {
      reader.cancel().catch(() => {});
      if (!cut) throw "zeitkonto:too-large";
      parts.push(value.subarray(0, value.length - (size - max)));
      size = max;
      break;
    }
    parts.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    body.set(part, at);
    at += part.length;
  }
  return body;
}

/** Per AbortSignal: the calls waiting on it, and its one "abort" listener. */
const watched = new WeakMap();

/**
 * Calls `onAbort` when `signal` aborts; returns the function that stops watching. However many
 * calls share one signal at once, it carries one listener of ours (no MaxListenersExceededWarning
 * at 11 concurrent calls), removed when the last of them settles.
 */
export function watchAbort(signal, onAbort) {
  let entry = watched.get(signal);
  if (!entry) {
    const calls = new Set();
    const listener = () => {
      watched.delete(signal);
      for (const f of calls) f();
    };
    entry = { calls, listener };
    watched.set(signal, entry);
    signal.addEventListener("abort", listener, { once: true });
  }
  entry.calls.add(onAbort);
  return () => {
    entry.calls.delete(onAbort);
    if (entry.calls.size === 0 && watched.get(signal) === entry) {
      watched.delete(signal);
      signal.removeEventListener("abort", entry.listener);
    }
  };
}

/** The longest delay `setTimeout` takes (2^31 - 1 ms, 24.8 days). */
export const MAX_TIMER_MS = 2147483647;

/** Node's TLS error codes (undici's fetch puts them in `error.cause.code`), by what failed. */
const TLS_CODES = {
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "untrustedIssuer", UNABLE_TO_GET_ISSUER_CERT: "untrustedIssuer",
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: "untrustedIssuer", SELF_SIGNED_CERT_IN_CHAIN: "untrustedIssuer",
  DEPTH_ZERO_SELF_SIGNED_CERT: "untrustedIssuer", CERT_UNTRUSTED: "untrustedIssuer",
  ERR_TLS_CERT_ALTNAME_INVALID: "hostnameMismatch", HOSTNAME_MISMATCH: "hostnameMismatch",
  CERT_HAS_EXPIRED: "expired", CERT_NOT_YET_VALID: "expired",
};
/** Codes of a connection that was never opened: nothing reached the server. */
const CONNECT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "UND_ERR_CONNECT_TIMEOUT"]);

/**
 * What the .wasm reads of a failed attempt: a refused connection or a failed TLS handshake,
 * marked (`{zeitkonto, failure, detail}`), when Node's error code says so; another error with a
 * code as `{message: "CODE: message"}` (Node's fetch says only "fetch failed" and keeps what broke
 * in `cause`); anything else as it is (a timeout; a browser's "Failed to fetch", which may have
 * reached the server). The core redacts every secret from these texts before they show.
 */
export function fetchFailure(e) {
  // A fetch of the caller's own that throws a string (or a number): its text is the detail.
  if (e === null || (typeof e !== "object" && typeof e !== "function")) return { message: String(e) };
  const cause = e?.cause ?? e;
  const code = typeof cause?.code === "string" ? cause.code : undefined;
  if (code === undefined) return denoFailure(cause) ?? e;
  const detail = `${code}: ${cause.message ?? ""}`;
  const tls = Object.hasOwn(TLS_CODES, code) ? TLS_CODES[code]
    : /^(ERR_SSL_|ERR_TLS_|ERR_OSSL_)/.test(code) || code === "EPROTO" ? "other" : undefined;
  if (tls) return { zeitkonto: "tls", failure: tls, detail };
  if (CONNECT_CODES.has(code)) return { zeitkonto: "connect", detail };
  return { message: detail };
}

/** rustls' certificate errors (Deno's fetch names them), by what failed. */
const DENO_CERTIFICATE = {
  UnknownIssuer: "untrustedIssuer", NotValidForName: "hostnameMismatch", NotValidForNameContext: "hostnameMismatch",
  Expired: "expired", ExpiredContext: "expired", NotValidYet: "expired", NotValidYetContext: "expired",
};

/**
 * Deno's fetch keeps no code: its cause's message says what broke. "client error (Connect)" is a
 * connection that was never opened (refused, a name that does not resolve) or a TLS handshake that
 * failed ("invalid peer certificate: UnknownIssuer", rustls' words): nothing reached the server.
 * Null for anything else.
 */
function denoFailure(cause) {
  const detail = typeof cause?.message === "string" ? cause.message : "";
  if (!detail.includes("client error (Connect)")) return null;
  const certificate = /invalid peer certificate: (\w+)/.exec(detail);
  if (certificate) return { zeitkonto: "tls", failure: DENO_CERTIFICATE[certificate[1]] ?? "other", detail };
  if (/tls|handshake/i.test(detail)) return { zeitkonto: "tls", failure: "other", detail };
  return { zeitkonto: "connect", detail };
}

/**
 * The primitive fields of an HTTP stack's error that carry no secret (Node's error codes), with
 * their types: `TransportCause` in `index.d.ts` (a test holds the two the same).
 */
export const CAUSE_FIELDS = { code: "string", errno: "number", syscall: "string", hostname: "string", address: "string", port: "number" };

/**
 * The `cause` of a transport error: the HTTP stack's error as a new `Error` whose message is the
 * core's redacted `detail` and with its code fields, never the original, whose message (and its
 * own causes) may show the URL with the key (undici's MockAgent, nock and msw put it there).
 */
export function safeCause(cause, detail) {
  const safe = new Error(detail);
  if (typeof cause?.name === "string") safe.name = cause.name;
  for (const [k, type] of Object.entries(CAUSE_FIELDS)) {
    const v = cause?.[k];
    if (typeof v === type) safe[k] = v;
  }
  return safe;
}

/**
 * Deno's fetch sends a request again, unasked, when a pooled keep-alive connection it reused is
 * reset before the answer: a write the server had applied was applied twice. There a write (any
 * method but GET) goes on a connection of its own (`Deno.createHttpClient` without a pool, closed
 * once its answer is read, so `deno test`'s resource check stays quiet), so that a reset is the
 * call's `TransportError` (`mayHaveReachedServer`) and the write is sent once. Null elsewhere, and
 * where Deno has no `createHttpClient` (Deno Deploy).
 */
export function denoWriteClient(method) {
  if (method === "GET" || typeof Deno === "undefined" || typeof Deno?.createHttpClient !== "function") return null;
  try {
    return Deno.createHttpClient({ poolMaxIdlePerHost: 0 });
  } catch {
    return null;
  }
}
