// zeitkonto: the npm package. An ESM wrapper over the WebAssembly build of Zeitkonto's Rust core:
// camelCase methods returning Promises, ZeitkontoError classes, AbortSignal per call.
import init, { WasmClient, buildRequest as wasmBuildRequest, parseResponse as wasmParseResponse, operations as wasmOperations } from "./wasm/zeitkonto_wasm.js";

const isNode = typeof process !== "undefined" && process.versions != null && process.versions.node != null;
const isBrowser = !isNode && typeof window !== "undefined" && typeof document !== "undefined";

if (isNode) {
  const { readFile } = await import("node:fs/promises");
  await init({ module_or_path: await readFile(new URL("./wasm/zeitkonto_wasm_bg.wasm", import.meta.url)) });
} else {
  await init({ module_or_path: new URL("./wasm/zeitkonto_wasm_bg.wasm", import.meta.url) });
}

/** Base class of every Zeitkonto error. `kind` is the language-neutral name; no message contains a key. */
export class ZeitkontoError extends Error {
  constructor(message, fields = {}) {
    super(message);
    this.name = new.target.name;
    this.kind = "Internal";
    Object.assign(this, fields);
  }
}
/** Refused before sending; `field` names the parameter. */
export class InvalidInputError extends ZeitkontoError {}
/** The API's error table: `status`, `code` (1 employee not found, 2 company inactive, 3 authentication failed, 4 bad value, 7 e-mail in use, 8 missing module). */
export class ApiError extends ZeitkontoError {}
/** HTTP 403 without a code. */
export class ForbiddenError extends ZeitkontoError {}
/** The API answered `false`. */
export class RefusedError extends ZeitkontoError {}
/** HTTP 429 not retried; `retryAfter` in seconds (or null). */
export class RateLimitedError extends ZeitkontoError {}
/** A status the API does not document for the case; `status`, `excerpt`, `mayHaveReachedServer` (true on a 5xx: a write may have been applied). */
export class UnexpectedStatusError extends ZeitkontoError {}
/** A 2xx body that is not what the operation returns; `operation`, `detail`, `mayHaveReachedServer` (true: a write was probably applied). */
export class DecodeError extends ZeitkontoError {}
/** The request could not be sent or the connection broke; `detail`, `mayHaveReachedServer`. */
export class TransportError extends ZeitkontoError {}
/** No answer within the timeout; `mayHaveReachedServer` (a write may have been applied, never re-sent). */
export class TimeoutError extends ZeitkontoError {}

const KINDS = {
  InvalidInput: InvalidInputError, Api: ApiError, Forbidden: ForbiddenError, Refused: RefusedError,
  RateLimited: RateLimitedError, UnexpectedStatus: UnexpectedStatusError, Decode: DecodeError,
  Transport: TransportError, Timeout: TimeoutError,
};

/** The error for the core's error form `{kind, message, ...}`. */
function toError(payload, signal) {
  if (payload instanceof Error) return payload;
  if (payload == null || typeof payload !== "object") return new ZeitkontoError(String(payload));
  if (payload.kind === "Aborted") {
    return signal?.reason ?? new DOMException("The operation was aborted.", "AbortError");
  }
  const { kind, message, retryAfterMs, ...fields } = payload;
  if (kind === "RateLimited") fields.retryAfter = retryAfterMs == null ? null : retryAfterMs / 1000;
  const Cls = KINDS[kind] ?? ZeitkontoError;
  const err = new Cls(message ?? String(kind), fields);
  err.kind = kind ?? "Internal";
  return err;
}

function day(value) {
  if (value == null) return undefined;
  if (value instanceof Date) {
    const p = (n) => String(n).padStart(2, "0");
    return `${value.getFullYear()}-${p(value.getMonth() + 1)}-${p(value.getDate())}`;
  }
  return value;
}

/** Drops undefined/null entries: the core's params take "absent", not null. */
function clean(params) {
  const out = {};
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) out[k] = v;
  return out;
}

