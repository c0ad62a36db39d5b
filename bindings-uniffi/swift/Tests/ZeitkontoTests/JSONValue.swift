// A small JSON reader and writer for the vector runner: numbers keep their text (JSONSerialization
// would turn 9223372036854775807 into a Double and read `true` and `1` alike on some platforms).
import Foundation

indirect enum JSONValue: Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.number(x), .number(y)): return Double(x) == Double(y)
        case let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)):
            return x.count == y.count && x.allSatisfy { k, v in y.first { $0.0 == k }?.1 == v }
        default: return false
        }
    }

    subscript(key: String) -> JSONValue? {
        if case let .object(entries) = self { return entries.last { $0.0 == key }?.1 }
        return nil
    }

    var stringValue: String? { if case let .string(s) = self { return s } else { return nil } }
    var intValue: Int? { if case let .number(n) = self { return Int(n) } else { return nil } }
    var arrayValue: [JSONValue] { if case let .array(a) = self { return a } else { return [] } }
    var entries: [(String, JSONValue)] { if case let .object(o) = self { return o } else { return [] } }

    /// Compact JSON text (numbers as they were written).
    var description: String {
        switch self {
        case .null: return "null"
        case let .bool(b): return b ? "true" : "false"
        case let .number(n): return n
        case let .string(s): return JSONValue.quote(s)
        case let .array(a): return "[" + a.map(\.description).joined(separator: ",") + "]"
        case let .object(o): return "{" + o.map { JSONValue.quote($0.0) + ":" + $0.1.description }.joined(separator: ",") + "}"
        }
    }

    static func quote(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where u.value < 0x20: out += String(format: "\\u%04x", u.value)
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }

    static func parse(_ text: String) throws -> JSONValue {
        var p = Parser(chars: Array(text.utf16))
        let v = try p.value()
        p.skip()
        guard p.i == p.chars.count else { throw Parser.Bad(at: p.i) }
        return v
    }

    struct Parser {
        struct Bad: Error { let at: Int }
        let chars: [UInt16]
        var i = 0

        mutating func skip() { while i < chars.count, [32, 9, 10, 13].contains(chars[i]) { i += 1 } }

        mutating func value() throws -> JSONValue {
            skip()
            guard i < chars.count else { throw Bad(at: i) }
            switch chars[i] {
            case 123: // {
                i += 1
                var out: [(String, JSONValue)] = []
                skip()
                if i < chars.count, chars[i] == 125 { i += 1; return .object(out) }
                while true {
                    skip()
                    guard case let .string(k) = try value() else { throw Bad(at: i) }
                    skip()
                    guard i < chars.count, chars[i] == 58 else { throw Bad(at: i) }
                    i += 1
                    out.append((k, try value()))
                    skip()
                    guard i < chars.count else { throw Bad(at: i) }
                    if chars[i] == 44 { i += 1; continue }
                    if chars[i] == 125 { i += 1; return .object(out) }
                    throw Bad(at: i)
                }
            case 91: // [
                i += 1
                var out: [JSONValue] = []
                skip()
                if i < chars.count, chars[i] == 93 { i += 1; return .array(out) }
                while true {
                    out.append(try value())
                    skip()
                    guard i < chars.count else { throw Bad(at: i) }
                    if chars[i] == 44 { i += 1; continue }
                    if chars[i] == 93 { i += 1; return .array(out) }
                    throw Bad(at: i)
                }
            case 34: // "
                i += 1
                var units: [UInt16] = []
                while i < chars.count, chars[i] != 34 {
                    if chars[i] == 92 {
                        i += 1
                        guard i < chars.count else { throw Bad(at: i) }
                        switch chars[i] {
                        case 110: units.append(10)
                        case 116: units.append(9)
                        case 114: units.append(13)
                        case 98: units.append(8)
                        case 102: units.append(12)
                        case 117:
                            guard i + 4 < chars.count, let n = UInt16(String(decoding: chars[(i + 1)...(i + 4)], as: UTF16.self), radix: 16) else { throw Bad(at: i) }
                            units.append(n)
                            i += 4
                        default: units.append(chars[i])
                        }
                    } else {
                        units.append(chars[i])
                    }
                    i += 1
                }
                guard i < chars.count else { throw Bad(at: i) }
                i += 1
                return .string(String(decoding: units, as: UTF16.self))
            case 116: i += 4; return .bool(true)
            case 102: i += 5; return .bool(false)
            case 110: i += 4; return .null
            default:
                let start = i
                while i < chars.count, let c = Unicode.Scalar(chars[i]), "+-0123456789.eE".unicodeScalars.contains(c) { i += 1 }
                guard i > start else { throw Bad(at: i) }
                return .number(String(decoding: chars[start..<i], as: UTF16.self))
            }
        }
    }
}
