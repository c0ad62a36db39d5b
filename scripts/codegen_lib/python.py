"""Python: the client methods, the result models, the errors, the settings, the exports and the jobs' events
(the typed crossing: `python_typed.py`)."""

import re

from .common import *  # noqa: F401,F403 - the shared helpers

PY_TYPES = {
    "text": "str",
    "integer": "int",
    "number": "float",
    "bool": "bool",
    "date": "Union[date, str]",
    "month": "int",
    "clockAction": 'Literal["come", "go", "stop"]',
    "textList": "Sequence[str]",
    "jsonMap": "Mapping[str, Any]",
    "timeOfDay": "Union[time, str, int]",
}


def py_param(p):
    t = PY_TYPES[p["type"]]
    if p["required"]:
        return f"{p['name']}: {t}"
    if p["nullable"]:
        return f"{p['name']}: Optional[{t}] = None"
    default = {"false": "False", "[]": "()"}[p["default"]]
    return f"{p['name']}: {t} = {default}"


def py_value(p):
    n = p["name"]
    # The Rust side reads dates, times, lists and dicts itself (`convert::from_py`); a mapping that
    # is not a dict becomes one, a list of texts any iterable (one `str` one text).
    return {"jsonMap": f"_c.obj({n})", "textList": f"_c.texts({n})"}.get(p["type"], n)


def py_output(op):
    kind, model = output_parts(op["output"])
    return {
        "unit": ("None", "_c.none"),
        "rawlist": ("List[Any]", "_c.raw"),
        "list": (f"List[m.{model}]", f"_c.list_of(m.{model})"),
        "map": (f"Dict[str, m.{model}]", f"_c.dict_of(m.{model})"),
        "one": (f"m.{model}", f"m.{model}"),
    }[kind]


def py_method(op, is_async):
    ps = ordered(op)
    req = [py_param(p) for p in ps if p["required"]]
    opt = [py_param(p) for p in ps if not p["required"]]
    args = ["self"] + req + (["*"] + opt if opt else [])
    ret, conv = py_output(op)
    head = f"    {'async ' if is_async else ''}def {op['name']}("
    sig = head + ", ".join(args) + f") -> {ret}:"
    lines = []
    if len(sig) <= 110:
        lines.append(sig)
    else:
        lines.append(head)
        lines += [f"        {a}," for a in args]
        lines.append(f"    ) -> {ret}:")
    body = wrap(op_doc(op, "None"), 108, "        ")
    lines.append('        """' + body[0].lstrip())
    lines += body[1:]
    if ps:
        lines.append("")
        lines.append("        Args:")
        for p in ps:
            lines += wrap(f"{p['name']}: {doc_for(p['doc'], 'None')}", 108, "            ")
    lines.append('        """')
    values = call_values(op, py_value, lambda p, v: None if v is None else f'"{v}"')
    params = ", ".join(f'"{k}": {v}' for k, v in values)
    call = f'_c.Call("{op.get("operation", op["name"])}", {{{params}}}, {conv})'
    run = f"return await self._run({call})" if is_async else f"return self._run({call})"
    if len(run) + 8 <= 110 and not ps:
        lines.append(f"        {run}")
    else:
        if len(call) + 15 <= 110:
            lines.append(f"        call = {call}")
        else:
            lines.append("        call = _c.Call(")
            lines.append(f'            "{op.get("operation", op["name"])}",')
            lines.append("            {")
            lines += [f'                "{k}": {v},' for k, v in values]
            lines.append("            },")
            lines.append(f"            {conv},")
            lines.append("        )")
        # No argument stays in the frame while the call runs: error reporters record the locals
        # of every frame of a traceback (Sentry's default), and an argument may be a key.
        if ps:
            names = ", ".join(p["name"] for p in ps)
            lines.append(f"        del {names}")
        lines.append(f"        return {'await ' if is_async else ''}self._run(call)")
    return lines


