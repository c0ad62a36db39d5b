// The app's own HTTP stack through `ZeitkontoTransport` (here URLSession, as an iOS app would use
// it): calls work end to end, and the client's driver keeps the limiter, retries (never a write
// twice), the timeout and redaction.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest
@testable import Zeitkonto

/// A `ZeitkontoTransport` on `URLSession` that never follows redirects and counts its sends.
final class SessionTransport: NSObject, ZeitkontoTransport, URLSessionTaskDelegate, @unchecked Sendable {
    let sends = Counter()

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        completionHandler(nil) // return the 3xx as it is
    }

    func send(request: BuiltRequest, timeout: Double?) async throws -> HttpResponse {
        sends.bump()
        guard let url = URL(string: request.url()) else { throw TransportError.connect(detail: "bad URL") }
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
            throw TransportError.connect(detail: "\(e.code)")
        } catch {
            throw TransportError.lost(detail: "\(error)")
        }
        guard let http = response as? HTTPURLResponse else { throw TransportError.lost(detail: "not HTTP") }
        let headers = http.allHeaderFields.map { HttpHeader(name: "\($0.key)", value: "\($0.value)") }
        return HttpResponse(status: http.statusCode, headers: headers, body: data)
    }
}

final class TransportTests: XCTestCase {
    override func setUp() async throws {
        try await Sandbox.shared.reset()
    }

    func testReadsAndWritesGoThroughTheAppsTransport() async throws {
        let transport = SessionTransport()
        let c = try ZeitkontoClient.withTransport(config: sandboxConfig(), transport: transport)
        let viaApp = try await c.employees()
        let bundled = try await client().employees()
        XCTAssertEqual(viaApp, bundled)
        try await c.come(employee: anna)
        XCTAssertEqual(transport.sends.value, 2)
        let writes = try await Sandbox.shared.writes("clock")
        XCTAssertEqual(writes, 1)
    }

