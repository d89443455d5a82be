/// The line-ending facts a write needs to add lines in the file's own
/// style: which ending it uses, and whether it ends with a blank line.
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
