package de.zeitkonto

import kotlinx.coroutines.flow.filterIsInstance
import kotlinx.coroutines.flow.take
import kotlinx.coroutines.flow.toList
import kotlinx.coroutines.runBlocking
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows

class JobsTest {
    @Test
    fun theMonthCloseWithDepartmentIdsIsAFlowOfAccounts() = runBlocking {
        val before = Sandbox.requests("time_account")
        val job = client().monthClose(2026, 10, listOf("SALES", "ENG", "OPS"))
        assertEquals("departments", job.plan().path)
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
        assertTrue(rest.size in 33..34, "at most the call in flight when the flow stopped is made again")
    }

    @Test
    fun aRefusedKeyStopsTheFlowAndBadInputIsRefused() = runBlocking {
        assertThrows<ZeitkontoException.Api> { runBlocking { client("not-a-key").monthClose(2026, 10).events().toList() } }
        val e = assertThrows<ZeitkontoException.InvalidInput> { client().monthClose(2026, 13) }
        assertEquals("month", e.field)
    }
}
