// Datadog's dd-trace as its docs load it (`node --require ./dd-setup.cjs app.mjs`), with its log
// exporter (spans as JSON lines instead of sent to an agent), captured here; its OpenTelemetry
// TracerProvider registered so that OpenTelemetry API spans (ours) reach it too.
const lines = [];
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = (chunk, ...rest) => {
  const text = String(chunk);
  if (text.includes('"traces"')) { lines.push(text); return true; }
  return write(chunk, ...rest);
};
const tracer = require("dd-trace").init({ experimental: { exporter: "log" }, startupLogs: false, flushInterval: 0 });
// What the npm README tells dd-trace users: keep its http and fetch plugins off the API's host
// (here the sandbox's; yours is desktop.saas.de or your instance). ZK_DD_BLOCKLIST=0 leaves it out.
if (process.env.ZK_DD_BLOCKLIST !== "0") {
  const blocklist = [/^https?:\/\/127\.0\.0\.1[:/]/];
  tracer.use("http", { client: { blocklist } });
  tracer.use("fetch", { blocklist });
}
const provider = new tracer.TracerProvider();
provider.register();
const { watchChannels } = require("./record.cjs");
const channels = watchChannels();

globalThis.__telemetry = {
  name: "dd-trace",
  async dump() {
    await new Promise((r) => tracer._tracer?._exporter?.flush ? tracer._tracer._exporter.flush(r) : setTimeout(r, 500));
    await new Promise((r) => setTimeout(r, 300));
    const spans = lines.flatMap((l) => l.trim().split("\n")).flatMap((l) => { try { return JSON.parse(l).traces.flat(); } catch { return []; } });
    return { spans, channels };
  },
};
