// scripts/runtimes' check in a runtime that runs the package from node_modules itself (Node, Deno,
// Bun): `<runtime> main.mjs NAME BASE_URL CLOSED_URL` (CLOSED_URL: a loopback port nothing listens on). Prints one line per case, and which entry the runtime
// resolved (a `#` line, not counted).
import * as zk from "zeitkonto";
import * as kit from "zeitkonto/testing";
import * as jobs from "zeitkonto/jobs";
import { runChecks, lines } from "./checks.mjs";

const [name, baseUrl, closedUrl] = typeof Deno !== "undefined" ? Deno.args : process.argv.slice(2);
const entry = (spec) => {
  try {
    return import.meta.resolve(spec).replace(/^.*\/node_modules\/zeitkonto\//, "");
  } catch (e) {
    return `? (${e.message})`;
  }
};
console.log(`# ${name}: zeitkonto -> ${entry("zeitkonto")}, zeitkonto/testing -> ${entry("zeitkonto/testing")}`);
console.log(lines(name, await runChecks({ zk, kit, jobs, baseUrl, closedUrl })));
