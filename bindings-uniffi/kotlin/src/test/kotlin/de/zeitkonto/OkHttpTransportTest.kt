package de.zeitkonto

import java.io.File
import java.net.ConnectException
import javax.net.ssl.SSLHandshakeException
import kotlinx.coroutines.CoroutineStart
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.awaitCancellation
import kotlinx.coroutines.delay
import kotlinx.coroutines.launch
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withContext
import okhttp3.MediaType.Companion.toMediaType
import okhttp3.OkHttpClient
import okhttp3.Request
import okhttp3.RequestBody.Companion.toRequestBody
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.BeforeEach
import org.junit.jupiter.api.Test
import kotlin.time.Duration.Companion.milliseconds

// The README's Android transport (docs/guide/kotlin-swift.md, "TLS on Android"), word for word; on
// Android OkHttp uses the platform's verifier (the device's trust store). Run here on the JVM.
class OkHttpTransport(private val http: OkHttpClient = OkHttpClient.Builder().followRedirects(false).followSslRedirects(false).build()) : ZeitkontoTransport {
    override suspend fun send(request: BuiltRequest, timeout: kotlin.time.Duration?): HttpResponse = withContext(Dispatchers.IO) {
        val body = request.body()?.toRequestBody("application/json".toMediaType())
        val call = http.newCall(Request.Builder().url(request.url()).method(request.method(), body)
            .apply { request.headers().forEach { header(it.name, it.value) } }.build())
        // The client's timeout or the caller's cancel cancels the OkHttp call: a blocked read ends at once.
        val canceller = launch(start = CoroutineStart.UNDISPATCHED) { try { awaitCancellation() } finally { call.cancel() } }
        try {
            // Sent unseen by OpenTelemetry's OkHttp instrumentation: its span would record the URL, key and all.
            val response = try { ZeitkontoTelemetry.withoutInstrumentation { call.execute() } } catch (e: SSLHandshakeException) {
                throw TransportException.Tls(TlsFailure.OTHER, e.toString())
            } catch (e: ConnectException) { throw TransportException.Connect(e.toString()) }
            response.use { r -> HttpResponse(r.code, r.headers.map { HttpHeader(it.first, it.second) }, r.body?.bytes() ?: ByteArray(0)) }
        } finally { canceller.cancel() }
    }
}

/** The README's OkHttp transport (what an Android app plugs in) compiles and carries calls. */
class OkHttpTransportTest {
    @BeforeEach
    fun reset() = Sandbox.reset()

    @Test
    fun `the README's OkHttp transport is this one, and it carries reads and writes`() = runBlocking {
        val readme = File("../../docs/guide/kotlin-swift.md").readText() // the packages' guide, "TLS on Android"
        val source = File("src/test/kotlin/de/zeitkonto/OkHttpTransportTest.kt").readText()
        val ours = source.substringAfter("class OkHttpTransport(").substringBefore("\n}\n").lines().map { it.trim() }
        val theirs = readme.substringAfter("class OkHttpTransport(").substringBefore("\n  }\n").lines().map { it.trim() }
        assertEquals(theirs, ours, "the README's snippet and this file drifted apart")

        val client = ZeitkontoClient.withTransport(sandboxConfig(), OkHttpTransport())
        assertTrue(client.employees().size >= 35)
        client.come(ANNA)
        assertEquals(1, Sandbox.writes("clock"))
        Sandbox.inject("""{"kind":"redirect","location":"https://elsewhere.example/x","operation":"employees"}""")
        assertEquals(302, fails<ZeitkontoException.UnexpectedStatus> { client.employees() }.status)
        val port = java.net.ServerSocket(0).use { it.localPort }
        val refused = ZeitkontoClient.withTransport(sandboxConfig().copy(baseUrl = "http://127.0.0.1:$port"), OkHttpTransport())
        assertFalse(fails<ZeitkontoException.Transport> { refused.come(ANNA) }.mayHaveReachedServer)
    }

    @Test
    fun `the README's OkHttp transport cancels its call when the client gives up`() = runBlocking<Unit> {
        val http = OkHttpClient.Builder().followRedirects(false).followSslRedirects(false)
            .readTimeout(java.time.Duration.ofSeconds(60)).build()
        Sandbox.inject("""{"kind":"delay","delayMs":20000,"operation":"employees"}""")
        val client = ZeitkontoClient.withTransport(
            sandboxConfig().copy(timeout = 300.milliseconds, retry = RetrySettings(maxRetries = 0)), OkHttpTransport(http))
        fails<ZeitkontoException.Timeout> { client.employees() }
        // The OkHttp call is cancelled, not left blocked on its socket until the server answers (20 s).
        val deadline = System.nanoTime() + 3_000_000_000L
        while (http.dispatcher.runningCallsCount() > 0 && System.nanoTime() < deadline) delay(10)
        assertEquals(0, http.dispatcher.runningCallsCount(), "the OkHttp call still runs")
    }
}
