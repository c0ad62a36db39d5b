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
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Longest honoured 429 wait (default 60000). */
  maxRetryAfterMs?: number;
  maxRateLimitRetries?: number;
}

/** The client-side limiter (the API allows 60 requests per 60 s per key); clients of one key in a process share it. */
export interface RateLimitOptions {
  /** Requests per window (default 60). */
  limit?: number;
  /** Window in ms (default 60000). */
  windowMs?: number;
  marginMs?: number;
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
  /** Per-request timeout in ms (default 30000); `null` disables it. */
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

/** Parameters of `bookAbsence`. */
export interface BookAbsenceParams {
  reasonUuid: string;
  employeeUuid: string;
  replacementUuid?: string;
  halfDay?: boolean;
  startDay?: DateInput;
  endDay?: DateInput;
  planned?: boolean;
  comment?: string;
}

/** Parameters of `createShift` (needs `workspaceKey`). */
export interface CreateShiftParams {
  /** Minutes after midnight, 0-1439. */
  startTime: number;
  /** Minutes after midnight; not after startTime = overnight. */
  endTime: number;
  startDate?: DateInput;
  employeeAmount?: number;
  comment?: string;
  projectUuid?: string;
  employees?: string[];
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
  /** Master data of the active employees. */
  employees(opts?: CallOptions): Promise<EmployeeRecord[]>;
  /** Presence and absence of one day (one employee by `email`, or everyone; `day` defaults to today). */
  presence(params?: { email?: string; day?: DateInput }, opts?: CallOptions): Promise<PresenceReport>;
  /** The live overview: status, current booking, project and device per employee. */
  overview(params?: { email?: string }, opts?: CallOptions): Promise<OverviewReport>;
  /** One employee's monthly account (`employee`: e-mail; `month` 1-12). */
  timeAccount(employee: string, year: number, month: Month, opts?: CallOptions): Promise<MonthlyAccount>;
  /** Today, the month's intervals and the balances of one employee. */
  timeAccountReport(params: { email: string; year?: number; month?: Month; project?: boolean }, opts?: CallOptions): Promise<AccountReport>;
  /** Target and actual minutes per day over a range. */
  targetActualDays(params?: { email?: string; start?: DateInput; end?: DateInput }, opts?: CallOptions): Promise<TargetActualReport>;
  /** A clock event: in ("come"), out ("go") or restart the running booking ("stop"). Rejects with `RefusedError` when the API answers false. */
  clock(action: "come" | "go" | "stop", employee: string, options?: { device?: string; comment?: string; project?: string; service?: string }, opts?: CallOptions): Promise<null>;
  /** Clocks in (optionally on a project). */
  come(employee: string, options?: { project?: string; comment?: string }, opts?: CallOptions): Promise<null>;
  /** Clocks out. */
  go(employee: string, opts?: CallOptions): Promise<null>;
  /** Restarts the running booking (`clock("stop", ...)`). */
  stop(employee: string, opts?: CallOptions): Promise<null>;
  /** The current time accounts of a department, keyed by login e-mail (`departmentKey`: the department's key). */
  departmentAccounts(departmentKey: string, opts?: CallOptions): Promise<{ [loginEmail: string]: MonthlyAccount }>;
  /** A department's monthly account. */
  departmentMonth(departmentId: string, year: number, month: Month, opts?: CallOptions): Promise<MonthlyAccount>;
  /** The monthly accounts of a department's employees. */
  departmentMonthEmployees(department: string, year: number, month: Month, opts?: CallOptions): Promise<MonthlyAccount[]>;
  /** Pays extra leave days in (positive `days`) or out (negative) on an account. */
  extraLeave(account: string, days: number, options?: { year?: number; comment?: string }, opts?: CallOptions): Promise<null>;
  /** Books an absence (leave, sickness, ...) for a range of days. */
  bookAbsence(params: BookAbsenceParams, opts?: CallOptions): Promise<null>;
  /** Everyone's leave in a month. */
  leaveMonth(year: number, month: Month, opts?: CallOptions): Promise<Json[]>;
  /** The leave overview of a year. */
  leaveYear(year: number, opts?: CallOptions): Promise<LeaveYearOverview>;
  /** The company's leave types (the key travels in the body). */
  leaveTypes(email: string, opts?: CallOptions): Promise<LeaveTypesReport>;
  /** Each employee's main department. */
  employeeDepartments(opts?: CallOptions): Promise<EmployeeDepartment[]>;
  /** Master data of all employees, former ones included. */
  allEmployees(opts?: CallOptions): Promise<EmployeeRecord[]>;
  /** The company's projects (the key travels in the body). */
  projects(email: string, opts?: CallOptions): Promise<ProjectsReport>;
  /** Creates a project (optionally under `parentId`). */
  createProject(email: string, project: { name: string; [key: string]: Json }, options?: { parentId?: string }, opts?: CallOptions): Promise<CreatedProject>;
  /** Deletes a project. */
  deleteProject(email: string, uuid: string, opts?: CallOptions): Promise<null>;
  /** Projects whose name matches. */
  findProjects(email: string, name: string, opts?: CallOptions): Promise<FoundProjects>;
  /** A project's (and its sub-projects') bookings over at most 31 days. */
  projectBookings(email: string, uuid: string, start: DateInput, end: DateInput, opts?: CallOptions): Promise<ProjectBookingsReport>;
  /** One ISO week of the shift plan (needs `workspaceKey`). */
  shifts(year: number, week: number, opts?: CallOptions): Promise<WeekShifts>;
  /** Creates a shift (needs `workspaceKey`). */
  createShift(params: CreateShiftParams, opts?: CallOptions): Promise<CreatedShift>;
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
