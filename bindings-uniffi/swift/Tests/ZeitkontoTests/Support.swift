// The XCTest suite's helpers: one sandbox process for the run (ZEITKONTO_SANDBOX_BIN), clients on
// it, an event recorder, and `expectError`, which returns the error a call threw.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif
import XCTest
@testable import Zeitkonto

let today = "2026-11-21"
let companyKey = "demo-company-key"
let workspaceKey = "demo-workspace-key"
let anna = "anna.schmidt@demo.example"
let annaUuid = "00000000-0000-4000-8000-000000000001"
let manager = "max.manager@demo.example"

/// The repository's shared test vectors (tests/vectors/), four folders above this file.
let vectorsDir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../../../tests/vectors").standardized

/// One zeitkonto-sandbox process for the whole run.
final class Sandbox: @unchecked Sendable {
    static let shared = Sandbox()
    let url: String
    private let process = Process()

    private init() {
        guard let binary = ProcessInfo.processInfo.environment["ZEITKONTO_SANDBOX_BIN"] else {
            fatalError("set ZEITKONTO_SANDBOX_BIN to the zeitkonto-sandbox binary")
        }
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["--port", "0", "--today", today, "--rate-limit", "1000000/60"]
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { fatalError("could not start the sandbox: \(error)") }
        var line = Data()
        while let byte = try? pipe.fileHandleForReading.read(upToCount: 1), let b = byte.first, b != 10 {
            line.append(b)
        }
        let first = String(decoding: line, as: UTF8.self)
        guard first.contains("listening on"), let last = first.split(separator: " ").last else {
            fatalError("sandbox did not start: \(first)")
        }
        url = String(last)
        // Keep draining the output so the pipe never fills.
        pipe.fileHandleForReading.readabilityHandler = { handle in _ = handle.availableData }
        // The sandbox goes when the test run does (it was left running, holding its binary busy).
        atexit { Sandbox.shared.stop() }
    }

    func stop() {
        // SIGKILL: the child inherits the test runner's signal mask, in which SIGTERM
        // (`terminate()`) is blocked, so it would never arrive.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    @discardableResult
    func send(_ method: String, _ path: String, _ body: String? = nil) async throws -> Any? {
        var request = URLRequest(url: URL(string: url + path)!)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = body?.data(using: .utf8)
        let (data, _) = try await URLSession.shared.data(for: request)
        return data.isEmpty ? nil : try JSONSerialization.jsonObject(with: data)
    }

    func reset() async throws {
        try await send("POST", "/__sandbox/reset")
        try await send("PUT", "/__sandbox/rate-limit", #"{"limit":1000000,"windowMs":60000}"#)
    }

    func setRateLimit(_ limit: Int, windowMs: Int) async throws {
        try await send("PUT", "/__sandbox/rate-limit", #"{"limit":\#(limit),"windowMs":\#(windowMs)}"#)
    }

    func inject(_ fault: String) async throws {
        try await send("POST", "/__sandbox/faults", fault)
    }

    func stats() async throws -> [String: Any] {
        (try await send("GET", "/__sandbox/stats") as? [String: Any]) ?? [:]
    }

    func count(_ table: String, _ op: String) async throws -> Int {
        ((try await stats())[table] as? [String: Any])?[op] as? Int ?? 0
    }

    func requests(_ op: String) async throws -> Int { try await count("requests", op) }
    func writes(_ op: String) async throws -> Int { try await count("writes", op) }
    func stat(_ name: String) async throws -> Int { (try await stats())[name] as? Int ?? 0 }
}

/// Collects driver events (called on the library's threads).
final class Recorder: ZeitkontoEventListener, @unchecked Sendable {
    private let lock = NSLock()
    private var events: [ZeitkontoEvent] = []

    func onEvent(event: ZeitkontoEvent) throws {
        lock.lock()
        events.append(event)
        lock.unlock()
    }

    var all: [ZeitkontoEvent] {
        lock.lock()
        defer { lock.unlock() }
        return events
    }

    func clear() {
        lock.lock()
        events.removeAll()
        lock.unlock()
    }

    /// The `failed` events' texts.
    var failures: [String] {
        all.compactMap { if case let .failed(_, error) = $0 { return error } else { return nil } }
    }
}

/// A thread-safe counter (for transports called on the library's threads).
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0

    @discardableResult
    func bump() -> Int {
        lock.lock()
        defer { lock.unlock() }
        n += 1
        return n
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return n
    }
}

let generous = RateLimitSettings(limit: 1_000_000, window: 60.0, margin: nil)
let fastRetry = RetrySettings(maxRetries: 2, baseDelay: 0.02, maxDelay: 0.1, maxRetryAfter: 60.0, maxRateLimitRetries: 3)

func sandboxConfig(_ key: String = companyKey, baseUrl: String? = nil, timeout: Double = 10.0,
                   retry: RetrySettings = fastRetry, rateLimit: RateLimitSettings = generous) -> ZeitkontoConfig {
    ZeitkontoConfig(
        apiKey: ApiKey(key), baseUrl: baseUrl ?? Sandbox.shared.url, workspaceKey: ApiKey(workspaceKey),
        routes: [:], timeout: timeout, retry: retry, rateLimit: rateLimit)
}

func client(_ key: String = companyKey, baseUrl: String? = nil, timeout: Double = 10.0,
            retry: RetrySettings = fastRetry, rateLimit: RateLimitSettings = generous) throws -> ZeitkontoClient {
    try ZeitkontoClient(config: sandboxConfig(key, baseUrl: baseUrl, timeout: timeout, retry: retry, rateLimit: rateLimit))
}

/// The JSON text of a raw container as a dictionary.
func json(_ raw: RawJson) -> [String: Any] {
    (try? JSONSerialization.jsonObject(with: Data(raw.utf8))) as? [String: Any] ?? [:]
}

/// The error `call` threw (a test failure, and `nil`, when it did not throw).
func expectError<T>(_ call: () async throws -> T, file: StaticString = #filePath, line: UInt = #line) async -> Error? {
    do {
        let value = try await call()
        XCTFail("expected an error, got \(value)", file: file, line: line)
        return nil
    } catch {
        return error
    }
}

/// The `ZeitkontoError` `call` threw.
func expectZeitkontoError<T>(_ call: () async throws -> T, file: StaticString = #filePath, line: UInt = #line)
    async -> ZeitkontoError? {
    let error = await expectError(call, file: file, line: line)
    guard let z = error as? ZeitkontoError else {
        if let error { XCTFail("expected a ZeitkontoError, got \(type(of: error)): \(error)", file: file, line: line) }
        return nil
    }
    return z
}

/// A free TCP port on 127.0.0.1 with nothing listening on it.
func closedPort() -> Int {
    // Bind port 0, read the port, close: nothing listens there afterwards.
    #if os(Linux)
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
    let fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    var addr = sockaddr_in()
    addr.sin_family = sa_family_t(AF_INET)
    addr.sin_addr.s_addr = inet_addr("127.0.0.1")
    addr.sin_port = 0
    var len = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, len) } }
    _ = withUnsafeMutablePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &len) } }
    close(fd)
    return Int(UInt16(bigEndian: addr.sin_port))
}
