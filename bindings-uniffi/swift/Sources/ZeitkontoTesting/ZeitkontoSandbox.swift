import Foundation
import Zeitkonto

// FaultKind, SandboxKeys, inject and the counters: SandboxSurface.swift, generated from the sandbox
// engine's declaration.

/// A stateful fake of the saas.de API, in-process: every rule of the API (keys, modules, the 403
/// codes, 0- and 1-based months, the clock state machine, the rate limit when asked), the demo
/// company's people, and faults to inject. ``client(_:)`` gives a `ZeitkontoClient` wired to it
/// (no socket, no port); the sandbox is that client's `ZeitkontoTransport`, and its waits are
/// `Task.sleep`s cancelled with the calling task (a cancelled write is not applied).
public final class ZeitkontoSandbox: ZeitkontoTransport, @unchecked Sendable {
    let engine: SandboxEngine

    /// The demo seed's keys and people.
    public let keys: SandboxKeys

    /// A sandbox: `today` freezes the date ("YYYY-MM-DD"; default: the real date), `seedJson`
    /// replaces the demo data, `rateLimit` turns on the API's limit (default: none, so tests do not
    /// wait), `routes` overrides routes as the client's config does. Bad input throws the client's
    /// `ZeitkontoError.invalidInput`, naming the field.
    public init(today: String? = nil, seedJson: String? = nil, rateLimit: RateLimitSettings? = nil,
                routes: [String: String] = [:]) throws {
        engine = try Self.guarded {
            // The engine checks the limit and the window (no conversion here can trap).
            try SandboxEngine(today: today, seedJson: seedJson, rateLimit: rateLimit.map { Double($0.limit) },
                              windowMs: (rateLimit?.window ?? 60) * 1000, routes: routes)
        }
        keys = SandboxKeys(engine: engine.keys())
        resetClients() // what clients counted against an earlier sandbox is forgotten
    }

    /// The client-side limit of the sandbox's (a limit of 0 when it has none).
    private var ownLimit: RateLimitSettings {
        RateLimitSettings(limit: Int(engine.rateLimit()), window: Double(engine.rateLimitWindowMs()) / 1000)
    }

    /// Forgets what clients counted here (in-process and served) with this sandbox's limit.
    private func resetClients() {
        let own = ownLimit
        guard own.limit > 0 else { return }
        for url in engine.servers() { resetRateLimits(baseUrl: url, rateLimit: own) }
    }

    /// The sandbox's today, "YYYY-MM-DD".
    public var today: String { engine.today() }

    /// A client wired to this sandbox in-process, with the seed's company and workspace keys unless
    /// `config` has its own, and the client-side limit of the sandbox's (none when it has none);
    /// `listener` and `tracer` as `ZeitkontoClient`'s own.
    public func client(_ config: ZeitkontoConfig = ZeitkontoConfig(), listener: ZeitkontoEventListener? = nil,
                       tracer: ZeitkontoTracer? = nil) throws -> ZeitkontoClient {
        let own = ownLimit
        let wired = ZeitkontoConfig(
            // A key the seed has none of (an empty text in `keys`) is left out.
            apiKey: config.apiKey ?? (keys.companyKey.isEmpty ? nil : ApiKey(keys.companyKey)), baseUrl: Self.inProcessBaseUrl,
            workspaceKey: config.workspaceKey ?? (keys.workspaceKey.isEmpty ? nil : ApiKey(keys.workspaceKey)), routes: config.routes,
            timeout: config.timeout, retry: config.retry, rateLimit: config.rateLimit ?? own,
            caCertificates: nil, proxy: nil, userAgent: config.userAgent)
        return try ZeitkontoClient.withTransport(config: wired, transport: self, listener: listener, tracer: tracer)
    }

    /// The transport of ``client(_:)``'s clients: the request through the engine.
    public func send(request: BuiltRequest, timeout: TimeInterval?) async throws -> HttpResponse {
        var step = engine.begin(method: request.method(), url: request.url(), body: request.body().map { Data($0.utf8) })
        while true {
            switch step.kind {
            case .answer:
                return Self.response(step)
            case .reset:
                throw TransportError.lost(detail: "the sandbox broke the connection (an injected reset)")
            case .answerAfter:
                try await Task.sleep(nanoseconds: step.delayMs * 1_000_000)
                return Self.response(step)
            case .handleAfter:
                do {
                    try await Task.sleep(nanoseconds: step.delayMs * 1_000_000)
                } catch {
                    engine.abandon(pending: step.pending)
                    throw error
                }
                step = engine.resume(pending: step.pending)
            }
        }
    }

    private static func response(_ step: SandboxStep) -> HttpResponse {
        HttpResponse(status: Int(step.status), headers: step.headers.map { HttpHeader(name: $0.name, value: $0.value) },
                     body: step.body)
    }

    /// Back to the seed: data, counters, faults and rate-limit windows (its clients' too).
    public func reset() {
        engine.reset()
        resetClients()
    }

    /// Serves this sandbox over HTTP on 127.0.0.1 (a free port) for code with its own HTTP stack;
    /// returns the base URL. Stopped by ``close()`` (and when the sandbox goes away).
    public func serve() throws -> String {
        let url = try Self.guarded { try engine.serve() }
        resetClients() // a port an earlier sandbox of this process served may come round again
        return url
    }

    /// Stops the server of ``serve()``, if any: `close()` as in every language's kit.
    public func close() { engine.stopServing() }

    /// Stops the server of ``serve()``, if any.
    @available(*, deprecated, renamed: "close()")
    public func stopServing() { close() }

    deinit { engine.stopServing() }

    private static func invalid(_ field: String, _ reason: String) -> ZeitkontoError {
        .invalidInput(field: field, reason: reason, description: "invalid input `\(field)`: \(reason)")
    }

    /// The engine's refusals as the client's own `ZeitkontoError.invalidInput`.
    static func guarded<T>(_ f: () throws -> T) throws -> T {
        do {
            return try f()
        } catch let SandboxError.invalidInput(field, reason) {
            throw invalid(field, reason)
        }
    }
}
