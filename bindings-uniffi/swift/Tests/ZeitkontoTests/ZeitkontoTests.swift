// XCTest suite of the Swift package, against the sandbox (ZEITKONTO_SANDBOX_BIN=<zeitkonto-sandbox>).
// No Swift compiler reaches the machines this repository is built on, so this suite has never run
// in CI. It mirrors the Kotlin suite (bindings-uniffi/kotlin/src/test), which does run there.
// XCTest assertions take no `await`, so results are bound first.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest
@testable import Zeitkonto

let today = "2026-11-21"
let companyKey = "demo-company-key"
let workspaceKey = "demo-workspace-key"
let anna = "anna.schmidt@demo.example"
let annaUuid = "00000000-0000-4000-8000-000000000001"
let manager = "max.manager@demo.example"

/// One zeitkonto-sandbox process for the whole run.
final class Sandbox {
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

    func inject(_ fault: String) async throws {
        try await send("POST", "/__sandbox/faults", fault)
    }

    func stats() async throws -> [String: Any] {
        (try await send("GET", "/__sandbox/stats") as? [String: Any]) ?? [:]
    }

    func count(_ table: String, _ op: String) async throws -> Int {
        ((try await stats())[table] as? [String: Any])?[op] as? Int ?? 0
    }
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
}

let generous = RateLimitSettings(limit: 1_000_000, window: 60.0, margin: nil)
let fastRetry = RetrySettings(maxRetries: 2, baseDelay: 0.02, maxDelay: 0.1, maxRetryAfter: 60.0, maxRateLimitRetries: 3)

/// The app's own HTTP stack: a `ZeitkontoTransport` on `URLSession` that never follows redirects.
final class SessionTransport: NSObject, ZeitkontoTransport, URLSessionTaskDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var sends: Int { lock.lock(); defer { lock.unlock() }; return count }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        completionHandler(nil) // return the 3xx as it is
    }

    func send(request: BuiltRequest, timeout: Double?) async throws -> HttpResponse {
        lock.lock(); count += 1; lock.unlock()
        guard let url = URL(string: request.url()) else { throw TransportError.Connect(detail: "bad URL") }
        var r = URLRequest(url: url)
        r.httpMethod = request.method()
        for h in request.headers() { r.addValue(h.value, forHTTPHeaderField: h.name) }
        r.httpBody = request.body().map { Data($0.utf8) }
        if let t = timeout { r.timeoutInterval = t }
        let session = URLSession(configuration: .ephemeral, delegate: self, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let (data, response): (Data, URLResponse)
        do {
            (data, response) = try await session.data(for: r)
        } catch let e as URLError where e.code == .cannotConnectToHost || e.code == .cannotFindHost {
            throw TransportError.Connect(detail: "\(e.code)")
        } catch {
            throw TransportError.Lost(detail: "\(error)")
        }
        guard let http = response as? HTTPURLResponse else { throw TransportError.Lost(detail: "not HTTP") }
        let headers = http.allHeaderFields.map { HttpHeader(name: "\($0.key)", value: "\($0.value)") }
        return HttpResponse(status: Int32(http.statusCode), headers: headers, body: data)
    }
}

func client(_ key: String = companyKey, baseUrl: String? = nil, timeout: Double = 10.0) throws -> ZeitkontoClient {
    try ZeitkontoClient(config: ZeitkontoConfig(
        apiKey: ApiKey(key), baseUrl: baseUrl ?? Sandbox.shared.url, workspaceKey: ApiKey(workspaceKey),
        routes: [:], timeout: timeout, retry: fastRetry, rateLimit: generous))
}

func json(_ raw: RawJson) -> [String: Any] {
    (try? JSONSerialization.jsonObject(with: Data(raw.utf8))) as? [String: Any] ?? [:]
}

final class ZeitkontoTests: XCTestCase {
    override func setUp() async throws {
        try await Sandbox.shared.reset()
    }

    func testEmployeesAndDepartments() async throws {
        let c = try client()
        let active = try await c.employees()
        XCTAssertEqual(active.first { $0.email == anna }?.givenName, "Anna")
        let everyone = try await c.allEmployees()
        XCTAssertTrue(everyone.contains { $0.email == "otto.former@demo.example" })
        let departments = try await c.employeeDepartments()
        XCTAssertEqual(departments.first { $0.employee == "Schmidt, Anna" }?.department, "Sales")
    }

