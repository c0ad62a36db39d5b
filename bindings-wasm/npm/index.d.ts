// Types of the npm package `zeitkonto`. Results are plain objects in the SDK's canonical form:
// camelCase English names, calendar months 1-12 (never 0-based), dates "YYYY-MM-DD", timestamps
// "YYYY-MM-DD hh:mm:ss", instants as epoch milliseconds (`new Date(ms)`), minutes unless noted,
// `null` for absent values, and `extra` holding the
// fields this version does not know. Containers the API leaves unspecified are `Json`.

/** Any JSON value (containers whose shape the API does not specify). */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
/** Unknown fields, as sent. */
export type Extra = { [key: string]: Json };
/** "YYYY-MM-DD" */
export type DateString = string;
/** A calendar month: 1 (January) to 12 (December). */
export type Month = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12;
/** A date as a "YYYY-MM-DD" string or a `Date`: its UTC day when it is exactly midnight UTC (`new Date("2026-03-01")`), else its local calendar day (`new Date(2026, 2, 1)`). */
export type DateInput = DateString | Date;
// <generated:names>
/** The stable names of the operations. */
export type OperationName = "employees" | "presence" | "overview" | "time_account" | "time_account_report" | "target_actual_days" | "clock" | "department_accounts" | "department_month" | "department_month_employees" | "extra_leave" | "book_absence" | "leave_month" | "leave_year" | "leave_types" | "employee_departments" | "all_employees" | "projects" | "create_project" | "delete_project" | "find_projects" | "project_bookings" | "shifts" | "create_shift";
// </generated:names>

/** Retry policy: reads are retried after 5xx, connection failures and timeouts with jittered exponential backoff; writes only when the request cannot have reached the server; 429 waits honour `Retry-After`. */
export interface RetryOptions {
  /** Retries of reads after 5xx, connection failures and timeouts (default 2). */
  maxRetries?: number | undefined;
  /** First backoff delay in seconds (default 0.5); doubles per attempt, with jitter. */
  baseDelay?: number | undefined;
  /** Largest backoff delay in seconds (default 8). */
  maxDelay?: number | undefined;
  /** Longest honoured 429 wait in seconds (default 60); a longer one fails with `RateLimitedError`. */
  maxRetryAfter?: number | undefined;
  /** 429 answers honoured per call before giving up (default 3). */
  maxRateLimitRetries?: number | undefined;
}

/** The client-side limiter (the API allows 60 requests per 60 s per key). Clients of the same key with the same settings in one process share it; a `limit` of 0 turns it off. */
export interface RateLimitOptions {
  /** Requests per window (default 60). */
  limit?: number | undefined;
  /** The window in seconds (default 60). */
  window?: number | undefined;
  /** Extra wait before a slot comes back, in seconds (default 1 % of the window). */
  margin?: number | undefined;
}

/** Options of `new Client(options)`; all optional. */
export interface ClientOptions {
  /** Company key (or an employee key). Keep it on a server: see `dangerouslyAllowBrowser`. */
  apiKey?: string | undefined;
  /** Default https://desktop.saas.de; http only for loopback hosts. */
  baseUrl?: string | undefined;
  workspaceKey?: string | undefined;
  /** Route overrides: `{ clock: "POST /rest/api/v2/time/{action}/{api}/{employee}" }`. */
  routes?: Partial<Record<OperationName, string>> | undefined;
  /** Timeout of each attempt in seconds (default 30; a read that times out may be retried with a timeout of its own); `null` or `0` disables it. Seconds, as in every Zeitkonto language. */
  timeout?: number | null | undefined;
  retry?: RetryOptions | undefined;
  rateLimit?: RateLimitOptions | undefined;
  /**
   * Called with each driver event, when it happens (a limiter wait as it starts); redacted (keys
   * print as `***`); what it throws is ignored. The same events, names and units as Python's log
   * records and Kotlin's and Swift's `ZeitkontoEvent`.
   */
  onEvent?: ((event: ZeitkontoEvent) => void) | undefined;
  /** Allow a key inside a browser page (anyone with the page can read it). Not needed for a same-origin `baseUrl` proxy. */
  dangerouslyAllowBrowser?: boolean | undefined;
  /**
   * The `fetch` to send with (default the global one): a wrapped or instrumented fetch, or
   * undici's own `fetch`. It must not follow redirects on its own (the client asks for
   * `redirect: "manual"`).
   */
  fetch?: ((input: string, init: RequestInit) => Promise<Response>) | undefined;
  /**
   * An undici `Dispatcher` (Node) passed to every request: `new ProxyAgent("http://proxy:3128")`,
   * `new EnvHttpProxyAgent()` (honours `HTTPS_PROXY`/`NO_PROXY`, which Node 20's own `fetch`
   * ignores), or an `Agent` with `connect: { ca }` for a private CA.
   */
  dispatcher?: object | undefined;
}

