// Sentry's Node SDK as its docs set it up (`node --import ./sentry-setup.mjs app.mjs`), tracing
// on, every envelope it would send kept here instead (a transport of our own), every breadcrumb
// kept. `globalThis.__telemetry.dump()` gives them.
import * as Sentry from "@sentry/node";
import { createRequire } from "node:module";
const require = createRequire(import.meta.url);
const { watchChannels } = require("./record.cjs");

const envelopes = [];
const breadcrumbs = [];
Sentry.init({
  dsn: "https://public@sentry.invalid/1",
  tracesSampleRate: 1.0,
  sendDefaultPii: true,
  debug: false,
  transport: () => ({
    send: async (envelope) => { envelopes.push(envelope); return { statusCode: 200 }; },
    flush: async () => true,
  }),
  beforeBreadcrumb: (b) => { breadcrumbs.push(b); return b; },
});
const channels = watchChannels();

globalThis.__telemetry = {
  name: "sentry",
  captureException: (e) => Sentry.captureException(e),
  async dump() {
    await Sentry.flush(5000);
    // Envelope items as JSON: transactions with their spans, error events, breadcrumbs.
    return { envelopes: JSON.parse(JSON.stringify(envelopes)), breadcrumbs, channels };
  },
};
