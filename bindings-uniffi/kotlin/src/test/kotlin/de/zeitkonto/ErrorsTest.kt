package de.zeitkonto

import kotlin.time.Duration
import kotlin.time.Duration.Companion.days
import kotlin.time.Duration.Companion.milliseconds
import kotlin.time.Duration.Companion.seconds
import java.net.ServerSocket
import java.time.LocalDate
import java.time.LocalTime
import kotlinx.coroutines.TimeoutCancellationException
import kotlinx.coroutines.async
import kotlinx.coroutines.awaitAll
import kotlinx.coroutines.coroutineScope
import kotlinx.coroutines.delay
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withTimeout
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.BeforeEach
import org.junit.jupiter.api.Test

/** Error kinds, retries (reads yes, writes never twice), the limiter, timeouts, coroutines, secrets. */
class ErrorsTest {
    @BeforeEach
    fun reset() = Sandbox.reset()

    @Test
    fun `a call after close throws IllegalStateException, a call in flight finishes, a second close does nothing`() = runBlocking {
        // As kotlin-swift.md says: uniffi's own handle check, not a ZeitkontoException.
        val client = ZeitkontoClient(sandboxConfig())
        Sandbox.inject("""{"kind":"delay","delayMs":300,"count":1,"operation":"employees"}""")
        val running = async { client.employees() }
        delay(100)
        client.close()
        assertTrue(running.await().isNotEmpty())
        client.close()
        val e = fails<IllegalStateException> { client.employees() }
        assertFalse(e is ZeitkontoException, "$e")
    }

    @Test
    fun `API error codes are typed`() = runBlocking {
        for ((key, code) in listOf("wrong-key" to 3, "inactive-company-key" to 2)) {
            val e = fails<ZeitkontoException.Api> { client(key).employees() }
            assertEquals(403 to code, e.status to e.code)
            // Every error answers it (false where the kind has no such field), as in every language.
            assertFalse(e.mayHaveReachedServer)
        }
        assertEquals(8, fails<ZeitkontoException.Api> { client("nomodules-company-key").presence() }.code)
        assertEquals(403, fails<ZeitkontoException.Forbidden> { client("demo-employee-key").employees() }.status)
        assertEquals(1, fails<ZeitkontoException.Api> { client().timeAccount("nobody@demo.example", 2026, 5) }.code)
    }

    @Test
    fun `invalid input is refused before anything is sent`() = runBlocking {
        val c = client()
        val range = fails<ZeitkontoException.InvalidInput> {
            c.projectBookings(MANAGER, "p-website", LocalDate.of(2026, 10, 1), LocalDate.of(2026, 11, 5))
        }
        assertEquals("startDate", range.field)
        assertEquals("month", fails<ZeitkontoException.InvalidInput> { c.timeAccount(ANNA, 2026, 13) }.field)
        assertEquals("endTime", fails<ZeitkontoException.InvalidInput> { c.createShift(startTime = LocalTime.MIDNIGHT, endTime = LocalTime.of(23, 59, 30)) }.field)
        fails<ZeitkontoException.InvalidInput> { c.extraLeave(ANNA, 0.0) }
        assertEquals("extra", fails<ZeitkontoException.InvalidInput> { c.createProject(MANAGER, "Launch", extra = mapOf("budget" to "not json")) }.field)
        assertEquals("name", fails<ZeitkontoException.InvalidInput> { c.createProject(MANAGER, " ") }.field)
        assertEquals(0, Sandbox.requests("project_bookings") + Sandbox.requests("create_shift") + Sandbox.requests("extra_leave"))
        assertEquals("baseUrl", fails<ZeitkontoException.InvalidInput> { client(baseUrl = "http://desktop.saas.de") }.field)
        assertEquals("timeout", fails<ZeitkontoException.InvalidInput> { client(timeout = (-1).seconds) }.field)
        assertEquals("retry.baseDelay", fails<ZeitkontoException.InvalidInput> { client(retry = RetrySettings(baseDelay = 400.days)) }.field)
        assertEquals("rateLimit.limit", fails<ZeitkontoException.InvalidInput> { client(rateLimit = RateLimitSettings(limit = -1)) }.field)
        // No timeout at all: Duration.INFINITE (or zero).
        client(timeout = Duration.INFINITE).employees()
        // Dot segments would reach another route; a lone surrogate is not valid Unicode.
        assertEquals("employee", fails<ZeitkontoException.InvalidInput> { c.come("..") }.field)
        assertEquals("employee", fails<ZeitkontoException.InvalidInput> { c.timeAccount(".", 2026, 3) }.field)
        assertEquals("text", fails<ZeitkontoException.InvalidInput> { c.come("anna\uD800@demo.example") }.field)
        assertEquals(0, Sandbox.requests("clock") + Sandbox.requests("time_account"))
    }