def python(decl):
    ops = decl["operations"]
    out = [
        f'"""The operations as methods of ``Client`` (blocking) and ``AsyncClient`` (asyncio).',
        "",
        HEADER,
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "from datetime import date, time",
        "from typing import Any, Dict, List, Literal, Mapping, Optional, Sequence, TypeVar, Union",
        "",
        "from . import _convert as _c",
        "from . import models as m",
        "",
        'T = TypeVar("T")',
        "",
        "#: The stable names of the operations, in the core's order.",
        "OPERATIONS = (",
    ]
    out += [f'    "{op["name"]}",' for op in ops]
    out += [")", "", "#: How each operation's canonical output becomes its typed result (``sansio.parse_response``).", "CONVERTERS: Dict[str, Any] = {"]
    out += [f'    "{op["name"]}": {py_output(op)[1]},' for op in ops]
    out += ["}", "", ""]
    for cls, is_async in (("SyncOperations", False), ("AsyncOperations", True)):
        kind = "blocking" if not is_async else "asyncio"
        out.append(f"class {cls}:")
        out.append(f'    """The operations of the {kind} client; ``_run`` sends a call through the driver."""')
        out.append("")
        out.append("    __slots__ = ()")
        out.append("")
        if is_async:
            out.append("    async def _run(self, call: _c.Call[T]) -> T:  # pragma: no cover - overridden")
        else:
            out.append("    def _run(self, call: _c.Call[T]) -> T:  # pragma: no cover - overridden")
        out.append("        raise NotImplementedError")
        for op in ops + shorthand_ops(decl):
            out.append("")
            out += py_method(op, is_async)
        out += ["", ""]
    while out[-1] == "":
        out.pop()
    return "\n".join(out) + "\n"


# Python result models: one class per declared model, fields converted on first access.

# Properties a model has beyond its fields (the core has the same helpers).
PY_MODEL_EXTRAS = {
    "OverviewEntry": [
        "    @property",
        "    def is_clocked_in(self) -> bool:",
        '        """Whether a booking is running (``status == "green"``)."""',
        '        return self.status == "green"',
    ],
}


def py_field(f, models):
    shape, d = field_shape(f, models)
    k = f["key"]
    if shape == "scalar":
        conv = {"String": "str", "i64": "int", "f64": "float", "bool": "bool", "Date": "_iso_date",
                "DateTime": "_datetime", "TimeOfDay": "_time_of_day", "Month": "int"}.get(d)
        return f'opt("{k}", {conv})' if conv else f'Field("{k}", _epoch_ms)'  # EpochMillis: None-safe
    # From the core's result, a field's getter gives the Python value already; only nested models
    # are wrapped in their classes.
    return {
        "json": f'Field("{k}", _raw)',
        "model": f'opt("{k}", _model({d}), {d})',
        "models": f'many("{k}", _model({d}), {d})',
        "json_list": f'many("{k}", _raw)',
        "text_list": f'many("{k}", str)',
        "json_map": f'Field("{k}", _dict)',
        "text": f'opt("{k}", str)',  # always sent by the core; None only for a hand-made model
    }[shape]


def model_order(decl):
    """Models in an order where each comes after the models its fields name."""
    by_name = {m["name"]: m for m in decl["models"]}
    done, out = set(), []

    def visit(name):
        if name in done:
            return
        done.add(name)
        for f in by_name[name]["fields"]:
            for w in re.findall(r"\w+", f["rustType"]):
                if w in by_name and w != name:
                    visit(w)
        out.append(by_name[name])

    for m in decl["models"]:
        visit(m["name"])
    return out


