package de.zeitkonto

import java.io.IOException
import java.io.InputStream
import java.net.ConnectException
import java.net.Proxy
import java.net.ProxySelector
import java.net.SocketAddress
import java.net.URI
import java.net.UnknownHostException
import java.net.http.HttpClient
import java.net.http.HttpConnectTimeoutException
import java.net.http.HttpTimeoutException
import java.security.cert.CertificateExpiredException
import java.security.cert.CertificateNotYetValidException
import java.time.Duration
import java.util.zip.GZIPInputStream
import javax.net.ssl.SSLHandshakeException
import javax.net.ssl.SSLPeerUnverifiedException
import kotlinx.coroutines.suspendCancellableCoroutine
import kotlinx.coroutines.runInterruptible
import java.util.concurrent.CompletionException
import kotlin.coroutines.resume
import kotlin.coroutines.resumeWithException
import java.net.http.HttpRequest as JdkRequest
import java.net.http.HttpResponse as JdkResponse

/**
 * A [ZeitkontoTransport] on the JDK's `java.net.http.HttpClient`, for services on the JVM that are
 * configured the JVM way: it trusts what the JVM trusts (`-Djavax.net.ssl.trustStore`, the default
 * `SSLContext`) and goes through the JVM's proxy settings (`-Dhttps.proxyHost`/`-Dhttps.proxyPort`,
 * `ProxySelector.setDefault`), which the bundled transport does not read (it reads `SSL_CERT_FILE`
 * and `HTTPS_PROXY`). Use it with `ZeitkontoClient.withTransport(config, JdkTransport())`.
 *
 * It speaks HTTP/1.1: on HTTP/2 the JDK 17 client fails a request in flight when the server ends
 * the connection with GOAWAY (nginx's `keepalive_requests`), and a write that fails so may have been
 * applied. It asks for gzip and decodes it, reading at most [maxBodyBytes] decoded bytes (a
 * compression bomb stops there and the client reports the body as too large); it never follows a
 * redirect. Failures are typed for the client's retry rules: a refused connection
 * ([TransportException.Connect], retried for reads), a failed TLS handshake
 * ([TransportException.Tls], never retried), a timeout, anything else ([TransportException.Lost]:
 * a write is then never sent again). The JDK's client may itself send a GET once more when a
 * connection closes or is reset before the answer (its own rule for idempotent requests, switched
 * by JVM-wide properties only): a read may reach the server twice, and the client's rate limiter
 * counts it once; a write never. A cancelled call (the client's timeout, the caller's) aborts the
 * exchange and closes its connection. Not available on Android
 * (no `java.net.http` there: use OkHttp).
 * Its requests are invisible to OpenTelemetry's HTTP instrumentation (the Java agent's span would
 * carry the key in `url.full`) when `opentelemetry-api` is on the classpath ([ZeitkontoTelemetry]);
 * the call's own span comes from `OpenTelemetryTracer`.
 *
 * @param http the JDK client; build your own to set an `SSLContext`, an `Authenticator` or another
 *   proxy, but keep `Redirect.NEVER` (a followed redirect would carry the key to another host).
 * @param maxBodyBytes the largest (decoded) body read; default 16 MiB, the client's bound.
 * @param userAgent the `User-Agent` header sent.
 */