    @Test
    fun `bad responses are typed`() = runBlocking {
        val c = client()
        Sandbox.inject("""{"kind":"html","operation":"employees"}""")
        val decode = fails<ZeitkontoException.Decode> { c.employees() }
        assertEquals("employees" to true, decode.operation to decode.mayHaveReachedServer)
        // Read through the base type (the generated extension property), as a handler of any error does.
        val any: ZeitkontoException = decode
        assertTrue(any.mayHaveReachedServer)
        assertEquals(null, any.apiCode)
        val api: ZeitkontoException = fails<ZeitkontoException.Api> { client("wrong-key").employees() }
        assertEquals(ApiCode.AUTHENTICATION_FAILED, api.apiCode)
        Sandbox.inject("""{"kind":"truncated","operation":"presence"}""")
        fails<ZeitkontoException.Decode> { c.presence() }
        Sandbox.inject("""{"kind":"html","status":502,"operation":"clock"}""")
        val status = fails<ZeitkontoException.UnexpectedStatus> { c.come(ANNA) }
        assertTrue(status.status == 502 && "<html>" in status.excerpt, status.toString())
        assertTrue(status.mayHaveReachedServer, "a 502 after a write: it may have been applied")
        Sandbox.inject("""{"kind":"rateLimit","retryAfter":120,"operation":"employees"}""")
        val limited = fails<ZeitkontoException.RateLimited> { c.employees() }
        assertEquals(429 to 120.seconds, limited.status to limited.retryAfter)
    }

    @Test
    fun `transport failures and timeouts`() = runBlocking {
        val port = ServerSocket(0).use { it.localPort }
        val closed = client(baseUrl = "http://127.0.0.1:$port", retry = RetrySettings(baseDelay = 10.milliseconds, maxDelay = 20.milliseconds))
        val e = fails<ZeitkontoException.Transport> { closed.come(ANNA) }
        assertFalse(e.mayHaveReachedServer)
        val slow = client(timeout = 300.milliseconds)
        Sandbox.inject("""{"kind":"delay","delayMs":1500,"count":3,"operation":"employees"}""")
        assertTrue(fails<ZeitkontoException.Timeout> { slow.employees() }.mayHaveReachedServer)
        assertEquals(3, Sandbox.requests("employees"), "a read is tried three times (two retries)")
    }

    @Test
    fun `reads are retried, writes never sent twice`() = runBlocking {
        val c = client()
        Sandbox.inject("""{"kind":"status","status":503,"count":2,"operation":"employees"}""")
        assertTrue(c.employees().isNotEmpty())
        assertEquals(3, Sandbox.requests("employees"))
        Sandbox.inject("""{"kind":"reset","operation":"presence"}""")
        assertTrue(c.presence().info.isNotEmpty())
        Sandbox.inject("""{"kind":"status","status":500,"after":true,"operation":"clock"}""")
        fails<ZeitkontoException.UnexpectedStatus> { c.come(ANNA) }
        Sandbox.inject("""{"kind":"reset","after":true,"operation":"create_project"}""")
        assertTrue(fails<ZeitkontoException.Transport> { c.createProject(MANAGER, "Once") }.mayHaveReachedServer)
        Sandbox.inject("""{"kind":"status","status":502,"after":true,"operation":"book_absence"}""")
        fails<ZeitkontoException> {
            c.bookAbsence("LT-VAC", ANNA_UUID, startDay = LocalDate.of(2026, 12, 28), endDay = LocalDate.of(2026, 12, 29))
        }
        for (op in listOf("clock", "create_project", "book_absence")) {
            assertEquals(1 to 1, Sandbox.requests(op) to Sandbox.writes(op), op)
        }
    }

    @Test
    fun `a forced 429 is honoured for a write`() = runBlocking {
        Sandbox.inject("""{"kind":"rateLimit","retryAfter":1,"operation":"clock"}""")
        client().come(ANNA)
        assertEquals(2 to 1, Sandbox.requests("clock") to Sandbox.writes("clock"))
    }

    @Test
    fun `the limiter keeps a concurrent burst free of 429`() = runBlocking {
        Sandbox.setRateLimit(20, 1000)
        val limited = client(
            rateLimit = RateLimitSettings(limit = 20, window = 1.seconds),
            retry = RetrySettings(maxRetries = 0, maxRateLimitRetries = 0),
        )
        val results = coroutineScope { (1..60).map { async { limited.findProjects(MANAGER, "Support") } }.awaitAll() }
        assertEquals(60, results.size)
        assertEquals(0, Sandbox.stat("rateLimited"))
    }

