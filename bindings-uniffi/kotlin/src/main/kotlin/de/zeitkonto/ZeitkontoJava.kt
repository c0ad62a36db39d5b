package de.zeitkonto

import kotlin.time.toJavaDuration
import kotlin.time.toKotlinDuration
import kotlinx.coroutines.runInterruptible

/**
 * Settings for Java callers. Kotlin's `kotlin.time.Duration` is an inline class, which Java
 * cannot pass: the constructors of [ZeitkontoConfig], [RetrySettings] and [RateLimitSettings] are
 * not callable from Java. These factories take `java.time.Duration` instead, and every argument
 * Java leaves out (the overloads) keeps the Kotlin default.
 *
 * ```java
 * ZeitkontoConfig config = ZeitkontoJava.config(new ApiKey(System.getenv("ZEITKONTO_API_KEY")));
 * ZeitkontoConfig slow = ZeitkontoJava.config(key, "https://desktop.saas.de", Duration.ofSeconds(60));
 * ```
 */
object ZeitkontoJava {
    /**
     * A [ZeitkontoConfig]: the company key (or an employee key), the instance URL (`null`: the
     * default), the timeout of each attempt (`null`: 30 seconds; `Duration.ZERO`: none), and the
     * rest as [ZeitkontoConfig] documents them (`null`: the default).
     */
    @JvmStatic
    @JvmOverloads
    @Throws(ZeitkontoException::class)
    fun config(
        apiKey: ApiKey?,
        baseUrl: String? = null,
        timeout: java.time.Duration? = null,
        workspaceKey: ApiKey? = null,
        retry: RetrySettings? = null,
        rateLimit: RateLimitSettings? = null,
        routes: Map<String, String>? = null,
        caCertificates: String? = null,
        proxy: String? = null,
        userAgent: String? = null,
    ): ZeitkontoConfig {
        var config = ZeitkontoConfig(
            apiKey = apiKey, baseUrl = baseUrl, workspaceKey = workspaceKey, retry = retry, rateLimit = rateLimit,
            caCertificates = caCertificates, proxy = proxy?.let(::ProxyUrl),
        )
        if (timeout != null) config = config.copy(timeout = timeout.toKotlinDuration())
        if (routes != null) config = config.copy(routes = routes)
        if (userAgent != null) config = config.copy(userAgent = userAgent)
        return config
    }

    /**
     * A client that sends through [transport] (a [BlockingTransport] written in Java, or any
     * [ZeitkontoTransport]) instead of the bundled one: `ZeitkontoClient.withTransport` without
     * its optional listener and tracer, which Java would have to pass as `null`.
     */
    @JvmStatic
    @Throws(ZeitkontoException::class)
    fun client(config: ZeitkontoConfig, transport: ZeitkontoTransport): ZeitkontoClient =
        ZeitkontoClient.withTransport(config, transport)

    // The durations the library hands out, for Java: their Kotlin getters take an inline class's
    // name Java cannot call (`getRetryAfter-<hash>`).

    /** The wait a 429 asked for ([ZeitkontoException.RateLimited.retryAfter]); `null`: not said. */
    @JvmStatic
    fun retryAfter(e: ZeitkontoException.RateLimited): java.time.Duration? = e.retryAfter?.toJavaDuration()

    /** The time a job's plan takes ([JobPlan.eta]). */
    @JvmStatic
    fun eta(plan: JobPlan): java.time.Duration = plan.eta.toJavaDuration()

    /** The time the rest of a job takes ([JobEvent.Progress.eta]). */
    @JvmStatic
    fun eta(progress: JobEvent.Progress): java.time.Duration = progress.eta.toJavaDuration()

    /** How long an answer took ([ZeitkontoEvent.Received.elapsed]). */
    @JvmStatic
    fun elapsed(event: ZeitkontoEvent.Received): java.time.Duration = event.elapsed.toJavaDuration()

    /** A wait before sending ([ZeitkontoEvent.Wait.delay]). */
    @JvmStatic
    fun delay(event: ZeitkontoEvent.Wait): java.time.Duration = event.delay.toJavaDuration()

    /**
     * The timeout of each attempt ([ZeitkontoConfig.timeout]): zero or `INFINITE` (the longest
     * `java.time.Duration`) is none.
     */
    @JvmStatic
    fun timeout(config: ZeitkontoConfig): java.time.Duration = config.timeout.toJavaDuration()

    /** [RetrySettings] with `java.time.Duration` waits; a `null` keeps the default. */
    @JvmStatic
    @JvmOverloads
    fun retry(
        maxRetries: Int? = null,
        baseDelay: java.time.Duration? = null,
        maxDelay: java.time.Duration? = null,
        maxRetryAfter: java.time.Duration? = null,
        maxRateLimitRetries: Int? = null,
    ): RetrySettings {
        val d = RetrySettings()
        return RetrySettings(
            maxRetries = maxRetries ?: d.maxRetries,
            baseDelay = baseDelay?.toKotlinDuration() ?: d.baseDelay,
            maxDelay = maxDelay?.toKotlinDuration() ?: d.maxDelay,
            maxRetryAfter = maxRetryAfter?.toKotlinDuration() ?: d.maxRetryAfter,
            maxRateLimitRetries = maxRateLimitRetries ?: d.maxRateLimitRetries,
        )
    }

    /** [RateLimitSettings]: `limit` requests per `window`; a `null` keeps the default. */
    @JvmStatic
    @JvmOverloads
    fun rateLimit(limit: Int? = null, window: java.time.Duration? = null, margin: java.time.Duration? = null): RateLimitSettings {
        val d = RateLimitSettings()
        return RateLimitSettings(
            limit = limit ?: d.limit,
            window = window?.toKotlinDuration() ?: d.window,
            margin = margin?.toKotlinDuration() ?: d.margin,
        )
    }
}

/**
 * A [ZeitkontoTransport] that Java can implement ([ZeitkontoTransport.send] is a `suspend`
 * function, which Java cannot write): [sendBlocking] runs on the library's own view of
 * `Dispatchers.IO` and its thread is interrupted when the call is cancelled or its timeout
 * expires, so send with a stack that stops on an interrupt or has timeouts of its own (OkHttp's
 * `call.execute()` with a `callTimeout`, `HttpURLConnection` with connect and read timeouts).
 *
 * Throw [TransportException.Connect] when nothing can have reached the server (the call may then be
 * retried); any other exception (an `IOException`) counts as "may have been applied", so a write
 * is never sent again. Return a 3xx as it is: never follow a redirect.
 *
 * ```java
 * class MyTransport extends BlockingTransport {
 *     @Override
 *     public HttpResponse sendBlocking(BuiltRequest request, Duration timeout) throws Exception {
 *         // request.method(), request.url(), request.headers(), request.body() → your HTTP stack
 *         return new HttpResponse(status, List.of(new HttpHeader("Content-Type", type)), bytes);
 *     }
 * }
 * ZeitkontoFutures futures = new ZeitkontoFutures(ZeitkontoJava.client(config, new MyTransport()));
 * ```
 */
abstract class BlockingTransport : ZeitkontoTransport {
    /**
     * Sends [request] (its URL and body hold the key: never log them) and returns the answer,
     * whatever its status. [timeout] is the call's (`null`: none); the client enforces it too.
     */
    @Throws(Exception::class)
    abstract fun sendBlocking(request: BuiltRequest, timeout: java.time.Duration?): HttpResponse

    final override suspend fun send(request: BuiltRequest, timeout: kotlin.time.Duration?): HttpResponse =
        runInterruptible(uniffiZeitkontoDispatcher) { sendBlocking(request, timeout?.toJavaDuration()) }
}
