package de.zeitkonto

import kotlin.time.Duration.Companion.milliseconds
import java.io.File
import java.net.URI
import kotlinx.coroutines.runBlocking
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.int
import kotlinx.serialization.json.jsonObject
import kotlinx.serialization.json.jsonPrimitive
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Tag
import org.junit.jupiter.api.Test

/**
 * The JVM client through real network infrastructure (scripts/network-infra: nginx with TLS from a
 * private CA, gzip, HTTP/2 and small keep-alive limits; tinyproxy as a CONNECT proxy). Tagged
 * `network`: excluded from the normal run; scripts/network-test runs it with the `ZK_NET_*`
 * variables and the JVM configured the JVM way (`-Djavax.net.ssl.trustStore` holding the test CA,
 * `-Dhttps.proxyHost/Port` at tinyproxy).
 */
@Tag("network")
class NetworkTest {
    private fun net(name: String) = System.getenv(name) ?: error("$name is not set: run scripts/network-test")
    private val url = net("ZK_NET_URL")
    private val caPem = File(net("ZK_NET_CA")).readText()

    private fun config(base: String, ca: String? = null, proxy: String? = null) = ZeitkontoConfig(
        apiKey = ApiKey(COMPANY_KEY), baseUrl = base, caCertificates = ca, proxy = proxy?.let(::ProxyUrl),
        retry = RetrySettings(baseDelay = 20.milliseconds, maxDelay = 50.milliseconds), rateLimit = GENEROUS,
    )

    private fun log(): List<kotlinx.serialization.json.JsonObject> =
        File(net("ZK_NET_ACCESS_LOG")).readLines().filter { it.isNotBlank() }.map { Json.parseToJsonElement(it).jsonObject }

    private fun proxyLog() = File(net("ZK_NET_PROXY_LOG")).readText()

    private fun String.field(name: String, entry: kotlinx.serialization.json.JsonObject) = entry[name]!!.jsonPrimitive.content

    @Test
    fun `the bundled transport trusts a CA from the config and speaks h2 with gzip`() = runBlocking {
        val before = log().size
        ZeitkontoClient(config(url, ca = caPem)).use { assertTrue(it.employees().size >= 35) }
        val entry = log().drop(before).first()
        assertEquals("HTTP/2.0", entry["protocol"]!!.jsonPrimitive.content, entry.toString())
        assertEquals("gzip", entry["content_encoding"]!!.jsonPrimitive.content, entry.toString())
        assertTrue(entry["user_agent"]!!.jsonPrimitive.content.startsWith("zeitkonto-kotlin/"), entry.toString())
    }

    @Test
    fun `the bundled transport's TLS failures are typed and never retried`() = runBlocking {
        for ((base, trust, failure) in listOf(
            Triple(url, false, TlsFailure.UNTRUSTED_ISSUER),
            Triple(net("ZK_NET_WRONG_HOST"), true, TlsFailure.HOSTNAME_MISMATCH),
            Triple(net("ZK_NET_EXPIRED"), true, TlsFailure.EXPIRED),
        )) {
            val before = log().size
            val started = System.nanoTime()
            ZeitkontoClient(config(base, ca = if (trust) caPem else null)).use { c ->
                val e = fails<ZeitkontoException.Tls> { c.employees() }
                assertEquals(failure, e.failure, e.toString())
                assertFalse(e.mayHaveReachedServer)
                assertFalse(COMPANY_KEY in e.toString())
                assertFalse(fails<ZeitkontoException.Tls> { c.come(ANNA) }.mayHaveReachedServer)
            }
            assertTrue((System.nanoTime() - started) / 1e9 < 2.0, "never retried")
            assertEquals(before, log().size, "nginx saw no request")
        }
    }

