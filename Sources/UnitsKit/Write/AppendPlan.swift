/// Which bytes to append so that new lines land as whole lines, in the
/// file's own line-ending style.
public enum AppendPlan {
    static let lf: UInt8 = 0x0A, cr: UInt8 = 0x0D

    /// The line ending the file uses: that of its last line that has one
    /// (CR LF or LF); LF for a file without any line ending.
    public static func lineEnding(of bytes: [UInt8]) -> [UInt8] {
        var i = bytes.count - 1
        while i >= 0 {
            if bytes[i] == lf { return i > 0 && bytes[i - 1] == cr ? [cr, lf] : [lf] }
            i -= 1
        }
        return [lf]
    }

    /// The bytes that append `lines` (each without a line ending) to a file
    /// holding `existing`: a line ending first when the file lacks a final
    /// one, then each line with the file's line ending. With `separated`, a
    /// blank line goes first unless the file is empty or already ends with
    /// a blank line (a new declaration block reads better on its own).
    public static func bytes(appending lines: [String], to existing: [UInt8], separated: Bool = false) -> [UInt8] {
        let ending = lineEnding(of: existing)
        var out: [UInt8] = []
        if let last = existing.last, last != lf { out += ending }
        if separated, !existing.isEmpty, !endsWithBlankLine(existing) { out += ending }
        for line in lines {
            out += Array(line.utf8)
            out += ending
        }
        return out
    }

    /// Whether the file's last line (ignoring a missing final line ending)
    /// is blank: only spaces and tabs.
    static func endsWithBlankLine(_ bytes: [UInt8]) -> Bool {
        var i = bytes.count - 1
        if i >= 0, bytes[i] == lf { i -= 1 }
        if i >= 0, bytes[i] == cr { i -= 1 }
        while i >= 0 {
            switch bytes[i] {
            case lf: return true
            case 0x20, 0x09, cr: i -= 1
            default: return false
            }
        }
        return true   // the whole file is white space
    }
}
