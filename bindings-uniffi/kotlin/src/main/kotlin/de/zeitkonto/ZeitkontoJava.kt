package de.zeitkonto

import kotlin.time.toJavaDuration
import kotlin.time.toKotlinDuration
import kotlinx.coroutines.Dispatchers
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
    fun client(config: ZeitkontoConfig, transport: ZeitkontoTransport): ZeitkontoClient =
        ZeitkontoClient.withTransport(config, transport)

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
 * function, which Java cannot write): [sendBlocking] runs on `Dispatchers.IO` and its thread is
 * interrupted when the call is cancelled or its timeout expires, so send with a stack that stops on
 * an interrupt or has timeouts of its own (OkHttp's `call.execute()` with a `callTimeout`,
 * `HttpURLConnection` with connect and read timeouts).
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
        runInterruptible(Dispatchers.IO) { sendBlocking(request, timeout?.toJavaDuration()) }
}
