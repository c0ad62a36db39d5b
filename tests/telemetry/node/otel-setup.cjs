// OpenTelemetry as an APM agent loads it (`node --require ./otel-setup.cjs app.mjs`): the Node SDK,
// the http and undici instrumentations, an in-memory exporter, and OpenTelemetry's own diagnostic
// log at its most verbose. `globalThis.__telemetry.dump()` gives what they recorded.
const { NodeTracerProvider } = require("@opentelemetry/sdk-trace-node");
const { InMemorySpanExporter, SimpleSpanProcessor } = require("@opentelemetry/sdk-trace-base");
const { registerInstrumentations } = require("@opentelemetry/instrumentation");
const { HttpInstrumentation } = require("@opentelemetry/instrumentation-http");
const { UndiciInstrumentation } = require("@opentelemetry/instrumentation-undici");
const { diag, DiagLogLevel } = require("@opentelemetry/api");
const { plainSpan, watchChannels } = require("./record.cjs");

const logs = [];
const log = (level) => (...args) => logs.push(`${level} ${args.map((a) => (typeof a === "string" ? a : safe(a))).join(" ")}`);
const safe = (a) => { try { return JSON.stringify(a); } catch { return String(a); } };
diag.setLogger({ error: log("error"), warn: log("warn"), info: log("info"), debug: log("debug"), verbose: log("verbose") }, DiagLogLevel.ALL);

const exporter = new InMemorySpanExporter();
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
provider.register();
registerInstrumentations({ instrumentations: [new HttpInstrumentation(), new UndiciInstrumentation()] });
const channels = watchChannels();

globalThis.__telemetry = {
  name: "opentelemetry",
  async dump() {
    await provider.forceFlush();
    return { spans: exporter.getFinishedSpans().map(plainSpan), logs, channels };
  },
};
