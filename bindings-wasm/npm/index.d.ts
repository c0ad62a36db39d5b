// Types of the npm package `zeitkonto`. Results are plain objects in the SDK's canonical form:
// camelCase English names, calendar months 1-12 (never 0-based), dates "YYYY-MM-DD", timestamps
// "YYYY-MM-DD hh:mm:ss", minutes unless noted, `null` for absent values, and `extra` holding the
// fields this version does not know. Containers the API leaves unspecified are `Json`.

/** Any JSON value (containers whose shape the API does not specify). */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
/** Unknown fields, as sent. */
export type Extra = { [key: string]: Json };
/** "YYYY-MM-DD" */
export type DateString = string;
/** A calendar month: 1 (January) to 12 (December). */
export type Month = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12;
/** A date as a "YYYY-MM-DD" string or a `Date` (its local calendar day). */
export type DateInput = DateString | Date;
/** The stable names of the 24 operations. */
export type OperationName =
  | "employees" | "presence" | "overview" | "time_account" | "time_account_report" | "target_actual_days"
  | "clock" | "department_accounts" | "department_month" | "department_month_employees" | "extra_leave"
  | "book_absence" | "leave_month" | "leave_year" | "leave_types" | "employee_departments" | "all_employees"
  | "projects" | "create_project" | "delete_project" | "find_projects" | "project_bookings" | "shifts" | "create_shift";

/** Retry policy: reads are retried after 5xx, connection failures and timeouts with jittered exponential backoff; writes only when the request cannot have reached the server; 429 waits honour `Retry-After`. */
export interface RetryOptions {
  /** Retries of reads after 5xx, connection failures and timeouts (default 2). */
  maxRetries?: number;
  /** First backoff delay in seconds (default 0.5); doubles per attempt, with jitter. */
  baseDelay?: number;
  /** Largest backoff delay in seconds (default 8). */
  maxDelay?: number;
  /** Longest honoured 429 wait in seconds (default 60); a longer one fails with `RateLimitedError`. */
  maxRetryAfter?: number;
  /** 429 answers honoured per call before giving up (default 3). */
  maxRateLimitRetries?: number;
}

/** The client-side limiter (the API allows 60 requests per 60 s per key); clients of one key in a process share it. */
export interface RateLimitOptions {
  /** Requests per window (default 60). */
  limit?: number;
  /** The window in seconds (default 60). */
  window?: number;
  /** Extra wait before a slot comes back, in seconds (default 1 % of the window). */
  margin?: number;
}

/** Options of `new Client(options)`; all optional. */
export interface ClientOptions {
  /** Company key (or an employee key). Keep it on a server: see `dangerouslyAllowBrowser`. */
  apiKey?: string;
  /** Default https://desktop.saas.de; http only for loopback hosts. */
  baseUrl?: string;
  workspaceKey?: string;
  /** Route overrides: `{ clock: "POST /rest/api/v2/time/{action}/{api}/{employee}" }`. */
  routes?: Partial<Record<OperationName, string>>;
  /** Per-request timeout in seconds (default 30); `null` or `0` disables it. Seconds, as in every Zeitkonto language. */
  timeout?: number | null;
  retry?: RetryOptions;
  rateLimit?: RateLimitOptions;
  /** Allow a key inside a browser page (anyone with the page can read it). Not needed for a same-origin `baseUrl` proxy. */
  dangerouslyAllowBrowser?: boolean;
}

/** The optional last argument of every method. */
export interface CallOptions {
  /** Aborting rejects the call with `signal.reason` and cancels its request; the listener is removed when the call settles. */
  signal?: AbortSignal;
}

/** Fields every enveloped API answer carries. */
export interface Envelope {
  /** 0 = OK (other codes become `ApiError`). */
  code: number | null;
  /** Epoch milliseconds of the call. */
  time: number | null;
  extra: Extra;
}

