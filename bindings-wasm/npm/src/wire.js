// The readers behind the generated fast reader (src/decode.js). Each one mirrors a wire type of
// the core (core/src/model/wire.rs) for its PLAIN form only, and returns FAIL for anything the
// core would convert, degrade into `extra` or refuse, or could read differently: a numeric
// string, a decimal where an integer belongs (or -0 there, which the core reads as 0), an odd
// date, a string with a lone surrogate, a number serde_json may round differently from
// JSON.parse (more than 15 significant digits, an exponent, a whole number of 10^15 or more), a
// key outside the Basic Multilingual Plane (sorted differently), a nesting serde_json would
// refuse. A FAIL anywhere sends the whole body to the core's reader, so what the fast reader
// accepts reads as the core reads it (test/fastpath.test.mjs checks it on the vectors, the
// sandbox's answers and mutated bodies), with one known exception noted at `exact`. A key sent
// twice takes its last value in both (JSON.parse; the core's `settle`). Raw JSON objects come out
// with their keys sorted, as the core's `serde_json::Map` sorts them.

/** The answer "not a plain body: let the core read it". */
export const FAIL = Symbol("zeitkonto.fail");

/** serde_json refuses nesting deeper than 128; stay well inside it. */
const MAX_DEPTH = 100;

const isWellFormed = typeof String.prototype.isWellFormed === "function"
  ? (s) => s.isWellFormed()
  : (s) => !/\p{Cs}/u.test(s);

// A lone surrogate can only come from a `\u` escape (the bytes are checked UTF-8): a body
// without one needs no check per string. Set by `fastRead` for the body it reads.
let escapes = true;
const wellFormed = (s) => !escapes || isWellFormed(s);

// Keeps a BOM (JSON.parse then fails and the core, which skips it, reads the body) and throws on
// bytes that are not UTF-8.
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** The API names of `fastRead`'s `names` lists, as Sets. */
const nameSets = new WeakMap();

/**
 * The fast reading of a response body: the parsed output, or `undefined` when the core must read
 * it (any status but 200, no fast reader for `operation`, or a body that is not plain).
 * `month` is the requested calendar month, when the call had one. Never throws.
 */
export function fastRead(readers, names, operation, status, bytes, month) {
  const read = Object.hasOwn(readers, operation) ? readers[operation] : undefined; // not `constructor`
  if (read === undefined || status !== 200) return undefined;
  // The readers look fields up by name and count keys with `for...in`: a property added to
  // Object.prototype (enumerable, or under an API name) would look like a field, so such a page
  // gets the core's reader.
  for (const _ in Object.prototype) return undefined;
  // Object.prototype has no prototype of its own, so its own names are all `in` would find; a
  // dozen of them, checked against the API's names (a Set made once per list).
  let set = nameSets.get(names);
  if (set === undefined) nameSets.set(names, (set = new Set(names)));
  for (const n of Object.getOwnPropertyNames(Object.prototype)) if (set.has(n)) return undefined;
  try {
    const text = utf8.decode(bytes);
    escapes = text.includes("\\u");
    const out = read(JSON.parse(text), month);
    return out === FAIL ? undefined : out;
  } catch {
    return undefined;
  }
}

export function plainObject(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function emptyObject(v) {
  if (!plainObject(v)) return false;
  for (const _ in v) return false;
  return true;
}

/**
 * A number serde_json reads to the same f64 as JSON.parse. Without its `float_roundtrip` feature
 * serde_json rounds twice when a number has more than 15 significant digits or an exponent, and
 * may land one step off JSON.parse; from the value, such a number is one whose shortest form
 * needs more than 15 digits or an exponent. (A body written with excess digits, `%.17g`-style
 * `0.10000000000000001`, is not seen here: for it the two readers can differ in the last bit.)
 * -0 is -0.0 in both.
 */
function exact(v) {
  if (Number.isInteger(v)) return Math.abs(v) < 1e15;
  if (!Number.isFinite(v)) return false;
  const s = String(v);
  if (s.includes("e")) return false;
  let digits = 0, lead = true;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57 || (lead && c === 48)) continue; // sign, point, leading zeros
    lead = false;
    digits++;
  }
  return digits <= 15;
}

