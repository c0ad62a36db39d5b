package de.zeitkonto

import java.lang.reflect.Method

/**
 * Keeps OpenTelemetry's HTTP client instrumentation (the Java agent's `java-http-client` and
 * `okhttp` instrumentations, OpenTelemetry Android's OkHttp instrumentation) away from the SDK's
 * own requests: their spans would record the request URL, and the API key is a path segment of
 * it. The call's span comes from the client (`OpenTelemetryTracer`), with the URL redacted.
 *
 * It runs the sending code inside OpenTelemetry's `InstrumentationUtil.suppressInstrumentation`
 * (in `io.opentelemetry:opentelemetry-api`; the mechanism OpenTelemetry's own exporters use, which
 * the Java agent bridges to its instrumentations; checked with API 1.68.0 and agent 2.33.1). Found
 * by reflection, once: without `opentelemetry-api` on the classpath nothing is loaded and
 * [withoutInstrumentation] just runs the block. [JdkTransport] sends through it; so should your own transport.
 */
object ZeitkontoTelemetry {
    // `api.impl` in current releases (1.68), `api.internal` in older ones; the agent bridges both.
    private val suppress: Method? by lazy {
        listOf("io.opentelemetry.api.impl.InstrumentationUtil", "io.opentelemetry.api.internal.InstrumentationUtil").firstNotNullOfOrNull { name ->
            try {
                Class.forName(name, true, ZeitkontoTelemetry::class.java.classLoader).getMethod("suppressInstrumentation", Runnable::class.java)
            } catch (e: ReflectiveOperationException) {
                null
            } catch (e: LinkageError) {
                null
            }
        }
    }

    /** Whether OpenTelemetry's suppression is available (an `opentelemetry-api` with it is on the classpath). */
    @JvmStatic
    val suppressionAvailable: Boolean get() = suppress != null

    /**
     * Runs [block] (which starts the HTTP request: `call.execute()`, `http.sendAsync(...)`) with
     * OpenTelemetry's instrumentation suppressed, and returns its result or throws its exception.
     */
    @JvmStatic
    fun <T> withoutInstrumentation(block: () -> T): T {
        val method = suppress ?: return block()
        var outcome: Result<T>? = null
        try {
            method.invoke(null, Runnable { outcome = runCatching(block) })
        } catch (e: ReflectiveOperationException) {
            // Not callable after all: the block has not run (it cannot throw through the Runnable).
        }
        return (outcome ?: runCatching(block)).getOrThrow()
    }
}
