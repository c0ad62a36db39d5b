// A module worker (browser.test.mjs): the key guard holds here too, and a relative baseUrl resolves
// against the worker's location.
import { Client, InvalidInputError } from "../index.js";

const api = new URL(location.href).searchParams.get("api");
const r = {};
try {
  new Client({ apiKey: "demo-company-key", baseUrl: api });
  r.guard = "accepted";
} catch (e) {
  r.guard = { name: e.name, invalidInput: e instanceof InvalidInputError, field: e.field, kind: e.kind };
}
try {
  const c = new Client({ apiKey: "demo-company-key", baseUrl: api, dangerouslyAllowBrowser: true });
  r.employees = (await c.employees()).length;
  r.relative = String(new Client({ baseUrl: "/zeitkonto", apiKey: "proxy" }));
} catch (e) {
  r.error = `${e.name}: ${e.message}`;
}
postMessage(r);
