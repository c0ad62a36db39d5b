// What the setups share: a finished OpenTelemetry span as plain JSON, and Node's diagnostics
// channels for outgoing requests, which any subscriber (an APM agent's own instrumentation) reads.
const dc = require("node:diagnostics_channel");

function plainSpan(s) {
  const parent = s.parentSpanContext?.spanId ?? s.parentSpanId;
  return {
    name: s.name,
    kind: s.kind,
    id: s.spanContext().spanId,
    parent: parent ?? null,
    scope: s.instrumentationScope?.name ?? s.instrumentationLibrary?.name,
    attributes: s.attributes,
    events: s.events.map((e) => ({ name: e.name, attributes: e.attributes })),
    status: s.status,
  };
}

/** The paths the request channels publish (http's ClientRequest, undici's request). */
function watchChannels() {
  const seen = [];
  dc.subscribe("http.client.request.start", ({ request }) => seen.push({ channel: "http.client.request.start", path: request.path }));
  dc.subscribe("undici:request:create", ({ request }) => seen.push({ channel: "undici:request:create", path: request.path }));
  return seen;
}

module.exports = { plainSpan, watchChannels };
