/// Foreign values spelled as journal text (names, strings, notes, tags, dates,
/// amounts) for the importers.
public enum JournalText {
    /// A habit name from foreign text (`Wake up early` → `Wake-up-early`; a
    /// leading digit gets `_`, a keyword `-habit`; empty gives `Imported`).
    public static func name(from text: String) -> String {
        var out: [UInt8] = []
        var pendingDash = false
        for b in text.utf8 {
            if NameLexeme.isContinue(b) && b != ASCII.minus {
                if pendingDash && !out.isEmpty { out.append(ASCII.minus) }
                pendingDash = false
                out.append(b)
            } else {
                pendingDash = true
            }
        }
        while let last = out.last, last == ASCII.dot { out.removeLast() }
        guard let first = out.first else { return "Imported" }
        if !NameLexeme.isStart(first) { out.insert(ASCII.underscore, at: 0) }
        let name = String(decoding: out, as: UTF8.self)
        return NameLexeme.keywords.contains(name) ? name + "-habit" : name
    }

    /// Whether `text` is a valid habit name as written.
    public static func isName(_ text: String) -> Bool {
        NameLexeme.isName(Array(text.utf8)) && !NameLexeme.keywords.contains(text)
    }

    /// A double-quoted string with `"` and `\` escaped; line breaks become spaces.
    public static func quoted(_ text: String) -> String {
        var out: [UInt8] = [0x22]
        for b in text.utf8 {
            switch b {
            case 0x22: out.append(0x5C); out.append(0x22)
            case 0x5C: out.append(0x5C); out.append(0x5C)
            case 0x0A, 0x0D, 0: out.append(0x20)
            default: out.append(b)
            }
        }
        out.append(0x22)
        return String(decoding: out, as: UTF8.self)
    }

    /// A tag (without `#`) made of name characters only.
    public static func tag(from text: String) -> String? {
        let bytes = text.utf8.filter { NameLexeme.isContinue($0) || $0 == ASCII.underscore }
        return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
    }

    /// A note for after `; `: one line, trimmed.
    public static func note(_ text: String) -> String {
        let bytes = text.utf8.map { $0 == 0x0A || $0 == 0x0D || $0 == 0 ? ASCII.space : $0 }
        var slice = bytes[...]
        while let f = slice.first, ASCII.isSpace(f) { slice = slice.dropFirst() }
        while let l = slice.last, ASCII.isSpace(l) { slice = slice.dropLast() }
        return String(decoding: slice, as: UTF8.self)
    }

    /// A date written in any journal spelling (`2025-12-14`, `2025/1/5`).
    public static func date(_ text: some StringProtocol) -> CivilDate? {
        if case .valid(let date) = DateLexeme.parse(Array(text.utf8)[...]) { return date }
        return nil
    }

    /// An exact decimal as the journal writes it (`3`, `-1`, `0.25`).
    public static func amount(_ text: some StringProtocol) -> Amount? {
        if case .valid(let amount) = NumberLexeme.parse(Array(text.utf8)[...]) { return amount }
        return nil
    }
}
