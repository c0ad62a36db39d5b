import de.zeitkonto.ClockAction
import de.zeitkonto.RateLimitSettings
import de.zeitkonto.RetrySettings
import de.zeitkonto.ZeitkontoConfig
import de.zeitkonto.ZeitkontoEvent
import de.zeitkonto.ZeitkontoEventListener
import de.zeitkonto.ZeitkontoException
import de.zeitkonto.testing.FaultKind
import de.zeitkonto.testing.ZeitkontoSandbox
import java.io.File
import java.net.URI
import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse
import java.time.LocalDate
import kotlin.time.Duration
import kotlin.time.Duration.Companion.milliseconds
import kotlin.time.Duration.Companion.seconds
import kotlinx.coroutines.async
import kotlinx.coroutines.awaitAll
import kotlinx.coroutines.coroutineScope
import kotlinx.coroutines.delay
import kotlinx.coroutines.launch
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withTimeout
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.boolean
import kotlinx.serialization.json.booleanOrNull
import kotlinx.serialization.json.double
import kotlinx.serialization.json.int
import kotlinx.serialization.json.jsonArray
import kotlinx.serialization.json.jsonObject
import kotlinx.serialization.json.jsonPrimitive
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows

class SandboxTest {
    private val day = LocalDate.of(2026, 11, 21)

    @Test
    fun aHundredCallsRunInProcessWithoutWaitingForARateLimit() = runBlocking {
        ZeitkontoSandbox(today = day).use { sandbox ->
            val client = sandbox.client()
            repeat(100) { assertEquals(39, client.employees().size) }
            assertEquals(100, sandbox.requests("employees"))
            assertEquals(0, sandbox.rateLimited)
            // With a listener (and a tracer) too: the kit's limit, not the 60 a minute (100 calls
            // would wait for the window), and the listener hears every call.
            val heard = java.util.concurrent.atomic.AtomicInteger()
            val listening = sandbox.client(listener = object : ZeitkontoEventListener {
                override fun onEvent(event: ZeitkontoEvent) { if (event is ZeitkontoEvent.Received) heard.incrementAndGet() }
            })
            withTimeout(20.seconds) { repeat(100) { listening.employees() } }
            assertEquals(100, heard.get())
        }
    }

    @Test
    fun theSpecRulesHoldInProcess() = runBlocking {
        val sandbox = ZeitkontoSandbox(today = day)
        val client = sandbox.client()
        client.come(sandbox.keys.employee)
        assertThrows<ZeitkontoException.Refused> { runBlocking { client.come(sandbox.keys.employee) } }
        assertThrows<ZeitkontoException.Api> {
            runBlocking { sandbox.client(ZeitkontoConfig(apiKey = de.zeitkonto.ApiKey("not-a-key"))).employees() }
        }
        assertEquals(1, sandbox.writes("clock"))
        assertEquals(day, sandbox.today)
        sandbox.reset()
        assertEquals(0, sandbox.writes())
    }

    @Test
    fun aLostAnswerIsAnErrorAndTheWriteIsAppliedOnce() = runBlocking {
        val sandbox = ZeitkontoSandbox()
        sandbox.inject(FaultKind.RESET, operation = "clock", afterApplying = true)
        val e = assertThrows<ZeitkontoException.Transport> { runBlocking { sandbox.client().come(sandbox.keys.employee) } }
        assertTrue(e.mayHaveReachedServer)
        assertEquals(1 to 1, sandbox.requests("clock") to sandbox.writes("clock"))
        sandbox.inject(FaultKind.STATUS, status = 503, operation = "employees")
        assertEquals(39, sandbox.client().employees().size)
        assertEquals(2, sandbox.requests("employees"))
    }

    @Test
    fun aDelayLongerThanTheTimeoutTimesOutAndACancelledCallAppliesNothing() = runBlocking {
        val sandbox = ZeitkontoSandbox()
        sandbox.inject(FaultKind.DELAY, operation = "clock", delay = 5.seconds)
        val quick = sandbox.client(ZeitkontoConfig(timeout = 50.milliseconds, retry = RetrySettings(maxRetries = 0)))
        assertThrows<ZeitkontoException.Timeout> { runBlocking { quick.come(sandbox.keys.employee) } }
        sandbox.inject(FaultKind.DELAY, operation = "clock", delay = 5.seconds)
        coroutineScope {
            val job = launch { sandbox.client().come(sandbox.keys.employee) }
            delay(50)
            job.cancel()
        }
        assertEquals(0, sandbox.writes("clock"))
    }

    /** What a Java caller sees: `inject` by that JVM name, durations as `java.time.Duration`. */
    @Test
    fun javaCallersInjectByTheJvmNameInjectWithJavaDurations() = runBlocking {
        val sandbox = ZeitkontoSandbox()
        fun javaInject(vararg types: Class<*>) = ZeitkontoSandbox::class.java.getMethod("inject", *types)
        val int = Int::class.javaPrimitiveType!!
        javaInject(FaultKind::class.java, String::class.java, int, Integer::class.java)
            .invoke(sandbox, FaultKind.STATUS, "employees", 1, 503)
        assertEquals(39, sandbox.client().employees().size)
        assertEquals(2, sandbox.requests("employees"), "the 503 was answered, then retried")
        javaInject(FaultKind::class.java, String::class.java, int, Integer::class.java, java.time.Duration::class.java)
            .invoke(sandbox, FaultKind.DELAY, "clock", 1, null, java.time.Duration.ofSeconds(5))
        val quick = sandbox.client(ZeitkontoConfig(timeout = 50.milliseconds, retry = RetrySettings(maxRetries = 0)))
        assertThrows<ZeitkontoException.Timeout> { runBlocking { quick.come(sandbox.keys.employee) } }
        assertEquals(0, sandbox.writes("clock"))
    }

