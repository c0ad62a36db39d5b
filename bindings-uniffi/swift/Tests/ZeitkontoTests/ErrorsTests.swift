// Every error case with its fields, validation before sending, retries (reads yes, writes never
// twice), redirects, the limiter, timeouts and concurrency.
import Foundation
import XCTest
@testable import Zeitkonto

final class ErrorsTests: XCTestCase {
    override func setUp() async throws {
        try await Sandbox.shared.reset()
    }

    func testApiErrorCodesAreTyped() async throws {
        for (key, expected) in [("wrong-key", 3), ("inactive-company-key", 2)] {
            let e = await expectZeitkontoError { try await client(key).employees() }
            guard case let .api(status, code, _, description) = e else { return XCTFail("\(String(describing: e))") }
            XCTAssertEqual([status, code], [403, expected])
            XCTAssertTrue(description.hasPrefix("API error code \(expected)"), description)
            // Every error answers it (false where the case has no such field), as in every language.
            XCTAssertEqual(e?.mayHaveReachedServer, false)
            XCTAssertNotNil(e?.apiCode)
        }
        let module = await expectZeitkontoError { try await client("nomodules-company-key").presence() }
        guard case let .api(_, code8, _, _) = module else { return XCTFail("\(String(describing: module))") }
        XCTAssertEqual(code8, 8)
        let forbidden = await expectZeitkontoError { try await client("demo-employee-key").employees() }
        guard case let .forbidden(status, _) = forbidden else { return XCTFail("\(String(describing: forbidden))") }
        XCTAssertEqual(status, 403)
        let nobody = await expectZeitkontoError { try await client().timeAccount(employee: "nobody@demo.example", year: 2026, month: 5) }
        guard case let .api(_, code1, _, _) = nobody else { return XCTFail("\(String(describing: nobody))") }
        XCTAssertEqual(code1, 1)
    }

    func testAKeyInTheWrongArgumentIsNotQuotedBack() async throws {
        // A date is a String in Swift: a key passed there (arguments mixed up) is refused, and the
        // refusal, which quotes the value, shows none of the key; a job's refusal neither.
        let c = try client()
        for call in [{ _ = try await c.presence(day: companyKey) } as () async throws -> Void,
                     { _ = try c.projectHours(email: companyKey, start: "2026-01-01", end: "2026-01-31") }] {
            let e = await expectZeitkontoError(call)
            XCTAssertNotNil(e)
            XCTAssertFalse(String(describing: e).contains(companyKey), String(describing: e))
        }
    }

    func testInvalidInputIsRefusedBeforeAnythingIsSent() async throws {
        let c = try client()
        func field(_ call: () async throws -> Void) async -> String? {
            guard case let .invalidInput(field, _, _) = await expectZeitkontoError(call) else { return nil }
            return field
        }
        let range = await field { _ = try await c.projectBookings(email: manager, uuid: "p-website", startDate: "2026-10-01", endDate: "2026-11-05") }
        XCTAssertEqual(range, "startDate")
        let month13 = await field { _ = try await c.timeAccount(employee: anna, year: 2026, month: 13) }
        XCTAssertEqual(month13, "month")
        let month0 = await field { _ = try await c.leaveMonth(year: 2026, month: 0) }
        XCTAssertEqual(month0, "month")
        // An Int that does not fit the parameter names it (Int is 64 bits, a year 32).
        let hugeYear = await field { _ = try await c.timeAccount(employee: anna, year: Int(Int32.max) + 1, month: 3) }
        XCTAssertEqual(hugeYear, "year")
        let notATime = await field { _ = try await c.createShift(startTime: "8 am", endTime: "16:00") }
        XCTAssertEqual(notATime, "startTime")
        let seconds = await field { _ = try await c.createShift(startTime: "00:00", endTime: "23:59:30") }
        XCTAssertEqual(seconds, "endTime", "the API takes whole minutes")
        let days = await field { try await c.extraLeave(account: anna, days: 0.0) }
        XCTAssertEqual(days, "days")
        let extra = await field { _ = try await c.createProject(email: manager, name: "Launch", extra: ["budget": "not json"]) }
        XCTAssertEqual(extra, "extra")
        let name = await field { _ = try await c.createProject(email: manager, name: " ") }
        XCTAssertEqual(name, "name")
        let dots = await field { try await c.come(employee: "..") }
        XCTAssertEqual(dots, "employee")
        let date = await field { _ = try await c.presence(day: "21.11.2026") }
        XCTAssertEqual(date, "day")
        let sent = try await Sandbox.shared.requests("project_bookings") + Sandbox.shared.requests("create_shift")
            + Sandbox.shared.requests("extra_leave") + Sandbox.shared.requests("time_account") + Sandbox.shared.requests("clock")
            + Sandbox.shared.requests("leave_month") + Sandbox.shared.requests("presence")
        XCTAssertEqual(sent, 0)
        // Settings too, when the client is made.
        let plainHttp = await expectError { try ZeitkontoClient(config: ZeitkontoConfig(apiKey: ApiKey("k"), baseUrl: "http://desktop.saas.de")) }
        guard case let .invalidInput(baseUrl, _, _) = plainHttp as? ZeitkontoError else { return XCTFail("\(String(describing: plainHttp))") }
        XCTAssertEqual(baseUrl, "baseUrl")
        let timeout = await expectError { try client(timeout: -1) }
        guard case let .invalidInput(timeoutField, _, _) = timeout as? ZeitkontoError else { return XCTFail("\(String(describing: timeout))") }
        XCTAssertEqual(timeoutField, "timeout")
    }

