"""npm: the Client's methods and the .d.ts blocks (operations, models, operation names)."""

import re

from .common import *  # noqa: F401,F403 - the shared helpers

TS_TYPES = {
    "text": "string",
    "integer": "number",
    "number": "number",
    "bool": "boolean",
    "date": "DateInput",
    "month": "Month",
    "clockAction": '"come" | "go" | "stop"',
    "textList": "string[]",
    "jsonMap": "{ [key: string]: Json }",
    "timeOfDay": "TimeInput",
}


def ts_output(op):
    kind, model = output_parts(op["output"])
    return {"unit": "null", "rawlist": "Json[]", "list": f"{model}[]", "map": f"Record<string, {model}>", "one": model}[kind]


def js_value(p):
    # (A `Date` is read by `call` itself: core.js's `clean`, for the methods and `call` alike.)
    return camel(p["name"])


def js_methods(decl):
    out = [
        f"// {HEADER}",
        "// The npm Client's operations: required parameters positional, optional ones in one options",
        "// object, then the call options ({ signal }).",
        "",
        "/** A method's options object as checked by core.js (`named`: the object, or the error refusing it). */",
        "let asNamed = (operation, options) => options ?? {};",
        "",
        "/** @internal Called once by core.js with its check of an options object. */",
        "export function _useHelpers(named) {",
        "  asNamed = named;",
        "}",
        "",
        "/** The stable names of the operations, in the core's order. */",
        "export const OPERATION_NAMES = Object.freeze([",
    ]
    out += [f'  "{op["name"]}",' for op in decl["operations"]]
    clock = sorted({camel(p["name"]) for op in decl["operations"] for p in op["params"] if p["type"] == "timeOfDay"})
    out += ["]);", "", "/** The parameters that take a clock time (a `Date` given for one is its own local time of day). */",
            f"export const CLOCK_TIMES = Object.freeze([{', '.join(chr(34) + n + chr(34) for n in clock)}]);", "", "/** @internal The methods installed on `Client.prototype` (each calls `this.call`). */", "export const operationMethods = {"]
    for op in decl["operations"] + shorthand_ops(decl):
        ps = ordered(op)
        req = [camel(p["name"]) for p in ps if p["required"]]
        opt = [camel(p["name"]) for p in ps if not p["required"]]
        args = req + (["options = {}"] if opt else []) + ["callOptions"]
        pairs = call_values(op, js_value, lambda p, v: None if v is None else f'"{v}"')
        values = ", ".join(k if v == k else f"{k}: {v}" for k, v in pairs)
        name = op.get("operation", op["name"])
        out.append(f"  {camel(op['name'])}({', '.join(args)}) {{")
        call = f'this.call("{name}", {{ {values} }}, callOptions)' if values else f'this.call("{name}", {{}}, callOptions)'
        if opt:
            # A refused options object is a rejected promise, as every other refusal of a call.
            names = ", ".join(f'"{n}"' for n in opt)
            out.append(f'    const o = asNamed("{camel(op["name"])}", options, [{names}]);')
            out.append(f'    if (o instanceof Error) return Promise.reject(o);')
            out.append(f'    const {{ {", ".join(opt)} }} = o;')
        out.append(f"    return {call};")
        out.append("  },")
    out.append("};")
    # The numeric settings in the order the core's `NumericSettings::from_numbers` reads them: the
    # declaration's durations and counts, in its order.
    out += ["", "/** @internal The numeric settings (dotted key, `duration` or `count`), in the order the .wasm reads them. */",
            "export const NUMERIC_SETTINGS = Object.freeze(["]
    out += [f'  ["{s["key"]}", "{s["type"]}"],' for s in decl["settings"] if s["type"] in ("duration", "count")]
    out.append("]);")
    out += ["", "/** @internal The client's settings by the core's declaration (their top-level names; a group's members are in NUMERIC_SETTINGS). */",
            "export const SETTING_NAMES = Object.freeze([" + ", ".join(f'"{s["key"]}"' for s in decl["settings"] if "." not in s["key"]) + "]);"]
    return "\n".join(out) + "\n"


