// Spans through a Swift ZeitkontoTracer (the adapter protocol an OpenTelemetry or
// swift-distributed-tracing bridge implements): one span per call with the core's name and
// attributes, waits as events, failures with their kind, never a key; a throwing tracer is harmless.
import Foundation
import XCTest
@testable import Zeitkonto

final class SpanRecorder: ZeitkontoTracer, @unchecked Sendable {
    final class Recorded: ZeitkontoSpan, @unchecked Sendable {
        let start: SpanStart
        private let lock = NSLock()
        private var recordedEvents: [SpanEvent] = []
        private var recordedEnd: SpanEnd?
        let recorder: SpanRecorder
        init(_ start: SpanStart, _ recorder: SpanRecorder) { self.start = start; self.recorder = recorder }
        private(set) var children: [Recorded] = []
        func child(span: SpanStart) throws -> ZeitkontoSpan {
            let r = Recorded(span, recorder)
            lock.lock(); children.append(r); lock.unlock()
            return r
        }
        func event(event: SpanEvent) throws { lock.lock(); recordedEvents.append(event); lock.unlock() }
        func end(end: SpanEnd) throws { lock.lock(); recordedEnd = end; lock.unlock() }
        var events: [SpanEvent] { lock.lock(); defer { lock.unlock() }; return recordedEvents }
        var ended: SpanEnd? { lock.lock(); defer { lock.unlock() }; return recordedEnd }
    }

    private let lock = NSLock()
    private var started: [Recorded] = []
    func start(span: SpanStart) throws -> ZeitkontoSpan {
        let r = Recorded(span, self)
        lock.lock(); started.append(r); lock.unlock()
        return r
    }
    var spans: [Recorded] { lock.lock(); defer { lock.unlock() }; return started }
}

private func text(_ attributes: [SpanAttribute], _ key: String) -> String? {
    for a in attributes where a.key == key { if case let .text(value) = a.value { return value } }
    return nil
}

private func int(_ attributes: [SpanAttribute], _ key: String) -> Int? {
    for a in attributes where a.key == key { if case let .int(value) = a.value { return value } }
    return nil
}

final class TelemetryTests: XCTestCase {
    override func setUp() async throws {
        try await Sandbox.shared.reset()
    }

    func testEveryCallIsOneSpanWithTheCoresAttributesAndNoKey() async throws {
        let tracer = SpanRecorder()
        let wrongKey = "wr0ngKey-SW-4K7P2-must-not-leak"
        let c = try ZeitkontoClient(config: sandboxConfig(), tracer: tracer)
        _ = try await c.employees()
        try await Sandbox.shared.inject(#"{"kind":"status","status":503,"count":1,"operation":"presence"}"#)
        _ = try await c.presence()
        let wrong = try ZeitkontoClient(config: sandboxConfig(wrongKey), tracer: tracer)
        do {
            _ = try await wrong.employees()
            XCTFail("a wrong key was accepted")
        } catch ZeitkontoError.api {}

        let spans = tracer.spans
        XCTAssertEqual(spans.count, 3)
        XCTAssertTrue(spans.allSatisfy { $0.start.kind == .client })
        let read = spans[0]
        XCTAssertEqual(read.start.name, "GET /api/v2/employees/{api}")
        XCTAssertEqual(text(read.start.attributes, "url.full"), "\(Sandbox.shared.url)/api/v2/employees/***")
        XCTAssertEqual(text(read.start.attributes, "zeitkonto.operation"), "employees")
        XCTAssertEqual(text(read.start.attributes, "server.address"), "127.0.0.1")
        XCTAssertEqual(int(read.ended?.attributes ?? [], "http.response.status_code"), 200)
        XCTAssertNil(read.ended?.error)
        XCTAssertLessThanOrEqual(read.start.timeUnixNano, read.ended?.timeUnixNano ?? 0)

        let retried = spans[1]
        XCTAssertEqual(retried.start.name, "POST /rest/api/time/presence/{api}")
        XCTAssertEqual(retried.events.map(\.name), ["zeitkonto.wait"])
        XCTAssertEqual(text(retried.events.first?.attributes ?? [], "zeitkonto.wait.reason"), "retry")
        XCTAssertEqual(int(retried.ended?.attributes ?? [], "http.request.resend_count"), 1)

        let denied = spans[2]
        XCTAssertEqual(denied.ended?.error, "Api")
        XCTAssertEqual(text(denied.ended?.attributes ?? [], "error.type"), "Api")
        XCTAssertEqual(int(denied.ended?.attributes ?? [], "zeitkonto.api_code"), 3)

        let everything = spans.map { "\($0.start) \($0.events) \(String(describing: $0.ended))" }.joined(separator: "\n")
        for key in [companyKey, wrongKey, String(wrongKey.prefix(15))] {
            XCTAssertFalse(everything.contains(key), "a key in the spans")
        }
    }

    func testAJobIsASpanOverItsCalls() async throws {
        let tracer = SpanRecorder()
        let c = try ZeitkontoClient(config: sandboxConfig(), tracer: tracer)
        let job = try c.presenceBoard()
        while try await job.next() != nil {}
        let spans = tracer.spans
        XCTAssertEqual(spans.count, 1)
        XCTAssertEqual(spans[0].start.kind, .internal)
        XCTAssertEqual(spans[0].start.name, "zeitkonto.job presence_board")
        XCTAssertEqual(text(spans[0].start.attributes, "zeitkonto.job"), "presence_board")
        XCTAssertNotNil(spans[0].ended, "the job's span ended with the job")
        XCTAssertEqual(spans[0].children.map { text($0.start.attributes, "zeitkonto.operation") }, ["presence"])
    }

    func testATracerThatThrowsNeverFailsACall() async throws {
        final class Throwing: ZeitkontoTracer, @unchecked Sendable {
            struct Bug: Error {}
            func start(span: SpanStart) throws -> ZeitkontoSpan { throw Bug() }
        }
        let c = try ZeitkontoClient(config: sandboxConfig(), tracer: Throwing())
        let people = try await c.employees()
        XCTAssertFalse(people.isEmpty)
    }
}
