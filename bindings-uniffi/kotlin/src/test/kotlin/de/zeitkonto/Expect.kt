package de.zeitkonto

import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonElement

/** Runs [block] and returns the exception of type [T] it threw; fails on anything else. */
suspend inline fun <reified T : Throwable> fails(block: suspend () -> Unit): T {
    try {
        block()
    } catch (e: Throwable) {
        if (e is T) return e
        throw AssertionError("expected ${T::class.simpleName}, got $e", e)
    }
    throw AssertionError("expected ${T::class.simpleName}, nothing was thrown")
}

/** A [RawJson] value (JSON text) as a JSON tree. */
fun RawJson.json(): JsonElement = Json.parseToJsonElement(this)
