// The shared vectors of tests/vectors/ through the sans-IO functions buildRequest / parseResponse:
// every build and parse case of every operation, as Rust, Python, npm and Kotlin run them.
import Foundation
import XCTest
@testable import Zeitkonto

final class VectorsTests: XCTestCase {
    private func load(_ name: String) throws -> JSONValue {
        try JSONValue.parse(String(contentsOf: vectorsDir.appendingPathComponent(name), encoding: .utf8))
    }

    func testTheVectorsCoverEveryDeclaredOperation() throws {
        let declared = try load("declaration.json")["operations"]?.arrayValue.compactMap { $0["name"]?.stringValue }
        XCTAssertEqual(operations(), declared)
        let files = try FileManager.default.contentsOfDirectory(atPath: vectorsDir.appendingPathComponent("operations").path)
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
        XCTAssertEqual(files, operations().sorted())
    }

    func testEveryVectorCase() throws {
        let defaults = try load("context.json")
        var cases = 0
        var failures: [String] = []
        for op in operations() {
            let file = try load("operations/\(op).json")
            for c in file["build"]?.arrayValue ?? [] {
                cases += 1
                if let problem = build(op, c, defaults) { failures.append("\(op) build `\(c["name"]?.stringValue ?? "")`: \(problem)") }
            }
            for c in file["parse"]?.arrayValue ?? [] {
                cases += 1
                if let problem = parse(op, c, defaults) { failures.append("\(op) parse `\(c["name"]?.stringValue ?? "")`: \(problem)") }
            }
        }
        XCTAssertGreaterThan(cases, 200)
        XCTAssertTrue(failures.isEmpty, "\(failures.count) of \(cases) cases failed:\n" + failures.joined(separator: "\n"))
    }

    /// The request of a case: `context` merged over context.json (`null` removes a key), `params`.
    private func request(_ op: String, _ c: JSONValue, _ defaults: JSONValue) throws -> BuiltRequest {
        var ctx = defaults.entries
        for (k, v) in c["context"]?.entries ?? [] {
            ctx.removeAll { $0.0 == k }
            ctx.append((k, v))
        }
        let merged = JSONValue.object(ctx)
        let string = { (k: String) in merged[k]?.stringValue }
        var routes: [String: String] = [:]
        for (op, route) in merged["routes"]?.entries ?? [] { routes[op] = route.stringValue }
        let config = ZeitkontoConfig(
            apiKey: string("apiKey").map { ApiKey($0) }, baseUrl: string("baseUrl"),
            workspaceKey: string("workspaceKey").map { ApiKey($0) }, routes: routes)
        return try buildRequest(operation: op, params: (c["params"] ?? .object([])).description, config: config,
                                today: string("today"))
    }

    private func build(_ op: String, _ c: JSONValue, _ defaults: JSONValue) -> String? {
        let req: BuiltRequest
        do {
            req = try request(op, c, defaults)
        } catch let e as ZeitkontoError {
            guard let expected = c["error"] else { return "unexpected error \(e)" }
            return checkError(expected, e)
        } catch {
            return "\(error)"
        }
        guard let exp = c["expect"] else { return "expected an error, built \(req)" }
        guard let url = URLComponents(string: req.url()) else { return "not a URL" }
        if req.method() != exp["method"]?.stringValue { return "method \(req.method())" }
        if url.percentEncodedPath != exp["path"]?.stringValue { return "path \(url.percentEncodedPath) != \(exp["path"] ?? .null)" }
        var query: [(String, JSONValue)] = []
        for item in url.queryItems ?? [] { query.append((item.name, .string(item.value ?? ""))) }
        if JSONValue.object(query) != (exp["query"] ?? .object([])) { return "query \(query)" }
        let body = (try? req.body().map { try JSONValue.parse($0) }) ?? nil
        if (body ?? .null) != (exp["body"] ?? .null) { return "body \(body ?? .null) != \(exp["body"] ?? .null)" }
        for (name, value) in exp["headers"]?.entries ?? [] {
            let got = req.headers().first { $0.name.lowercased() == name.lowercased() }?.value
            if got != value.stringValue { return "header \(name): \(got ?? "none")" }
        }
        return nil
    }

