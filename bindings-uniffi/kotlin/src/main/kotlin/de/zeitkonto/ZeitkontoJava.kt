package de.zeitkonto

import kotlin.time.toKotlinDuration

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
