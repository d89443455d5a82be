/// Percent escapes (`%41` → `A`), decoded the one way for URL paths and
/// queries (`units serve`) and `file://` URIs (the language server).
public enum PercentDecoding {
    /// The bytes of `text` with every `%XX` decoded. A broken escape (`%`
    /// not followed by two hex digits) makes it nil, or with `keepingBroken`
    /// stays as it stands.
    public static func bytes(_ text: some Collection<UInt8>, keepingBroken: Bool = false) -> [UInt8]? {
        let text = Array(text)
        var out: [UInt8] = [], i = 0
        out.reserveCapacity(text.count)
        while i < text.count {
            guard text[i] == UInt8(ascii: "%") else { out.append(text[i]); i += 1; continue }
            if i + 2 < text.count, let high = hexValue(text[i + 1]), let low = hexValue(text[i + 2]) {
                out.append(high << 4 | low)
                i += 3
            } else {
                guard keepingBroken else { return nil }
                out.append(text[i])
                i += 1
            }
        }
        return out
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 48...57: byte - 48
        case 65...70: byte - 55
        case 97...102: byte - 87
        default: nil
        }
    }
}