def python_models(decl):
    models = {m["name"] for m in decl["models"]}
    out = [
        '"""Typed results, one class per model of the core (``core/src/model/``). Each wraps the core\'s',
        "canonical JSON (camelCase English names, calendar months 1-12, ISO dates) and converts a field on",
        "first access (from the core's result, read through its getters, already Python objects): dates",
        "become :class:`datetime.date`, wall-clock times :class:`datetime.datetime`,",
        "clock times of day :class:`datetime.time`, epoch milliseconds an aware UTC",
        ":class:`datetime.datetime`. Unknown fields are kept in ``extra``;",
        "``to_dict()`` returns the canonical JSON. Vaguely specified containers are plain JSON.",
        "",
        HEADER,
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "from ._model_base import IMPORTS",
        "",
        "__all__ = [",
        '    "Model",',
    ]
    out += [f'    "{m["name"]}",' for m in decl["models"]]
    out += ["]"]
    for md in model_order(decl):
        out += ["", ""]
        out.append(f"class {md['name']}(Model):")
        doc = wrap(doc_for(md["doc"], "None"), 104, "    ")
        out.append('    """' + doc[0].lstrip())
        out += doc[1:]
        if md["fields"]:
            out.append("")
            out.append("    Attributes:")
            for f in md["fields"]:
                out += wrap(f"{f['name']}: {doc_for(f['doc'], 'None')}", 104, "        ")
        out.append('    """')
        out.append("")
        out.append("    __slots__ = ()")
        for f in md["fields"]:
            out.append(f"    {f['name']} = {py_field(f, models)}")
        if md["name"] in PY_MODEL_EXTRAS:
            out.append("")
            out += PY_MODEL_EXTRAS[md["name"]]
    text = "\n".join(out) + "\n"
    used = sorted({n for n in ("Field", "_datetime", "_dict", "_epoch_ms", "_iso_date", "_model", "_raw", "_time_of_day", "many", "opt")
                   if re.search(r"[(, ]" + n + r"[(),]", text)} | {"Model"}, key=lambda n: (n.startswith("_"), n.lower()))
    return text.replace("from ._model_base import IMPORTS", "from ._model_base import " + ", ".join(used))


# Errors (declaration `errors`, `apiCodes`): a class per kind, a subclass of ApiError per code.
# Python names a class `<Kind>Error`, except where that would shadow a builtin a caller also
# catches: `TimeoutError` (as openai-python's APITimeoutError). A class also derives from the
# builtin exception a Python caller would catch for the same failure.
PY_ERROR_NAMES = {"Timeout": "APITimeoutError", "Internal": "ZeitkontoError"}
PY_ERROR_BASES = {
    "InvalidInput": ["ValueError"],
    "Transport": ["ConnectionError"],
    "Timeout": ["builtins.TimeoutError"],
    "ClientClosed": ["RuntimeError"],
}
#: The value of a shared error field (`errorShared`) on the kinds that do not carry it.
PY_SHARED_DEFAULTS = {"bool": ("bool", "False"), "apiCode": ("Optional[str]", "None")}
#: The class value of a shared field on a kind that carries it, where the base's is `None`.
PY_SHARED_OWN_DEFAULTS = {"apiCode": '"unknown"'}

PY_ERROR_TYPES = {"text": "str", "integer": "int", "bool": "bool", "duration": "Optional[float]",
                  "tlsFailure": "str", "apiCode": "str"}


def py_error_class(kind):
    return PY_ERROR_NAMES.get(kind, kind + "Error")


def py_code_class(code):
    return code["name"][:1].upper() + code["name"][1:] + "Error"


def py_doc(text, indent):
    """A docstring body (the declaration's Markdown-ish text, `null` read as `None`)."""
    text = re.sub(r"\bnull\b", "None", doc_for(text, "None"))
    return wrap(text.replace("`", "``").replace("````", "``"), 100, indent)


