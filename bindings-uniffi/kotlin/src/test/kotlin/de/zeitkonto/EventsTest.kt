package de.zeitkonto

import kotlin.time.Duration
import kotlin.time.Duration.Companion.seconds
import java.util.concurrent.ConcurrentLinkedQueue
import kotlinx.coroutines.runBlocking
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.BeforeEach
import org.junit.jupiter.api.Test

/** Driver events through a Kotlin listener: typed, in order, redacted; a failing listener is harmless. */
class EventsTest {
    private val config = sandboxConfig()

    @BeforeEach
    fun reset() = Sandbox.reset()

    @Test
    fun `a retried read reports send, answer, wait, send, answer`() = runBlocking {
        val events = ConcurrentLinkedQueue<ZeitkontoEvent>()
        val client = ZeitkontoClient.withEventListener(
            config,
            object : ZeitkontoEventListener {
                override fun onEvent(event: ZeitkontoEvent) {
                    events.add(event)
                }
            },
        )
        Sandbox.inject("""{"kind":"status","status":503,"count":1,"operation":"employees"}""")
        client.employees()
        val seen = events.toList()
        val sends = seen.filterIsInstance<ZeitkontoEvent.Send>()
        assertEquals(listOf(1, 2), sends.map { it.attempt })
        assertTrue(sends.all { it.operation == "employees" && it.request.startsWith("GET http://127.0.0.1:") })
        assertTrue(sends.none { COMPANY_KEY in it.request }, sends.toString())
        assertEquals(listOf(503, 200), seen.filterIsInstance<ZeitkontoEvent.Received>().map { it.status })
        assertEquals(listOf("retry"), seen.filterIsInstance<ZeitkontoEvent.Wait>().map { it.reason })
        // Durations are kotlin.time.Duration, like every duration of the library.
        assertTrue(seen.filterIsInstance<ZeitkontoEvent.Wait>().all { it.delay > Duration.ZERO && it.delay < 5.seconds }, seen.toString())
        assertTrue(seen.filterIsInstance<ZeitkontoEvent.Received>().all { it.elapsed >= Duration.ZERO && it.elapsed < 5.seconds }, seen.toString())
        assertTrue(seen.first() is ZeitkontoEvent.Send && seen.last() is ZeitkontoEvent.Received, seen.toString())

        events.clear()
        runCatching { client.timeAccount(ANNA, 2026, 13) }
        assertTrue(events.isEmpty(), "nothing is sent for invalid input: $events")
        runCatching { client.timeAccount("nobody@demo.example", 2026, 5) }
        val failed = events.filterIsInstance<ZeitkontoEvent.Failed>().single()
        assertTrue("code 1" in failed.error && COMPANY_KEY !in failed.error, failed.error)
    }

    @Test
    fun `a listener that throws never fails a call`() = runBlocking {
        val client = ZeitkontoClient.withEventListener(
            config,
            object : ZeitkontoEventListener {
                override fun onEvent(event: ZeitkontoEvent) = throw IllegalStateException("listener bug")
            },
        )
        assertTrue(client.employees().isNotEmpty())
        assertFalse(client.overview(ANNA).info.isEmpty())
    }
}