    func testClockPresenceAndOverview() async throws {
        let c = try client()
        try await c.come(employee: anna)
        let entry = try await c.overview(email: anna).info[0]
        XCTAssertTrue(entry.isClockedIn)
        let presence = try await c.presence(email: anna)
        XCTAssertEqual(presence.info[0].present, true)
        try await c.stop(employee: anna)
        try await c.go(employee: anna)
        do {
            try await c.go(employee: anna)
            XCTFail("expected Refused")
        } catch ZeitkontoError.Refused {
        }
        try await c.clock(action: .come, employee: anna, device: "Kiosk", project: "p-website")
        let writes = try await Sandbox.shared.count("writes", "clock")
        XCTAssertEqual(writes, 4)
    }

    func testMonthlyAccountsUseCalendarMonths() async throws {
        let c = try client()
        let october = try await c.timeAccount(employee: anna, year: 2026, month: 10)
        XCTAssertEqual(october.month, 10)
        XCTAssertTrue(october.bookings.allSatisfy { $0.date?.hasPrefix("2026-10-") == true })
        let report = try await c.timeAccountReport(email: anna, year: 2026, month: 10, project: true)
        XCTAssertEqual(report.target, october.target)
        do {
            _ = try await c.timeAccountReport(email: anna, year: 2026, month: 12)
            XCTFail("expected Api 4")
        } catch let ZeitkontoError.Api(status, code, _) {
            XCTAssertEqual(status, 403)
            XCTAssertEqual(code, 4)
        }
        let days = try await c.targetActualDays(email: anna, start: "2026-11-16", end: "2026-11-30")
        XCTAssertEqual(json(days.info.last!)["date"] as? String, "2026-11-21")
    }

