// What a caller hands in, read before the core sees it: the refusal naming a field, and a `Date`
// as a day or a clock time (the client's params, the jobs' dates, the kit's `today`).
import { InvalidInputError } from "./errors.js";

/** @internal An InvalidInputError naming `field` (the jobs' and the test kit's too). */
export function _invalid(field, reason) {
  // A name is quoted only when shaped like one (ASCII letters, `_`, `.`; the core's rule): any
  // other may be a key given in the wrong place (`new Client({ [key]: 1 })`).
  field = /^[A-Za-z_.]+$/.test(field) ? field : "***";
  return new InvalidInputError(`invalid input \`${field}\`: ${reason}`, { kind: "InvalidInput", field, reason });
}

/**
 * @internal A date parameter as "YYYY-MM-DD"; strings pass unchanged (the core checks them).
 * With `field` (the jobs' dates, the kit's `today`) anything but a string or a valid Date is
 * refused naming it; without, the core refuses what it cannot read.
 */
export function _day(value, field) {
  if (value == null || typeof value === "string") return value ?? undefined;
  if (!(value instanceof Date)) {
    if (field) throw _invalid(field, `expected "YYYY-MM-DD" or a Date, got ${typeof value}`);
    return value;
  }
  if (Number.isNaN(value.getTime())) {
    if (field) throw _invalid(field, "is an Invalid Date");
    return "Invalid Date";
  }
  // A Date at exactly 00:00:00.000 UTC is its UTC day: that is what `new Date("2026-03-01")`
  // (a date-only ISO string, parsed as UTC) means everywhere. Any other Date is its local
  // calendar day: what `new Date(2026, 2, 1)` or a date picker means.
  const utc = value.getUTCHours() === 0 && value.getUTCMinutes() === 0 && value.getUTCSeconds() === 0 && value.getUTCMilliseconds() === 0;
  const [y, m, d] = utc ? [value.getUTCFullYear(), value.getUTCMonth(), value.getUTCDate()] : [value.getFullYear(), value.getMonth(), value.getDate()];
  const p = (n) => String(n).padStart(2, "0");
  return `${String(y).padStart(4, "0")}-${p(m + 1)}-${p(d)}`;
}

/** A Date given for a clock time as "hh:mm" (seconds and milliseconds when set: the core refuses a fraction). */
export function clock(date, field) {
  if (Number.isNaN(date.getTime())) throw _invalid(field, "is an Invalid Date");
  const p = (n, w = 2) => String(n).padStart(w, "0");
  const [s, ms] = [date.getSeconds(), date.getMilliseconds()];
  return `${p(date.getHours())}:${p(date.getMinutes())}${s || ms ? `:${p(s)}` : ""}${ms ? `.${p(ms, 3)}` : ""}`;
}
