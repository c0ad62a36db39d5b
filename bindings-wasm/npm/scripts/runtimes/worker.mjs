// scripts/runtimes' check as a Worker: a module Worker for workerd (miniflare) and a `fetch` event
// listener for Vercel's Edge Runtime (edge-runtime). GET /first makes one SDK call as the first
// thing the request does (the regression test: it used to never settle in workerd); GET /checks
// runs checks.mjs (`?only=a,b` for some cases). `BASE_URL`: the sandbox (a binding or a global).
import * as zk from "zeitkonto";
import * as kit from "zeitkonto/testing";
import * as jobs from "zeitkonto/jobs";
import { runChecks } from "./checks.mjs";

// No option a server-side runtime needs: the key guard knows workerd and the Edge Runtime for the
// servers they are (not browser workers, though they define WorkerGlobalScope), and the client
// takes the edge-runtime emulator's promises from the host's realm.
const serverSide = {};
const edge = typeof EdgeRuntime !== "undefined";

async function handle(request, baseUrl) {
  const url = new URL(request.url);
  if (url.pathname === "/first") {
    const list = await new zk.Client({ apiKey: "demo-company-key", baseUrl, ...serverSide }).employees();
    return Response.json({ employees: list.length });
  }
  const only = url.searchParams.get("only")?.split(",") ?? null;
  return Response.json(await runChecks({ zk, kit, jobs, baseUrl, serverSide, only }));
}

export default { fetch: (request, env) => handle(request, env.BASE_URL) };

if (edge) {
  addEventListener("fetch", (event) => event.respondWith(handle(event.request, globalThis.BASE_URL)));
}
