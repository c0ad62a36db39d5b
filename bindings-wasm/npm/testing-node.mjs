// zeitkonto/testing for Node: the sandbox engine's .wasm read from disk; `serve()` puts the same
// sandbox behind node:http on 127.0.0.1 for code that brings its own HTTP stack.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import * as wasm from "./wasm-testing/zeitkonto_wasm_testing.js";
import { Sandbox, _setLoader } from "./testing/sandbox.js";

export { Sandbox, IN_PROCESS_BASE_URL, FAULT_KINDS } from "./testing/sandbox.js";

_setLoader(wasm, () => wasm.initSync({ module: readFileSync(new URL("./wasm-testing/zeitkonto_wasm_testing_bg.wasm", import.meta.url)) }));

const servers = new WeakMap();

Sandbox._serve = (sandbox) => new Promise((resolve, reject) => {
  const server = createServer(async (req, res) => {
    const chunks = [];
    for await (const c of req) chunks.push(c);
    const controller = new AbortController();
    res.on("close", () => { if (!res.writableFinished) controller.abort(); });
    try {
      const answer = await sandbox.fetch(`http://127.0.0.1${req.url}`, {
        method: req.method, body: chunks.length ? Buffer.concat(chunks) : undefined, signal: controller.signal,
      });
      res.writeHead(answer.status, { ...Object.fromEntries(answer.headers), "access-control-allow-origin": "*" });
      res.end(Buffer.from(await answer.arrayBuffer()));
    } catch {
      // An injected reset (or a client that went away): break the connection.
      req.socket.destroy();
    }
  });
  server.on("error", reject);
  server.listen(0, "127.0.0.1", () => {
    servers.set(sandbox, server);
    resolve(`http://127.0.0.1:${server.address().port}`);
  });
});

Sandbox._close = (sandbox) => new Promise((resolve) => {
  const server = servers.get(sandbox);
  servers.delete(sandbox);
  if (!server) return resolve();
  server.closeAllConnections?.();
  server.close(() => resolve());
});