def ts_block(decl):
    out = [f"  // <generated:operations> {HEADER}"]
    for op in decl["operations"] + shorthand_ops(decl):
        ps = ordered(op)
        lines = wrap(op_doc(op, "undefined"), 100, "   * ")
        out.append("  /**")
        out += [l if l.strip() != "*" else "   *" for l in lines]
        req = [p for p in ps if p["required"]]
        opt = [p for p in ps if not p["required"]]
        for p in req:
            out += wrap(f"@param {camel(p['name'])} {doc_for(p['doc'], 'undefined')}", 100, "   * ")
        if opt:
            out += wrap("@param options " + "; ".join(f"`{camel(p['name'])}`: {doc_for(p['doc'], 'undefined').rstrip('.')}" for p in opt) + ".", 100, "   * ")
        out.append("   * @param callOptions `{ signal }` of this call (an `AbortSignal` cancels it).")
        out.append("   */")
        args = [f"{camel(p['name'])}: {TS_TYPES[p['type']]}" for p in req]
        if opt:
            # `| undefined`: also under `exactOptionalPropertyTypes` ({ year: maybeYear } compiles).
            fields = "; ".join(f"{camel(p['name'])}?: {TS_TYPES[p['type']]} | undefined" for p in opt)
            args.append(f"options?: {{ {fields} }}")
        args.append("callOptions?: CallOptions")
        out.append(f"  {camel(op['name'])}({', '.join(args)}): Promise<{ts_output(op)}>;")
    out.append("  // </generated:operations>")
    return "\n".join(out)


def ts_field_type(f, models):
    shape, d = field_shape(f, models)
    if shape == "scalar":
        base = {"String": "string", "i64": "number", "f64": "number", "EpochMillis": "number", "bool": "boolean",
                "Date": "DateString", "DateTime": "string", "TimeOfDay": "string", "Month": "Month"}[d]
        return f"{base} | null"
    return {"json": "Json", "model": f"{d} | null", "models": f"{d}[]", "json_list": "Json[]",
            "text_list": "string[]", "json_map": "{ [key: string]: Json }", "text": "string"}[shape]


def ts_models(decl):
    models = {m["name"] for m in decl["models"]}
    out = [f"// <generated:models> {HEADER}"]
    for md in decl["models"]:
        out.append("")
        doc = wrap(doc_for(md["doc"], "null"), 100, " * ")
        out.append("/**")
        out += [l if l.strip() != "*" else " *" for l in doc]
        out.append(" */")
        out.append(f"export interface {md['name']} {{")
        for f in md["fields"]:
            out.append(f"  /** {doc_for(f['doc'], 'null')} */")
            out.append(f"  {f['key']}: {ts_field_type(f, models)};")
        if md["extra"]:
            out.append("  /** Fields the API sent that this version does not know, unchanged. */")
            out.append("  extra: Extra;")
        out.append("}")
    out.append("// </generated:models>")
    return "\n".join(out)


def ts_events_block(decl):
    """`ZeitkontoEvent`, from the core's declaration of the driver's events (`driverEvents`): one
    flat object per event, its kind in `event`, the fields of the other kinds `null`."""
    events = decl["driverEvents"]
    out = [f"// <generated:events> {HEADER}",
           "/** A driver event (`onEvent`). Durations are milliseconds, as `setTimeout` takes them; fields of the other kinds are `null`. */",
           "export interface ZeitkontoEvent {",
           "  /** " + "; ".join(f'"{e["kind"]}": {e["doc"].rstrip(".")}' for e in events) + ". */",
           "  event: " + " | ".join(f'"{e["kind"]}"' for e in events) + ";"]
    seen = []
    for e in events:
        for f in e["fields"]:
            if f["name"] not in seen:
                seen.append(f["name"])
    for name in seen:
        kinds = [e for e in events if any(f["name"] == name for f in e["fields"])]
        f = next(f for f in kinds[0]["fields"] if f["name"] == name)
        doc = f["doc"].rstrip(".") + (", in milliseconds" if f["type"] == "duration" else "") + "."
        if len(kinds) < len(events):
            doc = " ".join(f"`{e['kind']}`" for e in kinds) + ": " + doc
        if name == "operation":
            out += [f"  /** {doc} */", "  operation: OperationName;"]
        else:
            ts = {"text": "string", "count": "number", "duration": "number"}[f["type"]]
            out += [f"  /** {doc} */", f"  {name}: {ts} | null;"]
    out += ["}", "// </generated:events>"]
    return "\n".join(out)