    @Test
    fun concurrentCallsAndTheSandboxsRateLimitWhenAsked() = runBlocking {
        val sandbox = ZeitkontoSandbox(rateLimit = RateLimitSettings(limit = 3, window = 300.milliseconds))
        val client = sandbox.client()
        val results = coroutineScope { (1..6).map { async { client.employees().size } }.awaitAll() }
        assertEquals(List(6) { 39 }, results)
        assertEquals(0, sandbox.rateLimited, "the kit's client keeps to the sandbox's limit")
    }

    @Test
    fun resetAndANewSandboxForgetWhatTheClientsCounted() = runBlocking {
        // One call an hour: a client that waited for its window would be held up for an hour.
        val hourly = RateLimitSettings(limit = 1, window = 3_600_000.milliseconds)
        val sandbox = ZeitkontoSandbox(rateLimit = hourly)
        val client = sandbox.client()
        withTimeout(20.seconds) { client.employees() }
        sandbox.reset()
        withTimeout(20.seconds) { client.employees() }
        val again = ZeitkontoSandbox(rateLimit = hourly)
        withTimeout(20.seconds) { again.client().employees() }
        assertEquals(listOf(1, 1), listOf(sandbox.requests("employees"), again.requests("employees")))
    }

    @Test
    fun serveRunsTheSameEngineOverHttp() {
        ZeitkontoSandbox().use { sandbox ->
            val url = sandbox.serve()
            val http = HttpClient.newHttpClient()
            val req = HttpRequest.newBuilder(URI("$url/rest/api/v2/time/come/${sandbox.keys.companyKey}/${sandbox.keys.employee}"))
                .POST(HttpRequest.BodyPublishers.ofString("{}")).build()
            assertEquals("true", http.send(req, HttpResponse.BodyHandlers.ofString()).body())
            assertEquals(1, sandbox.writes("clock"))
        }
    }

    @Test
    fun badInputIsTheClientsInvalidInputNamingTheField() {
        val field = { f: () -> Unit -> assertThrows<ZeitkontoException.InvalidInput> { f() }.field }
        assertEquals("seed", field { ZeitkontoSandbox(seedJson = "{\"companies\": \"secret-seed-key\"}") })
        // The engine checks the rate limit (no conversion on the way wraps or clamps it).
        assertEquals("rateLimit.limit", field { ZeitkontoSandbox(rateLimit = RateLimitSettings(limit = -1)) })
        assertEquals("rateLimit.window", field { ZeitkontoSandbox(rateLimit = RateLimitSettings(limit = 1, window = 0.milliseconds)) })
        val sandbox = ZeitkontoSandbox()
        assertEquals("operation", field { sandbox.writes("no_such_op") })
        val seedError = assertThrows<ZeitkontoException.InvalidInput> { ZeitkontoSandbox(seedJson = "{\"companies\": \"secret-seed-key\"}") }
        assertTrue("secret-seed-key" !in seedError.message.orEmpty())
        for (kind in FaultKind.values()) sandbox.inject(kind)
        assertTrue(ClockAction.values().isNotEmpty())
    }

    private val vectors = File(System.getProperty("zeitkonto.vectors") ?: error("set -Dzeitkonto.vectors"))

    /** tests/vectors/inject.json: the one refusal every kit gives (the engine checks). Kotlin skips
     * what its types cannot hold: the `dynamic` cases, a fractional or too large whole number. */
    @Test
    fun badInjectArgumentsGiveTheSharedRefusals() {
        val sandbox = ZeitkontoSandbox()
        val cases = Json.parseToJsonElement(File(vectors, "inject.json").readText()).jsonObject["cases"]!!.jsonArray
        var ran = 0
        for (c in cases.map { it.jsonObject }) {
            if (c["dynamic"]?.jsonPrimitive?.booleanOrNull == true) continue
            val o = c["options"]!!.jsonObject
            fun duration(k: String): Duration? = o[k]?.jsonPrimitive?.let { p ->
                if (p.content == "Infinity") Duration.INFINITE else p.double.milliseconds
            }
            val wholes = listOf("count", "status", "pad").filter { it in o }
            if (wholes.any { k -> o[k]!!.jsonPrimitive.double.let { it % 1.0 != 0.0 || it > Int.MAX_VALUE } }) continue
            val kind = FaultKind.values().first { it.engineName == c["kind"]!!.jsonPrimitive.content }
            val inject = {
                sandbox.inject(
                    kind, operation = o["operation"]?.jsonPrimitive?.content, count = o["count"]?.jsonPrimitive?.int ?: 1,
                    status = o["status"]?.jsonPrimitive?.int, delay = duration("delay"), retryAfter = duration("retryAfter"),
                    afterApplying = o["afterApplying"]?.jsonPrimitive?.boolean ?: false, pad = o["pad"]?.jsonPrimitive?.int,
                    location = o["location"]?.jsonPrimitive?.content,
                )
            }
            val name = c["name"]!!.jsonPrimitive.content
            val field = c["field"]?.jsonPrimitive?.content
            if (field == null) {
                inject()
            } else {
                val e = assertThrows<ZeitkontoException.InvalidInput>(name) { inject() }
                assertEquals(field, e.field, name)
                assertEquals(c["reason"]!!.jsonPrimitive.content, e.reason, name)
            }
            ran++
        }
        assertTrue(ran >= 20, "$ran cases")
    }

    @Test
    fun theFaultKindsAreTheEngines() {
        val declared = Json.parseToJsonElement(File(vectors, "testkit.json").readText()).jsonObject["faultKinds"]!!.jsonArray
        assertEquals(declared.map { it.jsonObject["name"]!!.jsonPrimitive.content }, FaultKind.values().map { it.engineName })
    }
}