    func testA5xxReadIsRetriedAWriteNever() async throws {
        let transport = SessionTransport()
        let c = try ZeitkontoClient.withTransport(config: sandboxConfig(), transport: transport)
        try await Sandbox.shared.inject(#"{"kind":"status","status":503,"count":1,"operation":"employees"}"#)
        _ = try await c.employees()
        XCTAssertEqual(transport.sends.value, 2)
        try await Sandbox.shared.inject(#"{"kind":"status","status":503,"count":1,"operation":"clock"}"#)
        let e = await expectZeitkontoError { try await c.come(employee: anna) }
        guard case let .unexpectedStatus(status, _, _, _) = e else { return XCTFail("\(String(describing: e))") }
        XCTAssertEqual(status, 503)
        XCTAssertEqual(transport.sends.value, 3, "the write was sent once")
    }

    func testConnectFailuresAreRetriedForReadsAndTheDetailIsRedacted() async throws {
        final class Refusing: ZeitkontoTransport, @unchecked Sendable {
            let attempts = Counter()
            func send(request: BuiltRequest, timeout: Double?) async throws -> HttpResponse {
                attempts.bump()
                throw TransportError.connect(detail: "refused: \(request.url())")
            }
        }
        let refusing = Refusing()
        let c = try ZeitkontoClient.withTransport(config: sandboxConfig(), transport: refusing)
        let e = await expectZeitkontoError { try await c.employees() }
        guard case let .transport(detail, mayHave, _) = e else { return XCTFail("\(String(describing: e))") }
        XCTAssertFalse(mayHave)
        XCTAssertEqual(refusing.attempts.value, 3, "the first try and two retries")
        XCTAssertFalse(detail.contains(companyKey) || "\(e!)".contains(companyKey), detail)
        XCTAssertTrue(detail.contains("***"), detail)
    }

    func testAnyOtherErrorMeansTheWriteMayHaveBeenAppliedSoItIsNotSentAgain() async throws {
        final class Breaking: ZeitkontoTransport, @unchecked Sendable {
            let attempts = Counter()
            struct Reset: Error {}
            func send(request: BuiltRequest, timeout: Double?) async throws -> HttpResponse {
                attempts.bump()
                throw Reset()
            }
        }
        let breaking = Breaking()
        let c = try ZeitkontoClient.withTransport(config: sandboxConfig(), transport: breaking)
        let e = await expectZeitkontoError { try await c.come(employee: anna) }
        guard case let .transport(_, mayHave, _) = e else { return XCTFail("\(String(describing: e))") }
        XCTAssertTrue(mayHave)
        XCTAssertEqual(breaking.attempts.value, 1)
    }

    func testAnNSErrorOrURLErrorATransportThrowsReadsWithItsMessageAndItsKeyRedacted() async throws {
        final class Failing: ZeitkontoTransport, @unchecked Sendable {
            let error: @Sendable (String) -> Error
            init(_ error: @escaping @Sendable (String) -> Error) { self.error = error }
            func send(request: BuiltRequest, timeout: Double?) async throws -> HttpResponse {
                throw error(request.url())
            }
        }
        let failures: [(Failing, String)] = [
            // (corelibs Foundation printed both as `... "(null)"`: the message was lost.)
            (Failing { url in NSError(domain: "Net", code: 7, userInfo: [NSLocalizedDescriptionKey: "failed to load \(url)"]) },
             "Net 7: failed to load"),
            (Failing { url in URLError(.timedOut, userInfo: [NSLocalizedDescriptionKey: "timed out at \(url)"]) },
             "URLError -1001: timed out at"),
        ]
        for (transport, expected) in failures {
            let c = try ZeitkontoClient.withTransport(config: sandboxConfig(), transport: transport)
            let e = await expectZeitkontoError { try await c.employees() }
            let text = String(describing: e)
            XCTAssertTrue(text.contains(expected), text)
            XCTAssertFalse(text.contains(companyKey), "the key in the URL is redacted: \(text)")
        }
    }

    func testTheClientsTimeoutCancelsATransportThatNeverAnswers() async throws {
        final class Hanging: ZeitkontoTransport, @unchecked Sendable {
            let cancelled = Counter()
            func send(request: BuiltRequest, timeout: Double?) async throws -> HttpResponse {
                do {
                    try await Task.sleep(nanoseconds: 60_000_000_000)
                } catch {
                    cancelled.bump()
                    throw error
                }
                throw TransportError.timeout
            }
        }
        let hanging = Hanging()
        let quick = sandboxConfig(timeout: 0.3, retry: RetrySettings(maxRetries: 0, baseDelay: 0.5, maxDelay: 8, maxRetryAfter: 60, maxRateLimitRetries: 3))
        let c = try ZeitkontoClient.withTransport(config: quick, transport: hanging)
        let e = await expectZeitkontoError { try await c.employees() }
        guard case let .timeout(mayHave, _) = e else { return XCTFail("\(String(describing: e))") }
        XCTAssertTrue(mayHave)
        for _ in 0..<50 where hanging.cancelled.value == 0 { try await Task.sleep(nanoseconds: 100_000_000) }
        XCTAssertEqual(hanging.cancelled.value, 1, "the app's task was cancelled")
    }

    func testARedirectTheAppReturnsIsAnErrorNamingTheRedactedTarget() async throws {
        final class Redirecting: ZeitkontoTransport, @unchecked Sendable {
            func send(request: BuiltRequest, timeout: Double?) async throws -> HttpResponse {
                HttpResponse(status: 302, headers: [HttpHeader(name: "Location", value: "https://elsewhere.example/x/\(companyKey)")], body: Data())
            }
        }
        let c = try ZeitkontoClient.withTransport(config: sandboxConfig(), transport: Redirecting())
        let e = await expectZeitkontoError { try await c.employees() }
        guard case let .unexpectedStatus(status, excerpt, _, _) = e else { return XCTFail("\(String(describing: e))") }
        XCTAssertEqual(status, 302)
        XCTAssertFalse(excerpt.contains(companyKey), excerpt)
        XCTAssertEqual("\(HttpResponse(status: 302, headers: [], body: Data()))", "HttpResponse(status=302, 0 bytes)")
    }
}
