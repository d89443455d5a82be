/// RFC 4180 comma-separated values: fields quoted with `"` when they hold a
/// comma, a quote, CR or LF; a quote inside a quoted field is doubled; rows
/// end with CR LF. The reader also accepts LF row ends and a UTF-8 BOM.
public enum CSV {
    /// Whether a field must be quoted: it holds a comma, a quote, CR or LF.
    public static func needsQuotes(_ text: some Collection<UInt8>) -> Bool {
        text.contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }
    }

    // MARK: Formula injection (OWASP "CSV injection")

    /// A field a spreadsheet reads as a formula (`=HYPERLINK(…)`, `@SUM(…)`,
    /// `+cmd|…`, a leading tab or CR) gets a leading `'` (shown as text);
    /// plain numbers stay. `'` before such a field gets one more, so
    /// `unneutralized` gives back every text exactly.
    public static func neutralized(_ text: String) -> String {
        needsGuard(text.utf8) ? "'" + text : text
    }

    /// The inverse of `neutralized` (for `units import --from units`).
    public static func unneutralized(_ text: String) -> String {
        text.hasPrefix("'") && needsGuard(text.utf8.dropFirst()) ? String(text.dropFirst()) : text
    }

    /// Whether a field gets the guard (`neutralized`).
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
        let table = try table(bytes)
        return (0..<table.rowCount).map { row in
            Row(fields: (0..<table.fieldCount(row)).map { table.string(row, $0) }, line: table.lines[row])
        }
    }

    /// Every row of a file, its fields unquoted into one buffer: `parse`
    /// without a string per field (Loop's 100k-row import).
    public struct Table: Sendable {
        /// The fields' bytes (unquoted), back to back.
        public fileprivate(set) var bytes: [UInt8] = []
        /// Where each field ends in `bytes`; a field starts where the one before it ends.
        private var fieldEnds: [Int] = []
        /// Each row's first field in `fieldEnds`, and one past the last row's last.
        private var rowStarts: [Int] = [0]
        /// The 1-based line each row starts on.
        public private(set) var lines: [Int] = []

        public var rowCount: Int { lines.count }

        public func fieldCount(_ row: Int) -> Int { rowStarts[row + 1] - rowStarts[row] }

        public func field(_ row: Int, _ k: Int) -> ArraySlice<UInt8> {
            let f = rowStarts[row] + k
            return bytes[(f == 0 ? 0 : fieldEnds[f - 1])..<fieldEnds[f]]
        }

        /// Field `k` of `row` as text (invalid UTF-8 repaired).
        public func string(_ row: Int, _ k: Int) -> String { String(decoding: field(row, k), as: UTF8.self) }

        fileprivate mutating func endField() { fieldEnds.append(bytes.count) }

        /// Ends a row: kept when it has content (a blank line's empty field is dropped).
        fileprivate mutating func endRow(line: Int, hasContent: Bool) {
            let first = rowStarts[rowStarts.count - 1]
            if hasContent || fieldEnds.count - first > 1 {
                rowStarts.append(fieldEnds.count)
                lines.append(line)
            } else {
                fieldEnds.removeLast(fieldEnds.count - first)
                bytes.removeLast(bytes.count - (first == 0 ? 0 : fieldEnds[first - 1]))
            }
        }
    }

    /// Parses every row into a `Table` (the reader behind `parse`).
    public static func table(_ bytes: [UInt8]) throws(SyntaxError) -> Table {
        var table = Table()
        table.bytes.reserveCapacity(bytes.count)
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var line = 1
        var rowLine = 1
        var rowHasContent = false
        // A quote opens a quoted field only at a field's start.
        var fieldStart = table.bytes.count
        let count = bytes.count
        while i < count {
            let b = bytes[i]
            if b == 0x22, table.bytes.count == fieldStart {
                rowHasContent = true
                let openLine = line
                i += 1
                var closed = false
                while i < count {
                    let c = bytes[i]
                    if c == 0x22 {
                        if i + 1 < count, bytes[i + 1] == 0x22 { table.bytes.append(0x22); i += 2; continue }
                        closed = true; i += 1; break
                    }
                    if c == 0x0A { line += 1 }
                    table.bytes.append(c); i += 1
                }
                guard closed else { throw SyntaxError(line: openLine, message: "a quoted field is never closed") }
                if i < count, bytes[i] != 0x2C, bytes[i] != 0x0A, bytes[i] != 0x0D {
                    throw SyntaxError(line: line, message: "expected a comma or the end of the row after a closing quote")
                }
                continue
            }
            switch b {
            case 0x2C:
                table.endField(); fieldStart = table.bytes.count; rowHasContent = true
            case 0x0D where i + 1 < count && bytes[i + 1] == 0x0A:
                break
            case 0x0A:
                table.endField()
                table.endRow(line: rowLine, hasContent: rowHasContent)
                fieldStart = table.bytes.count
                rowHasContent = false
                line += 1; rowLine = line
            default:
                let end = bytes[(i + 1)...].firstIndex { $0 == 0x2C || $0 == 0x0A || $0 == 0x0D || $0 == 0x22 } ?? count
                table.bytes += bytes[i..<end]
                rowHasContent = true
                i = end
                continue
            }
            i += 1
        }
        // A last row without a line end.
        if rowHasContent || table.bytes.count > fieldStart {
            table.endField()
            table.endRow(line: rowLine, hasContent: true)
        }
        return table
    }
}
