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

/** `true` when the employee is clocked in (the API's status "green"). */
val OverviewEntry.isClockedIn: Boolean
    get() = status == "green"