    @Test
    fun `the bundled transport goes through a proxy from the config, which never sees the key`() = runBlocking {
        val before = proxyLog().length
        ZeitkontoClient(config(url, ca = caPem, proxy = net("ZK_NET_PROXY"))).use { assertTrue(it.employees().isNotEmpty()) }
        val seen = proxyLog().substring(before)
        assertTrue("CONNECT" in seen, seen)
        assertFalse(COMPANY_KEY in seen || "/api/v2" in seen, seen)
    }

    @Test
    fun `JdkTransport honours the JVM's trust store and proxy settings, on HTTP 1 1 with gzip`() = runBlocking {
        assertTrue(System.getProperty("javax.net.ssl.trustStore") != null && System.getProperty("https.proxyHost") != null,
            "run by scripts/network-test with the JVM's trust store and proxy properties")
        val before = log().size
        val proxied = proxyLog().length
        ZeitkontoClient.withTransport(config(url), JdkTransport()).use { c ->
            assertTrue(c.employees().size >= 35)
            assertEquals(1000, c.departmentMonthEmployees("BENCH", 2026, 10).size)
        }
        val entries = log().drop(before)
        assertTrue(entries.all { it["protocol"]!!.jsonPrimitive.content == "HTTP/1.1" }, entries.toString())
        assertTrue(entries.all { it["content_encoding"]!!.jsonPrimitive.content == "gzip" }, entries.toString())
        assertTrue(entries.all { it["user_agent"]!!.jsonPrimitive.content.startsWith("zeitkonto-kotlin/") }, entries.toString())
        val bytes = entries.last()["bytes"]!!.jsonPrimitive.int
        println("1,000 summaries on the wire: JdkTransport $bytes bytes, curl --compressed ${net("ZK_NET_CURL_COMPRESSED_BYTES")}")
        assertTrue(bytes <= 2 * net("ZK_NET_CURL_COMPRESSED_BYTES").toInt(), "$bytes bytes")
        val seen = proxyLog().substring(proxied)
        assertTrue("CONNECT" in seen, "through -Dhttps.proxyHost: $seen")
        assertFalse(COMPANY_KEY in seen, seen)
    }

    @Test
    fun `JdkTransport's TLS failures are typed and never retried`() = runBlocking {
        for ((base, failure) in listOf(net("ZK_NET_WRONG_HOST") to TlsFailure.HOSTNAME_MISMATCH, net("ZK_NET_EXPIRED") to TlsFailure.EXPIRED)) {
            ZeitkontoClient.withTransport(config(base), JdkTransport()).use { c ->
                val e = fails<ZeitkontoException.Tls> { c.employees() }
                assertEquals(failure, e.failure, e.toString())
                assertFalse(e.mayHaveReachedServer)
            }
        }
    }

    @Test
    fun `writes at keep-alive limits are applied once each, through both transports`() = runBlocking {
        val sandbox = net("ZK_NET_SANDBOX")
        val http = java.net.http.HttpClient.newHttpClient()
        fun control(method: String, path: String): String = http.send(
            java.net.http.HttpRequest.newBuilder(URI.create(sandbox + path)).method(method, java.net.http.HttpRequest.BodyPublishers.noBody()).build(),
            java.net.http.HttpResponse.BodyHandlers.ofString(),
        ).body()
        for (client in listOf(ZeitkontoClient(config(url, ca = caPem)), ZeitkontoClient.withTransport(config(url), JdkTransport()))) {
            control("POST", "/__sandbox/reset")
            client.use { c ->
                repeat(9) { i ->
                    if (i == 4) Thread.sleep(1300) // past keepalive_timeout
                    if (i % 2 == 0) c.come(ANNA) else c.go(ANNA)
                }
            }
            val stats = Json.parseToJsonElement(control("GET", "/__sandbox/stats")).jsonObject
            assertEquals(9, stats["writes"]!!.jsonObject["clock"]!!.jsonPrimitive.int, stats.toString())
            assertEquals(9, stats["requests"]!!.jsonObject["clock"]!!.jsonPrimitive.int, stats.toString())
        }
    }
}