/** A driver event (`onEvent`). Durations are seconds; fields of the other kinds are `null`. */
export interface ZeitkontoEvent {
  /** "send" (a request goes out), "received" (an answer came), "wait" (one per wait before an attempt), "failed". */
  event: "send" | "received" | "wait" | "failed";
  /** The operation's stable name. */
  operation: OperationName;
  /** `send`: the redacted `METHOD url`. */
  request: string | null;
  /** `send`: the attempt, from 1. */
  attempt: number | null;
  /** `received`: the HTTP status. */
  status: number | null;
  /** `received`: seconds since the request was sent. */
  elapsed: number | null;
  /** `wait`: how long, in seconds. */
  delay: number | null;
  /** `wait`: "rate limit" (the client-side limiter), "429" or "retry". */
  reason: string | null;
  /** `failed`: the redacted error message. */
  error: string | null;
}

/** The optional last argument of every method. */
export interface CallOptions {
  /** Aborting rejects the call with `signal.reason` and cancels its request; the listener is removed when the call settles. */
  signal?: AbortSignal | undefined;
}

/** Fields every enveloped API answer carries. */
export interface Envelope {
  /** 0 = OK (other codes become `ApiError`). */
  code: number | null;
  /** Epoch milliseconds of the call. */
  time: number | null;
  extra: Extra;
}

// <generated:models> Generated by scripts/codegen from the core's declaration (core/src/decl.rs). Do not edit.

/**
 * An employee master record (`employees`, `all_employees`). All fields are strings on the wire; an
 * empty string means "none" for the dates.
 */
export interface EmployeeRecord {
  /** Personnel number (may be empty). */
  personnelNumber: string | null;
  /** Main department (may be empty). */
  mainDepartment: string | null;
  /** E-mail address. */
  email: string | null;
  /** Given name. */
  givenName: string | null;
  /** Last name. */
  lastName: string | null;
  /** Birthday. */
  birthday: DateString | null;
  /** Join date. */
  joinDate: DateString | null;
  /** Date of separation, if any. */
  dateOfSeparation: DateString | null;
  /** Fields the API sent that this version does not know, unchanged. */
  extra: Extra;
}

/**
 * One employee and the name of their main department (`employee_departments`).
 */
export interface EmployeeDepartment {
  /** Full name of the employee. */
  employee: string;
  /** Name of the main department (`null` when the API sent null or a non-string). */
  department: string | null;
}

/**
 * Presence and absence of one day (`presence`).
 */
export interface PresenceReport {
  /** Result code (0 = OK). */
  code: number | null;
  /** Epoch milliseconds of the call. */
  time: number | null;
  /** One entry per employee. */
  info: PresenceEntry[];
  /** Fields the API sent that this version does not know, unchanged. */
  extra: Extra;
}

/**
 * One employee's presence on the chosen day.
 */
export interface PresenceEntry {
  /** Where the bookings were made. */
  membercode: string | null;
  /** Last name and first name. */
  employee: string | null;
  /** Present on the chosen day. */
  present: boolean | null;
  /** Absence information (e.g. leave) when absent; an object or an array, kept raw. */
  absences: Json;
  /** Fields the API sent that this version does not know, unchanged. */
  extra: Extra;
}

/**
 * Today's overview (`overview`).
 */
export interface OverviewReport {
  /** Result code (0 = OK). */
  code: number | null;
  /** Epoch milliseconds of the call. */
  time: number | null;
  /** One entry per employee in scope. */
  info: OverviewEntry[];
  /** Fields the API sent that this version does not know, unchanged. */
  extra: Extra;
}

/**
 * One employee in today's overview. Detail fields are filled only for the key owner or their
 * supervisors.
 */
