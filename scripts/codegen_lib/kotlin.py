"""Kotlin for Java callers: every operation as a CompletableFuture (blocking: `.join()`), and the
whole-company jobs (their starts, and each job's `next`, `plan`, `checkpoint`, `failures` as futures)."""

from .common import *  # noqa: F401,F403 - the shared helpers

KT_TYPES = {
    "text": "String",
    "integer": "Int",
    "number": "Double",
    "bool": "Boolean",
    "date": "java.time.LocalDate",
    "month": "Int",
    "clockAction": "ClockAction",
    "textList": "List<String>",
    "jsonMap": "Map<String, String>",
    "timeOfDay": "java.time.LocalTime",
}


def kt_output(op):
    kind, model = output_parts(op["output"])
    return {"unit": "Void?", "rawlist": "List<String>", "list": f"List<{model}>",
            "map": f"Map<String, {model}>", "one": model}[kind]


def kotlin_futures(decl):
    out = [
        f"// {HEADER}",
        "package de.zeitkonto",
        "",
        "import java.util.concurrent.CompletableFuture",
        "import kotlinx.coroutines.CoroutineScope",
        "import kotlinx.coroutines.SupervisorJob",
        "import kotlinx.coroutines.cancel",
        "import kotlinx.coroutines.future.future",
        "",
        "/**",
        " * The client for Java (and other non-coroutine) callers: every operation of [ZeitkontoClient] as a",
        " * `CompletableFuture` (call `.join()` or `.get()` to block). Optional parameters have overloads",
        " * (`@JvmOverloads`). Closing it cancels calls still running and closes the client.",
        " */",
        "class ZeitkontoFutures(private val client: ZeitkontoClient) : AutoCloseable {",
        "    // The library's own view of Dispatchers.IO: a future's call starts even when every IO thread",
        "    // of the app is blocked in a `join()`.",
        "    private val scope = CoroutineScope(SupervisorJob() + uniffiZeitkontoDispatcher)",
        "",
        "    /** A client with `config` (see [ZeitkontoConfig]); a refused setting throws `InvalidInput`. */",
        "    @Throws(ZeitkontoException::class)",
        "    constructor(config: ZeitkontoConfig) : this(ZeitkontoClient(config))",
    ]
    # Every operation, then the shorthands (`come`, `go`, `stop`), as ZeitkontoClient has them.
    for op in decl["operations"] + shorthand_ops(decl):
        ps = ordered(op)
        name = camel(op["name"])
        out.append("")
        out.append("    /**")
        for l in wrap(doc_for(op["summary"], "null") + " Returns a future; see [ZeitkontoClient." + name + "].", 96, "     * "):
            out.append(l if l.strip() != "*" else "     *")
        out.append("     */")
        args = []
        for p in ps:
            t = KT_TYPES[p["type"]]
            if p["required"]:
                args.append(f"{camel(p['name'])}: {t}")
            elif p["nullable"]:
                args.append(f"{camel(p['name'])}: {t}? = null")
            else:
                args.append(f"{camel(p['name'])}: {t} = {dict(false='false', **{'[]': 'emptyList()'})[p['default']]}")
        call_args = ", ".join(camel(p["name"]) for p in ps)
        ret = kt_output(op)
        if any(not p["required"] for p in ps):
            out.append("    @JvmOverloads")
        body = f"client.{name}({call_args})"
        if ret == "Void?":
            body = f"{body}\n        null"
            out.append(f"    fun {name}({', '.join(args)}): CompletableFuture<Void?> = scope.future {{")
            out.append(f"        {body}")
            out.append("    }")
        else:
            out.append(f"    fun {name}({', '.join(args)}): CompletableFuture<{ret}> = scope.future {{ {body} }}")
    out += kotlin_futures_jobs(decl)
    out += ["", "    /** Cancels calls still running and closes the client. */",
            "    override fun close() {", "        scope.cancel()", "        client.close()", "    }", "}"]
    return "\n".join(out) + "\n"


#: The Kotlin types of the jobs' argument types (the core's declaration of the jobs).
KT_JOB_TYPES = {"year": "Int", "month": "Int", "email": "String", "day": "java.time.LocalDate", "ids": "List<String>"}

#: What a job object answers (`MonthCloseJob`, `SweepJob`: uniffi's suspend functions), for Java.
KT_JOB_STEPS = [
    ("next", "JobEvent?", "The job's next event (`null` when the job is done); the future fails with a "
     "`ZeitkontoException` when the job stopped on what makes going on pointless."),
    ("plan", "JobPlan", "The job's plan from here."),
    ("checkpoint", "String", "The job's state as JSON, to resume from (the same start with `checkpoint`)."),
    ("failures", "Map<String, String>", "The calls that failed so far: what each asked for (an employee's "
     "e-mail in a month close) to why."),
]


def kotlin_futures_jobs(decl):
    """The jobs for Java: each start (no call is made: the core checks the arguments and plans), and
    each job object's suspend functions as futures, on the futures' scope."""
    from .jobs import _checked

    out = []
    for j in _checked(decl):
        name = camel(j["name"])
        args = []
        for a in j["args"]:
            t = KT_JOB_TYPES[a["type"]]
            args.append(f"{camel(a['name'])}: {t}" if a["required"] else
                        f"{camel(a['name'])}: {t}" + (" = emptyList()" if a["type"] == "ids" else "? = null"))
        args += ["checkpoint: String? = null", "limitPerMinute: Int? = null"]
        call = ", ".join([camel(a["name"]) for a in j["args"]] + ["checkpoint", "limitPerMinute"])
        out += ["", "    /**"] + wrap(j["doc"] + f" Starts the job (no call yet); see [ZeitkontoClient.{name}].", 96, "     * ")
        out += ["     */", "    @Throws(ZeitkontoException::class)", "    @JvmOverloads",
                f"    fun {name}({', '.join(args)}): {j['class']} = client.{name}({call})"]
    for cls in sorted({j["class"] for j in decl["jobs"]}):
        for step, ret, doc in KT_JOB_STEPS:
            out += ["", "    /**"] + wrap(f"{doc} Returns a future; see [{cls}.{step}].", 96, "     * ") + ["     */",
                    f"    fun {step}(job: {cls}): CompletableFuture<{ret}> = scope.future {{ job.{step}() }}"]
    return out