/** Master data of one employee (`employees`, `allEmployees`). */
export interface EmployeeRecord {
  personnelNumber: string | null;
  mainDepartment: string | null;
  email: string | null;
  givenName: string | null;
  lastName: string | null;
  birthday: DateString | null;
  joinDate: DateString | null;
  dateOfSeparation: DateString | null;
  extra: Extra;
}

/** An employee and their main department (`employeeDepartments`). */
export interface EmployeeDepartment {
  employee: string;
  department: string | null;
}

/** One employee in the presence list. */
export interface PresenceEntry {
  membercode: string | null;
  employee: string | null;
  present: boolean | null;
  /** Absence information (e.g. leave) when absent. */
  absences: Json;
  extra: Extra;
}

/** The result of `presence`. */
export interface PresenceReport extends Envelope {
  info: PresenceEntry[];
}

/** One employee in the live overview: current booking, project, device, status. */
export interface OverviewEntry {
  membercode: string | null;
  /** "YYYY-MM-DD hh:mm:ss" */
  lastTimestamp: string | null;
  emergencyContact: string | null;
  employee: string | null;
  department: string | null;
  currentProject: string | null;
  currentService: string | null;
  absences: Json;
  uuid: string | null;
  currentStart: string | null;
  /** "green" = a booking is running, "red" otherwise. */
  status: string | null;
  currentPlatform: string | null;
  currentDevice: string | null;
  extra: Extra;
}

/** The result of `overview`. */
export interface OverviewReport extends Envelope {
  info: OverviewEntry[];
}

/** Target and actual minutes of one day. */
export interface DayTotals {
  target: number | null;
  actual: number | null;
  extra: Extra;
}

/** One day of a monthly account. */
export interface AccountBooking {
  date: DateString | null;
  annotation: number | null;
  employeeName: string | null;
  employeeUuid: string | null;
  start: string | null;
  startDate: DateString | null;
  startTime: string | null;
  endDate: DateString | null;
  endTime: string | null;
  target: number | null;
  actual: number | null;
  pause: number | null;
  pauseMin: number | null;
  warning: number | null;
  comment: string | null;
  surchargeMinutes: Json;
  holidayType: Json;
  isDummy: Json;
  extra: Extra;
}

/** A monthly account (one employee, or a department summary entry). */
export interface MonthlyAccount {
  employee: string | null;
  uuid: string | null;
  name: string | null;
  year: number | null;
  month: Month | null;
  hasTime: boolean | null;
  hasProject: boolean | null;
  current: string | null;
  carryOver: number | null;
  target: number | null;
  actual: number | null;
  balance: number | null;
  balance2: number | null;
  actualOnWeekend: number | null;
  outOfWork: number | null;
  onWork: number | null;
  timeAccountPayoff: number | null;
  timeAccountToOvertimeHours: number | null;
  unpaidOvertime: number | null;
  overtimeAccountMonth: number | null;
  overtimeAccount: number | null;
  today: DayTotals | null;
  traffic: { active: boolean | null; extra: Extra } | null;
  start: DateString | null;
  bookings: AccountBooking[];
  surcharge: Json;
  payoffTimeAccount: Json;
  overtimeAccountTimeAccount: Json;
  overtimeAccountPayoff: Json;
  payoffOvertimeAccount: Json;
  autoOvertime: Json;
  isReadOnly: Json;
  inactive: Json;
  end: Json;
  officialAbsence: Json;
  extra: Extra;
}

/** One booked interval of the current month in `timeAccountReport`. */
export interface AccountInterval {
  length: number | null;
  /** Epoch ms. */
  start: number | null;
  /** Epoch ms; null while running. */
  end: number | null;
  project: string | null;
  extra: Extra;
}

/** The result of `timeAccountReport`: today, the month's intervals and the balances (minutes). */
export interface AccountReport extends Envelope {
  todayTarget: number | null;
  todayActual: number | null;
  bookings: AccountInterval[];
  carryOver: number | null;
  target: number | null;
  actual: number | null;
  surcharge: number | null;
  balance: number | null;
  flexTime: Json;
  payoffTimeAccount: Json;
  timeAccountPayoff: number | null;
  overtimeAccountTimeAccount: Json;
  timeAccountToOvertimeHours: number | null;
}