def python_errors(decl):
    kinds = [k for k in decl["errors"] if k["kind"] not in ("Internal", "Aborted")]
    out = [
        f'"""The error classes of Zeitkonto, one per kind of the core\'s declaration of errors, and one',
        "subclass of ``ApiError`` per code of the API's table. " + HEADER + '"""',
        "",
        "from __future__ import annotations",
        "",
        "import builtins",
        "from typing import Any, Dict, Optional, Type",
        "",
        "__all__ = [",
        '    "ZeitkontoError",',
    ]
    names = [py_error_class(k["kind"]) for k in kinds]
    for k in kinds:
        out.append(f'    "{py_error_class(k["kind"])}",')
        if k["kind"] == "Api":
            out += [f'    "{py_code_class(c)}",' for c in decl["apiCodes"]]
    out += [
        "]",
        "",
        "",
        "class ZeitkontoError(Exception):",
        '    """Base class of every Zeitkonto error. ``kind`` is the stable, language-neutral name of the',
        "    error (``\"Api\"``, ...); ``Internal`` on this class itself: a failure inside Zeitkonto that is",
        '    none of the other kinds (a bug: please report it). No message contains a key."""',
        "",
        '    kind: str = "Internal"',
    ]
    for f in decl["errorShared"]:
        out += [l for l in py_doc(f["doc"], "    #: ") if l.strip() != "#:"]
        ty, default = PY_SHARED_DEFAULTS[f["type"]]
        out.append(f"    {snake(f['key'])}: {ty} = {default}")
    out += [
        "",
        "    def __init__(self, message: str, **fields: Any) -> None:",
        "        super().__init__(message)",
        "        self.message = message",
        "        for name, value in fields.items():",
        "            setattr(self, name, value)",
        "",
        "    def __repr__(self) -> str:",
        '        return f"{type(self).__name__}({self.message!r})"',
    ]
    shared = {f["key"] for f in decl["errorShared"]}
    for k in kinds:
        parent = py_error_class(k["parent"]) if k["parent"] else "ZeitkontoError"
        bases = ", ".join([parent] + PY_ERROR_BASES.get(k["kind"], []))
        out += ["", "", f"class {py_error_class(k['kind'])}({bases}):"]
        doc = k["doc"]
        if k["note"]:
            doc += " " + k["note"]
        fields = "; ".join(f"``{snake(f['key'])}``: {f['doc'].rstrip('.')}" + (" (seconds)" if f["type"] == "duration" else "")
                           for f in k["fields"])
        body = py_doc(doc + (" Fields: " + fields + "." if fields else ""), "    ")
        body[0] = '    """' + body[0].strip()
        out += body
        out.append('    """')
        out.append("")
        out.append(f'    kind = "{k["kind"]}"')
        parent_fields = {f["key"] for p in decl["errors"] if p["kind"] == k["parent"] for f in p["fields"]}
        for f in k["fields"]:
            if f["key"] in parent_fields:
                continue
            if f["key"] == "status" and k["kind"] in ("Forbidden", "RateLimited"):
                out.append(f"    status: int = {403 if k['kind'] == 'Forbidden' else 429}")
            else:
                # A field the base class has with a `None` default (`api_code`) gets a class value
                # of its own type here, so that the class attribute matches its annotation.
                own = PY_SHARED_OWN_DEFAULTS.get(f["type"]) if f["key"] in shared else None
                out.append(f"    {snake(f['key'])}: {PY_ERROR_TYPES[f['type']]}" + (f" = {own}" if own else ""))
        if k["kind"] == "Api":
            for c in decl["apiCodes"]:
                out += ["", "", f"class {py_code_class(c)}(ApiError):",
                        f'    """Code {c["number"]}: {c["meaning"]}."""']
    out += [
        "",
        "",
        "#: The class of each error kind of the core's canonical form.",
        "_KINDS: Dict[str, Type[ZeitkontoError]] = {",
    ]
    out += [f'    "{k["kind"]}": {py_error_class(k["kind"])},' for k in kinds]
    out += ["}", "", "#: The class of each code of the API's table (an ``ApiError`` of another code is an ``ApiError``).",
            "_API_CODES: Dict[int, Type[ApiError]] = {"]
    out += [f"    {c['number']}: {py_code_class(c)}," for c in decl["apiCodes"]]
    out += ["}", "", "#: The name of each code (``apiCode``).",
            "_API_CODE_NAMES: Dict[int, str] = {"]
    out += [f'    {c["number"]}: "{c["name"]}",' for c in decl["apiCodes"]]
    out.append("}")
    return "\n".join(out) + "\n"