    func testDepartmentsLeaveProjectsAndShifts() async throws {
        let c = try client()
        let accounts = try await c.departmentAccounts(department: "demo-department-key")
        XCTAssertNotNil(accounts[anna])
        let sales = try await c.departmentMonth(department: "1", year: 2026, month: 10)
        XCTAssertEqual(sales.name, "Sales")
        let each = try await c.departmentMonthEmployees(department: "SALES", year: 2026, month: 10)
        XCTAssertFalse(each.isEmpty)
        try await c.extraLeave(account: anna, days: 2.0, year: 2026, comment: "overtime")
        try await c.bookAbsence(
            reasonUuid: "LT-VAC", employeeUuid: annaUuid, halfDay: true, startDay: "2026-12-21", endDay: "2026-12-21")
        let december = try await c.leaveMonth(year: 2026, month: 12)
        XCTAssertFalse(december.isEmpty)
        let year = try await c.leaveYear(year: 2026)
        XCTAssertNotNil(year.legend["LT-VAC"])
        let types = try await c.leaveTypes(email: anna)
        XCTAssertFalse(types.leaveTypes.isEmpty)
        let projects = try await c.projects(email: manager)
        XCTAssertFalse(projects.projects.isEmpty)
        let created = try await c.createProject(email: manager, project: #"{"name":"Launch"}"#, parentId: "p-website")
        let uuid = try XCTUnwrap(created.uuid)
        let found = try await c.findProjects(email: manager, name: "Launch")
        XCTAssertEqual(found.projects, [uuid])
        let bookings = try await c.projectBookings(email: manager, uuid: "p-website", startDate: "2026-11-01", endDate: "2026-11-20")
        XCTAssertFalse(bookings.entries.isEmpty)
        try await c.deleteProject(email: manager, uuid: uuid)
        let week = try await c.shifts(year: 2026, week: 47)
        XCTAssertEqual(week.workspaceName, "Front desk")
        let shift = try await c.createShift(
            startTime: 22 * 60, endTime: 6 * 60, startDate: "2026-11-24", employeeAmount: 1, employees: [annaUuid])
        XCTAssertEqual(shift.success, true)
    }

    func testErrorsAreTypedAndKeysNeverPrint() async throws {
        let secret = "swift-secret-key-4711"
        do {
            _ = try await client(secret).employees()
            XCTFail("expected Api 3")
        } catch let error as ZeitkontoError {
            guard case let .Api(_, code, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(code, 3)
            XCTAssertFalse(String(describing: error).contains(secret))
            XCTAssertFalse(String(reflecting: error).contains(secret))
        }
        let config = ZeitkontoConfig(apiKey: ApiKey(secret), baseUrl: nil, workspaceKey: nil, routes: [:], timeout: 30.0, retry: nil, rateLimit: nil)
        XCTAssertFalse(String(reflecting: config).contains(secret))
        let request = try buildRequest(operation: "employees", params: "{}", config: ZeitkontoConfig(apiKey: ApiKey(secret)))
        XCTAssertTrue(request.url().contains(secret))
        XCTAssertFalse(request.redactedUrl().contains(secret))
        XCTAssertFalse(String(describing: request).contains(secret))
    }

    func testWritesAreNeverSentTwice() async throws {
        let c = try client()
        try await Sandbox.shared.inject(#"{"kind":"status","status":500,"after":true,"operation":"clock"}"#)
        do {
            try await c.come(employee: anna)
            XCTFail("expected UnexpectedStatus")
        } catch ZeitkontoError.UnexpectedStatus(let status, _, _) {
            XCTAssertEqual(status, 500)
        }
        let requests = try await Sandbox.shared.count("requests", "clock")
        XCTAssertEqual(requests, 1)
    }

    func testConcurrentCalls() async throws {
        let c = try client()
        try await Sandbox.shared.inject(#"{"kind":"delay","delayMs":400,"count":5,"operation":"employees"}"#)
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<5 { group.addTask { try await c.employees().count } }
            for try await n in group { XCTAssertGreaterThan(n, 0) }
        }
        let stats = try await Sandbox.shared.stats()
        let maxInFlight = stats["maxInFlight"] as? Int
        XCTAssertEqual(maxInFlight, 5)
    }

    func testDriverEventsReachAListener() async throws {
        let recorder = Recorder()
        let config = ZeitkontoConfig(apiKey: ApiKey(companyKey), baseUrl: Sandbox.shared.url, retry: fastRetry, rateLimit: generous)
        let c = try ZeitkontoClient.withEventListener(config: config, listener: recorder)
        try await Sandbox.shared.inject(#"{"kind":"status","status":503,"count":1,"operation":"employees"}"#)
        _ = try await c.employees()
        let sends: [(String, Int32)] = recorder.all.compactMap {
            if case let .send(_, request, attempt) = $0 { return (request, attempt) }
            return nil
        }
        XCTAssertEqual(sends.map { $0.1 }, [1, 2])
        XCTAssertFalse(sends.contains { $0.0.contains(companyKey) })
    }

    func testTheAppsOwnTransport() async throws {
        let transport = SessionTransport()
        let config = ZeitkontoConfig(apiKey: ApiKey(companyKey), baseUrl: Sandbox.shared.url, retry: fastRetry, rateLimit: generous)
        let c = try ZeitkontoClient.withTransport(config: config, transport: transport)
        let viaApp = try await c.employees()
        let bundled = try await client().employees()
        XCTAssertEqual(viaApp, bundled)
        try await Sandbox.shared.inject(#"{"kind":"status","status":503,"count":1,"operation":"clock"}"#)
        var status: Int32 = 0
        do { try await c.come(employee: anna) } catch let ZeitkontoError.UnexpectedStatus(s, _, _, _) { status = s }
        XCTAssertEqual(status, 503)
        XCTAssertEqual(transport.sends, 2, "one read, and the write sent once")
    }

    /// The README's Swift quickstart, but for the sandbox's URL and demo people.
    func testQuickstart() async throws {
        let client = try ZeitkontoClient(config: ZeitkontoConfig(apiKey: ApiKey(companyKey), baseUrl: Sandbox.shared.url))
        try await client.come(employee: anna)
        let october = try await client.timeAccount(employee: anna, year: 2026, month: 10)
        print(october.balance ?? 0)
        var refused = false
        try await client.go(employee: anna)
        do { try await client.go(employee: anna) } catch ZeitkontoError.Refused { refused = true }
        XCTAssertTrue(refused)
        XCTAssertEqual(october.month, 10)
    }

    func testVectorsThroughSansIo() throws {
        let vectors = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../../tests/vectors").standardized
        let declaration = try JSONSerialization.jsonObject(with: Data(contentsOf: vectors.appendingPathComponent("declaration.json"))) as? [String: Any]
        XCTAssertEqual(operations(), (declaration?["operations"] as? [[String: Any]])?.compactMap { $0["name"] as? String })
        let request = try buildRequest(
            operation: "time_account", params: #"{"employee":"e-1","year":2026,"month":3}"#,
            config: ZeitkontoConfig(apiKey: ApiKey("test-company-key")))
        XCTAssertTrue(request.url().hasSuffix("/test-company-key/e-1/2026/2"))
        let out = try parseResponse(operation: "time_account", status: 200, headers: [], body: Data(#"{"month":2}"#.utf8))
        XCTAssertEqual(json(out)["month"] as? Int, 3)
    }
}