/** The result of `targetActualDays`: target and actual per day (shape not specified by the API). */
export interface TargetActualReport extends Envelope {
  info: Json[];
}

/** The result of `leaveYear`. */
export interface LeaveYearOverview {
  list: Json[];
  /** The API's `legende`: leave-type id → localized names. */
  legend: { [leaveTypeId: string]: Json };
  extra: Extra;
}

/** The result of `leaveTypes`. */
export interface LeaveTypesReport extends Envelope {
  leaveTypes: Json[];
}

/** The result of `projects`. */
export interface ProjectsReport extends Envelope {
  projects: Json[];
}

/** The result of `createProject`. */
export interface CreatedProject extends Envelope {
  uuid: string | null;
}

/** The result of `findProjects`: matching project names. */
export interface FoundProjects extends Envelope {
  projects: string[];
}

/** The result of `projectBookings`. */
export interface ProjectBookingsReport extends Envelope {
  entries: Json[];
}

/** The result of `shifts`: one ISO week of the workspace's shift plan. */
export interface WeekShifts {
  year: number | null;
  week: number | null;
  workspaceName: string | null;
  workspaceId: string | null;
  shifts: Json[];
  extra: Extra;
}

/** The result of `createShift`. */
export interface CreatedShift {
  success: boolean | null;
  shiftId: number | null;
  extra: Extra;
}

/**
 * The Zeitkonto client. Every method returns a Promise and takes an optional last `{ signal }`.
 *
 * In a browser page or a Web Worker, a key needs `dangerouslyAllowBrowser: true` unless `baseUrl`
 * is your own same-origin backend (a relative `baseUrl` resolves against the page). In Node bad
 * options throw from the constructor; in browsers a client made before the .wasm has loaded
 * reports them on its first call.
 */