export interface OverviewEntry {
  /** Where the bookings were made. */
  membercode: string | null;
  /** When the last booking ended. */
  lastTimestamp: string | null;
  /** Contact given by the employee. */
  emergencyContact: string | null;
  /** Last name and first name. */
  employee: string | null;
  /** Department of the employee. */
  department: string | null;
  /** Project currently running. */
  currentProject: string | null;
  /** Service currently running. */
  currentService: string | null;
  /** Absence reasons (e.g. leave), kept raw. */
  absences: Json;
  /** UUID of the employee. */
  uuid: string | null;
  /** When the running booking started. */
  currentStart: string | null;
  /** `green` = a booking is running; `red` otherwise. */
  status: string | null;
  /** Device type the user is currently on. */
  currentPlatform: string | null;
  /** Browser in which the booking was started. */
  currentDevice: string | null;
  /** Fields the API sent that this version does not know, unchanged. */
  extra: Extra;
}

/**
 * Target and actual minutes of today.
 */
export interface DayTotals {
  /** Target minutes (`soll`). */
  target: number | null;
  /** Actual minutes (`ist`). */
  actual: number | null;
  /** Fields the API sent that this version does not know, unchanged. */
  extra: Extra;
}

/**
 * The `traffic` object of an account.
 */
export interface Traffic {
  /** `active` (meaning not shown by the spec). */
  active: boolean | null;
  /** Fields the API sent that this version does not know, unchanged. */
  extra: Extra;
}

/**
 * A monthly time account: one employee (`time_account`) or one department summary entry
 * (`department_month`, `department_month_employees`). Minutes unless noted. `month` is a calendar
 * month (the wire's 0-based month is converted).
 */
export interface MonthlyAccount {
  /** UUID of the employee. */
  employee: string | null;
  /** UUID (department summaries). */
  uuid: string | null;
  /** First and last name (department summaries). */
  name: string | null;
  /** The requested year. */
  year: number | null;
  /** The requested month (calendar month; 0-based on the wire). */
  month: Month | null;
  /** The employee has made a time booking. */
  hasTime: boolean | null;
  /** A project is currently selected. */
  hasProject: boolean | null;
  /** Start time of the current booking. */
  current: string | null;
  /** Carry-over from the previous month (`lastMonth`). */
  carryOver: number | null;
  /** Target time of the month (`soll`). */
  target: number | null;
  /** Actual time of the month (`ist`). */
  actual: number | null;
  /** Balance of the month (`saldo`). */
  balance: number | null;
  /** Balance of the month, same meaning (`saldo2`). */
  balance2: number | null;
  /** Actual working time on weekends. */
  actualOnWeekend: number | null;
  /** Minutes worked outside work (may be decimal). */
  outOfWork: number | null;
  /** Whether the employee clocked in today (an integer on the wire). */
  onWork: number | null;
  /** Paid-out time in minutes (`TIMEACCOUNT_PAYOFF`). */
  timeAccountPayoff: number | null;
  /** Hours paid into the overtime account (`TIMEACCOUNT_OVERTIMEACCOUNT`). */
  timeAccountToOvertimeHours: number | null;
  /** Unpaid overtime. */
  unpaidOvertime: number | null;
  /** Overtime account at the start of the month. */
  overtimeAccountMonth: number | null;
  /** Overtime account as of today. */
  overtimeAccount: number | null;
  /** Target and actual of today. */
  today: DayTotals | null;
  /** `traffic` (meaning not shown). */
  traffic: Traffic | null;
  /** Since when time tracking counts for the employee. */
  start: DateString | null;
  /** One entry per day of the month and booking. */
  bookings: AccountBooking[];
  /** `surcharge` (meaning not shown: raw). */
  surcharge: Json;
  /** `PAYOFF_TIMEACCOUNT` (meaning not shown: raw). */
  payoffTimeAccount: Json;
  /** `OVERTIMEACCOUNT_TIMEACCOUNT` (meaning not shown: raw). */
  overtimeAccountTimeAccount: Json;
  /** `OVERTIMEACCOUNT_PAYOFF` (one-employee variant; meaning not shown: raw). */
  overtimeAccountPayoff: Json;
  /** `PAYOFF_OVERTIMEACCOUNT` (one-employee variant; meaning not shown: raw). */
  payoffOvertimeAccount: Json;
  /** `autoOvertime` (meaning not shown: raw). */
  autoOvertime: Json;
  /** `isReadOnly` (meaning not shown: raw). */
  isReadOnly: Json;
  /** `inactive` (meaning not shown: raw). */
  inactive: Json;
  /** `end` (meaning not shown: raw). */
  end: Json;
  /** `officialAbsence` (department summaries; meaning not shown: raw). */
  officialAbsence: Json;
  /** Fields the API sent that this version does not know, unchanged. */
  extra: Extra;
}