    private func parse(_ op: String, _ c: JSONValue, _ defaults: JSONValue) -> String? {
        guard let r = c["response"], let status = r["status"]?.intValue else { return "no response" }
        let body = Data((r["json"]?.description ?? r["body"]?.stringValue ?? "").utf8)
        let headers = (r["headers"]?.entries ?? []).map { HttpHeader(name: $0.0, value: $0.1.stringValue ?? "") }
        do {
            // `request`: read bound to the request it answers, as the client reads it.
            let answered = try c["request"].map { try request(op, $0, defaults) }
            let out = try parseResponse(operation: op, status: status, headers: headers, body: body, request: answered)
            guard let expect = c["expect"] else { return "expected an error, parsed \(out)" }
            return subset(expect, try JSONValue.parse(out), "output")
        } catch let e as ZeitkontoError {
            guard let expected = c["error"] else { return "unexpected error \(e)" }
            return checkError(expected, e)
        } catch {
            return "\(error)"
        }
    }

    /// The vectors' subset match: listed keys only, arrays by length and element, numbers numerically.
    private func subset(_ expected: JSONValue, _ actual: JSONValue?, _ at: String) -> String? {
        switch expected {
        case let .object(entries):
            guard case .object = actual else { return "\(at): expected an object, got \(actual ?? .null)" }
            for (k, v) in entries {
                guard let a = actual?[k] else { return "\(at).\(k) missing in \(actual ?? .null)" }
                if let p = subset(v, a, "\(at).\(k)") { return p }
            }
            return nil
        case let .array(items):
            guard case let .array(a) = actual, a.count == items.count else { return "\(at): \(actual ?? .null) vs \(expected)" }
            for (i, x) in items.enumerated() { if let p = subset(x, a[i], "\(at)[\(i)]") { return p } }
            return nil
        default:
            return expected == (actual ?? .null) ? nil : "\(at): \(actual ?? .null) != \(expected)"
        }
    }

    /// The error's fields by the vectors' names (the core's canonical error form).
    private func fields(_ e: ZeitkontoError) -> JSONValue {
        let n = { (i: Int) in JSONValue.number(String(i)) }
        switch e {
        case let .invalidInput(field, reason, description):
            return .object([("kind", .string("InvalidInput")), ("field", .string(field)), ("reason", .string(reason)), ("message", .string(description))])
        case let .api(status, code, _, description):
            return .object([("kind", .string("Api")), ("status", n(status)), ("code", n(code)), ("message", .string(description))])
        case let .forbidden(status, description):
            return .object([("kind", .string("Forbidden")), ("status", n(status)), ("message", .string(description))])
        case let .refused(description):
            return .object([("kind", .string("Refused")), ("message", .string(description))])
        case let .rateLimited(status, retryAfter, description):
            return .object([("kind", .string("RateLimited")), ("status", n(status)),
                            ("retryAfterMs", retryAfter.map { n(Int(($0 * 1000).rounded())) } ?? .null), ("message", .string(description))])
        case let .unexpectedStatus(status, excerpt, mayHave, description):
            return .object([("kind", .string("UnexpectedStatus")), ("status", n(status)), ("excerpt", .string(excerpt)),
                            ("mayHaveReachedServer", .bool(mayHave)), ("message", .string(description))])
        case let .decode(operation, detail, mayHave, description):
            return .object([("kind", .string("Decode")), ("operation", .string(operation)), ("detail", .string(detail)),
                            ("mayHaveReachedServer", .bool(mayHave)), ("message", .string(description))])
        case let .transport(detail, mayHave, description):
            return .object([("kind", .string("Transport")), ("detail", .string(detail)), ("mayHaveReachedServer", .bool(mayHave)),
                            ("message", .string(description))])
        case let .tls(failure, detail, mayHave, description):
            return .object([("kind", .string("Tls")), ("failure", .string(tlsName(failure))), ("detail", .string(detail)),
                            ("mayHaveReachedServer", .bool(mayHave)), ("message", .string(description))])
        case let .timeout(mayHave, description):
            return .object([("kind", .string("Timeout")), ("mayHaveReachedServer", .bool(mayHave)), ("message", .string(description))])
        case let .internal(description):
            return .object([("kind", .string("Internal")), ("message", .string(description))])
        }
    }

    /// The declaration's name of a TLS failure (`untrustedIssuer`).
    private func tlsName(_ f: TlsFailure) -> String {
        switch f {
        case .untrustedIssuer: return "untrustedIssuer"
        case .hostnameMismatch: return "hostnameMismatch"
        case .expired: return "expired"
        case .other: return "other"
        }
    }

    private func checkError(_ expected: JSONValue, _ e: ZeitkontoError) -> String? {
        let got = fields(e)
        if got["kind"] != expected["kind"] { return "kind \(got["kind"] ?? .null) != \(expected["kind"] ?? .null): \(e)" }
        return subset(expected, got, "error")
    }
}
