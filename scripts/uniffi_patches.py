"""Fixes applied to the Kotlin and Swift that uniffi 0.32.2 generates, run by scripts/build-mobile.

    python3 scripts/uniffi_patches.py kotlin <generated zeitkonto_uniffi.kt>
    python3 scripts/uniffi_patches.py swift <generated Zeitkonto.swift>
    python3 scripts/uniffi_patches.py swift-testing <generated ZeitkontoTesting.swift>

Every patch matches uniffi's template text exactly and fails loudly (exit 1) when it is not found
as often as expected, so a uniffi upgrade cannot silently drop one.
"""

import os
import re
import sys

from codegen_lib.common import lower_first  # `InvalidInput` → `invalidInput`


def fail(msg):
    sys.exit(f"uniffi_patches: {msg}")


def replace_once(text, old, new, what):
    if text.count(old) != 1:
        fail(f"{what}: uniffi's template changed ({text.count(old)} matches)")
    return text.replace(old, new)


def platform_names(text, module, names):
    """Writes the platform's own type where uniffi prints a custom type's alias (`PlatformInt` →
    `Int`), qualified by the module or not: signatures and docs then show `Int`. The `typealias`
    line itself stays. A default value uniffi wrote as a 64-bit literal (`= 60L`, `= Int64(60)`) is
    an `Int` one."""
    for alias, platform in names.items():
        text, n = re.subn(rf"(?<!typealias )(?:\b{re.escape(module)}\.)?\b{alias}\b", platform, text)
        if n == 0:
            fail(f"no use of the custom type {alias}")
    text = re.sub(r"(:\s*(?:kotlin\.)?Int\??\s*=\s*-?\d+)L\b", r"\1", text)  # Kotlin: `= 60L`
    return re.sub(r"(:\s*Int\??\s*=\s*)Int64\((-?\d+)\)", r"\1\2", text)  # Swift: `= Int64(60)`


def duration_defaults(text, language):
    """A duration's default as the platform writes one: uniffi prints the milliseconds that cross
    (`= 30000.0`, `= Double(30000.0)`); Kotlin reads `30.seconds` / `500.milliseconds`, Swift
    seconds as a `TimeInterval` literal (`30`, `0.5`)."""
    def kotlin_literal(m):
        ms = float(m.group(2))
        return m.group(1) + (f"{int(ms // 1000)}.seconds" if ms % 1000 == 0 else f"{int(ms)}.milliseconds")

    def swift_literal(m):
        seconds = float(m.group(2)) / 1000
        return m.group(1) + (str(int(seconds)) if seconds.is_integer() else repr(seconds))

    if language == "kotlin":
        text, n = re.subn(r"(:\s*kotlin\.time\.Duration\s*=\s*)(\d+(?:\.\d+)?)\b", kotlin_literal, text)
    else:
        text, n = re.subn(r"(:\s*TimeInterval\s*=\s*)Double\((\d+(?:\.\d+)?)\)", swift_literal, text)
    if n == 0:
        fail("no default of a duration setting in the generated code")
    return text


def user_agent(text, language):
    """The config's `userAgent` default names the language (`zeitkonto-kotlin/0.1.0`): the Rust
    declaration, shared by both, says `zeitkonto-uniffi/…`."""
    text, n = re.subn(r'"zeitkonto-uniffi/([0-9][^"]*)"', rf'"zeitkonto-{language}/\1"', text)
    if n == 0:
        fail("the config's userAgent default (zeitkonto-uniffi/...) is not in the generated code")
    return text


def config_to_string(text):
    """`ZeitkontoConfig.toString()`: a data class prints every field as given, and a key put into
    the base URL, a route or the user agent would show; each goes through `shownWithKeys` (the
    core's rule, in Rust), the keys print as `ApiKey(***)`, the CA bundle as its length."""
    start = text.index("data class ZeitkontoConfig (")
    end = text.index("    companion object\n}", start)
    body = """    /** Every field, with a key put into the base URL, a route or the user agent as `***`. */
    override fun toString(): String {
        fun shown(t: String) = shownWithKeys(t, `apiKey`, `workspaceKey`)
        return "ZeitkontoConfig(apiKey=${`apiKey`}, baseUrl=${`baseUrl`?.let { shown(it) }}, workspaceKey=${`workspaceKey`}, " +
            "routes=${`routes`.mapValues { shown(it.value) }}, timeout=${`timeout`}, retry=${`retry`}, rateLimit=${`rateLimit`}, " +
            "caCertificates=${`caCertificates`?.let { "(${it.length} characters)" }}, proxy=${`proxy`}, userAgent=${shown(`userAgent`)})"
    }

"""
    if text.count("data class ZeitkontoConfig (") != 1:
        fail("ZeitkontoConfig: uniffi's template changed")
    return text[:end] + body + text[end:]


