/// The one JSON writer of every `--json`: keys in the order written, two-space
/// indents, exact decimals as JSON numbers. A class, so nested `object { }`
/// closures can write to it.
public final class JSONWriter {
    /// The document so far (or since the last piece handed on), as UTF-8.
    private var out: [UInt8] = []
    /// Whether each open container has had an element yet, outermost first.
    private var hasElement: [Bool] = []
    private var afterKey = false
    /// Where a streamed document goes (nil: `finish` returns it whole).
    private let output: ReportOutput?
    private static let null: [UInt8] = Array("null".utf8)

    public init() { output = nil }

    /// A writer that hands its text to `output` as it goes; end with `close`.
    public init(output: ReportOutput) { self.output = output }

    public func finish() -> String { String(decoding: out, as: UTF8.self) + "\n" }

    /// Ends a streamed document: the rest and the final newline go to the output.
    public func close() {
        out.append(0x0A)
        output?.write(utf8: out)
        out.removeAll()
        output?.finish()
    }

    /// A whole report to `output`: one object, `"schema": 1` and the
    /// `"report"` name (when given) first, then what `body` writes.
    public static func report(_ name: String?, to output: ReportOutput, _ body: (JSONWriter) -> Void) {
        let w = JSONWriter(output: output)
        w.object {
            w.field("schema", 1)
            if let name { w.field("report", name) }
            body(w)
        }
        w.close()
    }

    public func object(_ body: () -> Void) { container(UInt8(ascii: "{"), UInt8(ascii: "}"), body) }
    public func array(_ body: () -> Void) { container(UInt8(ascii: "["), UInt8(ascii: "]"), body) }
    /// The field `name` holding an object that `body` writes.
    public func object(_ name: String, _ body: () -> Void) { key(name); object(body) }
    /// The field `name` holding an array that `body` writes.
    public func array(_ name: String, _ body: () -> Void) { key(name); array(body) }
    /// The field `name` holding an array of one object per item, its fields written by `fields`.
    public func objects<S: Sequence>(_ name: String, _ items: S, _ fields: (S.Element) -> Void) {
        array(name) { for item in items { object { fields(item) } } }
    }

    private func container(_ open: UInt8, _ close: UInt8, _ body: () -> Void) {
        value { $0.append(open) }
        hasElement.append(false)
        body()
        if hasElement.removeLast() { appendIndent() }
        out.append(close)
    }

    public func key(_ name: String) {
        value { JSONWriter.appendQuoted(name, to: &$0); $0 += [UInt8(ascii: ":"), 0x20] }
        afterKey = true
    }

    public func value(_ text: String?) {
        value { out in if let text { JSONWriter.appendQuoted(text, to: &out) } else { out += Self.null } }
    }
    public func value(_ number: Int) { value { DecimalDigits.append(number, to: &$0) } }
    public func value(_ amount: Amount) { value { amount.appendCanonical(to: &$0) } }
    /// An exact ratio, rounded half to even to nine places (Grammar/reports.md).
    public func value(_ fraction: Fraction) { value { $0.append(contentsOf: fraction.description.utf8) } }
    public func value(_ flag: Bool) { value { $0.append(contentsOf: (flag ? "true" : "false").utf8) } }
    public func value(_ number: Double) { value { $0.append(contentsOf: (number.isFinite ? String(number) : "null").utf8) } }
    public func null() { value { $0 += Self.null } }

    public func field(_ name: String, _ text: String?) { key(name); value(text) }
    public func field(_ name: String, _ number: Int) { key(name); value(number) }
    public func field(_ name: String, _ amount: Amount) { key(name); value(amount) }
    public func field(_ name: String, _ amount: WideAmount) { key(name); value { amount.appendCanonical(to: &$0) } }
    public func field(_ name: String, _ fraction: Fraction) { key(name); value(fraction) }
    public func field(_ name: String, _ flag: Bool) { key(name); value(flag) }
    public func field(_ name: String, _ number: Double) { key(name); value(number) }
    public func field(_ name: String, _ number: Int?) { key(name); if let number { value(number) } else { null() } }
    public func field(_ name: String, _ amount: Amount?) { key(name); if let amount { value(amount) } else { null() } }
    public func field(_ name: String, _ texts: [String]) { array(name) { for text in texts { value(text) } } }
    /// The field `name`: null, or what `write` writes of `value`.
    public func field<T>(_ name: String, _ value: T?, _ write: (T) -> Void) {
        key(name)
        if let value { write(value) } else { null() }
    }

    /// Starts a value (a comma and new line first inside a container, not after a key).
    private func value(_ write: (inout [UInt8]) -> Void) {
        if afterKey {
            afterKey = false
        } else if let comma = hasElement.last {
            hasElement[hasElement.count - 1] = true
            if out.count >= 1 << 16, let output {
                output.write(utf8: out)
                out.removeAll(keepingCapacity: true)
            }
            appendIndent(comma: comma)
        }
        write(&out)
    }

    /// A line feed and two spaces a level, after a comma if `comma`.
    private func appendIndent(comma: Bool = false) {
        if comma { out.append(UInt8(ascii: ",")) }
        out.append(0x0A)
        out.append(contentsOf: repeatElement(0x20, count: 2 * hasElement.count))
    }

    /// A JSON string literal with the required escapes.
    public static func quoted(_ text: String) -> String {
        var out: [UInt8] = []
        appendQuoted(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `text` as a JSON string literal: `"` `\\` escaped, `\n` `\r` `\t`
    /// by name, other controls, DEL and C1 as `\u00XX` (no JSON of ours acts
    /// on a terminal), everything else as UTF-8.
    static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        out.append(0x22)
        // Nearly every string (names, dates, units) needs no escape: copied whole.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xC2 }) else {
            out.append(contentsOf: text.utf8)
            out.append(0x22)
            return
        }
        let bytes = Array(text.utf8)
        var clean = 0, i = 0
        while i < bytes.count {
            let byte = bytes[i]
            let c1 = byte == 0xC2 && i + 1 < bytes.count && bytes[i + 1] <= 0x9F
            guard byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F || c1 else { i += 1; continue }
            out.append(contentsOf: bytes[clean..<i])
            switch byte {
            case 0x22: out.append(contentsOf: [0x5C, 0x22])
            case 0x5C: out.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            default:
                out.append(contentsOf: ("\\u" + String(hex: c1 ? bytes[i + 1] : byte, width: 4, uppercase: false)).utf8)
            }
            i += c1 ? 2 : 1
            clean = i
        }
        out.append(contentsOf: bytes[clean...])
        out.append(0x22)
    }
}
