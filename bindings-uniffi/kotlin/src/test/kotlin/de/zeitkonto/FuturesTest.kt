package de.zeitkonto

import java.io.File
import java.util.concurrent.CompletableFuture
import java.util.concurrent.CompletionException
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.jsonArray
import kotlinx.serialization.json.jsonObject
import kotlinx.serialization.json.jsonPrimitive
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.BeforeEach
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows

/** The `CompletableFuture` API for Java callers (generated from the core's declaration). */
class FuturesTest {
    @BeforeEach
    fun reset() = Sandbox.reset()

    @Test
    fun `every declared operation and shorthand has a future`() {
        val dir = File(System.getProperty("zeitkonto.vectors") ?: error("set -Dzeitkonto.vectors"))
        val declaration = Json.parseToJsonElement(File(dir, "declaration.json").readText()).jsonObject
        val declared = (declaration["operations"]!!.jsonArray + declaration["shorthands"]!!.jsonArray)
            .map { it.jsonObject["name"]!!.jsonPrimitive.content.split("_").let { w -> w[0] + w.drop(1).joinToString("") { s -> s.replaceFirstChar(Char::uppercase) } } }
        val futures = ZeitkontoFutures::class.java.methods.filter { !it.isSynthetic && it.returnType == CompletableFuture::class.java }.map { it.name }.toSet()
        assertEquals(declared.toSet(), futures)
    }

    @Test
    fun `futures run against the sandbox and fail with the SDK's exception`() {
        ZeitkontoFutures(client()).use { f ->
            assertEquals(10, f.timeAccount(ANNA, 2026, 10).join().month)
            assertTrue(f.presence().get().info.isNotEmpty()) // the overload without optional arguments
            val e = assertThrows<CompletionException> { f.extraLeave(ANNA, 0.0).join() }
            assertTrue(e.cause is ZeitkontoException.InvalidInput, e.toString())
        }
    }
}