def dts(decl, current):
    current = replace_block(current, "events", ts_events_block(decl))
    current = replace_block(current, "operations", ts_block(decl), "  ")
    names = " | ".join(f'"{op["name"]}"' for op in decl["operations"])
    # Each operation's canonical params (`call`, `buildRequest`): canonical keys, a day as its text.
    canonical = dict(TS_TYPES, date="DateString")
    params = ["/** Each operation's params in their canonical form (`call`, `buildRequest`): camelCase keys, calendar months, days as \"YYYY-MM-DD\". */",
              "export interface OperationParams {"]
    for op in decl["operations"]:
        fields = "; ".join(f"{p['key']}: {canonical[p['type']]}" if p["required"] else f"{p['key']}?: {canonical[p['type']]} | null | undefined"
                           for p in op["params"])
        params.append(f"  {op['name']}: {{ {fields} }};" if fields else f"  {op['name']}: Record<string, never>;")
    params.append("}")
    current = replace_block(current, "names", "\n".join([
        "// <generated:names>", "/** The stable names of the operations. */", f"export type OperationName = {names};",
        *params, "// </generated:names>"]))
    current = replace_block(current, "errors", ts_errors_block(decl))
    current = replace_block(current, "settings", ts_settings_block(decl))
    return replace_block(current, "models", ts_models(decl))


# The npm fast reader (src/decode.js): one function per model, derived from each field's API name
# and wire type. It only accepts the plain form of each wire type (see src/wire.js) and gives up
# on anything else, so the core's reader decides every odd case.
WIRE_READERS = {
    "wire::FlexInt": "int",
    "wire::Code": "int",  # `int` takes no boolean: the core reads one (a degraded code)
    "wire::FlexNum": "num",
    "wire::FlexBool": "bool",
    "wire::EmptyOr<Date>": "date",
    "wire::EmptyOr<DateTime>": "dateTime",
    "wire::EmptyOr<TimeOfDay>": "timeOfDay",
}
DEFAULT_READERS = {
    "String": "text",
    "Value": "any",
    "Vec<Value>": "rawList",
    "Vec<String>": "textList",
    "std::collections::BTreeMap<String,Value>": "rawMap",
    "BTreeMap<String,Value>": "rawMap",
}


LIST_READERS = ("rawList", "textList", "rawMap", "models")

def fast_field(f, models):
    """The reader call of one field (`v` the value, `d` the depth, `a` the requested month)."""
    call = fast_field_call(f, models)
    is_list = call.split("(")[0] in LIST_READERS
    # A list reader turns null into an empty list, as the core's default for a `list` field; an
    # optional field (null when absent) would need another reader.
    if is_list == f["optional"]:
        raise SystemExit(f"codegen: no fast reader for the {'optional' if f['optional'] else 'list'} field {f['key']} ({f['rustType']})")
    return call


def fast_field_call(f, models):
    wire, ty = f["wire"], f["rustType"]
    if wire == "wire::ZeroBasedMonth":
        return "month0(v, a)"
    if wire:
        if wire not in WIRE_READERS:
            raise SystemExit(f"codegen: no fast reader for the wire type {wire} (add one to src/wire.js)")
        return f"{WIRE_READERS[wire]}(v)"
    if ty in DEFAULT_READERS:
        r = DEFAULT_READERS[ty]
        return f"{r}(v, d)" if r in ("any", "rawList", "rawMap") else f"{r}(v)"
    m = re.fullmatch(r"Vec<(\w+)>", ty)
    if m and m.group(1) in models:
        return f"models(v, read{m.group(1)}, d)"
    if ty in models:
        return f"model(v, read{ty}, d)"
    raise SystemExit(f"codegen: no fast reader for the field type {ty}")