/**
 * One day and booking of a monthly account.
 */
export interface AccountBooking {
  /** The day. */
  date: DateString | null;
  /** ID of the marker. */
  annotation: number | null;
  /** Name of the employee. */
  employeeName: string | null;
  /** UUID of the employee. */
  employeeUuid: string | null;
  /** Start day and time of the booking. */
  start: string | null;
  /** Day of the booking start. */
  startDate: DateString | null;
  /** Start time of the booking (clock time, `hh:mm`). */
  startTime: string | null;
  /** End day of the booking. */
  endDate: DateString | null;
  /** End time of the booking (clock time, `hh:mm`). */
  endTime: string | null;
  /** Target minutes of the day (`soll`). */
  target: number | null;
  /** Actual minutes of the day (`ist`). */
  actual: number | null;
  /** Break minutes. */
  pause: number | null;
  /** Whether the minimum break was taken (an integer on the wire). */
  pauseMin: number | null;
  /** Whether the booking carries a warning (an integer on the wire). */
  warning: number | null;
  /** Comment of the booking. */
  comment: string | null;
  /** `surchargeMinutes` (meaning not shown: raw). */
  surchargeMinutes: Json;
  /** `holidayType` (meaning not shown: raw). */
  holidayType: Json;
  /** `isDummy` (meaning not shown: raw). */
  isDummy: Json;
  /** Fields the API sent that this version does not know, unchanged. */
  extra: Extra;
}

/**
 * The body-based monthly account (`time_account_report`).
 */
export interface AccountReport {
  /** Result code (0 = OK). */
  code: number | null;
  /** Epoch milliseconds of the call. */
  time: number | null;
  /** Target minutes of today (`today_soll`). */
  todayTarget: number | null;
  /** Actual minutes of today (`today_ist`). */
  todayActual: number | null;
  /** Bookings of the month (`{length, start, end}` per the vendor's help page). */
  bookings: AccountInterval[];
  /** Carry-over from the previous month in minutes (`account_balance`). */
  carryOver: number | null;
  /** Target minutes of the month (`account_soll`). */
  target: number | null;
  /** Actual minutes of the month (`account_ist`). */
  actual: number | null;
  /** Surcharge minutes of the month (`account_surcharge`). */
  surcharge: number | null;
  /** Balance of the month (`account_saldo`). */
  balance: number | null;
  /** Deprecated by the vendor (`flexTime`), raw. */
  flexTime: Json;
  /** `PAYOFF_TIMEACCOUNT` (raw). */
  payoffTimeAccount: Json;
  /** Paid-out minutes (`TIMEACCOUNT_PAYOFF`). */
  timeAccountPayoff: number | null;
  /** `OVERTIMEACCOUNT_TIMEACCOUNT` (raw). */
  overtimeAccountTimeAccount: Json;
  /** Hours paid into the overtime account (`TIMEACCOUNT_OVERTIMEACCOUNT`). */
  timeAccountToOvertimeHours: number | null;
  /** Fields the API sent that this version does not know, unchanged. */
  extra: Extra;
}

/**
 * One booking of the body-based account.
 */
export interface AccountInterval {
  /** Length in minutes. */
  length: number | null;
  /** Start, epoch milliseconds. */
  start: number | null;
  /** End, epoch milliseconds (absent while running). */
  end: number | null;
  /** Project name (only with `project: true`; key name not shown by the spec). */
  project: string | null;
  /** Fields the API sent that this version does not know, unchanged. */
  extra: Extra;
}

/**
 * Target/actual minutes per day for a range (`target_actual_days`).
 */
export interface TargetActualReport {
  /** Result code (0 = OK). */
  code: number | null;
  /** Epoch milliseconds of the call. */
  time: number | null;
  /** Per employee and day (element fields not shown by the spec: raw JSON). */
  info: Json[];
  /** Fields the API sent that this version does not know, unchanged. */
  extra: Extra;
}

