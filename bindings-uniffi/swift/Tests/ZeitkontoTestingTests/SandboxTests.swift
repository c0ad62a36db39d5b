import Foundation
import XCTest
import Zeitkonto
import ZeitkontoTesting

final class SandboxTests: XCTestCase {
    func testAHundredCallsRunInProcessWithoutWaitingForARateLimit() async throws {
        let sandbox = try ZeitkontoSandbox(today: "2026-11-21")
        let client = try sandbox.client()
        for _ in 0..<100 {
            let people = try await client.employees()
            XCTAssertEqual(people.count, 39)
        }
        XCTAssertEqual(try sandbox.requests("employees"), 100)
        XCTAssertEqual(sandbox.rateLimited, 0)
    }

    func testResetAndANewSandboxForgetWhatTheClientsCounted() async throws {
        // One call an hour: a client that waited for its window would be held up for an hour.
        let hourly = RateLimitSettings(limit: 1, window: 3600)
        func atOnce(_ client: ZeitkontoClient) async throws {
            try await withThrowingTaskGroup(of: Bool.self) { group in
                group.addTask { _ = try await client.employees(); return true }
                group.addTask { try await Task.sleep(nanoseconds: 20_000_000_000); return false }
                let first = try await group.next()
                group.cancelAll()
                XCTAssertEqual(first, true, "held up by the rate limit")
            }
        }
        let sandbox = try ZeitkontoSandbox(rateLimit: hourly)
        let client = try sandbox.client()
        try await atOnce(client)
        sandbox.reset()
        try await atOnce(client)
        let again = try ZeitkontoSandbox(rateLimit: hourly)
        try await atOnce(try again.client())
        XCTAssertEqual([try sandbox.requests("employees"), try again.requests("employees")], [1, 1])
    }

    func testTheSpecRulesHoldInProcess() async throws {
        let sandbox = try ZeitkontoSandbox(today: "2026-11-21")
        let client = try sandbox.client()
        try await client.come(employee: sandbox.keys.employee)
        do {
            try await client.come(employee: sandbox.keys.employee)
            XCTFail("a second come is refused")
        } catch ZeitkontoError.refused {}
        XCTAssertEqual(try sandbox.writes("clock"), 1)
        XCTAssertEqual(sandbox.today, "2026-11-21")
        sandbox.reset()
        XCTAssertEqual(try sandbox.writes(), 0)
    }

    func testALostAnswerIsAnErrorAndTheWriteIsAppliedOnce() async throws {
        let sandbox = try ZeitkontoSandbox()
        try sandbox.inject(.reset, operation: "clock", afterApplying: true)
        do {
            try await sandbox.client().come(employee: sandbox.keys.employee)
            XCTFail("the answer was lost")
        } catch let ZeitkontoError.transport(_, mayHaveReachedServer, _) {
            XCTAssertTrue(mayHaveReachedServer)
        }
        XCTAssertEqual(try sandbox.requests("clock"), 1)
        XCTAssertEqual(try sandbox.writes("clock"), 1)
        try sandbox.inject(.status, operation: "employees", status: 503)
        let people = try await sandbox.client().employees()
        XCTAssertEqual(people.count, 39)
        XCTAssertEqual(try sandbox.requests("employees"), 2)
    }

    func testACancelledCallDuringADelayAppliesNothing() async throws {
        let sandbox = try ZeitkontoSandbox()
        try sandbox.inject(.delay, operation: "clock", delay: 5)
        let client = try sandbox.client()
        let employee = sandbox.keys.employee
        let task = Task { try await client.come(employee: employee) }
        try await Task.sleep(nanoseconds: 50_000_000)
        task.cancel()
        _ = await task.result
        XCTAssertEqual(try sandbox.writes("clock"), 0)
    }

    func testServeRunsTheSameEngineOverHttp() throws {
        let sandbox = try ZeitkontoSandbox()
        let url = try sandbox.serve()
        XCTAssertTrue(url.hasPrefix("http://127.0.0.1:"))
        sandbox.close()
    }

    func testBadInputIsTheClientsInvalidInputNamingTheField() throws {
        func field(_ f: () throws -> Void) -> String? {
            do { try f() } catch let ZeitkontoError.invalidInput(field, _, _) { return field } catch { return "\(error)" }
            return nil
        }
        XCTAssertEqual(field { _ = try ZeitkontoSandbox(today: "2026-13-01") }, "today")
        XCTAssertEqual(field { _ = try ZeitkontoSandbox(seedJson: "{\"companies\": \"x\"}") }, "seed")
        // The engine checks the rate limit: no conversion on the way traps, wraps or clamps it.
        XCTAssertEqual(field { _ = try ZeitkontoSandbox(rateLimit: RateLimitSettings(limit: Int.max, window: 60)) }, "rateLimit.limit")
        XCTAssertEqual(field { _ = try ZeitkontoSandbox(rateLimit: RateLimitSettings(limit: 1, window: .nan)) }, "rateLimit.window")
        XCTAssertEqual(field { _ = try ZeitkontoSandbox(rateLimit: RateLimitSettings(limit: 1, window: 0)) }, "rateLimit.window")
        let sandbox = try ZeitkontoSandbox()
        XCTAssertEqual(field { _ = try sandbox.writes("no_such_op") }, "operation")
        for kind in FaultKind.allCases { try sandbox.inject(kind) }
    }