/** A key the core sorts as this module does: no character outside the Basic Multilingual Plane. */
function plainKey(k) {
  return k !== "__proto__" && !/[\uD800-\uDFFF]/.test(k);
}

/**
 * Any JSON value as the core keeps it (`serde_json::Value`), `d` levels deep: the same value with
 * every object's keys sorted, or FAIL.
 */
function raw(v, d) {
  switch (typeof v) {
    case "string": return wellFormed(v) ? v : FAIL;
    case "number": return exact(v) ? v : FAIL;
    case "boolean": return v;
    case "object": {
      if (v === null) return null;
      if (d > MAX_DEPTH) return FAIL;
      if (Array.isArray(v)) {
        const out = new Array(v.length);
        for (let i = 0; i < v.length; i++) if ((out[i] = raw(v[i], d + 1)) === FAIL) return FAIL;
        return out;
      }
      const names = Object.keys(v);
      const out = {};
      for (const k of names.sort()) {
        if (!plainKey(k) || !wellFormed(k) || (out[k] = raw(v[k], d + 1)) === FAIL) return FAIL;
      }
      return out;
    }
    default: return FAIL;
  }
}

/**
 * A model's `extra`: its unknown fields, ordered by name (as the core orders them). `found` is
 * how many of the `known` API names the reader found on `o`; more than `o` owns means a name came
 * from a prototype, which the core would not see: FAIL.
 */
export function extraOf(o, found, known, d) {
  let own = 0;
  for (const _ in o) own++;
  if (own === found) return {};
  if (own < found) return FAIL;
  const unknown = [];
  for (const k in o) if (!known.has(k)) unknown.push(k);
  const extra = {};
  for (const k of unknown.sort()) {
    if (!plainKey(k) || !wellFormed(k) || (extra[k] = raw(o[k], d + 1)) === FAIL) return FAIL;
  }
  return extra;
}

/** `wire::FlexInt` and `wire::Code`: a whole number within ±2^53 (a boolean is the core's to read). */
export function int(v) {
  // The core takes a whole float only below 9e15 (`exact` keeps below 10^15); -0 it reads as 0.
  return v === null ? null : typeof v === "number" && Number.isInteger(v) && exact(v) && !Object.is(v, -0) ? v : FAIL;
}

/** `wire::FlexNum`: a finite number. */
export function num(v) {
  return v === null ? null : typeof v === "number" && exact(v) ? v : FAIL;
}

/** `wire::FlexBool`: `true` or `false`. */
export function bool(v) {
  return v === null || typeof v === "boolean" ? v : FAIL;
}

/**
 * `wire::ZeroBasedMonth`, then `MonthlyAccount::settle_month`: 0..=11 is 0-based, 12 December;
 * an echo of the requested month `asked` (1..=12) read either way is that month.
 */
export function month0(v, asked) {
  if (v === null) return null;
  if (!Number.isSafeInteger(v) || v < 0 || v > 12 || Object.is(v, -0)) return FAIL;
  const m = v === 12 ? 12 : v + 1;
  return asked != null && (m === asked || (asked <= 11 && m === asked + 1)) ? asked : m;
}

/** `wire::Text`: a string. */
export function text(v) {
  return v === null ? null : typeof v === "string" && wellFormed(v) ? v : FAIL;
}

function days(y, m) {
  return m === 2 ? (y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28) : m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/** The number of the two digits at `i` (the pattern has checked they are digits). */
function two(s, i) {
  return (s.charCodeAt(i) - 48) * 10 + s.charCodeAt(i + 1) - 48;
}

/** `s` starts with `YYYY-MM-DD` in digits: whether it is a real day of years 1..=9999. */
function validDate(s) {
  const y = two(s, 0) * 100 + two(s, 2), m = two(s, 5), d = two(s, 8);
  return y >= 1 && m >= 1 && m <= 12 && d >= 1 && d <= days(y, m);
}

/** Whether `s` has the shape `pattern`: `d` a digit, any other character itself (no regex: cheaper). */
function shaped(s, pattern) {
  if (s.length !== pattern.length) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i), p = pattern.charCodeAt(i);
    if (p === 100 ? c < 48 || c > 57 : c !== p) return false;
  }
  return true;
}

