// Hand-written: the type the generated code maps the Rust `ApiKey` to (bindings-uniffi/uniffi.toml).
import Foundation

/// An API key (company, employee, department or workspace key). The API carries it in the URL, so
/// it is a secret: it prints as `ApiKey(***)` in `description`, `debugDescription`, `dump` and in
/// the records that hold it, and only this module can read the text.
public struct ApiKey: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    let value: String

    /// A key from its text (read from the environment, a keychain or a configuration file).
    public init(_ value: String) {
        self.value = value
    }

    /// `ApiKey(***)`.
    public var description: String { "ApiKey(***)" }
    /// `ApiKey(***)`.
    public var debugDescription: String { "ApiKey(***)" }
    /// No children: `dump` and debuggers show `ApiKey(***)`, never the text.
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}

/// A key is read from a string (a configuration file that `JSONDecoder` reads), and never
/// written: encoding one throws, so a `ZeitkontoConfig` passed to `JSONEncoder` cannot put a key
/// into a file, a log or a cache by accident.
extension ApiKey: Codable {
    /// Reads the key from a JSON string.
    public init(from decoder: Decoder) throws {
        value = try decoder.singleValueContainer().decode(String.self)
    }

    /// Refuses: an API key is a secret and is never encoded (`EncodingError.invalidValue`).
    public func encode(to encoder: Encoder) throws {
        throw EncodingError.invalidValue(self, EncodingError.Context(
            codingPath: encoder.codingPath, debugDescription: "an API key is a secret and is never encoded"))
    }
}

/// A proxy URL (`ProxyUrl("http://user:password@proxy.corp:3128")`). Its user and password are a
/// secret: it prints as `ProxyUrl(http://***@proxy.corp:3128)` in `description`,
/// `debugDescription`, `dump` and the records that hold it (`ZeitkontoConfig`), and encoding one
/// that holds them throws.
public struct ProxyUrl: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    let url: String

    /// A proxy URL from its text.
    public init(_ url: String) {
        self.url = url
    }

    /// Whether it holds a user and password (whatever stands before its last `@`).
    var hasCredentials: Bool { redactedProxyUrl(url: url) != url }

    private var shown: String { "ProxyUrl(\(redactedProxyUrl(url: url)))" }

    /// `ProxyUrl(http://***@host:port)`: without a user and password.
    public var description: String { shown }
    /// As `description`.
    public var debugDescription: String { shown }
    /// No children: `dump` and debuggers show `description`, never the password.
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}

/// A proxy URL is read from a string; one with a user and password is never written (encoding it
/// throws), as an `ApiKey` is not.
extension ProxyUrl: Codable {
    /// Reads the URL from a JSON string.
    public init(from decoder: Decoder) throws {
        url = try decoder.singleValueContainer().decode(String.self)
    }

    /// Writes the URL, or refuses one with a user and password (`EncodingError.invalidValue`).
    public func encode(to encoder: Encoder) throws {
        if hasCredentials {
            throw EncodingError.invalidValue(self, EncodingError.Context(
                codingPath: encoder.codingPath, debugDescription: "a proxy URL with a password is a secret and is never encoded"))
        }
        var container = encoder.singleValueContainer()
        try container.encode(url)
    }
}

extension OverviewEntry {
    /// `true` when the employee is clocked in (the API's status "green").
    public var isClockedIn: Bool { status == "green" }
}

/// A printed configuration (`print(config)`, string interpolation, `dump`, a debugger) shows a key
/// put into the base URL, a route or the user agent as `***` (`shownWithKeys`, the core's rule),
/// the keys as `ApiKey(***)` and the CA bundle as its length.
extension ZeitkontoConfig: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        func shown(_ text: String) -> String { shownWithKeys(text: text, apiKey: apiKey, workspaceKey: workspaceKey) }
        func optional<T>(_ value: T?) -> String { value.map { "\($0)" } ?? "nil" }
        let routes = self.routes.sorted { $0.key < $1.key }.map { "\($0.key): \(shown($0.value))" }.joined(separator: ", ")
        return "ZeitkontoConfig(apiKey: \(optional(apiKey)), baseUrl: \(optional(baseUrl.map(shown))), "
            + "workspaceKey: \(optional(workspaceKey)), routes: [\(routes)], timeout: \(timeout), retry: \(optional(retry)), "
            + "rateLimit: \(optional(rateLimit)), caCertificates: \(optional(caCertificates.map { "(\($0.count) characters)" })), "
            + "proxy: \(optional(proxy)), userAgent: \(shown(userAgent)))"
    }

    /// As `description`.
    public var debugDescription: String { description }
    /// No children: `dump` and debuggers show `description`.
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}
