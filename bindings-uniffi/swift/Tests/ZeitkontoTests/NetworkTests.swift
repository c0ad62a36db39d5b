// The Swift client through real network infrastructure (scripts/network-infra: nginx with TLS from
// a private CA, gzip, HTTP/2; tinyproxy as a CONNECT proxy), on Linux in the Debian 13 root. Run by
// scripts/network-test with the ZK_NET_* variables; skipped without them.
import Foundation
import XCTest
@testable import Zeitkonto

final class NetworkTests: XCTestCase {
    private var net: [String: String] = [:]

    override func setUpWithError() throws {
        net = ProcessInfo.processInfo.environment.filter { $0.key.hasPrefix("ZK_NET_") }
        try XCTSkipIf(net["ZK_NET_URL"] == nil, "run by scripts/network-test")
    }

    private func config(_ url: String, ca: Bool = true, proxy: String? = nil) throws -> ZeitkontoConfig {
        ZeitkontoConfig(apiKey: ApiKey(companyKey), baseUrl: url,
                        retry: RetrySettings(maxRetries: 2, baseDelay: 0.02, maxDelay: 0.05, maxRetryAfter: 60, maxRateLimitRetries: 3),
                        rateLimit: generous, caCertificates: ca ? try String(contentsOfFile: net["ZK_NET_CA"]!, encoding: .utf8) : nil,
                        proxy: proxy.map(ProxyUrl.init))
    }

    private func log() throws -> [[String: Any]] {
        try String(contentsOfFile: net["ZK_NET_ACCESS_LOG"]!, encoding: .utf8).split(separator: "\n")
            .compactMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    func testAPrivateCaHttp2GzipAndTheUserAgent() async throws {
        let before = try log().count
        let people = try await ZeitkontoClient(config: config(net["ZK_NET_URL"]!)).employees()
        XCTAssertGreaterThanOrEqual(people.count, 35)
        let entry = try XCTUnwrap(try log().dropFirst(before).first)
        XCTAssertEqual(entry["protocol"] as? String, "HTTP/2.0")
        XCTAssertEqual(entry["content_encoding"] as? String, "gzip")
        XCTAssertTrue((entry["user_agent"] as? String)?.hasPrefix("zeitkonto-swift/") == true, "\(entry)")
    }

    func testSslCertFileIsTheTrustStoreOnLinux() async throws {
        setenv("SSL_CERT_FILE", net["ZK_NET_CA"]!, 1)
        defer { unsetenv("SSL_CERT_FILE") }
        let people = try await ZeitkontoClient(config: config(net["ZK_NET_URL"]!, ca: false)).employees()
        XCTAssertGreaterThanOrEqual(people.count, 35)
    }

    func testTlsFailuresAreTypedAndNeverRetried() async throws {
        for (url, trust, expected) in [(net["ZK_NET_URL"]!, false, TlsFailure.untrustedIssuer),
                                       (net["ZK_NET_WRONG_HOST"]!, true, TlsFailure.hostnameMismatch),
                                       (net["ZK_NET_EXPIRED"]!, true, TlsFailure.expired)] {
            let before = try log().count
            let started = Date()
            let c = try ZeitkontoClient(config: config(url, ca: trust))
            let e = await expectZeitkontoError { try await c.employees() }
            guard case let .tls(failure, detail, mayHave, _) = e else { return XCTFail("\(String(describing: e))") }
            XCTAssertEqual(failure, expected, detail)
            XCTAssertFalse(mayHave)
            XCTAssertLessThan(Date().timeIntervalSince(started), 2.0, "never retried")
            let after = try log().count
            XCTAssertEqual(after, before, "nginx saw no request")
        }
    }

    func testAProxyFromTheConfigNeverSeesTheKey() async throws {
        let path = net["ZK_NET_PROXY_LOG"]!
        let before = try String(contentsOfFile: path, encoding: .utf8).count
        let people = try await ZeitkontoClient(config: config(net["ZK_NET_URL"]!, proxy: net["ZK_NET_PROXY"])).employees()
        XCTAssertFalse(people.isEmpty)
        let seen = String(try String(contentsOfFile: path, encoding: .utf8).dropFirst(before))
        XCTAssertTrue(seen.contains("CONNECT"), seen)
        XCTAssertFalse(seen.contains(companyKey), seen)
    }
}