def kotlin(text):
    # A Kotlin string that is not valid Unicode (a lone UTF-16 surrogate) cannot cross to Rust:
    # uniffi's converter throws a bare CharacterCodingException. Make it the SDK's InvalidInput,
    # like every other refused input (Swift strings are always valid Unicode).
    text = replace_once(text, """        return Charsets.UTF_8.newEncoder().run {
            onMalformedInput(CodingErrorAction.REPORT)
            encode(CharBuffer.wrap(value))
        }""", """        try {
            return Charsets.UTF_8.newEncoder().run {
                onMalformedInput(CodingErrorAction.REPORT)
                encode(CharBuffer.wrap(value))
            }
        } catch (e: java.nio.charset.CharacterCodingException) {
            val reason = "not valid Unicode (a lone UTF-16 surrogate)"
            throw ZeitkontoException.InvalidInput("text", reason, "invalid input `text`: " + reason)
        }""", "the Kotlin string converter")
    # Exceptions read like every JVM exception: `message` is the description (not a field dump)
    # and `toString()` is Throwable's `<class name>: <message>`, so the first line of a stack trace
    # in logcat or a crash reporter names the error, e.g. `de.zeitkonto.ZeitkontoException$Timeout: ...`.
    start = text.index("sealed class ZeitkontoException")
    end = text.index("companion object ErrorHandler", start)
    block = text[start:end]
    block, n_messages = re.subn(r'override val message\n(\s*)get\(\) = "[^"\n]*description=\$\{ `description` \}"',
                                r"override val message\n\1get() = `description`", block)
    to_string = re.search(r"    // The local Rust `Display`/`Debug` implementation.\n    override fun toString\(\): String \{.*?\n    \}\n",
                          block, re.S)
    if n_messages < 9 or not to_string:
        fail(f"the Kotlin exception template changed ({n_messages} messages, toString {bool(to_string)})")
    block = block.replace(to_string.group(0), "")
    text = text[:start] + block + text[end:]
    # Async calls run (polls, completion, decoding the result) on the library's own view of
    # Dispatchers.IO: a continuation never resumes on the library's I/O thread (under
    # Dispatchers.Unconfined the caller's code would otherwise go on there), and a large result is
    # not decoded on the caller's thread (Android's main thread). The caller gets the decoded value
    # back in its own context. A view of IO, not Default nor IO itself: IO's views are not bound by
    # IO's 64 threads nor Default's, so a call still completes when every Default or IO thread is
    # blocked waiting for one (`runBlocking` or a future's `join()` inside such a coroutine), which
    # deadlocked on Default.
    text = replace_once(text, """internal suspend fun<T, F, E: kotlin.Exception> uniffiRustCallAsync(""",
                        """/** Where the library's async calls and the app's async callbacks run: a view of
 * `Dispatchers.IO` of its own (not bound by IO's 64 threads nor Default's), so a call completes
 * even when every Default or IO thread is blocked waiting for one. Patched in by
 * scripts/uniffi_patches.py. */
@OptIn(kotlinx.coroutines.ExperimentalCoroutinesApi::class)
internal val uniffiZeitkontoDispatcher: kotlinx.coroutines.CoroutineDispatcher =
    kotlinx.coroutines.Dispatchers.IO.limitedParallelism(64)

internal suspend fun<T, F, E: kotlin.Exception> uniffiRustCallAsync(""", "uniffiRustCallAsync's dispatcher")
    text = replace_once(text, """): T {
    try {
        do {
            val pollResult = suspendCancellableCoroutine<Byte> { continuation ->""", """): T = kotlinx.coroutines.withContext(uniffiZeitkontoDispatcher) {
    try {
        do {
            val pollResult = suspendCancellableCoroutine<Byte> { continuation ->""", "uniffiRustCallAsync")
    text = replace_once(text, """        } while (pollResult != UNIFFI_RUST_FUTURE_POLL_READY);

        return liftFunc(""", """        } while (pollResult != UNIFFI_RUST_FUTURE_POLL_READY);

        liftFunc(""", "uniffiRustCallAsync's result")
    # A callback the app implements (a transport, a tracer, an event listener) that throws a
    # java.lang.Error (`TODO()`'s NotImplementedError, an AssertionError, a StackOverflowError)
    # escaped uniffi's `catch (e: kotlin.Exception)`: a sync callback returned to Rust without its
    # result written (the JVM crashed), an async one never completed its future (the call hung
    # until the timeout, or forever). Every Throwable is the unexpected error Rust expects.
    n = text.count("} catch(e: kotlin.Exception) {")
    if n != 4:
        fail(f"the callback trampolines' catch: uniffi's template changed ({n} matches, 4 expected)")
    text = text.replace("} catch(e: kotlin.Exception) {", "} catch(e: kotlin.Throwable) {")
    # The app's async callbacks (a transport's `send`, the test kit's waits) run there too, not on
    # GlobalScope's Default, for the same reason.
    n = text.count("GlobalScope.launch coroutineBlock@ {")
    if n != 2:
        fail(f"the async callbacks' launch: uniffi's template changed ({n} matches, 2 expected)")
    text = text.replace("GlobalScope.launch coroutineBlock@ {",
                        "GlobalScope.launch(uniffiZeitkontoDispatcher) coroutineBlock@ {")
    text = user_agent(text, "kotlin")
    text = config_to_string(text)
    text = platform_names(text, "de.zeitkonto", {"PlatformInt": "kotlin.Int", "WideInt": "kotlin.Long",
                                                 "PlatformDuration": "kotlin.time.Duration"})
    # Java: the client's constructor throws a checked exception Java must be able to catch, and
    # `new ZeitkontoClient(config)` (the tracer left out) is one of its overloads.
    text = replace_once(text, "    constructor(`config`: ZeitkontoConfig, `tracer`: ZeitkontoTracer? = null) :",
                        "    @Throws(ZeitkontoException::class)\n    @JvmOverloads\n"
                        "    constructor(`config`: ZeitkontoConfig, `tracer`: ZeitkontoTracer? = null) :",
                        "the client's constructor")
    return duration_defaults(text, "kotlin")