def fast_ops(decl):
    """(operation, reader expression) for each read whose output is a model (or a list of them)
    that keeps unknown fields: the answers the core reads with its plain JSON reader."""
    models = {m["name"]: m for m in decl["models"]}
    out = []
    for op in decl["operations"]:
        kind, model = output_parts(op["output"])
        if not op["idempotent"] or kind not in ("one", "list") or not models.get(model, {}).get("extra"):
            continue
        # A model with a 0-based month settles it against the requested one in the core's parse
        # (`settle_month`); the fast reader does the same with the call's `month` (`month0`). The
        # vectors of those reads hold both forms, so a parse that did not settle would fail them.
        out.append((op["name"], f"{'one' if kind == 'one' else 'list'}(read{model})"))
    return out


def js_decoders(decl):
    models = {m["name"]: m for m in decl["models"] if m["extra"]}
    out = [
        f"// {HEADER}",
        "// The fast reader of the npm package: the engine's JSON.parse, then one function per model",
        "// that accepts only each field's plain form and returns FAIL on anything else. A FAIL hands",
        "// the body to the core's reader (the .wasm), which decides every odd case; the result of a",
        "// plain body is the same either way (test/fastpath.test.mjs compares them).",
        'import { FAIL, plainObject, extraOf, int, num, bool, month0, text, date, dateTime, timeOfDay, any, rawList, textList, rawMap, model, models, one, list } from "./wire.js";',
        "",
    ]
    for name, m in models.items():
        known = ", ".join(f'"{f["api"]}"' for f in m["fields"])
        out.append(f"const KNOWN_{name} = new Set([{known}]);")
        out.append("")
        out.append(f"function read{name}(o, d, a) {{")
        out.append("  if (!plainObject(o)) return FAIL;")
        init = ", ".join(f'{f["key"]}: {"null" if f["optional"] else ("{}" if "Map" in f["rustType"] else "[]")}' for f in m["fields"])
        out.append(f"  const r = {{ {init}, extra: null }};")
        out.append("  let n = 0, v;")
        # Property reads by name: the objects JSON.parse makes for one answer share a shape, so
        # these stay monomorphic; `extraOf` counts the keys to find the unknown ones.
        for f in m["fields"]:
            out.append(f'  if ((v = o["{f["api"]}"]) !== undefined) {{ n++; if ((r.{f["key"]} = {fast_field(f, models)}) === FAIL) return FAIL; }}')
        out.append(f"  r.extra = extraOf(o, n, KNOWN_{name}, d);")
        out.append("  return r.extra === FAIL ? FAIL : r;")
        out.append("}")
        out.append("")
    ops = fast_ops(decl)
    names = sorted({f["api"] for m in models.values() for f in m["fields"]})
    out.append("/** Every API name the readers look up (`fastRead` makes sure no prototype has one). */")
    out.append("export const API_NAMES = Object.freeze([" + ", ".join(f'"{n}"' for n in names) + "]);")
    out.append("")
    out.append("/** The reads with a fast reader: `(parsed JSON, requested month) → output | FAIL`. */")
    out.append("export const FAST_READERS = Object.freeze({")
    out += [f"  {name}: {expr}," for name, expr in ops]
    out.append("});")
    return "\n".join(out) + "\n"


# Errors (declaration `errors`, `apiCodes`, `tlsFailures`): src/errors.js and the .d.ts block.
# A class per kind, named `<Kind>Error`, and one subclass of ApiError per code of the API's table.
TS_ERROR_TYPES = {"text": "string", "integer": "number", "bool": "boolean", "duration": "number | null"}
# What only the npm package adds to a kind (fetch's own error, in Node).
TS_ERROR_EXTRA = {
    "Transport": [("cause?", "TransportCause", "In Node, the HTTP stack's error: its `name`, `code` (`ECONNREFUSED`, `ECONNRESET`, ...), `errno`, `syscall`, with the redacted detail as its message.")],
    "Tls": [("cause?", "TransportCause", "Node's error: its `name`, `code` (`UNABLE_TO_VERIFY_LEAF_SIGNATURE`, `ERR_TLS_CERT_ALTNAME_INVALID`, `CERT_HAS_EXPIRED`, ...), with the redacted detail as its message.")],
}


