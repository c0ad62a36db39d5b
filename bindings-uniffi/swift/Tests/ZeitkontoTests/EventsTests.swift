// Driver events through a Swift listener: typed, in order, redacted; a failing listener is harmless.
import Foundation
import XCTest
@testable import Zeitkonto

final class EventsTests: XCTestCase {
    override func setUp() async throws {
        try await Sandbox.shared.reset()
    }

    func testARetriedReadReportsSendAnswerWaitSendAnswer() async throws {
        let recorder = Recorder()
        let c = try ZeitkontoClient.withEventListener(config: sandboxConfig(), listener: recorder)
        try await Sandbox.shared.inject(#"{"kind":"status","status":503,"count":1,"operation":"employees"}"#)
        _ = try await c.employees()
        let seen = recorder.all
        let sends: [(String, String, Int)] = seen.compactMap {
            if case let .send(operation, request, attempt) = $0 { return (operation, request, attempt) }
            return nil
        }
        XCTAssertEqual(sends.map { $0.2 }, [1, 2])
        XCTAssertTrue(sends.allSatisfy { $0.0 == "employees" && $0.1.hasPrefix("GET http://127.0.0.1:") })
        XCTAssertFalse(sends.contains { $0.1.contains(companyKey) })
        let statuses: [Int] = seen.compactMap { if case let .received(_, status, _) = $0 { return status } else { return nil } }
        XCTAssertEqual(statuses, [503, 200])
        let reasons: [String] = seen.compactMap { if case let .wait(_, _, reason) = $0 { return reason } else { return nil } }
        XCTAssertEqual(reasons, ["retry"])

        recorder.clear()
        _ = try? await c.timeAccount(employee: anna, year: 2026, month: 13)
        XCTAssertTrue(recorder.all.isEmpty, "nothing is sent for invalid input: \(recorder.all)")
        _ = try? await c.timeAccount(employee: "nobody@demo.example", year: 2026, month: 5)
        XCTAssertEqual(recorder.failures.count, 1)
        XCTAssertTrue(recorder.failures[0].contains("code 1") && !recorder.failures[0].contains(companyKey), recorder.failures[0])
    }

    func testAListenerThatThrowsNeverFailsACall() async throws {
        final class Throwing: ZeitkontoEventListener, @unchecked Sendable {
            struct Bug: Error {}
            func onEvent(event: ZeitkontoEvent) throws { throw Bug() }
        }
        let c = try ZeitkontoClient.withEventListener(config: sandboxConfig(), listener: Throwing())
        let people = try await c.employees()
        XCTAssertFalse(people.isEmpty)
        let overview = try await c.overview(email: anna)
        XCTAssertFalse(overview.info.isEmpty)
    }
}