SWIFT_ASYNC = """fileprivate func uniffiRustCallAsync<F, T>(
    rustFutureFunc: () -> UInt64,
    pollFunc: (UInt64, @escaping UniffiRustFutureContinuationCallback, UInt64) -> (),
    completeFunc: (UInt64, UnsafeMutablePointer<RustCallStatus>) -> F,
    freeFunc: (UInt64) -> (),
    liftFunc: (F) throws -> T,
    errorHandler: ((RustBuffer) throws -> Swift.Error)?
) async throws -> T {
    // Make sure to call the ensure init function since future creation doesn't have a
    // RustCallStatus param, so doesn't use makeRustCall()
    uniffiEnsureZeitkontoUniffiInitialized()
    let rustFuture = rustFutureFunc()
    defer {
        freeFunc(rustFuture)
    }
    var pollResult: Int8;
    repeat {
        pollResult = await withUnsafeContinuation {
            pollFunc(
                rustFuture,
                { handle, pollResult in
                    uniffiFutureContinuationCallback(handle: handle, pollResult: pollResult)
                },
                uniffiContinuationHandleMap.insert(obj: $0)
            )
        }
    } while pollResult != UNIFFI_RUST_FUTURE_POLL_READY

    return try liftFunc(makeRustCall(
        { completeFunc(rustFuture, $0) },
        errorHandler: errorHandler
    ))
}
"""

