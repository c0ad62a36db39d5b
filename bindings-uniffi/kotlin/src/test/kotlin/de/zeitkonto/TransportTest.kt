package de.zeitkonto

import kotlin.time.Duration.Companion.milliseconds
import java.io.IOException
import java.net.URI
import java.net.http.HttpClient
import java.time.Duration
import java.util.concurrent.atomic.AtomicInteger
import kotlinx.coroutines.CompletableDeferred
import kotlinx.coroutines.async
import kotlinx.coroutines.awaitCancellation
import kotlinx.coroutines.future.await
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withTimeout
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.BeforeEach
import org.junit.jupiter.api.Test
import java.net.http.HttpRequest as JdkRequest
import java.net.http.HttpResponse as JdkResponse

/**
 * The app's own HTTP stack through `ZeitkontoTransport` (here the JDK's `HttpClient`, as an
 * Android app would plug in OkHttp): the calls work end to end, and the client's driver keeps
 * the limiter, retries (never a write twice), the timeout and redaction.
 */
class TransportTest {
    private val config = sandboxConfig()

    /** A minimal transport on `java.net.http.HttpClient` (never follows redirects), counting its sends. */
    class CountingTransport : ZeitkontoTransport {
        val sends = AtomicInteger()
        val seen = mutableListOf<String>()
        private val http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build()

        override suspend fun send(request: BuiltRequest, timeout: kotlin.time.Duration?): HttpResponse {
            sends.incrementAndGet()
            synchronized(seen) { seen.add(request.toString()) }
            val body = request.body()
            val builder = JdkRequest.newBuilder(URI.create(request.url()))
                .method(request.method(), if (body == null) JdkRequest.BodyPublishers.noBody() else JdkRequest.BodyPublishers.ofString(body))
            request.headers().forEach { builder.header(it.name, it.value) }
            if (timeout != null) builder.timeout(Duration.ofMillis(timeout.inWholeMilliseconds))
            val response = try {
                http.sendAsync(builder.build(), JdkResponse.BodyHandlers.ofByteArray()).await()
            } catch (e: java.net.ConnectException) {
                throw TransportException.Connect(e.toString())
            }
            val headers = response.headers().map().flatMap { (name, values) -> values.map { HttpHeader(name, it) } }
            return HttpResponse(response.statusCode(), headers, response.body())
        }
    }

    @BeforeEach
    fun reset() = Sandbox.reset()

    @Test
    fun `reads and writes go through the app's transport`() = runBlocking {
        val transport = CountingTransport()
        val client = ZeitkontoClient.withTransport(config, transport)
        val bundled = ZeitkontoClient(config)
        assertEquals(bundled.employees(), client.employees())
        assertEquals(bundled.timeAccount(ANNA, 2026, 10), client.timeAccount(ANNA, 2026, 10))
        val sends = transport.sends.get()
        assertEquals(2, sends)
        client.come(ANNA)
        assertEquals(3, transport.sends.get())
        assertEquals(1, Sandbox.writes("clock"))
        client.go(ANNA)
        assertTrue(transport.seen.none { COMPANY_KEY in it }, "a request prints redacted: ${transport.seen}")
        assertTrue(transport.seen.first().startsWith("GET http://127.0.0.1:"), transport.seen.first())
    }

    @Test
    fun `the shipped JdkTransport carries every call and never sends a write twice`() = runBlocking {
        val client = ZeitkontoClient.withTransport(config, JdkTransport())
        assertEquals(ZeitkontoClient(config).employees(), client.employees())
        assertEquals(10, client.timeAccount(ANNA, 2026, 10).month)
        client.come(ANNA)
        assertEquals(1, Sandbox.writes("clock"))
        Sandbox.inject("""{"kind":"status","status":502,"after":true,"operation":"clock"}""")
        val e = fails<ZeitkontoException.UnexpectedStatus> { client.go(ANNA) }
        assertTrue(e.mayHaveReachedServer)
        assertEquals(2 to 2, Sandbox.requests("clock") to Sandbox.writes("clock"))
        Sandbox.inject("""{"kind":"redirect","location":"https://elsewhere.example/$COMPANY_KEY","operation":"employees"}""")
        val redirect = fails<ZeitkontoException.UnexpectedStatus> { client.employees() }
        assertEquals(302, redirect.status)
        assertFalse(COMPANY_KEY in redirect.toString())
        val port = java.net.ServerSocket(0).use { it.localPort }
        val refused = ZeitkontoClient.withTransport(config.copy(baseUrl = "http://127.0.0.1:$port"), JdkTransport())
        val connect = fails<ZeitkontoException.Transport> { refused.come(ANNA) }
        assertFalse(connect.mayHaveReachedServer)
        // Says where, not only `java.net.ConnectException`.
        assertTrue("could not connect to 127.0.0.1:$port (ConnectException" in connect.message.orEmpty(), connect.message)
    }

