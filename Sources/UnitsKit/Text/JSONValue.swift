/// A parsed JSON value (the language server's messages). Numbers keep their
/// text, so an id comes back exactly as the peer wrote it; objects keep their key order.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    /// A number as written (`42`, `-1.5e3`).
    case number(String)
    case string(String)
    case array([JSONValue])
    /// Members in the order written; a repeated key keeps its last value on lookup.
    case object([(key: String, value: JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    /// An object member; nil when this is not an object or has no such key.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last(where: { $0.key == key })?.value
    }

    /// An array element; nil when out of range or not an array.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let items) = self, items.indices.contains(index) else { return nil }
        return items[index]
    }

    public var string: String? { if case .string(let s) = self { return s } else { return nil } }
    public var bool: Bool? { if case .bool(let b) = self { return b } else { return nil } }
    public var array: [JSONValue]? { if case .array(let a) = self { return a } else { return nil } }
    public var isNull: Bool { if case .null = self { return true } else { return false } }

    /// The value as an integer, when it is a number without fraction that fits.
    public var int: Int? {
        guard case .number(let text) = self else { return nil }
        return Int(text)
    }

    /// A number value from an integer.
    public static func int(_ value: Int) -> JSONValue { .number(String(value)) }

    /// Compact JSON text (no white space), for protocol messages.
    public func encoded() -> String {
        var out = ""
        encode(into: &out)
        return out
    }

    private func encode(into out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let text): out += text
        case .string(let s): out += JSONWriter.quoted(s)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.encode(into: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, member) in members.enumerated() {
                if i > 0 { out += "," }
                out += JSONWriter.quoted(member.key)
                out += ":"
                member.value.encode(into: &out)
            }
            out += "}"
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(String(value)) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(elements.map { (key: $0.0, value: $0.1) })
    }
    public init(nilLiteral: ()) { self = .null }
}
