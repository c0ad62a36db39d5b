// The Node entry's transport: one attempt through node:http / node:https, for a client without a
// `fetch` or `dispatcher` option while `globalThis.fetch` is still Node's own (see `core.js`,
// `viaNodeHttp`). It does what the fetch path does (the same headers, a manual redirect, the
// timeout and the caller's AbortSignal cancelling the request, gzip/deflate/br decoded, the body
// read within its bound) in about a third less time than Node's fetch (undici's WHATWG streams,
// ~0.15 ms a call here). Only the Node entry (`src/node.js`) imports this file: browser bundles never
// see node:http.
import http from "node:http";
import https from "node:https";
import zlib from "node:zlib";

/**
 * Whether this transport may serve: not when Node was told to send through the proxy of
 * `HTTP(S)_PROXY` (Node >= 24: `NODE_USE_ENV_PROXY=1` or `--use-env-proxy`), which Node applies to
 * its own fetch and global agents, not to the agents here. Then calls go through `fetch`.
 */
export const usable = !(process.env.NODE_USE_ENV_PROXY === "1" || process.execArgv.includes("--use-env-proxy"));

// Keep-alive pools of our own, as Node >= 19's global agents are made (Node 18's do not keep
// connections): a socket idle for 5 s is closed, and idle sockets never keep the process alive.
const agents = {
  "http:": new http.Agent({ keepAlive: true, timeout: 5000, scheduling: "lifo" }),
  "https:": new https.Agent({ keepAlive: true, timeout: 5000, scheduling: "lifo" }),
};

/** The decoder of one content coding, as fetch decodes it (an unknown coding is left as it is). */
function decoder(coding) {
  // As undici: a flush mode that accepts a body cut after the last complete block.
  const flush = { flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH };
  switch (coding) {
    case "gzip":
    case "x-gzip":
      return zlib.createGunzip(flush);
    case "deflate":
      return zlib.createInflate(flush);
    case "br":
      return zlib.createBrotliDecompress({ flush: zlib.constants.BROTLI_OPERATION_FLUSH, finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH });
    default:
      return null;
  }
}

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
    const fail = (e) => {
      if (!done) {
        done = true;
        reject(e);
      }
    };
    const target = new URL(url);
    const options = { method, headers, agent: agents[target.protocol] };
    if (body !== undefined) headers["content-length"] = String(Buffer.byteLength(body));
    headers["accept-encoding"] = "gzip, deflate, br";
    const req = (target.protocol === "https:" ? https : http).request(target, options);
    attempt.abort = (reason) => {
      fail(reason);
      req.destroy();
    };
    req.on("error", fail);
    req.on("response", (res) => {
      res.on("error", fail);
      const status = res.statusCode ?? 0;
      let pairs = null;
      if (status < 200 || status >= 300) {
        pairs = [];
        const raw = res.rawHeaders;
        for (let i = 0; i + 1 < raw.length; i += 2) pairs.push([raw[i].toLowerCase(), raw[i + 1]]);
      }
      const encodings = (res.headers["content-encoding"] ?? "").split(",").map((c) => c.trim().toLowerCase()).filter(Boolean);
      const declared = encodings.length === 0 && res.headers["content-length"] !== undefined ? Number(res.headers["content-length"]) : NaN;
      const tooLarge = () => {
        fail("zeitkonto:too-large");
        req.destroy();
      };
      if (declared > max) return tooLarge();
      // The codings were applied in order, so they are undone from the last.
      let stream = res;
      for (const coding of encodings.reverse()) {
        const d = decoder(coding);
        if (d === null) break;
        stream.on("error", fail);
        stream = stream.pipe(d);
      }
      const parts = [];
      let size = 0;
      stream.on("data", (chunk) => {
        size += chunk.length;
        if (size > max) tooLarge();
        else parts.push(chunk);
      });
      stream.on("error", fail);
      // A connection that closes before the whole body came is an error (not a short success).
      res.on("aborted", () => fail(Object.assign(new Error("the connection closed before the whole answer came"), { code: "ECONNRESET" })));
      stream.on("end", () => {
        if (done) return;
        done = true;
        const bytes = parts.length === 1 ? parts[0] : Buffer.concat(parts, size);
        resolve([status, new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), pairs]);
      });
    });
    req.end(body);
  });
}
