// Hand-written: how the generated error types read in Swift (uniffi.toml omits uniffi's own
// LocalizedError, which describes an error as a dump of its fields).
import Foundation

/// A `ZeitkontoError` prints as its sentence, the same text the Rust core writes (keys never in
/// it): `"\(error)"`, `String(describing:)`, `print(error)` and an alert's `localizedDescription`
/// all read e.g. `API error code 1 (employee not found), HTTP 403`.
extension ZeitkontoError: CustomStringConvertible, LocalizedError {
    /// The error's sentence (also `description`).
    public var errorDescription: String? { description }
}

/// A `TransportError` (thrown by an app's own `ZeitkontoTransport`) prints as its sentence, e.g.
/// `could not connect: connection refused`.
extension TransportError: CustomStringConvertible, LocalizedError {
    /// The error's sentence (also `description`).
    public var errorDescription: String? { description }
}
