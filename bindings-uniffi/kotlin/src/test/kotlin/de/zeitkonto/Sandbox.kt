package de.zeitkonto

import kotlin.time.Duration
import kotlin.time.Duration.Companion.milliseconds
import kotlin.time.Duration.Companion.seconds
import java.io.File
import java.net.URI
import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse
import kotlin.concurrent.thread
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.int
import kotlinx.serialization.json.jsonObject
import kotlinx.serialization.json.jsonPrimitive

const val TODAY = "2026-11-21"
const val COMPANY_KEY = "demo-company-key"
const val WORKSPACE_KEY = "demo-workspace-key"
const val ANNA = "anna.schmidt@demo.example"
const val ANNA_UUID = "00000000-0000-4000-8000-000000000001"
const val MANAGER = "max.manager@demo.example"

/** Generous client-side limit: the limiter is shared per server and key (and settings) in the whole JVM. */
val GENEROUS = RateLimitSettings(limit = 1_000_000, window = 60.seconds)
val FAST_RETRY = RetrySettings(baseDelay = 20.milliseconds, maxDelay = 100.milliseconds)

/** One zeitkonto-sandbox process for the whole test run (`-Dzeitkonto.sandbox=<binary>`). */
object Sandbox {
    val url: String
    private val http: HttpClient = HttpClient.newHttpClient()

    init {
        val binary = System.getProperty("zeitkonto.sandbox")
            ?: error("set -Dzeitkonto.sandbox=<path to zeitkonto-sandbox>")
        check(File(binary).canExecute()) { "build the sandbox first (cargo build -p zeitkonto-sandbox): $binary" }
        val process = ProcessBuilder(binary, "--port", "0", "--today", TODAY, "--rate-limit", "1000000/60")
            .redirectErrorStream(true)
            .start()
        val out = process.inputStream.bufferedReader()
        val first = out.readLine() ?: error("the sandbox exited at start")
        check("listening on" in first) { "sandbox did not start: $first" }
        url = first.trim().substringAfterLast(' ')
        thread(isDaemon = true, name = "sandbox-output") { out.forEachLine { } }
        Runtime.getRuntime().addShutdownHook(Thread { process.destroy() })
    }

    private fun send(method: String, path: String, body: String?): JsonElement? {
        val request = HttpRequest.newBuilder(URI.create(url + path))
            .method(method, if (body == null) HttpRequest.BodyPublishers.noBody() else HttpRequest.BodyPublishers.ofString(body))
            .header("Content-Type", "application/json")
            .build()
        val text = http.send(request, HttpResponse.BodyHandlers.ofString()).body()
        return if (text.isBlank()) null else Json.parseToJsonElement(text)
    }

    fun reset() {
        send("POST", "/__sandbox/reset", null)
        setRateLimit(1_000_000, 60_000)
    }

    /** A fault as JSON, e.g. `{"kind":"status","status":503,"count":2,"operation":"employees"}`. */
    fun inject(fault: String) {
        send("POST", "/__sandbox/faults", fault)
    }

    fun setRateLimit(limit: Int, windowMs: Int) {
        send("PUT", "/__sandbox/rate-limit", """{"limit":$limit,"windowMs":$windowMs}""")
    }

    fun stats(): JsonObject = send("GET", "/__sandbox/stats", null)!!.jsonObject

    fun requests(op: String): Int = stats()["requests"]!!.jsonObject[op]?.jsonPrimitive?.int ?: 0

    fun writes(op: String): Int = stats()["writes"]!!.jsonObject[op]?.jsonPrimitive?.int ?: 0

    fun stat(name: String): Int = stats()[name]!!.jsonPrimitive.int
}

/** The config of a client on the sandbox (generous limiter, fast retries, workspace key set). */
fun sandboxConfig(
    key: String = COMPANY_KEY,
    baseUrl: String = Sandbox.url,
    timeout: Duration = 10.seconds,
    retry: RetrySettings? = FAST_RETRY,
    rateLimit: RateLimitSettings? = GENEROUS,
): ZeitkontoConfig = ZeitkontoConfig(
    apiKey = ApiKey(key),
    baseUrl = baseUrl,
    workspaceKey = ApiKey(WORKSPACE_KEY),
    timeout = timeout,
    retry = retry,
    rateLimit = rateLimit,
)

fun client(
    key: String = COMPANY_KEY,
    baseUrl: String = Sandbox.url,
    timeout: Duration = 10.seconds,
    retry: RetrySettings? = FAST_RETRY,
    rateLimit: RateLimitSettings? = GENEROUS,
): ZeitkontoClient = ZeitkontoClient(sandboxConfig(key, baseUrl, timeout, retry, rateLimit))
