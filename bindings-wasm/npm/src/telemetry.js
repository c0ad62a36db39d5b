// OpenTelemetry, when the process or page has it: each call is one CLIENT span of ours (the core's
// description, `zeitkonto_core::telemetry`: name `{method} {url.template}`, `url.full` with every
// key as `***`), and the call's own HTTP requests run with tracing suppressed, so that the
// http/undici/fetch instrumentations (and anything built on OpenTelemetry's context, such as
// Sentry's Node SDK) record nothing for them: their `url.full` would carry the key.
//
// Sentry's SDKs (v9 on, browser and Node) skip their breadcrumbs and spans of a request sent while
// tracing is suppressed in their own scope (`Sentry.suppressTracing`, what their own transport
// uses): the attempts are sent in such a scope too, reached through Sentry's global carrier
// (`globalThis.__SENTRY__[version]`, how every copy of the SDK in a process finds the others).
//
// Nothing is imported: OpenTelemetry's API keeps its one instance per major version on
// `globalThis[Symbol.for("opentelemetry.js.api.1")]` (that is how every copy of
// `@opentelemetry/api` in a process finds the registered SDK), and its context keys are
// `Symbol.for` symbols. Without OpenTelemetry set up, a call costs one property read here.

const API = Symbol.for("opentelemetry.js.api.1");
/** `trace.setSpan`'s key (`createContextKey("OpenTelemetry Context Key SPAN")`). */
const SPAN_KEY = Symbol.for("OpenTelemetry Context Key SPAN");
/** `suppressTracing`'s key in `@opentelemetry/core`, which every instrumentation and the SDK's tracer check. */
const SUPPRESS_KEY = Symbol.for("OpenTelemetry SDK Context Key SUPPRESS_TRACING");
/** `SpanKind.INTERNAL`, `SpanKind.CLIENT`, `SpanStatusCode.ERROR`. */
const INTERNAL = 0;
const CLIENT = 2;
const ERROR = 2;
const VERSION = "0.1.0";

let cached = null;

/** `send` in a Sentry scope with tracing suppressed, or null when no Sentry SDK is set up. */
function sentrySuppressed() {
  const sentry = globalThis.__SENTRY__;
  const carrier = sentry != null && typeof sentry === "object" ? sentry[sentry.version] : undefined;
  if (carrier == null || typeof carrier !== "object") return null;
  const acs = carrier.acs;
  if (typeof acs?.suppressTracing === "function") return (send) => acs.suppressTracing(send);
  const stack = carrier.stack;
  const withScope = typeof acs?.withScope === "function" ? (cb) => acs.withScope(cb)
    : typeof stack?.withScope === "function" ? (cb) => stack.withScope(cb) : null;
  if (withScope === null) return null;
  return (send) => withScope((scope) => {
    scope?.setSDKProcessingMetadata?.({ __SENTRY_SUPPRESS_TRACING__: true });
    return send();
  });
}

/** The tracer of the registered provider (one per provider). */
function tracerOf(provider) {
  if (provider == null || typeof provider.getTracer !== "function") return null;
  if (cached?.provider !== provider) cached = { provider, tracer: provider.getTracer("zeitkonto", VERSION) };
  return cached.tracer;
}

/**
 * One call's telemetry, or null when OpenTelemetry is not set up: `onSpan` (for the .wasm: each
 * span action's JSON text as it happens) and `run(send)`, which starts an attempt in the call's
 * context (its span current, tracing suppressed). What OpenTelemetry throws never fails a call.
 */
export function callTelemetry() {
  let sentry = null;
  try {
    sentry = sentrySuppressed();
  } catch {
    /* no usable Sentry */
  }
  const api = globalThis[API];
  const manager = api?.context;
  let parent;
  let context;
  try {
    if (manager == null || typeof manager.active !== "function" || typeof manager.with !== "function") throw null;
    parent = manager.active();
    context = parent.setValue(SUPPRESS_KEY, true);
  } catch {
    // No OpenTelemetry: only Sentry's scope, if there is one.
    return sentry === null ? null : { onSpan: undefined, run: sentry };
  }
  let span = null;
  const onSpan = (text) => {
    try {
      const action = JSON.parse(text);
      if (action.action === "start") {
        const tracer = tracerOf(api.trace);
        if (tracer === null) return;
        span = tracer.startSpan(action.name, { kind: CLIENT, attributes: action.attributes }, parent);
        context = parent.setValue(SPAN_KEY, span).setValue(SUPPRESS_KEY, true);
      } else if (span !== null && action.action === "event") {
        span.addEvent(action.name, action.attributes);
      } else if (span !== null && action.action === "end") {
        span.setAttributes(action.attributes);
        if (action.error != null) span.setStatus({ code: ERROR, message: action.message ?? action.error });
        span.end();
        span = null;
      }
    } catch {
      /* ignored: telemetry never fails a call */
    }
  };
  const run = sentry === null ? (send) => manager.with(context, send) : (send) => manager.with(context, () => sentry(send));
  return { onSpan, run };
}

/**
 * A whole-company job's span, kind INTERNAL, as the core describes it (`[name, attributes]`: the
 * jobs .wasm's `span`, `telemetry::job_span`), or null when OpenTelemetry is not set up:
 * `run(make)` makes a call with the job's span active (the call's span becomes its child),
 * `end(error)` ends it.
 */
export function jobTelemetry([name, attributes]) {
  try {
    const api = globalThis[API];
    const manager = api?.context;
    const tracer = tracerOf(api?.trace);
    if (tracer === null || typeof manager?.active !== "function" || typeof manager.with !== "function") return null;
    const parent = manager.active();
    const span = tracer.startSpan(name, { kind: INTERNAL, attributes }, parent);
    const context = parent.setValue(SPAN_KEY, span);
    return {
      run: (make) => manager.with(context, make),
      end(error) {
        try {
          if (error !== undefined) span.setStatus({ code: ERROR, message: String(error?.message ?? error) });
          span.end();
        } catch {
          /* ignored */
        }
      },
    };
  } catch {
    return null;
  }
}
