package de.zeitkonto

import java.time.LocalDate
import java.time.LocalTime
import java.time.LocalDateTime
import java.util.concurrent.CountDownLatch
import java.util.concurrent.TimeUnit
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.async
import kotlinx.coroutines.awaitAll
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withContext
import kotlinx.serialization.json.boolean
import kotlinx.serialization.json.double
import kotlinx.serialization.json.int
import kotlinx.serialization.json.jsonArray
import kotlinx.serialization.json.jsonObject
import kotlinx.serialization.json.jsonPrimitive
import kotlinx.serialization.json.long
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.fail
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.BeforeEach
import org.junit.jupiter.api.Test

/** Every declared operation against the sandbox, as suspend calls. */
class OperationsTest {
    private val c = client()

    @BeforeEach
    fun reset() = Sandbox.reset()

    @Test
    fun `employees, all employees and their departments`() = runBlocking {
        val active = c.employees()
        val anna = active.first { it.email == ANNA }
        assertEquals("Anna", anna.givenName)
        assertTrue(anna.joinDate is LocalDate)
        assertNull(anna.dateOfSeparation)
        assertTrue(active.none { it.email == "otto.former@demo.example" })
        val everyone = c.allEmployees()
        assertTrue(everyone.any { it.email == "otto.former@demo.example" })
        assertTrue(everyone.none { it.email == "nora.nologin@demo.example" })
        val departments = c.employeeDepartments().associate { it.employee to it.department }
        assertEquals("Sales", departments["Schmidt, Anna"])
    }

    @Test
    fun `presence, overview and the clock`() = runBlocking {
        assertFalse(c.overview(ANNA).info[0].isClockedIn)
        c.come(ANNA)
        val entry = c.overview(ANNA).info[0]
        assertTrue(entry.isClockedIn)
        assertEquals("API", entry.currentDevice)
        assertEquals(true, c.presence(ANNA).info[0].present)
        // The shorthands take the spec's body fields: the device shows in the overview.
        c.stop(ANNA, comment = "break", device = "Terminal 3")
        assertEquals("Terminal 3", c.overview(ANNA).info[0].currentDevice)
        c.go(ANNA, device = "Terminal 3")
        fails<ZeitkontoException.Refused> { c.go(ANNA) }
        c.clock(ClockAction.COME, ANNA, project = "p-website", device = "Kiosk")
        assertEquals(4, Sandbox.writes("clock"))
        val whole = c.presence(day = LocalDate.of(2026, 11, 20))
        assertTrue(whole.info.size >= 35 && whole.info.any { it.present == true })
    }

    @Test
    fun `monthly accounts use calendar months`() = runBlocking {
        val october = c.timeAccount(ANNA, 2026, 10)
        assertEquals(10, october.month)
        assertTrue(october.bookings.isNotEmpty() && october.bookings.all { it.date?.monthValue == 10 })
        assertTrue(october.bookings[0].start is LocalDateTime)
        // Clock times of day (`hh:mm` on the wire) are LocalTime, and agree with `start`.
        val booked = october.bookings.filter { it.startTime != null && it.start != null }
        assertTrue(booked.isNotEmpty())
        assertTrue(booked.all { it.startTime!! == it.start!!.toLocalTime().withSecond(0) }, booked.toString())
        assertTrue(c.presence().time is java.time.Instant) // epoch milliseconds arrive as an Instant
        assertEquals(october.actual!! - october.target!!, october.balance!!, 1e-9)
        val report = c.timeAccountReport(ANNA, 2026, 10, project = true)
        assertEquals(october.target, report.target)
        // The v2 list also has one dummy entry per day without a booking (the spec's `isDummy`).
        val real = october.bookings.filter { it.isDummy != "true" }
        assertTrue(real.size < october.bookings.size, "days without bookings have dummy entries")
        assertEquals(real.size, report.bookings.size)
        val err = fails<ZeitkontoException.Api> { c.timeAccountReport(ANNA, 2026, 12) }
        assertEquals(403 to 4, err.status to err.code)
        val days = c.targetActualDays(ANNA, LocalDate.of(2026, 11, 16), LocalDate.of(2026, 11, 30))
        assertEquals("2026-11-21", days.info.last().json().jsonObject["date"]!!.jsonPrimitive.content)
    }

    @Test
    fun departments() = runBlocking {
        assertTrue(ANNA in c.departmentAccounts("demo-department-key"))
        val one = c.departmentMonth("1", 2026, 10)
        assertEquals("Sales" to 10, one.name to one.month)
        val each = c.departmentMonthEmployees("SALES", 2026, 10)
        assertTrue(each.size >= 10 && each.all { it.month == 10 })
        assertEquals(one.target!!, each.sumOf { it.target ?: 0.0 }, 1e-9)
        assertEquals(emptyList<MonthlyAccount>(), c.departmentMonthEmployees("SALES", 2027, 1))
    }