def ts_error_kinds(decl):
    return [k for k in decl["errors"] if k["kind"] not in ("Internal", "Aborted", "ClientClosed")]


def ts_code_class(code):
    return code["name"][:1].upper() + code["name"][1:] + "Error"


def ts_error_field_type(f, decl):
    if f["type"] == "tlsFailure":
        return " | ".join(f'"{t["name"]}"' for t in decl["tlsFailures"])
    if f["type"] == "apiCode":
        return " | ".join(f'"{c["name"]}"' for c in decl["apiCodes"]) + ' | "unknown"'
    return TS_ERROR_TYPES[f["type"]]


def ts_doc(text, indent):
    text = doc_for(text, "null")
    lines = wrap(text, 100, indent + " * ")
    if len(lines) == 1 and len(indent + "/** " + text + " */") <= 100:
        return [f"{indent}/** {text} */"]
    return [f"{indent}/**"] + lines + [f"{indent} */"]


#: The value of a shared error field (`errorShared`) on the kinds that do not carry it.
JS_SHARED_DEFAULTS = {"bool": "false", "apiCode": "null"}


def js_errors(decl):
    kinds = ts_error_kinds(decl)
    out = [
        f"// {HEADER}",
        "// The npm package's error classes: one per kind of the core's declaration of errors, one",
        "// subclass of ApiError per code of the API's table. src/core.js makes them from the core's",
        "// error form (`toError`).",
        "",
        "/**",
        " * Base class of every Zeitkonto error. `kind` is the language-neutral name; no message contains a key.",
        " * `fields` are the error's own (`new RateLimitedError(\"slow\", { retryAfter: 1000 })` in a test);",
        " * a class's kind (and an API code class's code) are set unless given.",
        " */",
        "export class ZeitkontoError extends Error {",
        "  constructor(message, fields = {}) {",
        "    const { cause, ...rest } = fields ?? {};",
        "    super(message, cause === undefined ? undefined : { cause });",
        "    // The nearest class of the package's own (an app's subclass of TimeoutError is a Timeout).",
        "    let own = new.target;",
        "    while (own && !DEFAULTS.has(own)) own = Object.getPrototypeOf(own);",
        "    Object.assign(this, DEFAULTS.get(own) ?? { kind: \"Internal\" }, rest);",
        "  }",
        "",
        "  /** The error as JSON (what structured loggers write): its name, message and fields; never a key. */",
        "  toJSON() {",
        "    return { name: this.name, message: this.message, ...this };",
        "  }",
        "}",
    ]
    # The shared fields (`errorShared`) on the prototype: the kinds that carry one set their own.
    out.append("// Every error answers these; the kinds that carry one set their own value.")
    for f in decl["errorShared"]:
        out.append(f"ZeitkontoError.prototype.{f['key']} = {JS_SHARED_DEFAULTS[f['type']]};")
    for k in kinds:
        parent = (k["parent"] + "Error") if k["parent"] else "ZeitkontoError"
        out += ts_doc(k["doc"], "")
        out.append(f"export class {k['kind']}Error extends {parent} {{}}")
        if k["kind"] == "Api":
            for c in decl["apiCodes"]:
                out.append(f"/** Code {c['number']}: {c['meaning']}. */")
                out.append(f"export class {ts_code_class(c)} extends ApiError {{}}")
    classes = ["ZeitkontoError"] + [f"{k['kind']}Error" for k in kinds] + [ts_code_class(c) for c in decl["apiCodes"]]
    out += [
        "",
        "// `name` as a literal on each prototype: minifiers rename classes, and `new.target.name` with them.",
        "for (const [cls, name] of [",
    ]
    out += [f'  [{c}, "{c}"],' for c in classes]
    out += [
        "]) {",
        '  Object.defineProperty(cls.prototype, "name", { value: name, writable: true, configurable: true, enumerable: false });',
        "}",
        "",
        "/** What an error made with `new` holds unless given: its class's kind (and code). */",
        "const DEFAULTS = new Map([",
    ]
    unknown_code = ', apiCode: "unknown"'
    out += [f'  [{k["kind"]}Error, {{ kind: "{k["kind"]}"{unknown_code if k["kind"] == "Api" else ""} }}],' for k in kinds]
    out += [f'  [{ts_code_class(c)}, {{ kind: "Api", code: {c["number"]}, apiCode: "{c["name"]}" }}],' for c in decl["apiCodes"]]
    out += [
        "]);",
        "",
        "/** The class of each error kind of the core's error form. */",
        "export const KINDS = {",
    ]
    out += [f"  {k['kind']}: {k['kind']}Error," for k in kinds]
    out += ["};", "", "/** The class and name of each code of the API's table (`apiCode`). */", "export const API_CODES = {"]
    out += [f'  {c["number"]}: [{ts_code_class(c)}, "{c["name"]}"],' for c in decl["apiCodes"]]
    out.append("};")
    return "\n".join(out) + "\n"


