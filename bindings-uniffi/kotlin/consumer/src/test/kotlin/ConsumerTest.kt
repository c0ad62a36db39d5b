import de.zeitkonto.ApiKey
import de.zeitkonto.ZeitkontoClient
import de.zeitkonto.ZeitkontoConfig
import de.zeitkonto.ZeitkontoException
import de.zeitkonto.buildRequest
import de.zeitkonto.operations
import java.net.ServerSocket
import kotlinx.coroutines.runBlocking
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/** Uses the installed jar like an application would: sans-IO calls and a suspend call. */
class ConsumerTest {
    @Test
    fun `the installed jar loads its native library and works`() {
        assertTrue("time_account" in operations() && operations().size == operations().toSet().size)
        val request = buildRequest("employees", "{}", ZeitkontoConfig(apiKey = ApiKey("consumer-key")))
        assertTrue(request.url().startsWith("https://desktop.saas.de/"))
        assertFalse("consumer-key" in request.toString())
        val port = ServerSocket(0).use { it.localPort }
        val client = ZeitkontoClient(ZeitkontoConfig(apiKey = ApiKey("consumer-key"), baseUrl = "http://127.0.0.1:$port"))
        val failure = runCatching { runBlocking { client.come("anna@example.com") } }.exceptionOrNull()
        assertTrue(failure is ZeitkontoException.Transport, "$failure")
        client.close()
    }
}
