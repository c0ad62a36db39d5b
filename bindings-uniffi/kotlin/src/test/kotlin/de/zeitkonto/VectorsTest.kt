package de.zeitkonto

import java.io.File
import java.net.URI
import java.net.URLDecoder
import java.time.LocalDate
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonNull
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive
import kotlinx.serialization.json.boolean
import kotlinx.serialization.json.int
import kotlinx.serialization.json.jsonArray
import kotlinx.serialization.json.jsonObject
import kotlinx.serialization.json.jsonPrimitive
import kotlinx.serialization.json.long
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Assertions.fail
import org.junit.jupiter.api.DynamicTest
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestFactory

/** The shared vectors of tests/vectors/ through the sans-IO functions buildRequest / parseResponse. */
class VectorsTest {
    private val dir = File(System.getProperty("zeitkonto.vectors") ?: error("set -Dzeitkonto.vectors"))
    private val defaults = Json.parseToJsonElement(File(dir, "context.json").readText()).jsonObject
    private val files = File(dir, "operations").listFiles { f -> f.name.endsWith(".json") }!!.sortedBy { it.name }

    @Test
    fun `the vectors cover every declared operation`() {
        val declared = Json.parseToJsonElement(File(dir, "declaration.json").readText()).jsonObject["operations"]!!.jsonArray
        assertEquals(declared.map { it.jsonObject["name"]!!.jsonPrimitive.content }, operations())
        assertEquals(operations().sorted(), files.map { it.name.removeSuffix(".json") })
    }

    @TestFactory
    fun vectors(): List<DynamicTest> = files.flatMap { file ->
        val v = Json.parseToJsonElement(file.readText()).jsonObject
        val op = v["operation"]!!.jsonPrimitive.content
        val build = (v["build"] as JsonArray).map { c ->
            DynamicTest.dynamicTest("$op build: ${c.jsonObject["name"]!!.jsonPrimitive.content}") { build(op, c.jsonObject) }
        }
        val parse = (v["parse"] as JsonArray).map { c ->
            DynamicTest.dynamicTest("$op parse: ${c.jsonObject["name"]!!.jsonPrimitive.content}") { parse(op, c.jsonObject) }
        }
        build + parse
    }

    private fun string(o: JsonObject, key: String): String? = (o[key] as? JsonPrimitive)?.takeIf { it !is JsonNull }?.content

    /** The request of a case (`context` merged over context.json, `params`), as buildRequest builds it. */
    private fun request(op: String, c: JsonObject): BuiltRequest {
        val ctx = JsonObject(defaults + (c["context"]?.jsonObject ?: JsonObject(emptyMap())))
        val context = ZeitkontoConfig(
            apiKey = string(ctx, "apiKey")?.let { ApiKey(it) },
            baseUrl = string(ctx, "baseUrl"),
            workspaceKey = string(ctx, "workspaceKey")?.let { ApiKey(it) },
            routes = (ctx["routes"] as? JsonObject)?.mapValues { it.value.jsonPrimitive.content } ?: emptyMap(),
        )
        return buildRequest(op, c["params"].toString(), context, string(ctx, "today")?.let { LocalDate.parse(it) })
    }

    private fun build(op: String, c: JsonObject) {
        val req = try {
            request(op, c)
        } catch (e: ZeitkontoException) {
            val expected = c["error"]?.jsonObject ?: fail("unexpected error $e")
            return checkError(expected, e)
        }
        val expect = c["expect"]?.jsonObject ?: fail("expected an error, built $req")
        val url = URI(req.url())
        assertEquals(expect["method"]!!.jsonPrimitive.content, req.method())
        assertEquals(expect["path"]!!.jsonPrimitive.content, url.rawPath)
        val query = url.rawQuery?.split("&")?.filter { it.isNotEmpty() }?.associate {
            val (k, value) = (it.split("=", limit = 2) + "").take(2)
            URLDecoder.decode(k, Charsets.UTF_8) to JsonPrimitive(URLDecoder.decode(value, Charsets.UTF_8))
        } ?: emptyMap()
        assertEquals(expect["query"], JsonObject(query))
        val body = req.body()?.let { Json.parseToJsonElement(it) } ?: JsonNull
        assertEquals(expect["body"], body)
        (expect["headers"] as? JsonObject)?.forEach { (name, value) ->
            val got = req.headers().firstOrNull { it.name.equals(name, ignoreCase = true) }
            assertEquals(value.jsonPrimitive.content, got?.value, "header $name")
        }
    }