    @Test
    fun `suspend calls run concurrently`() = runBlocking {
        val c = client()
        Sandbox.inject("""{"kind":"delay","delayMs":400,"count":5,"operation":"employees"}""")
        coroutineScope { (1..5).map { async { c.employees() } }.awaitAll() }
        assertEquals(5, Sandbox.stat("maxInFlight"), "all five were waiting on the network at once")
    }

    @Test
    fun `a cancelled call leaves the client usable`() = runBlocking {
        val c = client()
        Sandbox.inject("""{"kind":"delay","delayMs":1500,"count":1,"operation":"employees"}""")
        fails<TimeoutCancellationException> { withTimeout(200) { c.employees() } }
        assertTrue(c.employees().isNotEmpty())
    }

    @Test
    fun `a count setting out of range gives the core's reason, as in every language`() = runBlocking {
        val negative = fails<ZeitkontoException.InvalidInput> {
            ZeitkontoClient(sandboxConfig(retry = RetrySettings(maxRetries = -1)))
        }
        assertEquals("retry.maxRetries" to "must be a whole number, not negative", negative.field to negative.reason)
        val large = fails<ZeitkontoException.InvalidInput> { ZeitkontoClient(sandboxConfig(retry = RetrySettings(maxRetries = 1000))) }
        assertEquals("1000 is out of range (0 to 100)", large.reason)
    }

    @Test
    fun `a cancelled write still waiting for the rate limit is never sent`() = runBlocking {
        // A limit of its own: one request a second, taken by the read.
        val c = client(rateLimit = RateLimitSettings(limit = 1, window = 1.seconds))
        c.employees()
        val before = Sandbox.requests("clock")
        fails<TimeoutCancellationException> { withTimeout(200) { c.come(ANNA) } }
        delay(1_300) // past the window: a write left running would have been sent by now
        assertEquals(before, Sandbox.requests("clock"), "the cancelled write was never sent")
    }

    @Test
    fun `keys never print`() = runBlocking {
        val secret = "kotlin-secret-key-4711"
        val config = ZeitkontoConfig(
            apiKey = ApiKey(secret), workspaceKey = ApiKey(secret), baseUrl = Sandbox.url,
            proxy = ProxyUrl("http://proxy-user:$secret@proxy.corp:3128"),
        )
        assertFalse(secret in config.toString() || "proxy-user" in config.toString(), config.toString())
        assertTrue("ProxyUrl(http://***@proxy.corp:3128)" in config.toString(), config.toString())
        // A key put into the base URL (a gateway's path), a route or the user agent prints as ***.
        val gateway = ZeitkontoConfig(
            apiKey = ApiKey(secret), baseUrl = "https://gateway.example/$secret/",
            routes = mapOf("employees" to "GET /x/$secret/{api}"), userAgent = "app/$secret",
        ).toString()
        assertFalse(secret in gateway, gateway)
        assertTrue("baseUrl=https://gateway.example/***/" in gateway, gateway)
        assertEquals("ProxyUrl(http://proxy.corp:3128)", ProxyUrl("http://proxy.corp:3128").toString())
        // A password holding `/`, `?` or `#` (unescaped) is hidden too: the last `@` ends it.
        for (password in listOf("pa/ss", "p?ss", "p#ss")) {
            assertEquals("ProxyUrl(http://***@proxy.corp:3128)", ProxyUrl("http://bob:$password@proxy.corp:3128").toString())
        }
        val request = buildRequest("employees", "{}", ZeitkontoConfig(apiKey = ApiKey(secret)))
        assertTrue(secret in request.url())
        assertFalse(secret in request.toString() || secret in request.redactedUrl(), request.toString())
        val port = ServerSocket(0).use { it.localPort }
        val errors = listOf(
            fails<ZeitkontoException> { client(secret).employees() },
            fails<ZeitkontoException> { client(secret, baseUrl = "http://127.0.0.1:$port").employees() },
        )
        for (e in errors) {
            val text = e.toString() + e.message + e.stackTraceToString()
            assertFalse(secret in text, text)
        }
    }

    @Test
    fun `an exception reads like a JVM exception, class name first`() = runBlocking {
        val e = fails<ZeitkontoException.InvalidInput> { client().extraLeave(ANNA, 0.0) }
        assertEquals("days", e.field)
        assertEquals(e.description, e.message)
        assertEquals("de.zeitkonto.ZeitkontoException\$InvalidInput: ${e.description}", e.toString())
        assertTrue(e.stackTraceToString().startsWith("de.zeitkonto.ZeitkontoException\$InvalidInput: "), e.stackTraceToString())
    }
}
