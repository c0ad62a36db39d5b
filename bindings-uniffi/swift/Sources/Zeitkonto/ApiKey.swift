// Hand-written: the type the generated code maps the Rust `ApiKey` to (bindings-uniffi/uniffi.toml).

/// An API key (company, employee, department or workspace key). The API carries it in the URL, so
/// it is a secret: it prints as `ApiKey(***)` in `description`, `debugDescription`, `dump` and in
/// the records that hold it, and only this module can read the text.
public struct ApiKey: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    let value: String

    public init(_ value: String) {
        self.value = value
    }

    public var description: String { "ApiKey(***)" }
    public var debugDescription: String { "ApiKey(***)" }
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}

extension OverviewEntry {
    /// `true` when the employee is clocked in (the API's status "green").
    public var isClockedIn: Bool { status == "green" }
}