def python_settings(decl):
    settings = decl["settings"]
    out = [
        f'"""The groups of client settings (``RetrySettings``, ``RateLimitSettings``). {HEADER}',
        "",
        "Names, defaults, ranges and docs are the core's one declaration of settings; a duration is",
        'seconds as a ``float`` (as httpx and requests take them). The core checks every value."""',
        "",
        "from __future__ import annotations",
        "",
        "import math",
        "import numbers",
        "from typing import Dict, NamedTuple, Optional, Union",
        "",
        "from ._errors import InvalidInputError",
        "",
        "__all__ = [" + ", ".join(f'"{g["groupType"]}"' for g in settings if g["type"] == "group") + "]",
        "",
        "",
        "def _millis(seconds: object, field: str) -> float:",
        '    """Seconds as milliseconds for the core, which checks the range; not a number is refused here.',
        "    An infinite duration (or one too large to be finite in milliseconds) crosses as -1 (JSON has",
        '    no infinity), which the core refuses with its reason for both ("must be finite and not',
        '    negative"), naming the setting."""',
        "    if isinstance(seconds, bool) or not isinstance(seconds, numbers.Real) or math.isnan(float(seconds)):",
        '        reason = "must be a number of seconds"',
        '        raise InvalidInputError(f"invalid input `{field}`: {reason}", field=field, reason=reason)',
        "    ms = float(seconds) * 1000.0",
        "    return -1.0 if math.isinf(ms) else ms",
        "",
        "",
        "def _count(value: object, field: str) -> int:",
        "    if isinstance(value, bool) or not isinstance(value, numbers.Integral):",
        '        reason = "must be a whole number"',
        '        raise InvalidInputError(f"invalid input `{field}`: {reason}", field=field, reason=reason)',
        "    return int(value)",
    ]
    for g in (s for s in settings if s["type"] == "group"):
        members = [s for s in settings if s["key"].startswith(g["key"] + ".")]
        out += ["", "", f"class {g['groupType']}(NamedTuple):"]
        doc = py_doc(g["doc"] + " Durations in seconds.", "    ")
        doc[0] = '    """' + doc[0].strip()
        out += doc + ['    """', ""]
        for m in members:
            name = snake(m["key"].split(".", 1)[1])
            out += [f"    #: {l.strip()}" for l in wrap(doc_for(m["doc"], "None"), 96, "")]
            if m["type"] == "count":
                out.append(f"    {name}: int = {m['default']}")
            elif m["optional"]:
                out.append(f"    {name}: Optional[float] = None")
            else:
                out.append(f"    {name}: float = {m['default'] / 1000!r}")
        out += ["", "    def _core(self) -> Dict[str, Union[int, float, None]]:",
                '        """The canonical form the core reads: camelCase keys, durations in milliseconds."""',
                "        return {"]
        for m in members:
            name = snake(m["key"].split(".", 1)[1])
            field = snake(m["key"].split(".")[0]) + "." + name  # Python's names: `rate_limit.limit`
            key = m["key"].split(".", 1)[1]
            if m["type"] == "count":
                out.append(f'            "{key}": _count(self.{name}, "{field}"),')
            elif m["optional"]:
                out.append(f'            "{key}Ms": None if self.{name} is None else _millis(self.{name}, "{field}"),')
            else:
                out.append(f'            "{key}Ms": _millis(self.{name}, "{field}"),')
        out.append("        }")
    return "\n".join(out) + "\n"


def python_exports(decl):
    """``zeitkonto/_exports.py``: the package's names (the clients, the settings groups,
    ``sansio``, every error class and every result model) imported and listed in a literal
    ``__all__`` (type checkers and stubtest read a literal list, not one extended at run time);
    ``__init__.py`` re-exports it."""
    kinds = [k for k in decl["errors"] if k["kind"] not in ("Internal", "Aborted")]
    groups = [g["groupType"] for g in decl["settings"] if g["type"] == "group"]
    names = ["Client", "AsyncClient"] + groups + ["sansio"]
    names.append("ZeitkontoError")
    for k in kinds:
        names.append(py_error_class(k["kind"]))
        if k["kind"] == "Api":
            names += [py_code_class(c) for c in decl["apiCodes"]]
    names += ["Model"] + [m["name"] for m in decl["models"]]
    lines = [f'"""The package\'s names. {HEADER}"""', "",
             "from . import sansio",
             f"from ._settings import {', '.join(sorted(groups))}",
             "from .client import AsyncClient, Client",
             "from .errors import *  # noqa: F401,F403 - every error class",
             "from .models import *  # noqa: F401,F403 - every result model",
             "", "__all__ = ["]
    line = "   "
    for n in names:
        item = f' "{n}",'
        if len(line) + len(item) > 100:
            lines.append(line)
            line = "   "
        line += item
    lines.append(line)
    lines.append("]")
    return "\n".join(lines) + "\n"


