// Cancelling a Swift task cancels the call's Rust future: in the server wait, in the limiter's
// wait and in a retry's back-off; the call throws CancellationError promptly, leaks nothing, and a
// write that may have been applied says so (a `failed` event).
import Foundation
import XCTest
@testable import Zeitkonto

final class CancellationTests: XCTestCase {
    override func setUp() async throws {
        try await Sandbox.shared.reset()
    }

    /// Runs `call` in a task, cancels it after `after` seconds; the error and how long it took.
    private func cancelled<T: Sendable>(after: Double, _ call: @escaping @Sendable () async throws -> T) async -> (Error?, Double) {
        let start = Date()
        let task = Task { try await call() }
        try? await Task.sleep(nanoseconds: UInt64(after * 1e9))
        task.cancel()
        do {
            _ = try await task.value
            return (nil, Date().timeIntervalSince(start))
        } catch {
            return (error, Date().timeIntervalSince(start))
        }
    }

    func testCancellingDuringTheServerWaitThrowsCancellationErrorPromptly() async throws {
        let c = try client()
        try await Sandbox.shared.inject(#"{"kind":"delay","delayMs":10000,"operation":"employees"}"#)
        let (error, elapsed) = await cancelled(after: 0.3) { try await c.employees() }
        XCTAssertTrue(error is CancellationError, "\(String(describing: error))")
        XCTAssertLessThan(elapsed, 1.3, "well under a second after the cancel")
        // The client stays usable.
        let again = try await c.employees()
        XCTAssertFalse(again.isEmpty)
    }

    func testCancellingInTheLimitersWait() async throws {
        let c = try client(rateLimit: RateLimitSettings(limit: 1, window: 60, margin: nil))
        _ = try await c.overview()
        let (error, elapsed) = await cancelled(after: 0.3) { try await c.overview() }
        XCTAssertTrue(error is CancellationError, "\(String(describing: error))")
        XCTAssertLessThan(elapsed, 1.3)
        let sent = try await Sandbox.shared.requests("overview")
        XCTAssertEqual(sent, 1, "the waiting call never sent")
    }

    func testCancellingInARetrysBackOff() async throws {
        let c = try client(retry: RetrySettings(maxRetries: 2, baseDelay: 5, maxDelay: 8, maxRetryAfter: 60, maxRateLimitRetries: 3))
        try await Sandbox.shared.inject(#"{"kind":"status","status":503,"count":3,"operation":"employees"}"#)
        let (error, elapsed) = await cancelled(after: 0.5) { try await c.employees() }
        XCTAssertTrue(error is CancellationError, "\(String(describing: error))")
        XCTAssertLessThan(elapsed, 1.5)
        let sent = try await Sandbox.shared.requests("employees")
        XCTAssertEqual(sent, 1, "the retry was never sent")
    }

    func testAnAlreadyCancelledTaskSendsNothing() async throws {
        let c = try client()
        let task = Task { () async throws -> [EmployeeRecord] in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await c.employees()
        }
        let result = await task.result
        if case .success = result { XCTFail("a cancelled task's call ran") }
        let sent = try await Sandbox.shared.requests("employees")
        XCTAssertEqual(sent, 0)
    }

    func testACancelledWriteThatWasSentSaysItMayHaveBeenApplied() async throws {
        let recorder = Recorder()
        let c = try ZeitkontoClient.withEventListener(config: sandboxConfig(), listener: recorder)
        try await Sandbox.shared.inject(#"{"kind":"delay","delayMs":3000,"after":true,"operation":"clock"}"#)
        let (error, _) = await cancelled(after: 0.3) { try await c.come(employee: anna) }
        XCTAssertTrue(error is CancellationError, "\(String(describing: error))")
        XCTAssertEqual(recorder.failures.count, 1, "\(recorder.all)")
        XCTAssertTrue(recorder.failures.first?.contains("may have been applied") == true, "\(recorder.failures)")
        let writes = try await Sandbox.shared.writes("clock")
        XCTAssertEqual(writes, 1, "it was applied, once")
    }

    func testManyCancelledCallsLeakNothing() async throws {
        let c = try client()
        try await Sandbox.shared.inject(#"{"kind":"delay","delayMs":5000,"count":200,"operation":"overview"}"#)
        for _ in 0..<4 {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<50 { group.addTask { _ = try await c.overview() } }
                try await Task.sleep(nanoseconds: 200_000_000)
                group.cancelAll()
                while let next = await group.nextResult() {
                    if case let .failure(error) = next { XCTAssertTrue(error is CancellationError, "\(error)") }
                }
            }
        }
        // Every dropped call closed its request: the server sees none in flight.
        try await Task.sleep(nanoseconds: 300_000_000)
        let inFlight = try await Sandbox.shared.stat("inFlight")
        XCTAssertEqual(inFlight, 0)
        try await Sandbox.shared.reset()
        let fine = try await c.overview()
        XCTAssertFalse(fine.info.isEmpty)
    }
}
