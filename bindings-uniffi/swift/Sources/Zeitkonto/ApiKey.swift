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

extension OverviewEntry {
    /// `true` when the employee is clocked in (the API's status "green").
    public var isClockedIn: Bool { status == "green" }
}
