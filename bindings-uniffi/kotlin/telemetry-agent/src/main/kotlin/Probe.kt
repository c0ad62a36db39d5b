import de.zeitkonto.ApiKey
import de.zeitkonto.JdkTransport
import de.zeitkonto.OkHttpTransport
import de.zeitkonto.RetrySettings
import de.zeitkonto.ZeitkontoClient
import de.zeitkonto.ZeitkontoConfig
import de.zeitkonto.ZeitkontoException
import de.zeitkonto.ZeitkontoTelemetry
import de.zeitkonto.ZeitkontoTracer
import kotlinx.coroutines.runBlocking
import kotlin.time.Duration
import kotlin.time.Duration.Companion.milliseconds
import kotlin.time.Duration.Companion.seconds

/**
 * `Probe <jdk|okhttp|bundled> <sandbox url> <tracer|plain>`: a read, two writes (clock in, clock out), a
 * wrong-key call, and the failures scripts/telemetry-jvm injected into the sandbox beforehand (a 500
 * for `presence`, a 429 asking for 120 s for `overview`, a 2 s delay for `leave_types`), a timeout
 * and a failed TLS handshake (https to the sandbox's plain port), through that transport. With `tracer` (needs opentelemetry-api), the client has an
 * OpenTelemetryTracer on GlobalOpenTelemetry (the agent's) and the calls run under a parent span
 * made current the plain way (`makeCurrent()` on the calling thread); prints `PARENT <trace> <span>`.
 */
fun main(args: Array<String>) {
    val (transport, url, mode) = args
    val tracer: ZeitkontoTracer? = if (mode == "tracer") Traced.tracer() else null
    println("suppression available: ${ZeitkontoTelemetry.suppressionAvailable}")
    fun client(key: String, base: String = url, timeout: Duration = 30.seconds): ZeitkontoClient {
        val config = ZeitkontoConfig(apiKey = ApiKey(key), baseUrl = base, retry = RetrySettings(maxRetries = 0), timeout = timeout)
        return when (transport) {
            "jdk" -> ZeitkontoClient.withTransport(config, JdkTransport(), tracer = tracer)
            "okhttp" -> ZeitkontoClient.withTransport(config, OkHttpTransport(), tracer = tracer)
            else -> ZeitkontoClient(config, tracer = tracer)
        }
    }
    val calls: () -> Unit = {
        runBlocking {
            check(client("demo-company-key").employees().isNotEmpty())
            client("demo-company-key").come("anna.schmidt@demo.example")
            client("demo-company-key").go("anna.schmidt@demo.example") // back as it was: the next run clocks in again
            try {
                client("wrong-key").employees()
                error("a wrong key was accepted")
            } catch (e: ZeitkontoException.Api) {
                check(e.code == 3) { "code ${e.code}" }
            }
            fails<ZeitkontoException.UnexpectedStatus>("5xx") { client("demo-company-key").presence() }
            fails<ZeitkontoException.RateLimited>("429") { client("demo-company-key").overview() }
            fails<ZeitkontoException.Timeout>("timeout") {
                client("demo-company-key", timeout = 300.milliseconds).leaveTypes("anna.schmidt@demo.example")
            }
            fails<ZeitkontoException>("tls") { client("demo-company-key", base = url.replace("http://", "https://")).employees() }
        }
    }
    if (mode == "tracer") Traced.underParent(calls) else calls()
    println("probe done")
}

/** Runs [call], which must fail with an [E]. */
suspend inline fun <reified E : ZeitkontoException> fails(what: String, call: () -> Unit) {
    try {
        call()
    } catch (e: ZeitkontoException) {
        check(e is E) { "$what: ${e::class.simpleName}" }
        return
    }
    error("$what: no failure")
}