    @Test
    fun leave() = runBlocking {
        c.extraLeave(ANNA, 2.0, year = 2026, comment = "overtime")
        fails<ZeitkontoException.Refused> { c.extraLeave("olga.other@other.example", 1.0) }
        val day = LocalDate.of(2026, 12, 21)
        c.bookAbsence("LT-VAC", ANNA_UUID, halfDay = true, startDay = day, endDay = day)
        val bad = fails<ZeitkontoException.Api> { c.bookAbsence("LT-SPECIAL", ANNA_UUID) }
        assertEquals(4, bad.code)
        val december = c.leaveMonth(2026, 12).map { it.json().jsonObject }
        assertTrue(december.any { it["employee"]!!.jsonPrimitive.content == ANNA_UUID && it["halfDay"]!!.jsonPrimitive.boolean })
        val year = c.leaveYear(2026)
        assertEquals("Vacation", year.legend["LT-VAC"]!!.json().jsonObject["en"]!!.jsonPrimitive.content)
        val annasYear = year.employees.map { it.json().jsonObject }.first { it["email"]!!.jsonPrimitive.content == ANNA }
        assertEquals(2.0, annasYear["extra"]!!.jsonPrimitive.double)
        assertTrue(c.leaveTypes(ANNA).leaveTypes.any { it.json().jsonObject["uuid"]!!.jsonPrimitive.content == "LT-VAC" })
        assertEquals(2, Sandbox.writes("extra_leave") + Sandbox.writes("book_absence"))
    }

    @Test
    fun projects() = runBlocking {
        assertTrue(c.projects(MANAGER).projects.any { it.json().jsonObject["uuid"]!!.jsonPrimitive.content == "p-website" })
        val created = c.createProject(MANAGER, "Launch", parentId = "p-website", extra = mapOf("description" to "\"Q1\""))
        val uuid = created.uuid ?: fail("no uuid in $created")
        assertEquals(listOf(uuid), c.findProjects(MANAGER, "Launch").projects)
        assertEquals(listOf("p-support-a", "p-support-b"), c.findProjects(MANAGER, "Support").projects)
        assertTrue(c.projectBookings(MANAGER, "p-website", LocalDate.of(2026, 11, 1), LocalDate.of(2026, 11, 20)).entries.isNotEmpty())
        c.deleteProject(MANAGER, uuid)
        assertEquals(3, fails<ZeitkontoException.Api> { c.deleteProject(MANAGER, uuid) }.code)
        assertEquals(8, fails<ZeitkontoException.Api> { c.projects(ANNA) }.code)
    }

    @Test
    fun shifts() = runBlocking {
        val week = c.shifts(2026, 47)
        assertEquals(Triple(2026, 47, "Front desk"), Triple(week.year, week.week, week.workspaceName))
        assertTrue(week.year == 2026, "whole numbers are Kotlin Ints: `== 2026` compiles")
        val created = c.createShift(
            startTime = LocalTime.of(22, 0),
            endTime = LocalTime.of(6, 0),
            startDate = LocalDate.of(2026, 11, 24),
            employeeAmount = 1,
            employees = listOf(ANNA_UUID, "00000000-0000-4000-8000-000000000902"),
        )
        assertEquals(true, created.success)
        val shift = c.shifts(2026, 48).shifts.map { it.json().jsonObject }.first { it["id"]!!.jsonPrimitive.long == created.shiftId }
        assertEquals(1, shift["mitarbeiter"]!!.jsonArray.size)
        assertEquals("week", fails<ZeitkontoException.InvalidInput> { c.shifts(2025, 53) }.field)
    }

    @Test
    fun `any operation by name with canonical JSON`() = runBlocking {
        val out = c.call("time_account", """{"employee":"$ANNA","year":2026,"month":10}""").json().jsonObject
        assertEquals(10, out["month"]!!.jsonPrimitive.int)
        assertEquals("operation", fails<ZeitkontoException.InvalidInput> { c.call("no_such_thing", "{}") }.field)
    }

    @Test
    fun `code after a call never runs on a library thread, even unconfined`() = runBlocking {
        val caller = Thread.currentThread().name
        val threads = (1..5).map {
            withContext(Dispatchers.Unconfined) {
                c.employees()
                Thread.currentThread().name
            }
        }
        // Only the caller's thread or the coroutines' own pool, never a native thread of the
        // library that JNA attached to the JVM (where blocking would stall every other call).
        assertTrue(threads.all { it == caller || it.startsWith("DefaultDispatcher-worker") }, threads.toString())
    }

    @Test
    fun `calls complete while every Dispatchers Default or IO thread is blocked waiting for them`() {
        // `runBlocking` (or a future's `join()`) inside coroutines, one per thread of Default (as
        // many as cores) or of IO (64): the library must not need one of those threads to finish
        // the calls (it deadlocked when it finished them on Default). The bundled transport, and a
        // transport of the app's (its `send` a callback of the library).
        val cases = listOf(Dispatchers.Default to maxOf(2, Runtime.getRuntime().availableProcessors()), Dispatchers.IO to 64)
        ZeitkontoClient.withTransport(sandboxConfig(), JdkTransport()).use { viaJdk ->
            for ((dispatcher, blocked) in cases) for (client in listOf(c, viaJdk)) {
                val done = CountDownLatch(1)
                val sizes = mutableListOf<Int>()
                // Every task holds its thread until all of them do, then waits for its call.
                val holding = CountDownLatch(blocked)
                Thread {
                    runBlocking(dispatcher) {
                        sizes += (1..blocked).map {
                            async {
                                holding.countDown()
                                holding.await(10, TimeUnit.SECONDS)
                                runBlocking { client.employees().size }
                            }
                        }.awaitAll()
                    }
                    done.countDown()
                }.apply { isDaemon = true }.start()
                assertTrue(done.await(30, TimeUnit.SECONDS), "the calls never completed: they waited for a thread of $dispatcher")
                assertTrue(sizes.size == blocked && sizes.all { it > 0 }, sizes.toString())
            }
        }
    }
}
