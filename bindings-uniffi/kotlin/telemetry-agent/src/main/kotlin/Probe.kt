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

/**
 * `Probe <jdk|okhttp|bundled> <sandbox url> <tracer|plain>`: a read, two writes (clock in, clock out) and a
 * wrong-key call through that transport. With `tracer` (needs opentelemetry-api), the client has an
 * OpenTelemetryTracer on GlobalOpenTelemetry (the agent's) and the calls run under a parent span
 * made current the plain way (`makeCurrent()` on the calling thread); prints `PARENT <trace> <span>`.
 */
fun main(args: Array<String>) {
    val (transport, url, mode) = args
    val tracer: ZeitkontoTracer? = if (mode == "tracer") Traced.tracer() else null
    println("suppression available: ${ZeitkontoTelemetry.suppressionAvailable}")
    fun client(key: String): ZeitkontoClient {
        val config = ZeitkontoConfig(apiKey = ApiKey(key), baseUrl = url, retry = RetrySettings(maxRetries = 0))
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
        }
    }
    if (mode == "tracer") Traced.underParent(calls) else calls()
    println("probe done")
}
