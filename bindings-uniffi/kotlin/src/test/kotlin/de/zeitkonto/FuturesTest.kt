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

    private fun declared(vararg lists: String): Set<String> {
        val dir = File(System.getProperty("zeitkonto.vectors") ?: error("set -Dzeitkonto.vectors"))
        val declaration = Json.parseToJsonElement(File(dir, "declaration.json").readText()).jsonObject
        return lists.flatMap { declaration[it]!!.jsonArray }
            .map { it.jsonObject["name"]!!.jsonPrimitive.content.split("_").let { w -> w[0] + w.drop(1).joinToString("") { s -> s.replaceFirstChar(Char::uppercase) } } }
            .toSet()
    }

    @Test
    fun `every declared operation and shorthand has a future, every job a start and its steps`() {
        val methods = ZeitkontoFutures::class.java.methods.filter { !it.isSynthetic }
        val futures = methods.filter { it.returnType == CompletableFuture::class.java }.map { it.name }.toSet()
        val jobSteps = setOf("next", "plan", "checkpoint", "failures")
        assertEquals(declared("operations", "shorthands") + jobSteps, futures)
        for (step in jobSteps) {
            assertEquals(setOf(MonthCloseJob::class.java, SweepJob::class.java),
                methods.filter { it.name == step }.map { it.parameterTypes.single() }.toSet(), step)
        }
        val starts = methods.filter { it.returnType == MonthCloseJob::class.java || it.returnType == SweepJob::class.java }
        assertEquals(declared("jobs"), starts.map { it.name }.toSet())
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
