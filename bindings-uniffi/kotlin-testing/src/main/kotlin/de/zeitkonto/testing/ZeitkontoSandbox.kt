package de.zeitkonto.testing

import de.zeitkonto.ApiKey
import de.zeitkonto.BuiltRequest
import de.zeitkonto.HttpHeader
import de.zeitkonto.HttpResponse
import de.zeitkonto.RateLimitSettings
import de.zeitkonto.TransportException
import de.zeitkonto.ZeitkontoClient
import de.zeitkonto.ZeitkontoConfig
import de.zeitkonto.ZeitkontoEventListener
import de.zeitkonto.ZeitkontoException
import de.zeitkonto.ZeitkontoTracer
import de.zeitkonto.ZeitkontoTransport
import de.zeitkonto.resetRateLimits
import de.zeitkonto.testing.engine.SandboxEngine
import de.zeitkonto.testing.engine.SandboxStep
import de.zeitkonto.testing.engine.StepKind
import java.time.LocalDate
import kotlin.coroutines.cancellation.CancellationException
import kotlin.time.Duration
import kotlin.time.Duration.Companion.milliseconds
import kotlin.time.DurationUnit
import kotlinx.coroutines.delay

// FaultKind, SandboxKeys and SandboxControls (inject and the counters): SandboxSurface.kt, generated
// from the sandbox engine's declaration.

/**
 * A stateful fake of the saas.de API, in-process: every rule of the API (keys, modules, the 403
 * codes, 0- and 1-based months, the clock state machine, the rate limit when asked), the demo
 * company's people, and faults to inject. [client] gives a [ZeitkontoClient] wired to it (no
 * socket, no port); the sandbox is that client's [ZeitkontoTransport], its waits are coroutine
 * delays cancelled with the call.
 *
 * `today` freezes the date (default: the real date), `seedJson` replaces the demo data,
 * `rateLimit` turns on the API's limit (default: none, so tests do not wait), `routes` overrides
 * routes as the client's config does.
 */
class ZeitkontoSandbox @Throws(ZeitkontoException::class) @JvmOverloads constructor(
    today: LocalDate? = null,
    seedJson: String? = null,
    rateLimit: RateLimitSettings? = null,
    routes: Map<String, String> = emptyMap(),
) : SandboxControls(), ZeitkontoTransport, AutoCloseable {
    override val engine: SandboxEngine = guarded {
        SandboxEngine(
            today?.toString(),
            seedJson,
            rateLimit?.limit?.toDouble(),  // the engine checks the limit and the window
            rateLimit?.window?.toDouble(DurationUnit.MILLISECONDS) ?: 60_000.0,
            routes,
        )
    }

    /** The demo seed's keys and people. */
    val keys: SandboxKeys = keysOf(engine.keys())

    /** The sandbox's today. */
    val today: LocalDate get() = LocalDate.parse(engine.today())

    /**
     * A client wired to this sandbox in-process, with the seed's company and workspace keys unless
     * `config` has its own, and the client-side limit of the sandbox's (none when it has none);
     * `listener` and `tracer` as `ZeitkontoClient`'s own.
     */
    @JvmOverloads
    @Throws(ZeitkontoException::class)
    fun client(
        config: ZeitkontoConfig = ZeitkontoConfig(),
        listener: ZeitkontoEventListener? = null,
        tracer: ZeitkontoTracer? = null,
    ): ZeitkontoClient {
        return ZeitkontoClient.withTransport(
            config.copy(
                baseUrl = IN_PROCESS_BASE_URL,
                // A key the seed has none of (an empty text in `keys`) is left out.
                apiKey = config.apiKey ?: keys.companyKey.takeIf { it.isNotEmpty() }?.let(::ApiKey),
                workspaceKey = config.workspaceKey ?: keys.workspaceKey.takeIf { it.isNotEmpty() }?.let(::ApiKey),
                rateLimit = config.rateLimit ?: ownLimit(),
            ),
            this,
            listener,
            tracer,
        )
    }

    /** The transport of [client]'s clients: the request through the engine. */
    override suspend fun send(request: BuiltRequest, timeout: Duration?): HttpResponse {
        var step = engine.begin(request.method(), request.url(), request.body()?.toByteArray())
        while (true) {
            when (step.kind) {
                StepKind.ANSWER -> return response(step)
                StepKind.RESET -> throw TransportException.Lost("the sandbox broke the connection (an injected reset)")
                StepKind.ANSWER_AFTER -> {
                    delay(step.delayMs.toLong())
                    return response(step)
                }
                StepKind.HANDLE_AFTER -> {
                    try {
                        delay(step.delayMs.toLong())
                    } catch (e: CancellationException) {
                        engine.abandon(step.pending)
                        throw e
                    }
                    step = engine.resume(step.pending)
                }
            }
        }
    }

    private fun response(step: SandboxStep) =
        HttpResponse(step.status, step.headers.map { HttpHeader(it.name, it.value) }, step.body)

    /** The client-side limit of the sandbox's (a limit of 0 when it has none). */
    private fun ownLimit() =
        RateLimitSettings(limit = engine.rateLimit().toInt(), window = engine.rateLimitWindowMs().toLong().milliseconds)

    /** Forgets what clients counted here (in-process and served) with this sandbox's limit. */
    private fun resetClients() {
        val own = ownLimit()
        if (own.limit > 0) engine.servers().forEach { resetRateLimits(it, own) }
    }

    init {
        resetClients() // what clients counted against an earlier sandbox is forgotten
    }

    /** Back to the seed: data, counters, faults and rate-limit windows (its clients' too). */
    fun reset() {
        engine.reset()
        resetClients()
    }

    /** Serves this sandbox over HTTP on 127.0.0.1 (a free port) for code with its own HTTP stack; returns the base URL. */
    @Throws(ZeitkontoException::class)
    fun serve(): String = guarded { engine.serve() }.also {
        resetClients() // a port an earlier sandbox of this process served may come round again
    }

    /** Stops the server of [serve], if any. */
    override fun close() = engine.stopServing()

    override fun toString(): String = "ZeitkontoSandbox(today=${engine.today()})"

    companion object {
        /** The base URL of in-process clients (never resolved: nothing leaves the process). */
        const val IN_PROCESS_BASE_URL: String = DECLARED_IN_PROCESS_BASE_URL
    }
}