def ts_errors_block(decl):
    kinds = ts_error_kinds(decl)
    all_kinds = " | ".join(f'"{k["kind"]}"' for k in kinds)
    out = [
        f"// <generated:errors> {HEADER}",
        "/**",
        " * Base class of every Zeitkonto error. `name` is the class name (a literal, so it survives",
        " * minification); no message contains a key.",
        " */",
        "export class ZeitkontoError extends Error {",
        f'  /** The kind: {all_kinds.replace(" | ", ", ")}; "Internal" for the package\'s own errors (a .wasm that could not load: a bug or a broken install). */',
        "  kind: string;",
        "  /**",
        "   * An error as the client makes it (for a test double: `new RateLimitedError(\"slow\", { status: 429,",
        "   * retryAfter: 1000 })`): `fields` are its own, `cause` the standard `Error` option; its class's",
        "   * `kind` (and an API code class's `code` and `apiCode`) unless given.",
        "   */",
        "  constructor(message?: string, fields?: { cause?: unknown; [field: string]: unknown });",
    ]
    for f in decl["errorShared"]:
        out += ts_doc(f["doc"], "  ")
        nullable = " | null" if JS_SHARED_DEFAULTS[f["type"]] == "null" else ""
        out.append(f"  {f['key']}: {ts_error_field_type(f, decl)}{nullable};")
    out += [
        "  /** The error as JSON (what structured loggers write): its name, message and fields; never a key. */",
        "  toJSON(): { name: string; message: string; kind: string; [field: string]: unknown };",
        "}",
        "/**",
        " * The `cause` of a `TransportError` or `TlsError`: the HTTP stack's error as a new `Error` with",
        " * its name, its code fields (Node's `code`, `errno`, `syscall`, ...) and the redacted detail as",
        " * its message; never the original, whose message may show the URL with the key.",
        " */",
        "export interface TransportCause extends Error {",
        "  /** Node's error code: `ECONNREFUSED`, `ECONNRESET`, `UNABLE_TO_VERIFY_LEAF_SIGNATURE`, ... */",
        "  code?: string;",
        "  /** The system error number (negative in Node). */",
        "  errno?: number;",
        "  /** The system call that failed (`connect`, `read`, ...). */",
        "  syscall?: string;",
        "  /** The host name that was looked up, when the lookup failed. */",
        "  hostname?: string;",
        "  /** The address connected to. */",
        "  address?: string;",
        "  /** The port connected to. */",
        "  port?: number;",
        "}",
    ]
    parents = {k["kind"]: k for k in decl["errors"]}
    for k in kinds:
        parent = (k["parent"] + "Error") if k["parent"] else "ZeitkontoError"
        out += ts_doc(k["doc"] + (" A `duration` is milliseconds." if any(f["type"] == "duration" for f in k["fields"]) else ""), "")
        inherited = {f["key"] for f in parents[k["parent"]]["fields"]} if k["parent"] else set()
        fields = [f for f in k["fields"] if f["key"] not in inherited or f["type"] == "bool"]
        extra = TS_ERROR_EXTRA.get(k["kind"], [])
        if not fields and not extra:
            out.append(f"export class {k['kind']}Error extends {parent} {{}}")
        else:
            out.append(f"export class {k['kind']}Error extends {parent} {{")
            for f in fields:
                doc = f["doc"] + (" In milliseconds." if f["type"] == "duration" else "")
                out += ts_doc(doc, "  ")
                out.append(f"  {f['key']}: {ts_error_field_type(f, decl)};")
            for name, ty, doc in extra:
                out += ts_doc(doc, "  ")
                out.append(f"  {name}: {ty};")
            out.append("}")
        if k["kind"] == "Api":
            for c in decl["apiCodes"]:
                out.append(f"/** Code {c['number']}: {c['meaning']}. */")
                out.append(f"export class {ts_code_class(c)} extends ApiError {{}}")
    out.append("// </generated:errors>")
    return "\n".join(out)