SWIFT_ASYNC_CANCELLABLE = """// Cancellation (Zeitkonto's patch, scripts/uniffi_patches.py): cancelling the Swift task cancels
// the Rust future at once (in the server wait, the rate limiter's wait or a retry's back-off: the
// future is dropped, its request and timers with it) and the call throws `CancellationError`.
// The state below makes sure the Rust future is cancelled only while it runs: never after the
// result was taken (`complete`) and never after `free`.
fileprivate final class UniffiFutureCancellation: @unchecked Sendable {
    private let lock = NSLock()
    private var state = 0 // 0: running, 1: cancelled, 2: completing
    private let cancelFuture: () -> ()

    init(_ cancelFuture: @escaping () -> ()) {
        self.cancelFuture = cancelFuture
    }

    func cancel() {
        lock.lock()
        defer { lock.unlock() }
        if state == 0 {
            state = 1
            cancelFuture()
        }
    }

    /// Whether the result may be taken (false: the task was cancelled first).
    func complete() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if state == 1 {
            return false
        }
        state = 2
        return true
    }
}

fileprivate func uniffiRustCallAsync<F, T>(
    rustFutureFunc: () -> UInt64,
    pollFunc: (UInt64, @escaping UniffiRustFutureContinuationCallback, UInt64) -> (),
    cancelFunc: @escaping (UInt64) -> (),
    completeFunc: (UInt64, UnsafeMutablePointer<RustCallStatus>) -> F,
    freeFunc: (UInt64) -> (),
    liftFunc: (F) throws -> T,
    errorHandler: ((RustBuffer) throws -> Swift.Error)?
) async throws -> T {
    // Make sure to call the ensure init function since future creation doesn't have a
    // RustCallStatus param, so doesn't use makeRustCall()
    uniffiEnsureZeitkontoUniffiInitialized()
    let rustFuture = rustFutureFunc()
    defer {
        freeFunc(rustFuture)
    }
    let cancellation = UniffiFutureCancellation { cancelFunc(rustFuture) }
    // A function that cannot throw (no error handler: a job's `plan()`, `checkpoint()`,
    // `failures()`, generated as `try!`) has no way to say it was cancelled: it runs to its end,
    // as non-throwing Swift functions do in a cancelled task (a CancellationError there would trap).
    let cancellable = errorHandler != nil
    await withTaskCancellationHandler {
        var pollResult: Int8;
        repeat {
            pollResult = await withUnsafeContinuation {
                pollFunc(
                    rustFuture,
                    { handle, pollResult in
                        uniffiFutureContinuationCallback(handle: handle, pollResult: pollResult)
                    },
                    uniffiContinuationHandleMap.insert(obj: $0)
                )
            }
        } while pollResult != UNIFFI_RUST_FUTURE_POLL_READY
    } onCancel: {
        if cancellable {
            cancellation.cancel()
        }
    }
    guard cancellation.complete() else {
        throw CancellationError()
    }
    return try liftFunc(makeRustCall(
        { completeFunc(rustFuture, $0) },
        errorHandler: errorHandler
    ))
}
"""


#: Swift's keywords a case may be named after (written in backticks where it is declared).
SWIFT_KEYWORDS = {"associatedtype", "class", "deinit", "default", "enum", "extension", "fileprivate", "func",
                  "import", "init", "inout", "internal", "let", "open", "operator", "private", "protocol",
                  "public", "rethrows", "return", "self", "Self", "static", "struct", "subscript", "super",
                  "throw", "throws", "Type", "typealias", "var"}


def swift_error_cases(text):
    """An error's cases in Swift's casing: uniffi 0.32 writes an error enum's cases as type names
    (`case InvalidInput(...)`, `.Api`), where every other enum of ours, and Swift's API design
    guidelines, have `invalidInput`, `.api`. Each `public enum X: Swift.Error` has its cases
    renamed where it declares them (within its body), and every use: an implicit member (`.Api`,
    as its converter's `read` and `write` and `case let .Api(...)` write them) and a qualified one
    (`ZeitkontoError.Api`, in docs). A dot after an identifier that is not one of these enums
    (`Swift.Error`) is left alone."""
    pattern = re.compile(r"^public\s+enum (\w+): Swift\.Error[^{]*\{\n(.*?)^\}", re.S | re.M)
    enums = [(m.group(1), m.start(2), m.end(2)) for m in pattern.finditer(text)]
    if not enums:
        fail("no error enum (uniffi's ErrorTemplate changed)")
    renamed = set()
    for name, start, end in reversed(enums):  # from the end: earlier offsets stay valid
        body = text[start:end]
        cases = re.findall(r"^    case ([A-Z]\w*)\b", body, re.M)
        if not cases:
            fail(f"no UpperCamelCase case in {name} (uniffi's ErrorTemplate changed)")
        for case in cases:
            lower = lower_first(case)
            declared = f"`{lower}`" if lower in SWIFT_KEYWORDS else lower
            body, n = re.subn(rf"^(    case ){case}\b", rf"\g<1>{declared}", body, count=1, flags=re.M)
            if n != 1:
                fail(f"{name}.{case} is not declared")
            renamed.add(case)
        text = text[:start] + body + text[end:]
    names = "|".join(re.escape(n) for n, _, _ in enums)
    # Two errors may share a case's name (`Failed`): their uses are renamed once.
    for case in sorted(renamed):
        lower = lower_first(case)
        text, implicit = re.subn(rf"(?<![\w)\]?!])\.{case}\b(?![\w.])", f".{lower}", text)
        text, _ = re.subn(rf"\b({names})\.{case}\b(?![\w.])", rf"\1.{lower}", text)
        if implicit == 0:
            fail(f"no use of the case {case}")
    return text