function sameOrigin(baseUrl) {
  if (!isBrowser) return false;
  try {
    return new URL(baseUrl ?? "https://desktop.saas.de", window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

/**
 * The Zeitkonto client. Every method returns a Promise and takes an optional final `{ signal }`.
 *
 * In a browser a key in the page is readable by anyone who opens it, and the company key grants
 * access to every employee's data: constructing a client with a key there needs
 * `dangerouslyAllowBrowser: true`, unless `baseUrl` is your own backend (same origin) that adds
 * the key server-side.
 */
export class Client {
  #inner;
  #baseUrl;

  constructor(options = {}) {
    const { apiKey, baseUrl, workspaceKey, routes, timeout, retry, rateLimit, dangerouslyAllowBrowser = false } = options;
    if (isBrowser && (apiKey || workspaceKey) && !dangerouslyAllowBrowser && !sameOrigin(baseUrl)) {
      throw new ZeitkontoError(
        "refusing to put an API key into a browser page: route calls through your own backend (a same-origin baseUrl), " +
          "or pass dangerouslyAllowBrowser: true if you accept that anyone with the page can read the key",
        { kind: "InvalidInput", field: "dangerouslyAllowBrowser" });
    }
    this.#baseUrl = baseUrl ?? "https://desktop.saas.de";
    try {
      this.#inner = new WasmClient({
        apiKey, baseUrl, workspaceKey, routes,
        timeoutMs: timeout === null ? -1 : timeout,
        retry: retry && clean({ maxRetries: retry.maxRetries, baseDelayMs: retry.baseDelayMs, maxDelayMs: retry.maxDelayMs, maxRetryAfterMs: retry.maxRetryAfterMs, maxRateLimitRetries: retry.maxRateLimitRetries }),
        rateLimit: rateLimit && { limit: rateLimit.limit ?? 60, windowMs: rateLimit.windowMs ?? 60000, marginMs: rateLimit.marginMs ?? Math.floor((rateLimit.windowMs ?? 60000) / 100) },
      });
    } catch (e) {
      throw toError(e);
    }
  }

  toString() {
    return `Client(baseUrl=${this.#baseUrl}, apiKey=***)`;
  }

  [Symbol.for("nodejs.util.inspect.custom")]() {
    return this.toString();
  }

  toJSON() {
    return { baseUrl: this.#baseUrl, apiKey: "***" };
  }

  /** Runs an operation by its stable name with canonical params (the shared test vectors' form). */
  async call(operation, params = {}, { signal } = {}) {
    signal?.throwIfAborted();
    const abort = signal ? new Promise((resolve) => signal.addEventListener("abort", () => resolve(), { once: true })) : undefined;
    try {
      return await this.#inner.call(operation, clean(params), abort);
    } catch (e) {
      throw toError(e, signal);
    }
  }

  employees(opts) { return this.call("employees", {}, opts); }
  presence({ email, day: d } = {}, opts) { return this.call("presence", { email, day: day(d) }, opts); }
  overview({ email } = {}, opts) { return this.call("overview", { email }, opts); }
  timeAccount(employee, year, month, opts) { return this.call("time_account", { employee, year, month }, opts); }
  timeAccountReport({ email, year, month, project = false }, opts) { return this.call("time_account_report", { email, year, month, project }, opts); }
  targetActualDays({ email, start, end } = {}, opts) { return this.call("target_actual_days", { email, start: day(start), end: day(end) }, opts); }
  clock(action, employee, { device, comment, project, service } = {}, opts) { return this.call("clock", { action, employee, device, comment, project, service }, opts); }
  come(employee, { project, comment } = {}, opts) { return this.clock("come", employee, { project, comment }, opts); }
  go(employee, opts) { return this.clock("go", employee, {}, opts); }
  stop(employee, opts) { return this.clock("stop", employee, {}, opts); }
  departmentAccounts(departmentKey, opts) { return this.call("department_accounts", { department: departmentKey }, opts); }
  departmentMonth(departmentId, year, month, opts) { return this.call("department_month", { department: departmentId, year, month }, opts); }
  departmentMonthEmployees(department, year, month, opts) { return this.call("department_month_employees", { department, year, month }, opts); }
  extraLeave(account, days, { year, comment } = {}, opts) { return this.call("extra_leave", { account, value: days, year, comment }, opts); }
  bookAbsence({ reasonUuid, employeeUuid, replacementUuid, halfDay = false, startDay, endDay, planned = false, comment }, opts) {
    return this.call("book_absence", { reasonUuid, employeeUuid, replacementUuid, duration: halfDay ? "halfDay" : "fullDay", startDay: day(startDay), endDay: day(endDay), planned, comment }, opts);
  }
  leaveMonth(year, month, opts) { return this.call("leave_month", { year, month }, opts); }
  leaveYear(year, opts) { return this.call("leave_year", { year }, opts); }
  leaveTypes(email, opts) { return this.call("leave_types", { email }, opts); }
  employeeDepartments(opts) { return this.call("employee_departments", {}, opts); }
  allEmployees(opts) { return this.call("all_employees", {}, opts); }
  projects(email, opts) { return this.call("projects", { email }, opts); }
  createProject(email, project, { parentId } = {}, opts) { return this.call("create_project", { email, project, parentId }, opts); }
  deleteProject(email, uuid, opts) { return this.call("delete_project", { email, uuid }, opts); }
  findProjects(email, name, opts) { return this.call("find_projects", { email, name }, opts); }
  projectBookings(email, uuid, start, end, opts) { return this.call("project_bookings", { email, uuid, startDate: day(start), endDate: day(end) }, opts); }
  shifts(year, week, opts) { return this.call("shifts", { year, week }, opts); }
  createShift({ startTime, endTime, startDate, employeeAmount, comment, projectUuid, employees }, opts) {
    return this.call("create_shift", { startTime, endTime, startDate: day(startDate), employeeAmount, comment, projectUuid, employees: employees?.length ? employees : undefined }, opts);
  }
}

/** Builds a request without sending it (bring your own fetch). `url` and `body` hold the key. */
export function buildRequest(operation, params = {}, context = {}) {
  try {
    return wasmBuildRequest(operation, clean(params), context);
  } catch (e) {
    throw toError(e);
  }
}

/** Parses a response (status, header pairs or object, body bytes or text) into the canonical output. */
export function parseResponse(operation, status, headers, body) {
  const pairs = headers == null ? [] : Array.isArray(headers) ? headers : headers instanceof Headers ? [...headers.entries()] : Object.entries(headers);
  const bytes = typeof body === "string" ? new TextEncoder().encode(body) : body instanceof Uint8Array ? body : new Uint8Array(body ?? []);
  try {
    return wasmParseResponse(operation, status, pairs, bytes);
  } catch (e) {
    throw toError(e);
  }
}

/** The stable names of the 24 operations. */
export function operations() {
  return wasmOperations();
}