# The jobs' events (core/src/jobs/events.rs): a field's declared type → (Python annotation, how the
# value of `_core.Job.next`'s tuple becomes it).
PY_EVENT_TYPES = {
    "count": ("int", "{}"),
    "duration": ("float", "{} / 1000"),
    "text": ("str", "{}"),
    "error": ("ZeitkontoError", "from_core({}, python_names=True)"),
    "json": ("Dict[str, Any]", "{}"),
    "legend": ("Dict[str, Any]", "{}"),
}


def python_job_events(decl):
    """`zeitkonto/_job_events.py`: a frozen dataclass per kind of event, the unions, and the
    decoder of `_core.Job.next`'s tuples (`zeitkonto.jobs` re-exports them)."""
    events = decl["jobEvents"]
    models = sorted({f["type"] for e in events for f in e["fields"] if f["type"] not in PY_EVENT_TYPES})
    out = [
        '"""The events of the whole-company jobs (``zeitkonto.jobs``), one frozen dataclass per kind, and',
        "the decoder of the extension's event tuples. Durations are seconds.",
        "",
        HEADER.replace("(core/src/decl/)", "(core/src/jobs/events.rs)"),
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "from dataclasses import dataclass",
        "from typing import Any, Callable, Dict, Tuple, Union",
        "",
        "from .errors import ZeitkontoError, from_core",
        f"from .models import {', '.join(models)}",
        "",
        "__all__ = [",
    ]
    out += [f'    "{name}",' for name in [e["class"] for e in events] + ["MonthCloseEvent", "SweepEvent", "Event"]]
    out += ["]"]
    for e in events:
        doc = py_doc(e["doc"], "    ")
        out += ["", "", "@dataclass(frozen=True)", f"class {e['class']}:", '    """' + doc[0].strip()] + doc[1:]
        out += ['    """', ""]
        for f in e["fields"]:
            ann = PY_EVENT_TYPES.get(f["type"], (f["type"], ""))[0]
            doc = f["doc"] + (" In seconds." if f["type"] == "duration" else "")
            out += [line.replace("    ", "    #: ", 1) for line in py_doc(doc, "    ")]
            out += [f"    {f['name']}: {ann}"]
    def union(jobs):
        return ", ".join(e["class"] for e in events if e["jobs"] in ("all", jobs))
    out += [
        "",
        "",
        "#: What the month close reports.",
        f"MonthCloseEvent = Union[{union('month_close')}]",
        "#: What the presence board, the leave-year report and project hours report.",
        f"SweepEvent = Union[{union('sweeps')}]",
        "#: Any job's event.",
        "Event = Union[MonthCloseEvent, SweepEvent]",
        "",
        "# An event tuple (`_core.Job.next`: the kind, then the fields in declared order) → its dataclass.",
        "_DECODERS: Dict[str, Callable[[Tuple[Any, ...]], Any]] = {",
    ]
    for e in events:
        args = []
        for i, f in enumerate(e["fields"], start=1):
            conv = PY_EVENT_TYPES.get(f["type"], ("", f["type"] + "({})"))[1]
            args.append(conv.format(f"t[{i}]"))
        out.append(f'    "{e["kind"]}": lambda t: {e["class"]}({", ".join(args)}),')
    out += [
        "}",
        "",
        "",
        "def _event(t: Tuple[Any, ...]) -> Any:",
        '    """An event tuple as its dataclass; a kind this version does not know as a ``Fallback``."""',
        "    decode = _DECODERS.get(t[0])",
        "    if decode is None:",
        '        return Fallback("unknown", f"an event this version does not know: {t[0]}")',
        "    return decode(t)",
        "",
    ]
    return "\n".join(out)
