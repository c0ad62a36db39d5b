import de.zeitkonto.ClockAction
import de.zeitkonto.RateLimitSettings
import de.zeitkonto.RetrySettings
import de.zeitkonto.ZeitkontoConfig
import de.zeitkonto.ZeitkontoException
import de.zeitkonto.testing.FaultKind
import de.zeitkonto.testing.ZeitkontoSandbox
import java.net.URI
import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse
import java.time.LocalDate
import kotlin.time.Duration.Companion.milliseconds
import kotlin.time.Duration.Companion.seconds
import kotlinx.coroutines.async
import kotlinx.coroutines.awaitAll
import kotlinx.coroutines.coroutineScope
import kotlinx.coroutines.delay
import kotlinx.coroutines.launch
import kotlinx.coroutines.runBlocking
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

    @Test
    fun concurrentCallsAndTheSandboxsRateLimitWhenAsked() = runBlocking {
        val sandbox = ZeitkontoSandbox(rateLimit = RateLimitSettings(limit = 3, window = 300.milliseconds))
        val client = sandbox.client()
        val results = coroutineScope { (1..6).map { async { client.employees().size } }.awaitAll() }
        assertEquals(List(6) { 39 }, results)
        assertEquals(0, sandbox.rateLimited, "the kit's client keeps to the sandbox's limit")
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
        val sandbox = ZeitkontoSandbox()
        assertEquals("operation", field { sandbox.inject(FaultKind.STATUS, operation = "no_such_op") })
        assertEquals("status", field { sandbox.inject(FaultKind.STATUS, status = 42) })
        assertEquals("count", field { sandbox.inject(FaultKind.STATUS, count = 0) })
        assertEquals("operation", field { sandbox.writes("no_such_op") })
        val seedError = assertThrows<ZeitkontoException.InvalidInput> { ZeitkontoSandbox(seedJson = "{\"companies\": \"secret-seed-key\"}") }
        assertTrue("secret-seed-key" !in seedError.message.orEmpty())
        for (kind in FaultKind.values()) sandbox.inject(kind)
        assertTrue(ClockAction.values().isNotEmpty())
    }
}
