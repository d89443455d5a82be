/// Checks of values typed on the command line before they go into a line,
/// so a written line always reads back as what was meant. Each returns a
/// message saying what is wrong, or `nil` when the value is fine.
public enum WriteValidation {
    /// A habit or group name: letters, digits, `-`, `_`, `.`, starting with
    /// a letter or `_`, and not a keyword.
    public static func nameProblem(_ name: String) -> String? {
        let bytes = Array(name.utf8)
        if bytes.isEmpty { return "a name cannot be empty" }
        if NameLexeme.keywords.contains(name) {
            return "'\(name)' is a keyword of the format and cannot name a habit"
        }
        if let bad = NameLexeme.firstInvalid(bytes[...]) {
            let what = bad == 0 ? "start with a letter or _" : "contain only letters, digits, -, _ and ."
            return "'\(name)' is not a valid name: a name must \(what)"
        }
        if String(decoding: bytes, as: UTF8.self) != name || !name.unicodeScalars.allSatisfy({ $0.value > 0x7F || $0.isASCII }) {
            return "'\(name)' is not valid UTF-8"
        }
        return nil
    }

    /// A tag without its `#`: one or more name characters.
    public static func tagProblem(_ tag: String) -> String? {
        let bytes = Array(tag.utf8)
        if bytes.isEmpty { return "a tag needs a word after '#'" }
        if !bytes.allSatisfy(NameLexeme.isContinue) {
            return "'#\(tag)' is not a valid tag: use letters, digits, -, _ and ."
        }
        return nil
    }

    /// Free text that goes on one line (notes, titles): no line breaks, no NUL.
    public static func textProblem(_ text: String, what: String) -> String? {
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" { return "\(what) must fit on one line (it contains a line break)" }
            if scalar == "\0" { return "\(what) must not contain a NUL character" }
            if scalar == "\u{FEFF}" { return "\(what) must not contain a byte order mark (U+FEFF)" }
        }
        return nil
    }
}