/**
 * The yearly leave overview (`leave_year`).
 */
export interface LeaveYearOverview {
  /** One overview per leave-managed employee (fields not shown by the spec: raw JSON). */
  employees: Json[];
  /** Resolves each leave-type id to its localized names (`legende` on the wire). */
  legend: { [key: string]: Json };
  /** Fields the API sent that this version does not know, unchanged. */
  extra: Extra;
}

/**
 * The leave types of the company (`leave_types`).
 */
export interface LeaveTypesReport {
  /** Result code (0 = OK). */
  code: number | null;
  /** Epoch milliseconds of the call. */
  time: number | null;
  /** The leave types (fields not shown by the spec: raw JSON). */
  leaveTypes: Json[];
  /** Fields the API sent that this version does not know, unchanged. */
  extra: Extra;
}

/**
 * Non-removed projects of the company (`projects`).
 */
export interface ProjectsReport {
  /** Result code (0 = OK). */
  code: number | null;
  /** Epoch milliseconds of the call. */
  time: number | null;
  /** The projects (fields not shown by the spec: raw JSON). */
  projects: Json[];
  /** Fields the API sent that this version does not know, unchanged. */
  extra: Extra;
}

/**
 * A created project (`create_project`).
 */
export interface CreatedProject {
  /** Result code (0 = OK). */
  code: number | null;
  /** Epoch milliseconds of the call. */
  time: number | null;
  /** UUID of the new project. */
  uuid: string | null;
  /** Fields the API sent that this version does not know, unchanged. */
  extra: Extra;
}

/**
 * UUIDs of the projects with exactly the searched name (`find_projects`).
 */
export interface FoundProjects {
  /** Result code (0 = OK). */
  code: number | null;
  /** Epoch milliseconds of the call. */
  time: number | null;
  /** The UUIDs; equal names give several. */
  projects: string[];
  /** Fields the API sent that this version does not know, unchanged. */
  extra: Extra;
}

/**
 * Time bookings of a project and its sub-projects (`project_bookings`).
 */
export interface ProjectBookingsReport {
  /** Result code (0 = OK). */
  code: number | null;
  /** Epoch milliseconds of the call. */
  time: number | null;
  /** The bookings (fields not shown by the spec: raw JSON). */
  entries: Json[];
  /** Fields the API sent that this version does not know, unchanged. */
  extra: Extra;
}

/**
 * The shifts of a workspace for one ISO week (`shifts`). German wire names are translated.
 */
export interface WeekShifts {
  /** ISO week-year (`jahr`). */
  year: number | null;
  /** ISO week (`kw`). */
  week: number | null;
  /** Workspace name (`arbeitsbereich`). */
  workspaceName: string | null;
  /** Workspace id (`arbeitsbereich_id`). */
  workspaceId: string | null;
  /** Shifts with their assigned employees (`schichten`; fields not shown: raw JSON). */
  shifts: Json[];
  /** Fields the API sent that this version does not know, unchanged. */
  extra: Extra;
}

/**
 * A created shift (`create_shift`).
 */