def ts_settings_block(decl):
    settings = decl["settings"]
    out = [f"// <generated:settings> {HEADER}"]
    for g in (s for s in settings if s["type"] == "group"):
        out += ts_doc(g["doc"] + " Durations in milliseconds, as `setTimeout` and `AbortSignal.timeout` take them.", "")
        out.append(f"export interface {g['groupType']} {{")
        for m in (s for s in settings if s["key"].startswith(g["key"] + ".")):
            name = m["key"].split(".", 1)[1]
            if m["default"] is not None:
                default = f" Default {m['default']}" + (" ms." if m["type"] == "duration" else ".")
            else:
                default = ""
            out += ts_doc(m["doc"] + default, "  ")
            out.append(f"  {name}?: number | undefined;")
        out.append("}")
        out.append("")
    out[-1] = "// </generated:settings>"
    return "\n".join(out)


def public_names(decl):
    """Every entry's names: the client, the sans-IO functions, every error class, and the internal
    helpers zeitkonto/jobs and zeitkonto/testing import from the package (`_invalid`, `_day`,
    `_toError`, `_settingsOf`, `_ownerOf`, `_resetRateLimits`), as (module under src/, names)."""
    errors = ["ZeitkontoError"]
    for k in ts_error_kinds(decl):
        errors.append(k["kind"] + "Error")
        if k["kind"] == "Api":
            errors += [ts_code_class(c) for c in decl["apiCodes"]]
    return [("core.js", ["Client", "init", "buildRequest", "parseResponse", "operations", "_invalid", "_day", "_toError",
                         "_settingsOf", "_ownerOf", "_resetRateLimits"]),
            ("errors.js", errors)]


def js_public(decl):
    """src/public.js, whole: what every ESM entry re-exports, and nothing else (not the loader's
    `_setup`, not the error tables `KINDS` and `API_CODES`)."""
    lines = ["// The package's public names, which every entry exports (index.d.ts declares them; `_invalid`,",
             "// `_day`, `_toError`, `_settingsOf`, `_ownerOf` and `_resetRateLimits` are for zeitkonto/jobs and zeitkonto/testing). " + HEADER]
    for module, names in public_names(decl):
        lines.append(wrapped("export {", names, f'}} from "./{module}";'))
    return "\n".join(lines) + "\n"


def wrapped(head, names, tail):
    """`head name, name, … tail`, wrapped at 100 columns with two-space indents."""
    lines, line = [head], " "
    for n in names:
        item = f" {n},"
        if len(line) + len(item) > 100:
            lines.append(line)
            line = " "
        line += item
    return "\n".join(lines + [line, tail])


def node_exports(decl):
    """node.mjs, whole: the ESM entry of Node re-exports the CommonJS build's names (`public_names`)."""
    names = [n for _, group in public_names(decl) for n in group]
    return "\n".join([f"// zeitkonto for Node, ESM: the CommonJS build re-exported (one module instance for `import` and",
                      "// `require`, so `instanceof` works across both). " + HEADER,
                      'import zk from "./dist/node.cjs";', "", wrapped("export const {", names, "} = zk;")]) + "\n"