def text_alias_docs():
    """The doc comment of each text newtype of bindings-uniffi/src/types.rs (`IsoDate`,
    `Timestamp`, ...) by name, written there once: uniffi gives Swift's `typealias` of it none."""
    path = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "bindings-uniffi/src/types.rs")
    with open(path, encoding="utf-8") as f:
        found = re.findall(r"((?:^///.*\n)+)#\[derive[^\n]*\]\npub struct (\w+)\(pub String\);", f.read(), re.M)
    if len(found) < 4:
        fail(f"bindings-uniffi/src/types.rs: {len(found)} documented text newtypes, expected 4 or more")
    return {name: doc for doc, name in found}


SWIFT_DESCRIBE = '''
/// The text of an error the app's own transport threw (a tracer's is dropped): a
/// `LocalizedError`'s description, a `URLError`'s or `NSError`'s code and localized description
/// (corelibs Foundation prints a bare `NSError` as "(null)"), else the error's own description.
/// The library redacts its keys from it as from any text.
private func zeitkontoDescribe(_ error: Error) -> String {
    if let text = (error as? LocalizedError)?.errorDescription { return text }
    if let url = error as? URLError { return "URLError \\(url.code.rawValue): \\(url.localizedDescription)" }
    if type(of: error) is NSError.Type {
        let ns = error as NSError
        return "\\(ns.domain) \\(ns.code): \\(ns.localizedDescription)"
    }
    return String(describing: error)
}
'''


def swift_docs(text):
    """Swift's own words in the generated Swift: the docs uniffi copies from the Rust crate say
    `null` (Kotlin's word, as the Kotlin bindings read them), which Swift calls `nil`; and the text
    aliases (`IsoDate`, `Timestamp`, ...) get a doc comment saying their format."""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if re.match(r"\s*(///|\*|/\*\*)", line):
            lines[i] = line.replace("`null`/`nil`", "`nil`").replace("`null`", "`nil`")
    text = "\n".join(lines)
    aliases = {a: doc for a, doc in text_alias_docs().items() if f"\npublic typealias {a} = String\n" in text}
    if len(aliases) < 4:
        fail(f"{len(aliases)} of the text newtypes are a Swift typealias, expected 4 or more")
    for alias, doc in aliases.items():
        text = replace_once(text, f"\npublic typealias {alias} = String\n",
                            f"\n{doc}public typealias {alias} = String\n", f"the typealias {alias}")
    return text


def swift(text):
    text = swift_error_cases(text)
    text = swift_docs(text)
    # A foreign error's text through one describer (the generated code's `String(describing:)`).
    text, n = re.subn(r"FfiConverterString\.lower\(String\(describing: error\)\)",
                      "FfiConverterString.lower(zeitkontoDescribe(error))", text)
    if n != 4 or "String(describing: error)" in text:
        fail(f"{n} foreign errors described, 4 expected (uniffi's templates changed)")
    text += SWIFT_DESCRIBE
    text = replace_once(text, SWIFT_ASYNC, SWIFT_ASYNC_CANCELLABLE, "uniffiRustCallAsync")
    # Every call site passes the cancel function of its future's return type.
    text, n = re.subn(r"( +)pollFunc: ffi_zeitkonto_uniffi_rust_future_poll_(\w+),\n",
                      r"\g<0>\1cancelFunc: ffi_zeitkonto_uniffi_rust_future_cancel_\2,\n", text)
    if n == 0 or text.count("cancelFunc: ffi_") != text.count("completeFunc: ffi_"):
        fail(f"the Swift async call sites changed ({n} patched)")
    text = user_agent(text, "swift")
    text = platform_names(text, "Zeitkonto", {"PlatformInt": "Int", "WideInt": "Int", "PlatformDuration": "TimeInterval"})
    return duration_defaults(text, "swift")


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("kotlin", "swift", "swift-testing"):
        sys.exit("usage: uniffi_patches.py kotlin|swift|swift-testing FILE")
    lang, path = sys.argv[1], sys.argv[2]
    with open(path, encoding="utf-8") as f:
        source = f.read()
    patched = {"kotlin": kotlin, "swift": swift, "swift-testing": swift_error_cases}[lang](source)
    with open(path, "w", encoding="utf-8") as f:
        f.write(patched)