/** `s` has `hh:mm` (and `:ss` when long enough) at `i`, in digits: whether it is a time of day. */
function clock(s, i) {
  return two(s, i) <= 23 && two(s, i + 3) <= 59 && (s.length < i + 8 || two(s, i + 6) <= 59);
}

/** `wire::EmptyOr<Date>`: `YYYY-MM-DD` (a real day), or `""` for none. */
export function date(v) {
  return v === null || v === "" ? null : typeof v === "string" && shaped(v, "dddd-dd-dd") && validDate(v) ? v : FAIL;
}

/** `wire::EmptyOr<DateTime>`: `YYYY-MM-DD hh:mm:ss`, or `""` for none. */
export function dateTime(v) {
  if (v === null || v === "") return null;
  return typeof v === "string" && shaped(v, "dddd-dd-dd dd:dd:dd") && validDate(v) && clock(v, 11) ? v : FAIL;
}

/** `wire::EmptyOr<TimeOfDay>`: `hh:mm` or `hh:mm:ss`, or `""` for none. */
export function timeOfDay(v) {
  if (v === null || v === "") return null;
  return typeof v === "string" && (shaped(v, "dd:dd") || shaped(v, "dd:dd:dd")) && clock(v, 0) ? v : FAIL;
}

/** Any value (`serde_json::Value`); `null` is none. */
export function any(v, d) {
  return v === null ? null : raw(v, d + 1);
}

/** `wire::RawList`: an array (`{}` and `null`: empty). */
export function rawList(v, d) {
  if (v === null || emptyObject(v)) return [];
  return Array.isArray(v) ? raw(v, d + 1) : FAIL;
}

/** `wire::TextList`: an array of strings (`{}` and `null`: empty). */
export function textList(v) {
  if (v === null || emptyObject(v)) return [];
  if (!Array.isArray(v)) return FAIL;
  for (const s of v) if (typeof s !== "string" || !wellFormed(s)) return FAIL;
  return v;
}

/** `wire::RawMap`: an object (`[]` and `null`: empty). */
export function rawMap(v, d) {
  if (v === null || (Array.isArray(v) && v.length === 0)) return {};
  return plainObject(v) ? raw(v, d + 1) : FAIL;
}

/** `wire::Nested`: a model (`[]` and `null`: none). */
export function model(v, read, d) {
  if (v === null || (Array.isArray(v) && v.length === 0)) return null;
  return read(v, d + 1);
}

/** `wire::ModelList`: an array of models (`{}` and `null`: empty). */
export function models(v, read, d) {
  if (v === null || emptyObject(v)) return [];
  return Array.isArray(v) ? each(v, read, d + 2, undefined) : FAIL;
}

/** Every element of the array `v` through `read` (`d` deep, `month` requested), or FAIL. */
function each(v, read, d, month) {
  const out = new Array(v.length);
  for (let i = 0; i < v.length; i++) if ((out[i] = read(v[i], d, month)) === FAIL) return FAIL;
  return out;
}

/** A top-level model; an object whose `code` is anything but 0 is the core's to judge. */
export function one(read) {
  return (v, month) => {
    if (!plainObject(v) || ("code" in v && v.code !== 0)) return FAIL;
    const r = read(v, 1, month);
    // An object with none of the answer's fields (every one of its names in `extra`) is the
    // core's `Decode` error (`parse::answer`), not an empty success.
    let own = 0, unknown = 0;
    for (const _ in v) own++;
    for (const _ in r === FAIL ? null : r.extra) unknown++;
    return own > unknown ? r : FAIL;
  };
}

/** A top-level array of models. */
export function list(read) {
  return (v, month) => (Array.isArray(v) ? each(v, read, 2, month) : FAIL);
}
