import de.zeitkonto.OpenTelemetryTracer
import de.zeitkonto.ZeitkontoTracer
import io.opentelemetry.api.GlobalOpenTelemetry

/** The OpenTelemetry parts of the probe (loaded only in `tracer` mode). */
object Traced {
    fun tracer(): ZeitkontoTracer = OpenTelemetryTracer()

    fun underParent(block: () -> Unit) {
        val parent = GlobalOpenTelemetry.getTracer("probe").spanBuilder("probe-parent").startSpan()
        println("PARENT ${parent.spanContext.traceId} ${parent.spanContext.spanId}")
        parent.makeCurrent().use { block() }
        parent.end()
    }
}
