package de.zeitkonto

import kotlinx.coroutines.runBlocking
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test

/** The README's Kotlin quickstart, word for word but for the sandbox's URL and demo people. */
class QuickstartTest {
    @Test
    fun `the README quickstart runs`() = runBlocking {
        Sandbox.reset()
        val printed = mutableListOf<String>()
        fun println(line: String) = printed.add(line)
        val anna = ANNA

        ZeitkontoClient(ZeitkontoConfig(apiKey = ApiKey(COMPANY_KEY), baseUrl = Sandbox.url)).use { client ->
            client.come(anna)                                      // suspend; throws ZeitkontoException
            val october = client.timeAccount(anna, 2026, 10)       // calendar months 1-12
            println("${october.balance} min, first day ${october.bookings.firstOrNull()?.date}") // java.time.LocalDate
            try {
                client.go(anna)
                client.go(anna)
            } catch (e: ZeitkontoException.Refused) {   // false: not clocked in, or a bad key or employee
                println("refused")
            } catch (e: ZeitkontoException.Timeout) {   // also Transport, UnexpectedStatus, Decode
                println(if (e.mayHaveReachedServer) "may have been applied: check before retrying" else "not sent")
            }
        }
        assertEquals(2, printed.size)
        assertEquals(true, printed[0].contains("first day 2026-10-"), printed[0])
        assertEquals("refused", printed[1])
    }
}