    @Test
    fun `the JdkTransport sends plain http directly past any JVM proxy (it would read the key)`() = runBlocking {
        // A "proxy" that records the first line of each connection, set as the JVM's for every URI.
        val proxy = java.net.ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())
        val proxied = java.util.Collections.synchronizedList(mutableListOf<String>())
        Thread {
            while (!proxy.isClosed) {
                val socket = runCatching { proxy.accept() }.getOrNull() ?: break
                socket.use { proxied += it.getInputStream().bufferedReader().readLine().orEmpty() }
            }
        }.apply { isDaemon = true }.start()
        val before = java.net.ProxySelector.getDefault()
        val everything = object : java.net.ProxySelector() {
            override fun select(uri: URI) =
                listOf(java.net.Proxy(java.net.Proxy.Type.HTTP, java.net.InetSocketAddress("127.0.0.1", proxy.localPort)))
            override fun connectFailed(uri: URI?, sa: java.net.SocketAddress?, ioe: IOException?) {}
        }
        try {
            java.net.ProxySelector.setDefault(everything)
            val client = ZeitkontoClient.withTransport(config, JdkTransport())
            assertTrue(client.employees().isNotEmpty())
            assertEquals(listOf<String>(), proxied.toList(), "a proxy saw a plain-http request (the key in the clear)")
            // https still goes through the JVM's proxy (with CONNECT: the proxy sees no path).
            val https = ZeitkontoClient.withTransport(config.copy(baseUrl = "https://zeitkonto.invalid"), JdkTransport())
            fails<ZeitkontoException> { https.employees() }
            assertTrue(proxied.any { it.startsWith("CONNECT zeitkonto.invalid:443") }, proxied.toString())
            assertTrue(proxied.none { COMPANY_KEY in it }, proxied.toString())
        } finally {
            java.net.ProxySelector.setDefault(before)
            proxy.close()
        }
    }

    @Test
    fun `the JdkTransport reads a body up to its bound`() = runBlocking {
        val small = ZeitkontoClient.withTransport(config, JdkTransport(maxBodyBytes = 10))
        fails<ZeitkontoException.Decode> { small.employees() } // 11 bytes of the list: cut short
        val roomy = ZeitkontoClient.withTransport(config, JdkTransport(maxBodyBytes = Long.MAX_VALUE))
        assertEquals(ZeitkontoClient(config).employees(), roomy.employees()) // a bound beyond an array's size, saturated
    }

    @Test
    fun `driver events are reported with a custom transport too`() = runBlocking {
        val events = java.util.concurrent.ConcurrentLinkedQueue<ZeitkontoEvent>()
        val listener = object : ZeitkontoEventListener {
            override fun onEvent(event: ZeitkontoEvent) {
                events.add(event)
            }
        }
        val client = ZeitkontoClient.withTransport(config, CountingTransport(), listener)
        client.employees()
        assertEquals(listOf(200), events.filterIsInstance<ZeitkontoEvent.Received>().map { it.status })
    }

    @Test
    fun `a 5xx read is retried by the client, a write never`() = runBlocking {
        val transport = CountingTransport()
        val client = ZeitkontoClient.withTransport(config, transport)
        Sandbox.inject("""{"kind":"status","status":503,"count":1,"operation":"employees"}""")
        client.employees()
        assertEquals(2, transport.sends.get())

        Sandbox.inject("""{"kind":"status","status":503,"count":1,"operation":"clock"}""")
        val e = fails<ZeitkontoException.UnexpectedStatus> { client.come(ANNA) }
        assertEquals(503, e.status)
        assertEquals(3, transport.sends.get(), "the write was sent once")
    }

    @Test
    fun `Connect failures are retried for reads and the detail is redacted`() = runBlocking {
        val attempts = AtomicInteger()
        val refusing = object : ZeitkontoTransport {
            override suspend fun send(request: BuiltRequest, timeout: kotlin.time.Duration?): HttpResponse {
                attempts.incrementAndGet()
                throw TransportException.Connect("refused: ${request.url()}")
            }
        }
        val client = ZeitkontoClient.withTransport(config, refusing)
        val e = fails<ZeitkontoException.Transport> { client.employees() }
        assertFalse(e.mayHaveReachedServer)
        assertEquals(3, attempts.get(), "the first try and FAST_RETRY's two retries")
        assertFalse(COMPANY_KEY in e.toString() || COMPANY_KEY in e.detail, e.toString())
        assertTrue("***" in e.detail, e.detail)
    }

    @Test
    fun `any other exception means the write may have been applied so it is not sent again`() = runBlocking {
        val attempts = AtomicInteger()
        val breaking = object : ZeitkontoTransport {
            override suspend fun send(request: BuiltRequest, timeout: kotlin.time.Duration?): HttpResponse {
                attempts.incrementAndGet()
                throw IOException("connection reset while reading ${request.url()}")
            }
        }
        val client = ZeitkontoClient.withTransport(config, breaking)
        val e = fails<ZeitkontoException.Transport> { client.come(ANNA) }
        assertTrue(e.mayHaveReachedServer)
        assertEquals(1, attempts.get())
        assertFalse(COMPANY_KEY in e.toString(), e.toString())
    }

    @Test
    fun `a transport that throws a java lang Error fails the call at once, redacted, and a write is not sent again`() = runBlocking {
        // uniffi caught only kotlin.Exception: the Error escaped its coroutine, the call's future
        // was never completed, and the call hung until the timeout (forever without one).
        val attempts = AtomicInteger()
        val unfinished = object : ZeitkontoTransport {
            override suspend fun send(request: BuiltRequest, timeout: kotlin.time.Duration?): HttpResponse {
                attempts.incrementAndGet()
                TODO("send ${request.url()}")
            }
        }
        val client = ZeitkontoClient.withTransport(sandboxConfig().copy(timeout = kotlin.time.Duration.INFINITE), unfinished)
        val e = withTimeout(10_000) { fails<ZeitkontoException.Transport> { client.come(ANNA) } }
        assertTrue(e.mayHaveReachedServer)
        assertEquals(1, attempts.get())
        assertFalse(COMPANY_KEY in e.toString(), e.toString())
        assertTrue("NotImplementedError" in e.toString(), e.toString())
    }

    @Test
    fun `JdkTransport gives up a body that stalls at the client's timeout, call after call`() = runBlocking<Unit> {
        // A server that sends the headers and one byte of the body, then nothing: the body is read
        // on an IO thread and interrupted at the timeout. (It was read on the caller's
        // Dispatchers.Default thread and could not be stopped: with two such calls on a 2-core
        // machine every later call hung.)
        val server = java.net.ServerSocket(0)
        val held = java.util.concurrent.CopyOnWriteArrayList<java.net.Socket>()
        val acceptor = Thread {
            while (!server.isClosed) {
                val socket = try { server.accept() } catch (e: IOException) { break }
                held.add(socket)
                socket.getInputStream().read(ByteArray(8192))
                socket.getOutputStream().apply {
                    write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n[".toByteArray())
                    flush()
                }
            }
        }.apply { isDaemon = true; start() }
        try {
            val stalled = config.copy(baseUrl = "http://127.0.0.1:${server.localPort}", timeout = 500.milliseconds,
                retry = RetrySettings(maxRetries = 0))
            val client = ZeitkontoClient.withTransport(stalled, JdkTransport())
            repeat(4) {
                withTimeout(10_000) { fails<ZeitkontoException.Timeout> { client.employees() } }
            }
            // A timeout under a millisecond is a timeout too (the JDK refuses a zero one).
            val tiny = ZeitkontoClient.withTransport(stalled.copy(timeout = 0.4.milliseconds), JdkTransport())
            withTimeout(10_000) { fails<ZeitkontoException.Timeout> { tiny.employees() } }
        } finally {
            server.close()
            held.forEach { it.close() }
            acceptor.join(1_000)
        }
    }

    @Test
    fun `JdkTransport closes the connection of a call cancelled before the answer`() = runBlocking<Unit> {
        // A server that reads the request and never answers: the caller cancels the call once the
        // request arrived, long before the client's timeout, and the connection closes at once (it
        // stayed open until the client's timeout: await() cancelled the JDK's future without
        // aborting the exchange).
        val server = java.net.ServerSocket(0)
        val requested = CompletableDeferred<Unit>()
        val closedAt = CompletableDeferred<Long>()
        val acceptor = Thread {
            try {
                server.accept().use { socket ->
                    val input = socket.getInputStream()
                    val head = StringBuilder()
                    while (!head.endsWith("\r\n\r\n")) head.append(input.read().takeIf { it >= 0 }?.toChar() ?: break)
                    requested.complete(Unit)
                    try {
                        while (input.read() >= 0) { /* nothing more is sent */ }
                    } catch (e: IOException) { /* reset: closed too */ }
                    closedAt.complete(System.nanoTime())
                }
            } catch (e: IOException) { /* the server closed */ }
        }.apply { isDaemon = true; start() }
        try {
            val silent = config.copy(baseUrl = "http://127.0.0.1:${server.localPort}", timeout = 60_000.milliseconds,
                retry = RetrySettings(maxRetries = 0))
            ZeitkontoClient.withTransport(silent, JdkTransport()).use { client ->
                val call = async { client.employees() }
                withTimeout(20_000) { requested.await() }
                val cancelledAt = System.nanoTime()
                call.cancel()
                val closed = withTimeout(10_000) { closedAt.await() }
                val after = (closed - cancelledAt) / 1_000_000
                assertTrue(after < 5_000, "the connection closed $after ms after the cancel")
            }
        } finally {
            server.close()
            acceptor.join(1_000)
        }
    }

    @Test
    fun `JdkTransport refuses an answer framed two ways`() = runBlocking<Unit> {
        // A length beside chunked (the JDK read the length: the body was the chunk size "4c"), and
        // two different lengths (the JDK took the first): refused, as the bundled transport does.
        for (head in listOf("Content-Length: 3\r\nTransfer-Encoding: chunked", "Content-Length: 2\r\nContent-Length: 7")) {
            val server = java.net.ServerSocket(0)
            val acceptor = Thread {
                try {
                    server.accept().use { socket ->
                        socket.getInputStream().read(ByteArray(8192))
                        socket.getOutputStream().write("HTTP/1.1 200 OK\r\n$head\r\n\r\n2\r\n[]\r\n0\r\n\r\n".toByteArray())
                        socket.getOutputStream().flush()
                    }
                } catch (e: IOException) { /* closed */ }
            }.apply { isDaemon = true; start() }
            try {
                val framed = config.copy(baseUrl = "http://127.0.0.1:${server.localPort}", retry = RetrySettings(maxRetries = 0))
                val e = withTimeout(10_000) { fails<ZeitkontoException.Transport> { ZeitkontoClient.withTransport(framed, JdkTransport()).employees() } }
                assertTrue("ambiguous framing" in e.message.orEmpty(), e.message)
            } finally {
                server.close()
                acceptor.join(1_000)
            }
        }
    }

    @Test
    fun `the client's timeout cancels a transport that never answers`() = runBlocking {
        val cancelled = CompletableDeferred<Unit>()
        val hanging = object : ZeitkontoTransport {
            override suspend fun send(request: BuiltRequest, timeout: kotlin.time.Duration?): HttpResponse {
                assertEquals(300.milliseconds, timeout)
                try {
                    awaitCancellation()
                } finally {
                    cancelled.complete(Unit)
                }
            }
        }
        val quick = config.copy(timeout = 300.milliseconds, retry = RetrySettings(maxRetries = 0))
        val e = fails<ZeitkontoException.Timeout> { ZeitkontoClient.withTransport(quick, hanging).employees() }
        assertTrue(e.mayHaveReachedServer)
        withTimeout(5_000) { cancelled.await() }
    }

    @Test
    fun `a redirect the app returns is an error naming the redacted target, and no status is no success`() = runBlocking {
        val redirecting = object : ZeitkontoTransport {
            override suspend fun send(request: BuiltRequest, timeout: kotlin.time.Duration?): HttpResponse =
                HttpResponse(302, listOf(HttpHeader("Location", "https://elsewhere.example/x/$COMPANY_KEY")), ByteArray(0))
        }
        val e = fails<ZeitkontoException.UnexpectedStatus> { ZeitkontoClient.withTransport(config, redirecting).employees() }
        assertEquals(302, e.status)
        assertFalse(COMPANY_KEY in e.toString() || COMPANY_KEY in e.excerpt, e.toString())
        assertEquals("HttpResponse(status=302, 0 bytes)", HttpResponse(302, emptyList(), ByteArray(0)).toString())

        val noStatus = object : ZeitkontoTransport {
            override suspend fun send(request: BuiltRequest, timeout: kotlin.time.Duration?): HttpResponse =
                HttpResponse(0, emptyList(), "true".toByteArray())
        }
        val t = fails<ZeitkontoException.Transport> {
            ZeitkontoClient.withTransport(config.copy(retry = RetrySettings(maxRetries = 0)), noStatus).come(ANNA)
        }
        assertTrue(t.mayHaveReachedServer)
    }
}
