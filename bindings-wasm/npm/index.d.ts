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

export interface RetryOptions {
  /** Retries of reads after 5xx, connection failures and timeouts (default 2). */
  maxRetries?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Longest honoured 429 wait (default 60000). */
  maxRetryAfterMs?: number;
  maxRateLimitRetries?: number;
}

export interface RateLimitOptions {
  /** Requests per window (default 60). */
  limit?: number;
  /** Window in ms (default 60000). */
  windowMs?: number;
  marginMs?: number;
}

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

export interface CallOptions {
  signal?: AbortSignal;
}

export interface Envelope {
  /** 0 = OK (other codes become `ApiError`). */
  code: number | null;
  /** Epoch milliseconds of the call. */
  time: number | null;
  extra: Extra;
}

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

export interface EmployeeDepartment {
  employee: string;
  department: string | null;
}

export interface PresenceEntry {
  membercode: string | null;
  employee: string | null;
  present: boolean | null;
  /** Absence information (e.g. leave) when absent. */
  absences: Json;
  extra: Extra;
}

export interface PresenceReport extends Envelope {
  info: PresenceEntry[];
}

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

export interface OverviewReport extends Envelope {
  info: OverviewEntry[];
}

export interface DayTotals {
  target: number | null;
  actual: number | null;
  extra: Extra;
}

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

export interface AccountInterval {
  length: number | null;
  /** Epoch ms. */
  start: number | null;
  /** Epoch ms; null while running. */
  end: number | null;
  project: string | null;
  extra: Extra;
}

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

export interface TargetActualReport extends Envelope {
  info: Json[];
}

export interface LeaveYearOverview {
  list: Json[];
  /** The API's `legende`: leave-type id → localized names. */
  legend: { [leaveTypeId: string]: Json };
  extra: Extra;
}

export interface LeaveTypesReport extends Envelope {
  leaveTypes: Json[];
}

export interface ProjectsReport extends Envelope {
  projects: Json[];
}

export interface CreatedProject extends Envelope {
  uuid: string | null;
}

export interface FoundProjects extends Envelope {
  projects: string[];
}

export interface ProjectBookingsReport extends Envelope {
  entries: Json[];
}

export interface WeekShifts {
  year: number | null;
  week: number | null;
  workspaceName: string | null;
  workspaceId: string | null;
  shifts: Json[];
  extra: Extra;
}

export interface CreatedShift {
  success: boolean | null;
  shiftId: number | null;
  extra: Extra;
}

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

export class Client {
  constructor(options?: ClientOptions);
  /** Any operation by name with canonical params. */
  call(operation: OperationName, params?: Record<string, unknown>, opts?: CallOptions): Promise<unknown>;
  employees(opts?: CallOptions): Promise<EmployeeRecord[]>;
  presence(params?: { email?: string; day?: DateInput }, opts?: CallOptions): Promise<PresenceReport>;
  overview(params?: { email?: string }, opts?: CallOptions): Promise<OverviewReport>;
  timeAccount(employee: string, year: number, month: Month, opts?: CallOptions): Promise<MonthlyAccount>;
  timeAccountReport(params: { email: string; year?: number; month?: Month; project?: boolean }, opts?: CallOptions): Promise<AccountReport>;
  targetActualDays(params?: { email?: string; start?: DateInput; end?: DateInput }, opts?: CallOptions): Promise<TargetActualReport>;
  clock(action: "come" | "go" | "stop", employee: string, options?: { device?: string; comment?: string; project?: string; service?: string }, opts?: CallOptions): Promise<null>;
  come(employee: string, options?: { project?: string; comment?: string }, opts?: CallOptions): Promise<null>;
  go(employee: string, opts?: CallOptions): Promise<null>;
  stop(employee: string, opts?: CallOptions): Promise<null>;
  departmentAccounts(departmentKey: string, opts?: CallOptions): Promise<{ [loginEmail: string]: MonthlyAccount }>;
  departmentMonth(departmentId: string, year: number, month: Month, opts?: CallOptions): Promise<MonthlyAccount>;
  departmentMonthEmployees(department: string, year: number, month: Month, opts?: CallOptions): Promise<MonthlyAccount[]>;
  extraLeave(account: string, days: number, options?: { year?: number; comment?: string }, opts?: CallOptions): Promise<null>;
  bookAbsence(params: BookAbsenceParams, opts?: CallOptions): Promise<null>;
  leaveMonth(year: number, month: Month, opts?: CallOptions): Promise<Json[]>;
  leaveYear(year: number, opts?: CallOptions): Promise<LeaveYearOverview>;
  leaveTypes(email: string, opts?: CallOptions): Promise<LeaveTypesReport>;
  employeeDepartments(opts?: CallOptions): Promise<EmployeeDepartment[]>;
  allEmployees(opts?: CallOptions): Promise<EmployeeRecord[]>;
  projects(email: string, opts?: CallOptions): Promise<ProjectsReport>;
  createProject(email: string, project: { name: string; [key: string]: Json }, options?: { parentId?: string }, opts?: CallOptions): Promise<CreatedProject>;
  deleteProject(email: string, uuid: string, opts?: CallOptions): Promise<null>;
  findProjects(email: string, name: string, opts?: CallOptions): Promise<FoundProjects>;
  projectBookings(email: string, uuid: string, start: DateInput, end: DateInput, opts?: CallOptions): Promise<ProjectBookingsReport>;
  shifts(year: number, week: number, opts?: CallOptions): Promise<WeekShifts>;
  createShift(params: CreateShiftParams, opts?: CallOptions): Promise<CreatedShift>;
}

export class ZeitkontoError extends Error {
  /** "InvalidInput" | "Api" | "Forbidden" | "Refused" | "RateLimited" | "UnexpectedStatus" | "Decode" | "Transport" | "Timeout" */
  kind: string;
}
export class InvalidInputError extends ZeitkontoError { field: string; reason: string; }
export class ApiError extends ZeitkontoError { status: number; code: number; }
export class ForbiddenError extends ZeitkontoError { status: number; }
export class RefusedError extends ZeitkontoError {}
export class RateLimitedError extends ZeitkontoError { status: number; retryAfter: number | null; }
/** A status the API does not document for the case; `mayHaveReachedServer` is true on a 5xx (a write may have been applied). */
export class UnexpectedStatusError extends ZeitkontoError { status: number; excerpt: string; mayHaveReachedServer: boolean; }
/** A 2xx body that is not what the operation returns; `mayHaveReachedServer` is true (a write was probably applied). */
export class DecodeError extends ZeitkontoError { operation: string; detail: string; mayHaveReachedServer: boolean; }
export class TransportError extends ZeitkontoError { detail: string; mayHaveReachedServer: boolean; }
export class TimeoutError extends ZeitkontoError { mayHaveReachedServer: boolean; }

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

export interface RequestContext {
  apiKey?: string;
  baseUrl?: string;
  workspaceKey?: string;
  routes?: Partial<Record<OperationName, string>>;
}

/** Builds the request of an operation without sending it. */
export function buildRequest(operation: OperationName, params?: Record<string, unknown>, context?: RequestContext): BuiltRequest;
/** Parses a response into the operation's canonical output. */
export function parseResponse(
  operation: OperationName,
  status: number,
  headers: [string, string][] | Record<string, string> | Headers | null,
  body: string | Uint8Array | ArrayBuffer,
): unknown;
/** The stable names of the 24 operations. */
export function operations(): OperationName[];
