package de.zeitkonto

/**
 * An API key (company, employee, department or workspace key). The API carries it in the URL, so
 * it is a secret: it prints as `ApiKey(***)` in `toString()`, in the records that hold it and in
 * every log line, and the text itself is visible to this library only.
 */
class ApiKey(internal val value: String) {
    override fun toString(): String = "ApiKey(***)"

    override fun equals(other: Any?): Boolean = other is ApiKey && other.value == value

    override fun hashCode(): Int = value.hashCode()
}

/**
 * A proxy URL (`ProxyUrl("http://user:password@proxy.corp:3128")`). Its user and password are a
 * secret: `toString()`, and the records that hold it ([ZeitkontoConfig]), print `***` in their
 * place.
 */
class ProxyUrl(internal val url: String) {
    override fun toString(): String {
        val scheme = url.substringBefore("://", "")
        val rest = if (scheme.isEmpty()) url else url.substringAfter("://")
        val authority = rest.takeWhile { it != '/' && it != '?' && it != '#' }
        val at = authority.lastIndexOf('@')
        if (at < 0) return "ProxyUrl($url)"
        val prefix = if (scheme.isEmpty()) "" else "$scheme://"
        return "ProxyUrl($prefix***${rest.substring(at)})"
    }

    override fun equals(other: Any?): Boolean = other is ProxyUrl && other.url == url

    override fun hashCode(): Int = url.hashCode()
}

/** `true` when the employee is clocked in (the API's status "green"). */
val OverviewEntry.isClockedIn: Boolean
    get() = status == "green"
