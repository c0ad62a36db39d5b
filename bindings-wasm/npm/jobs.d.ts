// Types of `zeitkonto/jobs`: whole-company jobs planned against the rate limit.
import type { Client, DateInput, Json, Month, MonthlyAccount, PresenceEntry, ZeitkontoError } from "zeitkonto";

/** The month close's plan from here, read when asked (`eta` in milliseconds). */
export interface JobPlan { path: "departments" | "employees"; calls: number; eta: number }

/** How far a job is: calls finished, calls it needs as far as it knows now, the time the rest takes (ms). */
export interface JobProgress { type: "progress"; done: number; total: number; eta: number }

/** What a month close reports. */
export type JobEvent =
  | JobProgress
  | { type: "account"; employee: string; account: MonthlyAccount; source: string }
  | { type: "employeeFailure"; employee: string; error: ZeitkontoError }
  | { type: "departmentFallback"; department: string; reason: string };

/** A running month close: its plan, its checkpoint, its events. */
export interface MonthCloseJob extends AsyncIterable<JobEvent> {
  readonly plan: JobPlan;
  /**
   * The job's state as JSON text, to resume with `{ checkpoint }`: only the calls it had not
   * finished are made (a call whose events were being handled when the job stopped counts as not
   * finished: at least once, never lost).
   */
  checkpoint(): string;
  /** Employees whose account failed so far, with why (the error's kind and API code), in this run (a resumed job asks them again). */
  failures(): { employee: string; reason: string }[];
}

/**
 * The month close for `year` and calendar `month` (1-12): every active employee's monthly
 * account, one summary call per department id or one call per employee.
 */
export declare function monthClose(client: Client, year: number, month: Month,
  options?: { departments?: string[] | undefined; checkpoint?: string | undefined; signal?: AbortSignal | undefined;
    limitPerMinute?: number | undefined }): Promise<MonthCloseJob>;

/**
 * A sweep's plan from here (`eta` in milliseconds): `path` "company" (one company-wide call),
 * "employees" (the presence board fell back to one call per employee) or "projects" (per top-level
 * project and piece of the range; before the project list is known, the list call alone).
 */
export interface SweepPlan { path: "company" | "employees" | "projects"; calls: number; eta: number }

/**
 * One call's failure, listed: the job goes on. `call` is the call's key (`"leave_year:2026"`,
 * `"presence:<email>"`, `"project_bookings:<uuid>:<start>..<end>"`).
 */
export interface CallFailureEvent { type: "callFailure"; call: string; error: ZeitkontoError }

/** The company-wide presence could not be used (`reason`: the error's kind and code): per-employee calls follow. */
export interface FallbackEvent { type: "fallback"; call: string; reason: string }

/**
 * One employee's presence of the day. `source`: the call's key, `"presence"` (the company-wide
 * call) or `"presence:<email>"` (after a fallback).
 */
export interface PresenceRowEvent { type: "presence"; entry: PresenceEntry; source: string }

/**
 * One leave-managed employee's yearly overview (raw JSON: the spec does not show its fields) and
 * the answer's legend (leave-type id to its localized names). `source`: `"leave_year:<year>"`.
 */
export interface LeaveRowEvent { type: "leave"; entry: Json; legend: { [key: string]: Json }; source: string }

/**
 * One booking (raw JSON: the spec does not show its fields) of `project`, the top-level project's
 * id asked (its sub-projects' bookings are in it). `source`: `"project_bookings:<uuid>:<start>..<end>"`.
 */
export interface BookingRowEvent { type: "booking"; project: string; entry: Json; source: string }

/** What the presence board reports. */
export type PresenceBoardEvent = JobProgress | PresenceRowEvent | CallFailureEvent | FallbackEvent;
/** What the leave-year report reports. */
export type LeaveYearReportEvent = JobProgress | LeaveRowEvent | CallFailureEvent;
/** What project hours report. */
export type ProjectHoursEvent = JobProgress | BookingRowEvent | CallFailureEvent;
/** What any sweep reports. */
export type SweepEvent = JobProgress | PresenceRowEvent | LeaveRowEvent | BookingRowEvent | CallFailureEvent | FallbackEvent;

/** A running sweep: its plan, its checkpoint, its listed failures, its events. */
export interface SweepJob<E extends SweepEvent = SweepEvent> extends AsyncIterable<E> {
  readonly plan: SweepPlan;
  /**
   * The job's state as JSON text, to resume the same job asked the same way with `{ checkpoint }`:
   * only the calls it had not finished are made (a call whose events were being handled when the
   * job stopped, or that stopped it, counts as not finished: at least once, never lost).
   */
  checkpoint(): string;
  /** Calls that failed so far (by key), with why (the error's kind and API code), in this run (a resumed job asks them again). */
  failures(): { call: string; reason: string }[];
}

/** Every sweep's options. */
export interface SweepOptions {
  /** JSON text of `job.checkpoint()` to resume from. */
  checkpoint?: string | undefined;
  /** Aborting rejects the iteration with `signal.reason` and cancels the call in flight. */
  signal?: AbortSignal | undefined;
  /** What the plan's and progress's time estimates assume (default: the client's rate limit, at most the API's 60 a minute; 0: no limit). */
  limitPerMinute?: number | undefined;
}

/**
 * The presence board: every time-tracked employee's presence of `day` ("YYYY-MM-DD" or a Date;
 * none: the server's today) in one company-wide `presence` call; when that answer cannot be used
 * (a decode error, a 5xx after the retries), a `fallback` event, the employee list and one
 * `presence` call per employee. Stops (the iteration rejects) when the key is refused, the company
 * inactive, the module missing, or the fallback's employee list fails.
 */
export declare function presenceBoard(client: Client,
  options?: SweepOptions & { day?: DateInput | undefined }): Promise<SweepJob<PresenceBoardEvent>>;

/**
 * The leave-year report: every leave-managed employee's yearly overview of `year` in one
 * `leaveYear` call (a `leave` event per overview). Its failure is a `callFailure` event.
 */
export declare function leaveYearReport(client: Client, year: number,
  options?: SweepOptions): Promise<SweepJob<LeaveYearReportEvent>>;

/**
 * Project hours from `start` to `end` (both included, any length) as the project manager `email`:
 * the project list (also when `projects`, ids, are given: it checks them; an unknown id is listed as `NotInProjectList`), then every top-level project's
 * `projectBookings` in pieces of at most 31 days after their first day: 1 + top-level projects ×
 * pieces calls. A piece that fails is a `callFailure` event; the others go on. A failing project
 * list stops the job.
 */
export declare function projectHours(client: Client, email: string, start: DateInput, end: DateInput,
  options?: SweepOptions & { projects?: string[] | undefined }): Promise<SweepJob<ProjectHoursEvent>>;