    private fun parse(op: String, c: JsonObject) {
        val r = c["response"]!!.jsonObject
        val body = r["json"]?.toString() ?: string(r, "body") ?: ""
        val headers = (r["headers"] as? JsonObject)?.map { HttpHeader(it.key, it.value.jsonPrimitive.content) } ?: emptyList()
        // `request`: read bound to the request it answers, as the client reads it.
        val answered = c["request"]?.jsonObject?.let { request(op, it) }
        val out = try {
            parseResponse(op, r["status"]!!.jsonPrimitive.int, headers, body.toByteArray(), answered)
        } catch (e: ZeitkontoException) {
            val expected = c["error"]?.jsonObject ?: fail("unexpected error $e")
            return checkError(expected, e)
        }
        assertTrue("expect" in c, "expected an error, parsed $out")
        subset(c["expect"]!!, Json.parseToJsonElement(out), "output")
    }

    companion object {
        /** The vectors' subset match: listed keys only, arrays by length and element, numbers numerically. */
        fun subset(expected: JsonElement, actual: JsonElement?, where: String) {
            when (expected) {
                is JsonObject -> {
                    val obj = actual as? JsonObject ?: fail("$where: expected an object, got $actual")
                    expected.forEach { (k, v) ->
                        assertTrue(k in obj, "$where.$k missing in $obj")
                        subset(v, obj[k], "$where.$k")
                    }
                }
                is JsonArray -> {
                    val arr = actual as? JsonArray ?: fail("$where: expected an array, got $actual")
                    assertEquals(expected.size, arr.size, "$where: $arr vs $expected")
                    expected.forEachIndexed { i, e -> subset(e, arr[i], "$where[$i]") }
                }
                is JsonNull -> assertTrue(actual == null || actual is JsonNull, "$where: expected null, got $actual")
                is JsonPrimitive -> {
                    val p = actual as? JsonPrimitive ?: fail("$where: expected $expected, got $actual")
                    if (!expected.isString && !p.isString && expected.content.toBigDecimalOrNull() != null) {
                        assertEquals(0, expected.content.toBigDecimal().compareTo(p.content.toBigDecimal()), "$where: $p vs $expected")
                    } else {
                        assertEquals(expected, p, where)
                    }
                }
            }
        }

        /** The error's fields by the vectors' names (the core's canonical error form). */
        fun fields(e: ZeitkontoException): Map<String, JsonElement> = when (e) {
            is ZeitkontoException.InvalidInput -> mapOf("kind" to "InvalidInput", "field" to e.field, "reason" to e.reason)
            is ZeitkontoException.Api -> mapOf("kind" to "Api", "status" to e.status, "code" to e.code)
            is ZeitkontoException.Forbidden -> mapOf("kind" to "Forbidden", "status" to e.status)
            is ZeitkontoException.Refused -> mapOf("kind" to "Refused")
            is ZeitkontoException.RateLimited -> mapOf("kind" to "RateLimited", "status" to e.status, "retryAfterMs" to e.retryAfter?.inWholeMilliseconds)
            is ZeitkontoException.UnexpectedStatus -> mapOf("kind" to "UnexpectedStatus", "status" to e.status, "excerpt" to e.excerpt, "mayHaveReachedServer" to e.mayHaveReachedServer)
            is ZeitkontoException.Decode -> mapOf("kind" to "Decode", "operation" to e.operation, "detail" to e.detail, "mayHaveReachedServer" to e.mayHaveReachedServer)
            is ZeitkontoException.Transport -> mapOf("kind" to "Transport", "detail" to e.detail, "mayHaveReachedServer" to e.mayHaveReachedServer)
            is ZeitkontoException.Tls -> mapOf("kind" to "Tls", "failure" to e.failure.name.lowercase().replace(Regex("_(.)")) { it.groupValues[1].uppercase() }, "detail" to e.detail, "mayHaveReachedServer" to e.mayHaveReachedServer)
            is ZeitkontoException.Timeout -> mapOf("kind" to "Timeout")
            is ZeitkontoException.Internal -> mapOf("kind" to "Internal")
        }.mapValues { (_, v) ->
            when (v) {
                null -> JsonNull
                is String -> JsonPrimitive(v)
                is Number -> JsonPrimitive(v)
                is Boolean -> JsonPrimitive(v)
                else -> error("unexpected field type $v")
            }
        } + ("message" to JsonPrimitive(e.message))

        fun checkError(expected: JsonObject, e: ZeitkontoException) {
            val got = fields(e)
            assertEquals(expected["kind"]!!.jsonPrimitive.content, got["kind"]!!.jsonPrimitive.content, e.message)
            expected.forEach { (k, v) -> subset(v, got[k], k) }
        }
    }
}

