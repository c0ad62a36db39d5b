package de.zeitkonto

import io.opentelemetry.api.GlobalOpenTelemetry
import io.opentelemetry.api.OpenTelemetry
import io.opentelemetry.api.common.AttributeKey
import io.opentelemetry.api.common.Attributes
import io.opentelemetry.api.trace.Span
import io.opentelemetry.api.trace.SpanKind
import io.opentelemetry.api.trace.StatusCode
import io.opentelemetry.api.trace.Tracer
import io.opentelemetry.context.Context
import java.util.concurrent.TimeUnit

/**
 * One OpenTelemetry span per Zeitkonto call: pass it to a client's constructor,
 * `ZeitkontoClient(config, tracer = OpenTelemetryTracer())`.
 *
 * Each call is a span of kind CLIENT named `{method} {url.template}` (`GET /api/v2/employees/{api}`)
 * with OpenTelemetry's HTTP client attributes, `url.full` with every key as `***`,
 * `zeitkonto.operation`, the resend count, waits as `zeitkonto.wait` events, and on failure the
 * status ERROR with the SDK's (redacted) message, `error.type` (the error kind) and
 * `zeitkonto.api_code`. The description is the core's, the same in every language; this class only
 * hands it to the OpenTelemetry API. A whole-company job is a span of kind INTERNAL
 * (`zeitkonto.job month_close`), the parent of its calls' spans. Its parent is the context current where the call starts
 * running: the caller's coroutine context (the Java agent carries the context into coroutines; without it, put the
 * context into the coroutine, e.g. `withContext(Context.current().asContextElement())` of
 * `opentelemetry-extension-kotlin`).
 *
 * Needs `io.opentelemetry:opentelemetry-api` (1.x) on the classpath, an optional dependency of this
 * jar: add it yourself (an app that uses OpenTelemetry has it). Not in the Android artifact.
 *
 * @param tracer where spans go; default: `GlobalOpenTelemetry`'s tracer `zeitkonto`, looked up at
 *   the first call (so an SDK or the Java agent registered later is found).
 */
class OpenTelemetryTracer private constructor(private val lookup: () -> Tracer) : ZeitkontoTracer {
    private val tracer: Tracer by lazy(lookup)

    /** Spans through `GlobalOpenTelemetry` (the Java agent's, or the SDK you registered). */
    constructor() : this({ GlobalOpenTelemetry.getTracer(SCOPE, VERSION) })

    /** Spans through [openTelemetry] (e.g. your `OpenTelemetrySdk`). */
    constructor(openTelemetry: OpenTelemetry) : this({ openTelemetry.getTracer(SCOPE, VERSION) })

    /** Spans through [tracer]. */
    constructor(tracer: Tracer) : this({ tracer })

    override fun start(span: SpanStart): ZeitkontoSpan = begin(tracer, span, Context.current())

    private class CallSpan(private val tracer: Tracer, private val span: Span) : ZeitkontoSpan {
        /** A job's call: a child of the job's span. */
        override fun child(span: SpanStart): ZeitkontoSpan = begin(tracer, span, Context.current().with(this.span))

        override fun event(event: SpanEvent) {
            span.addEvent(event.name, attributes(event.attributes), event.timeUnixNano, TimeUnit.NANOSECONDS)
        }

        override fun end(end: SpanEnd) {
            span.setAllAttributes(attributes(end.attributes))
            if (end.error != null) span.setStatus(StatusCode.ERROR, end.message ?: end.error!!)
            span.end(end.timeUnixNano, TimeUnit.NANOSECONDS)
        }
    }

    private companion object {
        /** The instrumentation scope, as in every language. */
        const val SCOPE = "zeitkonto"
        const val VERSION = "0.1.0"

        fun begin(tracer: Tracer, span: SpanStart, parent: Context): ZeitkontoSpan {
            val started = tracer.spanBuilder(span.name)
                .setSpanKind(if (span.kind == de.zeitkonto.SpanKind.INTERNAL) SpanKind.INTERNAL else SpanKind.CLIENT)
                .setParent(parent)
                .setStartTimestamp(span.timeUnixNano, TimeUnit.NANOSECONDS)
                .setAllAttributes(attributes(span.attributes))
                .startSpan()
            return CallSpan(tracer, started)
        }

        fun attributes(list: List<SpanAttribute>): Attributes {
            val builder = Attributes.builder()
            for (a in list) {
                when (val v = a.value) {
                    is SpanValue.Text -> builder.put(AttributeKey.stringKey(a.key), v.value)
                    is SpanValue.Int -> builder.put(AttributeKey.longKey(a.key), v.value)
                }
            }
            return builder.build()
        }
    }
}