    /// tests/vectors/ (four folders above this file).
    private static let vectors = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../../tests/vectors").standardized

    private static func read(_ name: String) throws -> [String: Any] {
        let data = try Data(contentsOf: vectors.appendingPathComponent(name))
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// tests/vectors/inject.json: the one refusal every kit gives (the engine checks). Swift skips
    /// what its types cannot hold: the `dynamic` cases and a fractional whole number.
    func testBadInjectArgumentsGiveTheSharedRefusals() throws {
        let sandbox = try ZeitkontoSandbox()
        let cases = try XCTUnwrap(try Self.read("inject.json")["cases"] as? [[String: Any]])
        var ran = 0
        for c in cases {
            if c["dynamic"] as? Bool == true { continue }
            let o = try XCTUnwrap(c["options"] as? [String: Any])
            let name = c["name"] as? String ?? "?"
            func whole(_ k: String) -> Int?? {
                guard let d = o[k] as? Double else { return .some(nil) }
                return d.rounded() == d ? .some(Int(d)) : nil
            }
            func seconds(_ k: String) -> TimeInterval? {
                if o[k] as? String == "Infinity" { return .infinity }
                return (o[k] as? Double).map { $0 / 1000 }
            }
            guard let count = whole("count"), let status = whole("status"), let pad = whole("pad") else { continue }
            let kind = try XCTUnwrap(FaultKind(rawValue: c["kind"] as? String ?? ""), name)
            let inject = {
                try sandbox.inject(kind, operation: o["operation"] as? String, count: count ?? 1, status: status,
                                   delay: seconds("delay"), retryAfter: seconds("retryAfter"),
                                   afterApplying: o["afterApplying"] as? Bool ?? false, pad: pad,
                                   location: o["location"] as? String)
            }
            if let field = c["field"] as? String {
                do {
                    try inject()
                    XCTFail("\(name): accepted")
                } catch let ZeitkontoError.invalidInput(got, reason, _) {
                    XCTAssertEqual(got, field, name)
                    XCTAssertEqual(reason, c["reason"] as? String, name)
                }
            } else {
                try inject()
            }
            ran += 1
        }
        XCTAssertGreaterThanOrEqual(ran, 20)
    }

    func testTheFaultKindsAreTheEngines() throws {
        let declared = try XCTUnwrap(try Self.read("testkit.json")["faultKinds"] as? [[String: Any]])
        XCTAssertEqual(declared.map { $0["name"] as? String ?? "" }, FaultKind.allCases.map(\.rawValue))
    }

    /// A benchmark, not a timing assertion: the kit in-process vs the same engine over loopback
    /// HTTP (`serve()`, the bundled transport), medians of interleaved rounds; prints `kit bench:`.
    func testPrintsInProcessVersusLoopback() async throws {
        let sandbox = try ZeitkontoSandbox(today: "2026-11-21")
        let kit = try sandbox.client()
        let http = try ZeitkontoClient(config: ZeitkontoConfig(apiKey: ApiKey(sandbox.keys.companyKey),
                                                                 baseUrl: try sandbox.serve(),
                                                                 rateLimit: RateLimitSettings(limit: 0)))
        let employee = sandbox.keys.employee
        let cases: [(String, (ZeitkontoClient) async throws -> Void)] = [
            ("presence of one employee (small)", { c in _ = try await c.presence(email: employee, day: nil) }),
            ("employees (39 records)", { c in _ = try await c.employees() }),
        ]
        for (name, call) in cases {
            try await call(kit)
            try await call(http)
            var times: [[Double]] = [[], []]
            for _ in 0..<9 {
                for (i, c) in [kit, http].enumerated() {
                    let t = DispatchTime.now().uptimeNanoseconds
                    for _ in 0..<30 { try await call(c) }
                    times[i].append(Double(DispatchTime.now().uptimeNanoseconds - t) / 1000 / 30)
                }
            }
            let k = times[0].sorted()[4], h = times[1].sorted()[4]
            print(String(format: "kit bench: %@ in-process %.1f us/call   loopback %.1f us/call   ratio %.2fx", name, k, h, h / k))
        }
        sandbox.close()
    }
}