export interface CreatedShift {
  /** Whether the shift was created (`false` becomes `Refused`). */
  success: boolean | null;
  /** Id of the new shift. */
  shiftId: number | null;
  /** Fields the API sent that this version does not know, unchanged. */
  extra: Extra;
}
// </generated:models>

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
  presence(options?: { email?: string | undefined; day?: DateInput | undefined }, callOptions?: CallOptions): Promise<PresenceReport>;
  /**
   * Today's overview per employee.
   *
   * Today's overview; one employee with `email`, else the key owner's scope. Sends at least `{}`.
   * @param options `email`: One employee; `undefined` = everyone in the key owner's scope.
   * @param callOptions `{ signal }` of this call (an `AbortSignal` cancels it).
   */
  overview(options?: { email?: string | undefined }, callOptions?: CallOptions): Promise<OverviewReport>;
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
  timeAccountReport(email: string, options?: { year?: number | undefined; month?: Month | undefined; project?: boolean | undefined }, callOptions?: CallOptions): Promise<AccountReport>;
  /**
   * Target/actual minutes per day for a date range.
   *
   * Target/actual minutes per day. `start`/`end` default to today; the server caps `end` at today
   * and does not check `start` against `end` (neither does Zeitkonto: the spec allows it).
   * @param options `email`: One employee; `undefined` = all time-tracked employees; `start`: First
   * day; `undefined` = today; `end`: Last day; `undefined` = today (capped at today by the server).
   * @param callOptions `{ signal }` of this call (an `AbortSignal` cancels it).
   */
  targetActualDays(options?: { email?: string | undefined; start?: DateInput | undefined; end?: DateInput | undefined }, callOptions?: CallOptions): Promise<TargetActualReport>;
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
  clock(action: "come" | "go" | "stop", employee: string, options?: { device?: string | undefined; comment?: string | undefined; project?: string | undefined; service?: string | undefined }, callOptions?: CallOptions): Promise<null>;
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
  extraLeave(account: string, days: number, options?: { year?: number | undefined; comment?: string | undefined }, callOptions?: CallOptions): Promise<null>;
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
  bookAbsence(reasonUuid: string, employeeUuid: string, options?: { replacementUuid?: string | undefined; halfDay?: boolean | undefined; startDay?: DateInput | undefined; endDay?: DateInput | undefined; planned?: boolean | undefined; comment?: string | undefined }, callOptions?: CallOptions): Promise<null>;
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
  createProject(email: string, project: { [key: string]: Json }, options?: { parentId?: string | undefined }, callOptions?: CallOptions): Promise<CreatedProject>;
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
  createShift(startTime: number, endTime: number, options?: { startDate?: DateInput | undefined; employeeAmount?: number | undefined; comment?: string | undefined; projectUuid?: string | undefined; employees?: string[] | undefined }, callOptions?: CallOptions): Promise<CreatedShift>;
  // </generated:operations>
  /** Clocks in (optionally on a project). */
  come(employee: string, options?: { project?: string | undefined; comment?: string | undefined }, opts?: CallOptions): Promise<null>;
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
  /** True on a 5xx or a 3xx: a write may have been applied (it is never re-sent). */
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
  /**
   * Whether a write may have been applied (it is never re-sent). False when the connection was
   * never opened (Node: `ECONNREFUSED`, `ENOTFOUND`, ...); true otherwise (a browser's `fetch`
   * cannot tell a refused connection from a broken one).
   */
  mayHaveReachedServer: boolean;
  /** In Node, `fetch`'s own error (`cause.code`: `ECONNREFUSED`, `ECONNRESET`, ...). */
  cause?: unknown;
}
/** The TLS handshake failed: nothing reached the server, and it is never retried. */
export class TlsError extends TransportError {
  /** What Node's TLS layer said (no URL, no key). */
  detail: string;
  /** Always false: the connection was never opened. */
  mayHaveReachedServer: boolean;
  /**
   * What failed: `untrustedIssuer` (trust your private CA: Node's `NODE_EXTRA_CA_CERTS`, or an
   * undici `Agent` with the CA in its `connect` options as `dispatcher`), `hostnameMismatch`,
   * `expired`, `other`.
   */
  failure: "untrustedIssuer" | "hostnameMismatch" | "expired" | "other";
  /** Node's error (`cause.code`: `UNABLE_TO_VERIFY_LEAF_SIGNATURE`, `ERR_TLS_CERT_ALTNAME_INVALID`, `CERT_HAS_EXPIRED`, ...). */
  cause?: unknown;
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
  apiKey?: string | undefined;
  baseUrl?: string | undefined;
  workspaceKey?: string | undefined;
  routes?: Partial<Record<OperationName, string>> | undefined;
  /**
   * The date of the checks that need a calendar (`"YYYY-MM-DD"` or a `Date`, read in UTC):
   * book-absence with only a start or an end. Without it they are left to the server, as in any
   * sans-IO build; the `Client` uses the current date.
   */
  today?: string | Date | undefined;
}

/** Options of `parseResponse`. */
export interface ParseOptions {
  /**
   * The `buildRequest` result the response answers: the response is then read as the `Client`
   * reads it (the request's secrets redacted before an excerpt is cut, an echoed month read
   * against the requested one).
   */
  request?: BuiltRequest | undefined;
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
  options?: ParseOptions,
): unknown;
/** The stable names of every operation (needs `init()` in browsers). */
export function operations(): OperationName[];