export class Client {
  /** @throws InvalidInputError on bad options, or a key in a browser without `dangerouslyAllowBrowser`. */
  constructor(options?: ClientOptions);
  /** Any operation by name with canonical params. */
  call(operation: OperationName, params?: Record<string, unknown>, opts?: CallOptions): Promise<unknown>;
  // <generated:operations> Generated by scripts/codegen from the core's declaration (core/src/decl.rs). Do not edit.
  /**
   * Employee master data (active employees).
   *
   * `GET /api/v2/employees/{api}`: master records of all active employees.
   * @param callOptions `{ signal }` of this call (an `AbortSignal` cancels it).
   */
  employees(callOptions?: CallOptions): Promise<EmployeeRecord[]>;
  /**
   * Presence and absence of one day.
   *
   * Presence for one day: one employee (`email`) or the whole company; `day` defaults to today.
   * @param options `email`: One employee; `undefined` = all time-tracked employees; `day`: The day;
   * `undefined` = today (server time).
   * @param callOptions `{ signal }` of this call (an `AbortSignal` cancels it).
   */
  presence(options?: { email?: string; day?: DateInput }, callOptions?: CallOptions): Promise<PresenceReport>;
  /**
   * Today's overview per employee.
   *
   * Today's overview; one employee with `email`, else the key owner's scope. Sends at least `{}`.
   * @param options `email`: One employee; `undefined` = everyone in the key owner's scope.
   * @param callOptions `{ signal }` of this call (an `AbortSignal` cancels it).
   */
  overview(options?: { email?: string }, callOptions?: CallOptions): Promise<OverviewReport>;
  /**
   * Monthly time account of one employee (v2 GET, 0-based month on the wire).
   *
   * The monthly account of one employee. `month` is a calendar month; it is sent 0-based.
   * @param employee UUID or e-mail (or employee key) of the employee; percent-encoded into the
   * path.
   * @param year The year.
   * @param month The calendar month.
   * @param callOptions `{ signal }` of this call (an `AbortSignal` cancels it).
   */
  timeAccount(employee: string, year: number, month: Month, callOptions?: CallOptions): Promise<MonthlyAccount>;
  /**
   * Monthly time account, body-based (1-based month on the wire).
   *
   * The body-based monthly account of one employee. `year`/`month` default to the current ones
   * (server time); they are sent as the strings `YYYY` and `MM` (01-12). A future month is answered
   * with code 4.
   * @param email E-mail of the employee (required).
   * @param options `year`: The year; `undefined` = current year; `month`: The calendar month;
   * `undefined` = current month; `project`: Also return the project name of each booking
   * (`?project=true`).
   * @param callOptions `{ signal }` of this call (an `AbortSignal` cancels it).
   */
  timeAccountReport(email: string, options?: { year?: number; month?: Month; project?: boolean }, callOptions?: CallOptions): Promise<AccountReport>;
  /**
   * Target/actual minutes per day for a date range.
   *
   * Target/actual minutes per day. `start`/`end` default to today; the server caps `end` at today
   * and does not check `start` against `end` (neither does Zeitkonto: the spec allows it).
   * @param options `email`: One employee; `undefined` = all time-tracked employees; `start`: First
   * day; `undefined` = today; `end`: Last day; `undefined` = today (capped at today by the server).
   * @param callOptions `{ signal }` of this call (an `AbortSignal` cancels it).
   */
  targetActualDays(options?: { email?: string; start?: DateInput; end?: DateInput }, callOptions?: CallOptions): Promise<TargetActualReport>;
  /**
   * Clock an employee in or out (`come`, `go`, `stop`).
   *
   * A clock action for one employee. The API answers `true`, or `false` (→ `Refused`) when the
   * action is not possible (not clocked in, missing module, unknown employee, bad key). A write:
   * never retried once it may have reached the server.
   * @param action `come`, `go` or `stop`.
   * @param employee UUID, e-mail or employee key of the employee (percent-encoded into the path).
   * @param options `device`: Device name; the server's default is `API`; `comment`: Comment of the
   * booking; `project`: External project id, for a project-based `come`; `service`: External
   * service id, for a project-based `come`.
   * @param callOptions `{ signal }` of this call (an `AbortSignal` cancels it).
   */
  clock(action: "come" | "go" | "stop", employee: string, options?: { device?: string; comment?: string; project?: string; service?: string }, callOptions?: CallOptions): Promise<null>;
  /**
   * Current time accounts of a department, keyed by login e-mail.
   *
   * The current time account of every employee of a department (by its department API key).
   * @param department The department's API key (a secret: it is redacted wherever it could show).
   * @param callOptions `{ signal }` of this call (an `AbortSignal` cancels it).
   */
  departmentAccounts(department: string, callOptions?: CallOptions): Promise<Record<string, MonthlyAccount>>;
  /**
   * Monthly time summary of a department (one object).
   *
   * Monthly time summary of a department, by department ID.
   * @param department The department ID.
   * @param year The year.
   * @param month The calendar month (sent 0-based).
   * @param callOptions `{ signal }` of this call (an `AbortSignal` cancels it).
   */
  departmentMonth(department: string, year: number, month: Month, callOptions?: CallOptions): Promise<MonthlyAccount>;
  /**
   * Monthly time summaries of a department, one per active employee.
   *
   * Monthly summaries, one per active employee, by the department's external id. Empty when the
   * month is in the future or no employee qualifies.
   * @param department The department's external id.
   * @param year The year.
   * @param month The calendar month (sent 0-based).
   * @param callOptions `{ signal }` of this call (an `AbortSignal` cancels it).
   */
  departmentMonthEmployees(department: string, year: number, month: Month, callOptions?: CallOptions): Promise<MonthlyAccount[]>;
  /**
   * Pay extra leave in or out.
   *
   * Pays extra leave in or out; recorded in the leave history. The API answers `true`, or `false`
   * (→ `Refused`) for a bad key, unknown account, foreign employee or missing module.
   * @param account E-mail of the employee.
   * @param days Days: positive = pay in, negative = pay out. Finite and non-zero.
   * @param options `year`: Leave year; `undefined` = current leave year; `comment`: Comment for the
   * leave history.
   * @param callOptions `{ signal }` of this call (an `AbortSignal` cancels it).
   */
  extraLeave(account: string, days: number, options?: { year?: number; comment?: string }, callOptions?: CallOptions): Promise<null>;
  /**
   * Book an absence.
   *
   * Books an absence. Success is the JSON string `success` (trimmed, any case) and nothing else;
   * `false` → `Refused`; any other answer → `Decode` with an excerpt (the spec does not show the
   * failure form).
   * @param reasonUuid External id of the absence type (`abscenceReasonUuid` on the wire, sic).
   * @param employeeUuid External id of the employee.
   * @param options `replacementUuid`: External id of the substitute (mandatory for some absence
   * types); `halfDay`: Half a day instead of a full day (`duration` 0 instead of 1 on the wire);
   * `startDay`: First day; `undefined` = today; `endDay`: Last day; `undefined` = today; `planned`:
   * Planned rather than requested; `comment`: Comment.
   * @param callOptions `{ signal }` of this call (an `AbortSignal` cancels it).
   */
  bookAbsence(reasonUuid: string, employeeUuid: string, options?: { replacementUuid?: string; halfDay?: boolean; startDay?: DateInput; endDay?: DateInput; planned?: boolean; comment?: string }, callOptions?: CallOptions): Promise<null>;
  /**
   * Leave records overlapping a month.
   *
   * Leave records of all leave-managed employees overlapping the month. Record fields are not shown
   * by the spec: raw JSON.
   * @param year The year.
   * @param month The calendar month (sent 0-based).
   * @param callOptions `{ signal }` of this call (an `AbortSignal` cancels it).
   */
  leaveMonth(year: number, month: Month, callOptions?: CallOptions): Promise<Json[]>;
  /**
   * Yearly leave overview.
   *
   * Yearly leave overview with the legend of leave types.
   * @param year The year.
   * @param callOptions `{ signal }` of this call (an `AbortSignal` cancels it).
   */
  leaveYear(year: number, callOptions?: CallOptions): Promise<LeaveYearOverview>;
  /**
   * Leave types of the company (key in the body).
   *
   * Leave types of the company; needs the leave-management module. The company key goes into the
   * body as `api-key`, with the e-mail of an employee of the company.
   * @param email E-mail of an employee of the company.
   * @param callOptions `{ signal }` of this call (an `AbortSignal` cancels it).
   */
  leaveTypes(email: string, callOptions?: CallOptions): Promise<LeaveTypesReport>;
  /**
   * Employees with their main department.
   *
   * Employees with their main department. The API's single-entry objects become
   * `EmployeeDepartment` pairs (one per entry, so nothing is lost if an object has more).
   * @param callOptions `{ signal }` of this call (an `AbortSignal` cancels it).
   */
  employeeDepartments(callOptions?: CallOptions): Promise<EmployeeDepartment[]>;
  /**
   * All employees with a login account.
   *
   * All employees (employees without a login account are omitted by the API).
   * @param callOptions `{ signal }` of this call (an `AbortSignal` cancels it).
   */
  allEmployees(callOptions?: CallOptions): Promise<EmployeeRecord[]>;
  /**
   * Projects of the company (key in the body).
   *
   * Lists the non-removed projects. `email` is the acting employee, who must hold the
   * project-management manager role.
   * @param email E-mail of the acting project manager.
   * @param callOptions `{ signal }` of this call (an `AbortSignal` cancels it).
   */
  projects(email: string, callOptions?: CallOptions): Promise<ProjectsReport>;
  /**
   * Create a project (key in the body).
   *
   * Creates a project. `project` is the project object (its fields are not shown by the spec, so it
   * is passed through as JSON; it must be an object). `parentId` goes at the top level of the body
   * (its place is not shown by the spec); `undefined` or `"0"` = a top-level project.
   * @param email E-mail of the acting project manager.
   * @param project The project object, e.g. `{"name": "Website"}`.
   * @param options `parentId`: UUID of an existing parent project.
   * @param callOptions `{ signal }` of this call (an `AbortSignal` cancels it).
   */
  createProject(email: string, project: { [key: string]: Json }, options?: { parentId?: string }, callOptions?: CallOptions): Promise<CreatedProject>;
  /**
   * Delete a project (key in the body).
   *
   * Deletes a project. An unknown UUID or one of another company is answered with 403 and code 3.
   * @param email E-mail of the acting project manager.
   * @param uuid External id of the project.
   * @param callOptions `{ signal }` of this call (an `AbortSignal` cancels it).
   */
  deleteProject(email: string, uuid: string, callOptions?: CallOptions): Promise<null>;
  /**
   * Find project UUIDs by exact name (key in the body).
   *
   * Finds non-removed projects by exact name; equal names give several UUIDs.
   * @param email E-mail of the acting project manager.
   * @param name The exact project name.
   * @param callOptions `{ signal }` of this call (an `AbortSignal` cancels it).
   */
  findProjects(email: string, name: string, callOptions?: CallOptions): Promise<FoundProjects>;
  /**
   * A project's time bookings for at most 31 days (key in the body).
   *
   * Time bookings of a project and its sub-projects. `startDate` must not be after `endDate`, and
   * `endDate` at most 31 days after it: both are checked before sending.
   * @param email E-mail of the acting project manager.
   * @param uuid External id of the project.
   * @param startDate First day.
   * @param endDate Last day (at most 31 days after `start_date`).
   * @param callOptions `{ signal }` of this call (an `AbortSignal` cancels it).
   */
  projectBookings(email: string, uuid: string, startDate: DateInput, endDate: DateInput, callOptions?: CallOptions): Promise<ProjectBookingsReport>;
  /**
   * Shifts of a workspace for one ISO week (workspace key in the path).
   *
   * Shifts of the context's workspace for one ISO week. Week 53 only in years that have it.
   * @param year ISO week-year.
   * @param week ISO week 1..=53.
   * @param callOptions `{ signal }` of this call (an `AbortSignal` cancels it).
   */
  shifts(year: number, week: number, callOptions?: CallOptions): Promise<WeekShifts>;
  /**
   * Create a shift (workspace key in the body).
   *
   * Creates a shift in the context's workspace. Times are minutes after midnight (0..=1439); when
   * `endTime <= startTime` the shift is overnight and ends the next day. Only employees of the
   * workspace's company are assigned; unknown or foreign UUIDs are ignored by the API.
   * @param startTime Start, minutes after midnight.
   * @param endTime End, minutes after midnight (not after start = overnight).
   * @param options `startDate`: The day; `undefined` = today; `employeeAmount`: Target number of
   * employees (server default 1; at least 1); `comment`: Comment; `projectUuid`: UUID of a project
   * to link; `employees`: Employee UUIDs to assign.
   * @param callOptions `{ signal }` of this call (an `AbortSignal` cancels it).
   */
  createShift(startTime: number, endTime: number, options?: { startDate?: DateInput; employeeAmount?: number; comment?: string; projectUuid?: string; employees?: string[] }, callOptions?: CallOptions): Promise<CreatedShift>;
  // </generated:operations>
  /** Clocks in (optionally on a project). */
  come(employee: string, options?: { project?: string; comment?: string }, opts?: CallOptions): Promise<null>;
  /** Clocks out. */
  go(employee: string, opts?: CallOptions): Promise<null>;
  /** Restarts the running booking (`clock("stop", ...)`). */
  stop(employee: string, opts?: CallOptions): Promise<null>;
}