    func testBadResponsesAreTyped() async throws {
        let c = try client()
        try await Sandbox.shared.inject(#"{"kind":"html","operation":"employees"}"#)
        let decode = await expectZeitkontoError { try await c.employees() }
        guard case let .decode(operation, detail, reached, _) = decode else { return XCTFail("\(String(describing: decode))") }
        XCTAssertEqual(operation, "employees")
        XCTAssertTrue(reached)
        XCTAssertEqual(decode?.mayHaveReachedServer, true)
        XCTAssertNil(decode?.apiCode)
        XCTAssertFalse(detail.isEmpty)
        try await Sandbox.shared.inject(#"{"kind":"truncated","operation":"presence"}"#)
        let truncated = await expectZeitkontoError { try await c.presence() }
        guard case .decode = truncated else { return XCTFail("\(String(describing: truncated))") }
        try await Sandbox.shared.inject(#"{"kind":"html","status":502,"operation":"clock"}"#)
        let status = await expectZeitkontoError { try await c.come(employee: anna) }
        guard case let .unexpectedStatus(code, excerpt, mayHave, _) = status else { return XCTFail("\(String(describing: status))") }
        XCTAssertEqual(code, 502)
        XCTAssertTrue(excerpt.contains("<html>"), excerpt)
        XCTAssertTrue(mayHave, "a 502 after a write: it may have been applied")
        try await Sandbox.shared.inject(#"{"kind":"rateLimit","retryAfter":120,"operation":"employees"}"#)
        let limited = await expectZeitkontoError { try await c.employees() }
        guard case let .rateLimited(status429, retryAfter, _) = limited else { return XCTFail("\(String(describing: limited))") }
        XCTAssertEqual(status429, 429)
        XCTAssertEqual(retryAfter, 120.0)
    }

    func testRedirectsAreNeverFollowedAndAWriteMayHaveBeenApplied() async throws {
        let c = try client()
        try await Sandbox.shared.inject(#"{"kind":"redirect","status":303,"location":"https://elsewhere.example/\#(companyKey)","operation":"clock"}"#)
        let e = await expectZeitkontoError { try await c.come(employee: anna) }
        guard case let .unexpectedStatus(status, excerpt, mayHave, _) = e else { return XCTFail("\(String(describing: e))") }
        XCTAssertEqual(status, 303)
        XCTAssertTrue(mayHave, "post/redirect/get: the write may have been applied")
        XCTAssertTrue(excerpt.contains("elsewhere.example") && !excerpt.contains(companyKey), excerpt)
        let requests = try await Sandbox.shared.requests("clock")
        XCTAssertEqual(requests, 1, "not followed, not sent again")
    }

    func testTransportFailuresAndTimeouts() async throws {
        let closed = try client(baseUrl: "http://127.0.0.1:\(closedPort())",
                                retry: RetrySettings(maxRetries: 2, baseDelay: 0.01, maxDelay: 0.02, maxRetryAfter: 60, maxRateLimitRetries: 3))
        let refused = await expectZeitkontoError { try await closed.come(employee: anna) }
        guard case let .transport(_, mayHave, _) = refused else { return XCTFail("\(String(describing: refused))") }
        XCTAssertFalse(mayHave, "a refused connection reached nothing")
        let slow = try client(timeout: 0.3)
        try await Sandbox.shared.inject(#"{"kind":"delay","delayMs":1500,"count":3,"operation":"employees"}"#)
        let timeout = await expectZeitkontoError { try await slow.employees() }
        guard case let .timeout(reached, _) = timeout else { return XCTFail("\(String(describing: timeout))") }
        XCTAssertTrue(reached)
        XCTAssertEqual(timeout?.mayHaveReachedServer, true)
        XCTAssertEqual(refused?.mayHaveReachedServer, false)
        let tries = try await Sandbox.shared.requests("employees")
        XCTAssertEqual(tries, 3, "a read is tried three times (two retries)")
    }

    func testReadsAreRetriedWritesNeverSentTwice() async throws {
        let c = try client()
        try await Sandbox.shared.inject(#"{"kind":"status","status":503,"count":2,"operation":"employees"}"#)
        let employees = try await c.employees()
        XCTAssertFalse(employees.isEmpty)
        let tries = try await Sandbox.shared.requests("employees")
        XCTAssertEqual(tries, 3)
        try await Sandbox.shared.inject(#"{"kind":"status","status":500,"after":true,"operation":"clock"}"#)
        _ = await expectZeitkontoError { try await c.come(employee: anna) }
        try await Sandbox.shared.inject(#"{"kind":"reset","after":true,"operation":"create_project"}"#)
        let lost = await expectZeitkontoError { try await c.createProject(email: manager, name: "Once") }
        guard case let .transport(_, mayHave, _) = lost else { return XCTFail("\(String(describing: lost))") }
        XCTAssertTrue(mayHave)
        try await Sandbox.shared.inject(#"{"kind":"status","status":502,"after":true,"operation":"book_absence"}"#)
        _ = await expectZeitkontoError { try await c.bookAbsence(reasonUuid: "LT-VAC", employeeUuid: annaUuid, startDay: "2026-12-28", endDay: "2026-12-29") }
        for op in ["clock", "create_project", "book_absence"] {
            let requests = try await Sandbox.shared.requests(op)
            let writes = try await Sandbox.shared.writes(op)
            XCTAssertEqual([requests, writes], [1, 1], op)
        }
    }

    func testAForced429IsHonouredForAWrite() async throws {
        try await Sandbox.shared.inject(#"{"kind":"rateLimit","retryAfter":1,"operation":"clock"}"#)
        try await client().come(employee: anna)
        let requests = try await Sandbox.shared.requests("clock")
        let writes = try await Sandbox.shared.writes("clock")
        XCTAssertEqual([requests, writes], [2, 1])
    }

    func testTheLimiterKeepsAConcurrentBurstFreeOf429() async throws {
        try await Sandbox.shared.setRateLimit(20, windowMs: 1000)
        let limited = try client(retry: RetrySettings(maxRetries: 0, baseDelay: 0.5, maxDelay: 8, maxRetryAfter: 60, maxRateLimitRetries: 0),
                                 rateLimit: RateLimitSettings(limit: 20, window: 1.0, margin: nil))
        let results = try await withThrowingTaskGroup(of: FoundProjects.self) { group in
            for _ in 0..<60 { group.addTask { try await limited.findProjects(email: manager, name: "Support") } }
            var all: [FoundProjects] = []
            for try await r in group { all.append(r) }
            return all
        }
        XCTAssertEqual(results.count, 60)
        let rateLimited = try await Sandbox.shared.stat("rateLimited")
        XCTAssertEqual(rateLimited, 0)
    }

    func testAsyncCallsRunConcurrently() async throws {
        let c = try client()
        try await Sandbox.shared.inject(#"{"kind":"delay","delayMs":400,"count":5,"operation":"employees"}"#)
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<5 { group.addTask { try await c.employees().count } }
            for try await n in group { XCTAssertGreaterThan(n, 0) }
        }
        let maxInFlight = try await Sandbox.shared.stat("maxInFlight")
        XCTAssertEqual(maxInFlight, 5, "all five were waiting on the network at once")
    }

    func testSharedVectorsThroughSansIo() throws {
        // The vectors' request-bound parse through the Swift sans-IO functions, spot-checked
        // here; VectorsTests runs every case.
        let request = try buildRequest(operation: "time_account", params: #"{"employee":"EMPKEY-Zr6w-9c1d","year":2026,"month":3}"#,
                                       config: ZeitkontoConfig(apiKey: ApiKey("test-company-key")))
        let body = Data("Cannot GET /rest/api/v2/time/account/test-company-key/EMPKEY-Zr6w-9c1d/2026/2".utf8)
        do {
            _ = try parseResponse(operation: "time_account", status: 404, headers: [], body: body, request: request)
            XCTFail("expected an error")
        } catch let ZeitkontoError.unexpectedStatus(_, excerpt, _, _) {
            XCTAssertEqual(excerpt, "Cannot GET /rest/api/v2/time/account/***/***/2026/2")
        }
    }
}