class JdkTransport @JvmOverloads constructor(
    private val http: HttpClient = defaultClient(),
    private val maxBodyBytes: Long = 16L * 1024 * 1024,
    private val userAgent: String = "zeitkonto-kotlin/0.1.0 (JdkTransport)",
) : ZeitkontoTransport {
    override suspend fun send(request: BuiltRequest, timeout: kotlin.time.Duration?): HttpResponse {
        val body = request.body()
        val uri = URI.create(request.url())
        val builder = JdkRequest.newBuilder(uri)
            .method(request.method(), if (body == null) JdkRequest.BodyPublishers.noBody() else JdkRequest.BodyPublishers.ofString(body))
            .header("Accept-Encoding", "gzip")
            .header("User-Agent", userAgent)
        request.headers().forEach { builder.header(it.name, it.value) }
        // (Nanoseconds: a timeout under a millisecond is no zero, which the JDK refuses.)
        val nanos = timeout?.takeIf { it.isPositive() && it.isFinite() }?.inWholeNanoseconds
        if (nanos != null) builder.timeout(Duration.ofNanos(nanos))
        // A request timeout shorter than the client's connect timeout fires first; the JDK reports
        // it during the connect as a connect timeout: then it is the call's timeout, as in Rust.
        val timeoutFirst = nanos != null && http.connectTimeout().map { nanos < it.toNanos() }.orElse(true)
        val response = try {
            // Started with OpenTelemetry's instrumentation suppressed (when opentelemetry-api is
            // present): the Java agent's HttpClient span would record the URL, key and all.
            val request = builder.build()
            val pending = ZeitkontoTelemetry.withoutInstrumentation { http.sendAsync(request, JdkResponse.BodyHandlers.ofInputStream()) }
            // Cancelled (the client's timeout, the caller's): the exchange is aborted with it,
            // which only the JDK future's `cancel(true)` does (`await` cancels it with `false`,
            // which left the exchange, and its connection, open until the server answered); an
            // answer that came anyway (cancelled as it was handed over) has its body closed.
            // (What `whenComplete`'s callback throws goes to a stage nobody reads.)
            suspendCancellableCoroutine<JdkResponse<InputStream>> { waiting ->
                waiting.invokeOnCancellation {
                    pending.cancel(true)
                    pending.thenAccept { it.body().close() }
                }
                pending.whenComplete { answer, failure ->
                    if (failure == null) waiting.resume(answer)
                    else waiting.resumeWithException((failure as? CompletionException)?.cause ?: failure)
                }
            }
        } catch (e: Exception) {
            throw classify(e, server(uri), timeoutFirst)
        }
        // From here on the body is closed on any way out (a cancel before the read starts too).
        try {
            return answered(response)
        } catch (t: Throwable) {
            response.body().close()
            throw t
        }
    }

    /** The answer [response] as the client takes it: framing checked, body read and decoded. */
    private suspend fun answered(response: JdkResponse<InputStream>): HttpResponse {
        // Framing the JDK reads one way and other HTTP stacks another (RFC 9112 6.3: a length beside
        // chunked, or two lengths) is refused: it may mix up which answer belongs to which request.
        val lengths = response.headers().allValues("content-length").flatMap { it.split(',') }.map { it.trim() }.toSet()
        if (lengths.size > 1 || (lengths.isNotEmpty() && response.headers().firstValue("transfer-encoding").isPresent)) {
            response.body().close()
            throw TransportException.Lost("ambiguous framing: Content-Length ${lengths.joinToString("/")} with Transfer-Encoding or another length")
        }
        val gzip = response.headers().firstValue("content-encoding").orElse("").equals("gzip", ignoreCase = true)
        // The body is read on a thread of the library's view of Dispatchers.IO, interrupted when
        // the call is cancelled (the client's timeout, the caller's): a body that trickles or
        // stalls holds neither one of the app's Dispatchers.Default threads nor the call past its
        // timeout, and the app's blocked IO threads do not hold the read.
        val bytes = try {
            runInterruptible(uniffiZeitkontoDispatcher) {
                response.body().use { raw -> readBounded(if (gzip) GZIPInputStream(raw) else raw) }
            }
        } catch (e: IOException) {
            throw TransportException.Lost("could not read the body: $e")
        }
        // The body is decoded: its encoding and length headers no longer describe it.
        val headers = response.headers().map()
            .filterKeys { !it.equals("content-encoding", ignoreCase = true) && !it.equals("content-length", ignoreCase = true) }
            .flatMap { (name, values) -> values.map { HttpHeader(name, it) } }
        return HttpResponse(response.statusCode(), headers, bytes)
    }

    /** At most [maxBodyBytes] + 1 bytes: one more than the bound tells the client it was exceeded. */
    private fun readBounded(stream: InputStream): ByteArray =
        stream.readNBytes((minOf(maxBodyBytes, Int.MAX_VALUE - 9L) + 1).coerceAtLeast(0).toInt())

    private companion object {
        fun defaultClient(): HttpClient = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .followRedirects(HttpClient.Redirect.NEVER)
            .proxy(HttpsOnlyProxies)
            .connectTimeout(Duration.ofSeconds(30))
            .build()

        /**
         * The JVM's proxy settings (`ProxySelector.getDefault()`, read at each request) for https;
         * plain http (allowed to a loopback host only, the core's rule) always direct: a proxy would
         * read the key in its URL in the clear (the JVM's default `http.nonProxyHosts` leaves out
         * `localhost|127.*|[::1]`, not `*.localhost` nor a selector of the app's).
         */
        private object HttpsOnlyProxies : ProxySelector() {
            override fun select(uri: URI): List<Proxy> =
                if (uri.scheme.equals("http", ignoreCase = true)) listOf(Proxy.NO_PROXY)
                else getDefault()?.select(uri) ?: listOf(Proxy.NO_PROXY)

            override fun connectFailed(uri: URI?, sa: SocketAddress?, ioe: IOException?) {
                getDefault()?.connectFailed(uri, sa, ioe)
            }
        }

        /** `host:port` of the request (the default port of its scheme when it names none). */
        fun server(uri: URI): String {
            val port = uri.port.takeIf { it >= 0 } ?: if (uri.scheme.equals("https", ignoreCase = true)) 443 else 80
            return "${uri.host ?: uri.rawAuthority ?: "the server"}:$port"
        }

        /**
         * What went wrong: each exception of the cause chain by its simple name, with its message
         * when it has one (the JDK's often have none: `ConnectException`).
         */
        fun describe(chain: List<Throwable>): String =
            chain.map { t -> t.javaClass.simpleName + (t.message?.takeIf { it.isNotBlank() }?.let { ": $it" } ?: "") }
                .distinct().joinToString("; ")

        /**
         * The exception of a failed send to `server` (`host:port`; with a JVM proxy, the proxy may be
         * what could not be reached), typed for the client (the cause chain decides).
         */
        fun classify(e: Throwable, server: String, timeoutFirst: Boolean): Exception {
            val chain = generateSequence(e) { it.cause }.take(16).toList()
            if (e is kotlinx.coroutines.CancellationException) return e
            if (timeoutFirst && chain.any { it is HttpConnectTimeoutException }) return TransportException.Timeout()
            chain.firstOrNull { it is SSLHandshakeException || it is SSLPeerUnverifiedException }?.let { tls ->
                val failure = when {
                    chain.any { it is CertificateExpiredException || it is CertificateNotYetValidException } -> TlsFailure.EXPIRED
                    chain.any { "PKIX path" in (it.message ?: "") || "unable to find valid certification path" in (it.message ?: "") } -> TlsFailure.UNTRUSTED_ISSUER
                    chain.any { "subject alternative" in (it.message ?: "") || "No name matching" in (it.message ?: "") } -> TlsFailure.HOSTNAME_MISMATCH
                    else -> TlsFailure.OTHER
                }
                return TransportException.Tls(failure, tls.toString())
            }
            if (chain.any { it is ConnectException || it is UnknownHostException || it is HttpConnectTimeoutException }) {
                return TransportException.Connect("could not connect to $server (${describe(chain)})")
            }
            if (chain.any { it is HttpTimeoutException }) return TransportException.Timeout()
            return TransportException.Lost("the exchange with $server failed (${describe(chain)})")
        }
    }
}
