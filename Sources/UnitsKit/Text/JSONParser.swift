/// Why JSON text could not be read: what was expected and at which byte.
public struct JSONParseError: Error, Equatable, Sendable {
    public var offset: Int
    public var message: String
}

/// A strict RFC 8259 JSON reader over bytes: no trailing commas, no comments,
/// escapes and surrogate pairs checked, numbers validated. Nesting is limited
/// (`maximumDepth`) so that hostile input cannot exhaust the stack.
public struct JSONParser {
    public static let maximumDepth = 256

    private let bytes: [UInt8]
    private var i = 0
    private var depth = 0

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Parses one JSON value filling the whole input (white space around it allowed).
    public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes)
        parser.skipSpace()
        let value = try parser.value()
        parser.skipSpace()
        if parser.i != bytes.count { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue { try parse(Array(text.utf8)) }

    private func error(_ message: String) -> JSONParseError { JSONParseError(offset: i, message: message) }

    private mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    private mutating func value() throws(JSONParseError) -> JSONValue {
        guard i < bytes.count else { throw error("expected a JSON value, got the end of the input") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw error("expected a JSON value")
        }
    }

    private mutating func literal(_ word: String) throws(JSONParseError) {
        let expected = Array(word.utf8)
        guard i + expected.count <= bytes.count, bytes[i..<(i + expected.count)].elementsEqual(expected) else {
            throw error("expected '\(word)'")
        }
        i += expected.count
    }

    /// The elements of an object or array, each read by `element`, up to `close`.
    private mutating func elements(_ close: Character, _ element: (inout JSONParser) throws(JSONParseError) -> Void) throws(JSONParseError) {
        depth += 1
        if depth > JSONParser.maximumDepth { throw error("JSON nested deeper than \(JSONParser.maximumDepth) levels") }
        i += 1
        skipSpace()
        if i < bytes.count, bytes[i] == close.asciiValue { i += 1; depth -= 1; return }
        while true {
            skipSpace()
            try element(&self)
            skipSpace()
            guard i < bytes.count else { throw error("expected ',' or '\(close)', got the end of the input") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == close.asciiValue { i += 1; break }
            throw error("expected ',' or '\(close)'")
        }
        depth -= 1
    }

    private mutating func object() throws(JSONParseError) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        try elements("}") { p throws(JSONParseError) in
            guard p.i < p.bytes.count, p.bytes[p.i] == UInt8(ascii: "\"") else { throw p.error("expected a string key") }
            let key = try p.string()
            p.skipSpace()
            guard p.i < p.bytes.count, p.bytes[p.i] == UInt8(ascii: ":") else { throw p.error("expected ':' after a key") }
            p.i += 1
            p.skipSpace()
            members.append((key, try p.value()))
        }
        return .object(members)
    }

    private mutating func array() throws(JSONParseError) -> JSONValue {
        var items: [JSONValue] = []
        try elements("]") { p throws(JSONParseError) in items.append(try p.value()) }
        return .array(items)
    }

    private mutating func number() throws(JSONParseError) -> JSONValue {
        let start = i
        func digits(_ p: inout JSONParser) -> Int {
            let s = p.i
            while p.i < p.bytes.count, p.bytes[p.i] >= 0x30, p.bytes[p.i] <= 0x39 { p.i += 1 }
            return p.i - s
        }
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 else { throw error("expected a digit") }
        if bytes[i] == 0x30 { i += 1 } else { _ = digits(&self) }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            if digits(&self) == 0 { throw error("expected a digit after '.'") }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            if digits(&self) == 0 { throw error("expected a digit in the exponent") }
        }
        return .number(String(decoding: bytes[start..<i], as: UTF8.self))
    }

    private mutating func hex4() throws(JSONParseError) -> UInt32 {
        guard i + 4 <= bytes.count else { throw error("expected four hex digits after \\u") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[i]
            let digit: UInt8
            switch b {
            case 0x30...0x39: digit = b - 0x30
            case 0x41...0x46: digit = b - 0x41 + 10
            case 0x61...0x66: digit = b - 0x61 + 10
            default: throw error("expected a hex digit after \\u")
            }
            value = value << 4 | UInt32(digit)
            i += 1
        }
        return value
    }

    private mutating func string() throws(JSONParseError) -> String {
        i += 1
        var out: [UInt8] = []
        while true {
            guard i < bytes.count else { throw error("unterminated string") }
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { i += 1; break }
            if b < 0x20 { throw error("a control character must be escaped in a string") }
            if b != UInt8(ascii: "\\") { out.append(b); i += 1; continue }
            i += 1
            guard i < bytes.count else { throw error("unterminated escape") }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800...0xDBFF).contains(scalar) {
                    // A high surrogate must be followed by \u and a low one.
                    guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                        throw error("a lone surrogate in \\u escape")
                    }
                    i += 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw error("a lone surrogate in \\u escape") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw error("a lone surrogate in \\u escape")
                }
                out.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar)!)).utf8))
            default: throw error("unknown escape '\\\(Character(Unicode.Scalar(e)))'")
            }
        }
        // Invalid UTF-8 is replaced rather than refused: text from a peer is data.
        return String(decoding: out, as: UTF8.self)
    }
}
