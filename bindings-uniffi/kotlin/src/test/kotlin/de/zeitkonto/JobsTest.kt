package de.zeitkonto

import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.async
import kotlinx.coroutines.delay
import kotlinx.coroutines.flow.filterIsInstance
import kotlinx.coroutines.flow.take
import kotlinx.coroutines.flow.toList
import kotlinx.coroutines.runBlocking
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import kotlin.time.Duration.Companion.seconds

class JobsTest {
    @Test
    fun theMonthCloseWithDepartmentIdsIsAFlowOfAccounts() = runBlocking {
        val before = Sandbox.requests("time_account")
        val job = client().monthClose(2026, 10, listOf("SALES", "ENG", "OPS"))
        assertEquals("departments", job.plan().path)
        // What the estimates assume (npm's `limitPerMinute`, Python's `limit_per_minute`): 2 calls at 30 a minute.
        assertEquals(4.seconds, client().monthClose(2026, 10, listOf("SALES"), limitPerMinute = 30).plan().eta)
        val accounts = job.events().filterIsInstance<JobEvent.Account>().toList()
        assertEquals(39, accounts.size)
        assertEquals(39, accounts.map { it.employee }.toSet().size)
        assertEquals(10, accounts.first().account.month)
        assertEquals(before, Sandbox.requests("time_account"), "no call per employee")
    }

    @Test
    fun aStoppedJobResumesFromItsCheckpoint() = runBlocking {
        val job = client().monthClose(2026, 10)
        val first = job.events().filterIsInstance<JobEvent.Account>().take(5).toList()
        val resumed = client().monthClose(2026, 10, checkpoint = job.checkpoint())
        val rest = resumed.events().filterIsInstance<JobEvent.Account>().toList()
        assertEquals(39, (first + rest).map { it.employee }.toSet().size)
        // At least once: the 5th account's call was being handled when the flow stopped, so the
        // resumed job makes it again; nothing else twice, nothing lost.
        assertEquals(35, rest.size)
        assertEquals(first.last().employee, rest.first().employee)
    }

    @Test
    fun aSecondCollectorWhileTheFirstHasACallInFlightIsRefused() = runBlocking {
        // Two collectors of one job would each get part of its events: the second is refused
        // while the first's call is in flight (held 500 ms by the sandbox), as npm's loop does.
        Sandbox.inject("""{"kind":"delay","delayMs":500,"count":1,"operation":"presence"}""")
        val job = client().presenceBoard()
        val first = async(Dispatchers.Default) { job.events().toList() }
        delay(150)
        val e = assertThrows<ZeitkontoException.InvalidInput> { runBlocking { job.events().toList() } }
        assertEquals("job", e.field)
        assertTrue(first.await().any { it is JobEvent.Presence }, "the first collector gets the whole board")
    }

    @Test
    fun aRefusedKeyStopsTheFlowAndBadInputIsRefused() = runBlocking {
        assertThrows<ZeitkontoException.Api> { runBlocking { client("not-a-key").monthClose(2026, 10).events().toList() } }
        val e = assertThrows<ZeitkontoException.InvalidInput> { client().monthClose(2026, 13) }
        assertEquals("month", e.field)
    }

    @Test
    fun thePresenceBoardIsOneCallAndItsRowsAreTheSingleCallsEntries() = runBlocking {
        val before = Sandbox.requests("presence")
        val board = client().presenceBoard(java.time.LocalDate.of(2026, 11, 20))
        assertEquals("company", board.plan().path)
        val rows = board.events().filterIsInstance<JobEvent.Presence>().toList()
        assertEquals(before + 1, Sandbox.requests("presence"))
        val single = client().presence(day = java.time.LocalDate.of(2026, 11, 20)).info
        assertEquals(single, rows.map { it.entry })
        assertTrue(rows.all { it.source == "presence" })
    }

    @Test
    fun projectHoursAskEveryTopLevelProjectPerPieceAndTheLeaveYearIsOneCall() = runBlocking {
        val before = Sandbox.requests("project_bookings")
        val job = client().projectHours("max.manager@demo.example", java.time.LocalDate.of(2026, 9, 1), java.time.LocalDate.of(2026, 11, 20))
        val events = job.events().toList()
        // 4 top-level projects of the demo company, 3 pieces of at most 31 days after their first day.
        assertEquals(before + 12, Sandbox.requests("project_bookings"))
        assertTrue(events.filterIsInstance<JobEvent.Booking>().isNotEmpty())
        assertEquals(emptyMap<String, String>(), job.failures())
        val leave = client().leaveYearReport(2026).events().filterIsInstance<JobEvent.Leave>().toList()
        assertEquals(client().leaveYear(2026).employees, leave.map { it.entry })
        val e = assertThrows<ZeitkontoException.InvalidInput> { client().leaveYearReport(2026, checkpoint = "{half") }
        assertEquals("checkpoint", e.field)
    }
}
