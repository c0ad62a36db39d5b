// The Swift-native surface: errors print and localize as their sentence, results are Codable,
// whole numbers are Int, and no printed form of anything holds a key.
import Foundation
import XCTest
@testable import Zeitkonto

final class SwiftNativeTests: XCTestCase {
    override func setUp() async throws {
        try await Sandbox.shared.reset()
    }

    func testErrorsPrintAndLocalizeAsTheirSentence() async throws {
        let e = await expectError { try await client().timeAccount(employee: "nobody@demo.example", year: 2026, month: 5) }
        let error = try XCTUnwrap(e)
        let sentence = "API error code 1 (employee not found), HTTP 403"
        XCTAssertEqual("\(error)", sentence)
        XCTAssertEqual(String(describing: error), sentence)
        XCTAssertEqual(error.localizedDescription, sentence)
        XCTAssertEqual((error as? LocalizedError)?.errorDescription, sentence)
        // An error thrown by an app's transport reads as a sentence too.
        XCTAssertEqual("\(TransportError.connect(detail: "connection refused"))", "could not connect: connection refused")
        XCTAssertEqual(TransportError.timeout.localizedDescription, "timed out")
        // Invalid input: the parameter and the reason, in the same words as Rust, Python, JS, Kotlin.
        let input = await expectError { try await client().timeAccount(employee: anna, year: 2026, month: 13) }
        XCTAssertEqual(input.map { "\($0)" }, "invalid input `month`: 13 is not a calendar month (1-12; January is 1)")
    }

    func testResultsAreCodableWithTheSdkFieldNames() async throws {
        let c = try client()
        let account = try await c.timeAccount(employee: anna, year: 2026, month: 10)
        let data = try JSONEncoder().encode(account)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertEqual(object["month"] as? Int, 10)
        XCTAssertNotNil(object["balance"])
        XCTAssertNotNil(object["bookings"])
        XCTAssertEqual(try JSONDecoder().decode(MonthlyAccount.self, from: data), account)
        let overview = try await c.overview()
        XCTAssertEqual(try JSONDecoder().decode(OverviewReport.self, from: JSONEncoder().encode(overview)), overview)
        let week = try await c.shifts(year: 2026, week: 47)
        XCTAssertEqual(try JSONDecoder().decode(WeekShifts.self, from: JSONEncoder().encode(week)), week)
        // A cached list, as an app keeps one.
        let people = try await c.employees()
        XCTAssertEqual(try JSONDecoder().decode([EmployeeRecord].self, from: JSONEncoder().encode(people)), people)
    }

    func testAConfigIsReadFromJsonButAKeyIsNeverWritten() throws {
        // The fields without a default in JSON: routes, timeout, userAgent.
        let text = #"{"apiKey":"from-a-file-key","baseUrl":"https://desktop.saas.de","routes":{},"timeout":12.5,"userAgent":"payroll/1 zeitkonto-swift/0.1.0"}"#
        let config = try JSONDecoder().decode(ZeitkontoConfig.self, from: Data(text.utf8))
        XCTAssertEqual(config.timeout, 12.5)
        XCTAssertEqual(ZeitkontoConfig().userAgent, "zeitkonto-swift/0.1.0", "the default names the language")
        XCTAssertEqual(config.apiKey?.value, "from-a-file-key")
        XCTAssertThrowsError(try JSONEncoder().encode(config)) { error in
            XCTAssertFalse("\(error)".contains("from-a-file-key"), "\(error)")
        }
        // Without a key there is no secret to refuse.
        let keyless = ZeitkontoConfig(baseUrl: "https://desktop.saas.de")
        XCTAssertNoThrow(try JSONEncoder().encode(keyless))
    }

    func testWholeNumbersAreInt() async throws {
        let c = try client()
        let year: Int = 2026
        let month: Int = 10
        let account = try await c.timeAccount(employee: anna, year: year, month: month)
        let echoed: Int? = account.month
        XCTAssertEqual(echoed, month)
        let week = try await c.shifts(year: 2026, week: 47)
        let number: Int? = week.week
        XCTAssertEqual(number, 47)
        let e = await expectZeitkontoError { try await c.projects(email: anna) }
        guard case let .api(status, code, _, _) = e else { return XCTFail("\(String(describing: e))") }
        let pair: (Int, Int) = (status, code)
        XCTAssertTrue(pair == (403, 8))
    }

