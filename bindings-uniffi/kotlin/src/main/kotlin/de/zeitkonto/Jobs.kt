package de.zeitkonto

import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.flow

/**
 * The job's events as a cold [Flow] (collect it once): `Progress` after every call, `Account` per
 * employee, `EmployeeFailure`, `DepartmentFallback`. Cancelling the collector cancels the call in
 * flight; the flow throws `ZeitkontoException` when the job stops on what makes going on pointless
 * (the key refused, the company inactive). `checkpoint()` is the job's state, to resume with
 * `client.monthClose(year, month, departments, checkpoint)`.
 *
 * ```
 * val job = client.monthClose(2026, 3, listOf("SALES", "ENG"))
 * println(job.plan())
 * job.events().collect { if (it is JobEvent.Account) println("${it.employee} ${it.account.balance}") }
 * ```
 */
fun MonthCloseJob.events(): Flow<JobEvent> = flow { while (true) emit(next() ?: break) }

/**
 * The events of a presence board, leave-year report or project-hours report as a cold [Flow]
 * (collect it once): `Progress` after every call, then the call's rows (`Presence`, `Leave` or
 * `Booking`), `CallFailure` for a call that failed (the job goes on), `Fallback` when the
 * company-wide presence could not be used. It throws `ZeitkontoException` when the job stops on what
 * makes going on pointless; `checkpoint()` resumes it when passed to the same call again.
 *
 * ```
 * val board = client.presenceBoard()
 * board.events().collect { if (it is JobEvent.Presence) println("${it.entry.employee} ${it.entry.present}") }
 * ```
 */
fun SweepJob.events(): Flow<JobEvent> = flow { while (true) emit(next() ?: break) }
