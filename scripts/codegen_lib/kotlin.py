"""Kotlin for Java callers: every operation as a CompletableFuture (blocking: `.join()`)."""

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
        "import kotlinx.coroutines.Dispatchers",
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
        "    private val scope = CoroutineScope(SupervisorJob() + Dispatchers.IO)",
        "",
        "    /** A client with `config` (see [ZeitkontoConfig]). */",
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
    out += ["", "    /** Cancels calls still running and closes the client. */",
            "    override fun close() {", "        scope.cancel()", "        client.close()", "    }", "}"]
    return "\n".join(out) + "\n"
