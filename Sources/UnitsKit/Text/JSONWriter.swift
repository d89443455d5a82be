/// A small streaming JSON writer with stable key order (the order fields
/// are written), two-space indentation and exact decimals written as JSON
/// numbers. Every `--json` report uses it, so their style is one. A class,
/// so nested `object { }` / `array { }` closures can write to it.
public final class JSONWriter {
    private var out = ""
    private var depth = 0
    /// Whether the current container has had an element yet.
    private var hasElement: [Bool] = []
    private var afterKey = false
    /// Where a streamed document goes (nil: `finish` returns it whole).
    private let output: ReportOutput?
    /// "\n" and the indentation for each depth so far.
    private var indents = ["\n"]

    public init() { output = nil }

    /// A writer that hands its text to `output` as it goes (issue 14: a
    /// report of millions of rows is never one string); end with `close`.
    public init(output: ReportOutput) { self.output = output }

    public func finish() -> String { out + "\n" }

    /// Ends a streamed document: the rest and the final newline go to the output.
    public func close() {
        out += "\n"
        output?.write(out)
        out = ""
        output?.finish()
    }

    private func beginValue() {
        if afterKey { afterKey = false; return }
        if let last = hasElement.last {
            if last { out += "," }
            hasElement[hasElement.count - 1] = true
            if let output, out.utf8.count >= 1 << 16 {
                output.write(out)
                out = ""
            }
            while indents.count <= depth { indents.append(indents[indents.count - 1] + "  ") }
            out += indents[depth]
        }
    }

    public func object(_ body: () -> Void) { container("{", "}", body) }
    public func array(_ body: () -> Void) { container("[", "]", body) }

    private func container(_ open: String, _ close: String, _ body: () -> Void) {
        beginValue()
        out += open
        depth += 1
        hasElement.append(false)
        body()
        depth -= 1
        let had = hasElement.removeLast()
        if had {
            while indents.count <= depth { indents.append(indents[indents.count - 1] + "  ") }
            out += indents[depth]
        }
        out += close
    }

    public func key(_ name: String) {
        beginValue()
        out += JSONWriter.quoted(name) + ": "
        afterKey = true
    }

    public func value(_ text: String?) {
        beginValue()
        out += text.map(JSONWriter.quoted) ?? "null"
    }

    public func value(_ number: Int) { beginValue(); out += String(number) }
    public func value(_ amount: Amount) { beginValue(); out += amount.description }
    /// An exact ratio, rounded half to even to nine places (Grammar/reports.md).
    public func value(_ fraction: Fraction) { beginValue(); out += fraction.description }
    public func value(_ flag: Bool) { beginValue(); out += flag ? "true" : "false" }
    public func value(_ number: Double) {
        beginValue()
        out += number.isFinite ? String(number) : "null"
    }
    public func null() { beginValue(); out += "null" }

    public func field(_ name: String, _ text: String?) { key(name); value(text) }
    public func field(_ name: String, _ number: Int) { key(name); value(number) }
    public func field(_ name: String, _ amount: Amount) { key(name); value(amount) }
    public func field(_ name: String, _ fraction: Fraction) { key(name); value(fraction) }
    public func field(_ name: String, _ flag: Bool) { key(name); value(flag) }
    public func field(_ name: String, _ number: Double) { key(name); value(number) }

    /// A JSON string literal with the required escapes.
    public static func quoted(_ text: String) -> String {
        // Nearly every string (names, dates, units) needs no escape: one byte scan.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C }) { return "\"" + text + "\"" }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
