import com.sun.net.httpserver.HttpServer
import de.zeitkonto.ApiKey
import de.zeitkonto.ZeitkontoClient
import de.zeitkonto.ZeitkontoConfig
import de.zeitkonto.ZeitkontoException
import de.zeitkonto.buildRequest
import de.zeitkonto.operations
import java.net.InetSocketAddress
import java.net.ServerSocket
import kotlin.time.Duration.Companion.seconds
import kotlinx.coroutines.runBlocking
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/** Uses the installed jar like an application would: sans-IO calls and suspend calls. */
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

    @Test
    fun `calls that wait for their answers, with values kept across them`() {
        // Late answers: the coroutines really suspend, and the values held across the calls are
        // spilled in the state machines (this consumer's and the jar's).
        val server = HttpServer.create(InetSocketAddress("127.0.0.1", 0), 0)
        server.createContext("/") { exchange ->
            Thread.sleep(200)
            val body = """[{"email":"anna@example.com","givenName":"Anna"}]""".toByteArray()
            exchange.responseHeaders.add("Content-Type", "application/json")
            exchange.sendResponseHeaders(200, body.size.toLong())
            exchange.responseBody.use { it.write(body) }
        }
        server.start()
        try {
            ZeitkontoClient(ZeitkontoConfig(apiKey = ApiKey("consumer-key"), baseUrl = "http://127.0.0.1:${server.address.port}", timeout = 10.seconds)).use { client ->
                runBlocking {
                    val first = client.employees()
                    val second = client.allEmployees()
                    assertEquals(first.map { it.givenName }, second.map { it.givenName })
                    assertEquals("Anna", first.single().givenName)
                }
            }
        } finally {
            server.stop(0)
        }
    }
}
