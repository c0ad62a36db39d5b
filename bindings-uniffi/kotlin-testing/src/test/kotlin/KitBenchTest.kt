import de.zeitkonto.ApiKey
import de.zeitkonto.RateLimitSettings
import de.zeitkonto.ZeitkontoClient
import de.zeitkonto.ZeitkontoConfig
import de.zeitkonto.testing.ZeitkontoSandbox
import java.time.LocalDate
import kotlinx.coroutines.runBlocking
import org.junit.jupiter.api.Test

/**
 * A benchmark, not a timing assertion: the kit in-process vs the same engine over loopback HTTP
 * (`serve()`, the bundled transport), medians of interleaved rounds; it prints, it asserts nothing
 * about time. Its lines are in the mobile step's log (`kit bench:`).
 */
class KitBenchTest {
    @Test
    fun printsInProcessVersusLoopback() = runBlocking {
        ZeitkontoSandbox(today = LocalDate.of(2026, 11, 21)).use { sandbox ->
            val kit = sandbox.client()
            val http = ZeitkontoClient(ZeitkontoConfig(apiKey = ApiKey(sandbox.keys.companyKey), baseUrl = sandbox.serve(),
                rateLimit = RateLimitSettings(limit = 0)))
            val (rounds, calls) = 9 to 30
            for ((name, call) in listOf<Pair<String, suspend (ZeitkontoClient) -> Unit>>(
                "presence of one employee (small)" to { c -> c.presence(sandbox.keys.employee, null) },
                "employees (39 records)" to { c -> c.employees() },
            )) {
                call(kit); call(http)
                val times = listOf(mutableListOf<Double>(), mutableListOf())
                repeat(rounds) {
                    for ((i, c) in listOf(kit, http).withIndex()) {
                        val t = System.nanoTime()
                        repeat(calls) { call(c) }
                        times[i].add((System.nanoTime() - t) / 1000.0 / calls)
                    }
                }
                val (k, h) = times.map { it.sorted()[it.size / 2] }
                println("kit bench: %-34s in-process %8.1f us/call   loopback %8.1f us/call   ratio %.2fx".format(name, k, h, h / k))
            }
        }
    }
}
