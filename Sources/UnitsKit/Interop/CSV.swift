/// RFC 4180 comma-separated values: fields quoted with `"` when they hold a
/// comma, a quote, CR or LF; a quote inside a quoted field is doubled; rows
/// end with CR LF. The reader also accepts LF row ends and a UTF-8 BOM.
public enum CSV {
    /// One field, quoted when RFC 4180 requires it. With `guardFormulas`
    /// (the default) a field a spreadsheet would run as a formula is
    /// neutralised first (`neutralized`). Written by `CSVBytes`.
    public static func field(_ text: String, guardFormulas: Bool = true) -> String {
        let guarded = guardFormulas && needsGuard(text.utf8)
        guard guarded || CSVBytes.needsQuotes(text.utf8) else { return text }
        var out: [UInt8] = []
        CSVBytes.appendEscaped(text.utf8, to: &out, guarded: guarded)
        return String(decoding: out, as: UTF8.self)
    }

    /// One row, with its CR LF.
    public static func row(_ fields: [String], guardFormulas: Bool = true) -> String {
        fields.map { field($0, guardFormulas: guardFormulas) }.joined(separator: ",") + "\r\n"
    }

    // MARK: Formula injection (OWASP "CSV injection")

    /// A field a spreadsheet reads as a formula (`=HYPERLINK(…)`, `@SUM(…)`,
    /// `+cmd|…`, or one starting with tab or CR) gets a leading `'`, which
    /// spreadsheets show as text. Plain numbers (`-1`, `+2.5`) are left
    /// alone. A field that already starts with `'` before such a field gets
    /// one more, so that `unneutralized` gives back every text exactly.
    public static func neutralized(_ text: String) -> String {
        needsGuard(text.utf8) ? "'" + text : text
    }

    /// The inverse of `neutralized` (for `units import --from units`).
    public static func unneutralized(_ text: String) -> String {
        text.hasPrefix("'") && needsGuard(text.utf8.dropFirst()) ? String(text.dropFirst()) : text
    }

    /// Whether a field gets the guard: after any leading `'`, it starts with
    /// `=`, `@`, tab or CR, or with `+`/`-` and is not a plain number.
    public static func needsGuard<C: Collection<UInt8>>(_ text: C) -> Bool {
        var i = text.startIndex
        while i != text.endIndex, text[i] == UInt8(ascii: "'") { i = text.index(after: i) }
        guard i != text.endIndex else { return false }
        switch text[i] {
        case UInt8(ascii: "="), UInt8(ascii: "@"), 0x09, 0x0D:
            return true
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            return !isPlainNumber(text[text.index(after: i)...])
        default:
            return false
        }
    }

    /// The digits of `-1`, `+2.5` after the sign: at most one point, between digits.
    private static func isPlainNumber<C: Collection<UInt8>>(_ digits: C) -> Bool {
        guard let first = digits.first, (0x30...0x39).contains(first) else { return false }
        var points = 0, last = first
        for byte in digits {
            last = byte
            if (0x30...0x39).contains(byte) { continue }
            guard byte == UInt8(ascii: ".") else { return false }
            points += 1
        }
        return points <= 1 && (0x30...0x39).contains(last)
    }

    /// A parsed row and the 1-based line it starts on (a quoted field may
    /// span lines, so row numbers and line numbers can differ).
    public struct Row: Sendable, Equatable {
        public var fields: [String]
        public var line: Int
    }

    /// A malformed file: an unterminated quote or text after a closing quote.
    public struct SyntaxError: Error, Sendable, Equatable {
        public var line: Int
        public var message: String
    }

    /// Parses every row. Blank lines are skipped (they carry no fields).
    public static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> [Row] {
        var rows: [Row] = []
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var line = 1
        var fields: [String] = []
        var field: [UInt8] = []
        var rowLine = 1
        var rowHasContent = false
        func endField() { fields.append(String(decoding: field, as: UTF8.self)); field.removeAll(keepingCapacity: true) }
        func endRow() {
            endField()
            if rowHasContent || fields.count > 1 { rows.append(Row(fields: fields, line: rowLine)) }
            fields.removeAll()
            rowHasContent = false
        }
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x22, field.isEmpty {
                // Quoted field: runs to the next lone quote.
                rowHasContent = true
                let openLine = line
                i += 1
                var closed = false
                while i < bytes.count {
                    let c = bytes[i]
                    if c == 0x22 {
                        if i + 1 < bytes.count, bytes[i + 1] == 0x22 { field.append(0x22); i += 2; continue }
                        closed = true; i += 1; break
                    }
                    if c == 0x0A { line += 1 }
                    field.append(c); i += 1
                }
                guard closed else { throw SyntaxError(line: openLine, message: "a quoted field is never closed") }
                if i < bytes.count, bytes[i] != 0x2C, bytes[i] != 0x0A, bytes[i] != 0x0D {
                    throw SyntaxError(line: line, message: "expected a comma or the end of the row after a closing quote")
                }
                continue
            }
            switch b {
            case 0x2C: endField(); rowHasContent = true
            case 0x0D where i + 1 < bytes.count && bytes[i + 1] == 0x0A: break
            case 0x0A: endRow(); line += 1; rowLine = line
            default: field.append(b); rowHasContent = true
            }
            i += 1
        }
        if rowHasContent || !field.isEmpty || !fields.isEmpty { endRow() }
        return rows
    }
}
