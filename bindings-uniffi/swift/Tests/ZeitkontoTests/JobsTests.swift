import Foundation
import XCTest
@testable import Zeitkonto

final class JobsTests: XCTestCase {
    func testTheMonthCloseWithDepartmentIdsIsAStreamOfAccounts() async throws {
        let before = try await Sandbox.shared.requests("time_account")
        let job = try client().monthClose(year: 2026, month: 10, departments: ["SALES", "ENG", "OPS"])
        let plan = await job.plan()
        XCTAssertEqual(plan.path, "departments")
        // What the estimates assume (npm's `limitPerMinute`, Python's `limit_per_minute`): 2 calls at 30 a minute.
        let slower = try client().monthClose(year: 2026, month: 10, departments: ["SALES"], limitPerMinute: 30)
        let slowerEta = await slower.plan().eta
        XCTAssertEqual(slowerEta, 4)
        var emails = Set<String>()
        for try await event in job.events() {
            if case let .account(employee, account, _) = event {
                emails.insert(employee)
                XCTAssertEqual(account.month, 10)
            }
        }
        XCTAssertEqual(emails.count, 39)
        let after = try await Sandbox.shared.requests("time_account")
        XCTAssertEqual(before, after, "no call per employee")
    }

    func testARefusedKeyEndsTheStreamWithTheError() async throws {
        let job = try client("not-a-key").monthClose(year: 2026, month: 10)
        do {
            for try await _ in job.events() {}
            XCTFail("the key was refused")
        } catch ZeitkontoError.api {}
        do {
            _ = try client().monthClose(year: 2026, month: 13)
            XCTFail("month 13")
        } catch let ZeitkontoError.invalidInput(field, _, _) {
            XCTAssertEqual(field, "month")
        }
    }

    func testThePresenceBoardIsOneCallAndProjectHoursGoPerTopLevelProjectAndPiece() async throws {
        let before = try await Sandbox.shared.requests("presence")
        var rows = 0
        for try await event in try client().presenceBoard().events() {
            if case let .presence(_, source) = event {
                XCTAssertEqual(source, "presence")
                rows += 1
            }
        }
        XCTAssertGreaterThan(rows, 10)
        let after = try await Sandbox.shared.requests("presence")
        XCTAssertEqual(after, before + 1)

        let booked = try await Sandbox.shared.requests("project_bookings")
        let job = try client().projectHours(email: "max.manager@demo.example", start: "2026-09-01", end: "2026-11-20")
        for try await _ in job.events() {}
        let bookedAfter = try await Sandbox.shared.requests("project_bookings")
        XCTAssertEqual(bookedAfter, booked + 12, "4 top-level projects, 3 pieces each")
        let failures = await job.failures()
        XCTAssertTrue(failures.isEmpty)
    }

    func testAStreamStoppedWhileHandlingAnAccountResumesWithThatAccountAgain() async throws {
        let job = try client().monthClose(year: 2026, month: 10)
        var first: [String] = []
        for try await event in job.events() {
            if case let .account(employee, _, _) = event {
                first.append(employee)
                if first.count == 5 { break }
            }
        }
        let saved = await job.checkpoint()
        var rest: [String] = []
        for try await event in try client().monthClose(year: 2026, month: 10, checkpoint: saved).events() {
            if case let .account(employee, _, _) = event { rest.append(employee) }
        }
        // Pulled, not pushed: the stream ran no call ahead, and the call in hand is made again.
        XCTAssertEqual(rest.count, 35)
        XCTAssertEqual(rest.first, first.last)
        XCTAssertEqual(Set(first + rest).count, 39)
    }

    func testACancelledTaskStillGetsTheJobsPlanCheckpointAndFailures() async throws {
        // They cannot throw: in a cancelled task (a SwiftUI `.task` whose view went away, a
        // timeout around "save progress") they run to their end; a CancellationError there
        // trapped (`try!` of the generated code).
        let job = try client().monthClose(year: 2026, month: 10)
        let task = Task { () -> (JobPlan, String, [String: String]) in
            withUnsafeCurrentTask { $0?.cancel() }
            XCTAssertTrue(Task.isCancelled)
            return (await job.plan(), await job.checkpoint(), await job.failures())
        }
        let (plan, saved, failures) = await task.value
        XCTAssertGreaterThan(plan.calls, 0)
        XCTAssertTrue(failures.isEmpty)
        var accounts = 0
        for try await event in try client().monthClose(year: 2026, month: 10, checkpoint: saved).events() {
            if case .account = event { accounts += 1 }
        }
        XCTAssertEqual(accounts, 39)
    }
}
