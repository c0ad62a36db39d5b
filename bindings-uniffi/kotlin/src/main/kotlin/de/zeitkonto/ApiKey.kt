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
    /** `ProxyUrl(<the URL with its user and password as three asterisks>)`, by [redactedProxyUrl]. */
    override fun toString(): String = "ProxyUrl(${redactedProxyUrl(url)})"

    override fun equals(other: Any?): Boolean = other is ProxyUrl && other.url == url

    override fun hashCode(): Int = url.hashCode()
}

/** `true` when the employee is clocked in (the API's status "green"). */
val OverviewEntry.isClockedIn: Boolean
    get() = status == "green"