    func testWithoutATrustStoreHttpWorksAndHttpsNamesTheMissingStore() async throws {
        // A slim Linux container without ca-certificates: no root certificates at all.
        setenv("SSL_CERT_FILE", "/nonexistent/zeitkonto-test/ca.pem", 1)
        setenv("SSL_CERT_DIR", "/nonexistent/zeitkonto-test/certs", 1)
        defer {
            unsetenv("SSL_CERT_FILE")
            unsetenv("SSL_CERT_DIR")
        }
        let local = try client()
        let people = try await local.employees()
        XCTAssertFalse(people.isEmpty, "plain http to the sandbox keeps working")
        let remote = try ZeitkontoClient(config: ZeitkontoConfig(apiKey: ApiKey("k3y-for-a-missing-store")))
        let e = await expectZeitkontoError { try await remote.employees() }
        guard case let .tls(failure, detail, mayHave, _) = e else { return XCTFail("\(String(describing: e))") }
        XCTAssertEqual(failure, .other)
        XCTAssertTrue(detail.contains("trust store") && detail.contains("SSL_CERT_FILE"), detail)
        XCTAssertFalse(mayHave)
        XCTAssertFalse(detail.contains("k3y-for"), detail)
    }

    func testKeysNeverPrint() async throws {
        let secret = "swift-secret-key-4711"
        let config = ZeitkontoConfig(apiKey: ApiKey(secret), baseUrl: Sandbox.shared.url, workspaceKey: ApiKey(secret),
                                     proxy: ProxyUrl("http://proxy-user:\(secret)@proxy.corp:3128"))
        var dumped = ""
        dump(config, to: &dumped)
        for text in [String(describing: config), String(reflecting: config), dumped, "\(ApiKey(secret))", String(reflecting: ApiKey(secret))] {
            XCTAssertFalse(text.contains(secret) || text.contains("proxy-user"), text)
        }
        XCTAssertTrue(String(describing: config).contains("ProxyUrl(http://***@proxy.corp:3128)"), String(describing: config))
        // A key put into the base URL (a gateway's path), a route or the user agent prints as ***.
        let gateway = ZeitkontoConfig(apiKey: ApiKey(secret), baseUrl: "https://gateway.example/\(secret)/",
                                      routes: ["employees": "GET /x/\(secret)/{api}"], userAgent: "app/\(secret)")
        var gatewayDump = ""
        dump(gateway, to: &gatewayDump)
        for text in [String(describing: gateway), String(reflecting: gateway), gatewayDump] {
            XCTAssertFalse(text.contains(secret), text)
            XCTAssertTrue(text.contains("https://gateway.example/***/"), text)
        }
        XCTAssertEqual("\(ProxyUrl("http://proxy.corp:3128"))", "ProxyUrl(http://proxy.corp:3128)")
        XCTAssertThrowsError(try JSONEncoder().encode(ProxyUrl("http://u:\(secret)@proxy.corp:3128")))
        // A password holding `/`, `?` or `#` (unescaped) is hidden too, and never encoded.
        for password in ["pa/ss", "p?ss", "p#ss"] {
            let proxy = ProxyUrl("http://bob:\(password)@proxy.corp:3128")
            XCTAssertEqual("\(proxy)", "ProxyUrl(http://***@proxy.corp:3128)")
            XCTAssertThrowsError(try JSONEncoder().encode(proxy))
        }
        let recorder = Recorder()
        let c = try ZeitkontoClient.withEventListener(config: sandboxConfig(secret), listener: recorder)
        let e = await expectError { try await c.employees() }
        let error = try XCTUnwrap(e)
        var errorDump = ""
        dump(error, to: &errorDump)
        for text in ["\(error)", String(reflecting: error), error.localizedDescription, errorDump] {
            XCTAssertFalse(text.contains(secret), text)
        }
        XCTAssertFalse(recorder.all.isEmpty)
        for event in recorder.all {
            XCTAssertFalse("\(event)".contains(secret) || String(reflecting: event).contains(secret), "\(event)")
        }
        let request = try buildRequest(operation: "employees", params: "{}", config: ZeitkontoConfig(apiKey: ApiKey(secret)))
        XCTAssertTrue(request.url().contains(secret), "the URL carries the key to send")
        XCTAssertFalse(request.redactedUrl().contains(secret) || "\(request)".contains(secret))
        let closed = try client(secret, baseUrl: "http://127.0.0.1:\(closedPort())",
                                retry: RetrySettings(maxRetries: 0, baseDelay: 0.01, maxDelay: 0.02, maxRetryAfter: 1, maxRateLimitRetries: 0))
        let transport = await expectError { try await closed.employees() }
        XCTAssertFalse(transport.map { "\($0) \(String(reflecting: $0))" }?.contains(secret) ?? true)
    }
}