/**
 * Base class of every Zeitkonto error. `name` is the class name (a literal, so it survives
 * minification); no message contains a key.
 */
export class ZeitkontoError extends Error {
  /** "InvalidInput" | "Api" | "Forbidden" | "Refused" | "RateLimited" | "UnexpectedStatus" | "Decode" | "Transport" | "Timeout" ("Internal" for the package's own errors, e.g. a .wasm that could not load) */
  kind: string;
}
/** Refused before sending (bad parameter or option, or a key in a browser without `dangerouslyAllowBrowser`). */
export class InvalidInputError extends ZeitkontoError {
  /** The parameter or option at fault. */
  field: string;
  /** Why it was refused. */
  reason: string;
}
/** The API's error table. */
export class ApiError extends ZeitkontoError {
  /** HTTP status. */
  status: number;
  /** 1 employee not found, 2 company inactive, 3 authentication failed, 4 bad value, 7 e-mail in use, 8 missing module. */
  code: number;
}
/** HTTP 403 without a code. */
export class ForbiddenError extends ZeitkontoError {
  /** Always 403. */
  status: number;
}
/** The API answered `false` (e.g. `go` for someone not clocked in). */
export class RefusedError extends ZeitkontoError {}
/** HTTP 429 that was not retried. */
export class RateLimitedError extends ZeitkontoError {
  /** Always 429. */
  status: number;
  /** Seconds to wait, from `Retry-After` (null when absent). */
  retryAfter: number | null;
}
/** A status the API does not document for the case. */
export class UnexpectedStatusError extends ZeitkontoError {
  /** HTTP status. */
  status: number;
  /** The start of the body, keys redacted. */
  excerpt: string;
  /** True on a 5xx: a write may have been applied (it is never re-sent). */
  mayHaveReachedServer: boolean;
}
/** A 2xx body that is not what the operation returns. */
export class DecodeError extends ZeitkontoError {
  /** The operation's stable name. */
  operation: string;
  /** What did not match. */
  detail: string;
  /** True: a 2xx came back, so a write was probably applied. */
  mayHaveReachedServer: boolean;
}
/** The request could not be sent or the connection broke. */
export class TransportError extends ZeitkontoError {
  /** What failed (no URL, no key). */
  detail: string;
  /** Always true over `fetch` (it cannot tell a refused connection from a broken one); a write is then never re-sent. */
  mayHaveReachedServer: boolean;
}
/** No answer within `timeout`; the request was cancelled. */
export class TimeoutError extends ZeitkontoError {
  /** A write may have been applied; it is never re-sent. */
  mayHaveReachedServer: boolean;
}

