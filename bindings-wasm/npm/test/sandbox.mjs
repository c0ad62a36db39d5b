// Starts the sandbox binary (ZEITKONTO_SANDBOX_BIN or target/debug/zeitkonto-sandbox) on a free port.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { resolve } from "node:path";

const root = resolve(fileURLToPath(new URL("../../..", import.meta.url)));
export const KEY = "demo-company-key";
export const ANNA = "anna.schmidt@demo.example";
export const ANNA_UUID = "00000000-0000-4000-8000-000000000001";
export const MANAGER = "max.manager@demo.example";

export async function startSandbox(extraArgs = []) {
  const bin = process.env.ZEITKONTO_SANDBOX_BIN ?? resolve(root, "target/debug/zeitkonto-sandbox");
  const proc = spawn(bin, ["--port", "0", "--today", "2026-11-21", "--rate-limit", "1000000/60", ...extraArgs], { stdio: ["ignore", "pipe", "inherit"] });
  const lines = createInterface({ input: proc.stdout });
  const url = await new Promise((ok, fail) => {
    lines.once("line", (l) => (l.includes("listening on") ? ok(l.trim().split(" ").pop()) : fail(new Error(l))));
    proc.once("error", fail);
  });
  const control = async (method, path, body) => {
    const r = await fetch(url + path, { method, body: body && JSON.stringify(body), headers: body ? { "content-type": "application/json" } : {} });
    const text = await r.text();
    return text ? JSON.parse(text) : null;
  };
  return {
    url,
    reset: () => control("POST", "/__sandbox/reset"),
    inject: (fault) => control("POST", "/__sandbox/faults", fault),
    stats: () => control("GET", "/__sandbox/stats"),
    setRateLimit: (limit, windowMs) => control("PUT", "/__sandbox/rate-limit", { limit, windowMs }),
    stop: () => proc.kill(),
  };
}