/** A request built by `buildRequest`, to send with your own HTTP client. */
export interface BuiltRequest {
  method: "GET" | "POST" | "PUT" | "DELETE" | "PATCH";
  /** Holds the key: never log it. */
  url: string;
  headers: [string, string][];
  /** Holds the key for body-key operations: never log it. */
  body: string | null;
  redactedUrl: string;
  redactedBody: string | null;
}

/** The keys, base URL and routes `buildRequest` builds with (as in `ClientOptions`). */
export interface RequestContext {
  apiKey?: string;
  baseUrl?: string;
  workspaceKey?: string;
  routes?: Partial<Record<OperationName, string>>;
}

/**
 * Resolves once the WebAssembly module is loaded. In Node it loads at import (this resolves at
 * once); in browsers and workers loading starts at import, and `buildRequest`, `parseResponse`
 * and `operations` throw until it is done. Rejects with a `ZeitkontoError` when the .wasm cannot
 * be loaded (calling it again retries).
 */
export function init(): Promise<void>;
/** Builds the request of an operation without sending it (needs `init()` in browsers). */
export function buildRequest(operation: OperationName, params?: Record<string, unknown>, context?: RequestContext): BuiltRequest;
/** Parses a response into the operation's canonical output (needs `init()` in browsers). */
export function parseResponse(
  operation: OperationName,
  status: number,
  headers: [string, string][] | Record<string, string> | Headers | null,
  body: string | Uint8Array | ArrayBuffer,
): unknown;
/** The stable names of the 24 operations (needs `init()` in browsers). */
export function operations(): OperationName[];
