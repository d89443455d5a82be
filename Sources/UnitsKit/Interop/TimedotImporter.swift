/// Reads hledger's timedot format: a date line (`2025-12-01` or
/// `* 2025-12-01`, optionally followed by a description), then one line per
/// account with the time spent: dots (each a quarter hour; spaces between
/// groups are ignored) or a number of hours with an optional unit
/// (`1.5h`, `90m`, `3600s`, `1d` = 24h, `1w` = 168h). Every account becomes
/// a count habit in hours (`fos:haskell` → `fos.haskell`); a comment after
/// the time becomes the entry's note. Minutes that are not an exact decimal
/// of an hour are rounded to nine places.
enum TimedotImporter {
    static func parse(_ bytes: [UInt8], path: String, existing: Journal) -> ImportResult {
        var builder = ImportBuilder(existing: existing)
        var current: CivilDate?
        for (k, raw) in CheckLogImporter.lines(bytes).enumerated() {
            let number = k + 1
            var line = Substring(raw)
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            if line.first == "#" || line.first == ";" { continue }   // comment lines
            if line.first == "*" {
                // An org-mode heading: a date heading, or only a heading.
                line = line.drop { $0 == "*" }.drop { $0 == " " }
                if JournalText.date(line.prefix { $0 != " " && $0 != "\t" }) == nil { continue }
            }
            if line.first != " ", line.first != "\t" {
                let word = line.prefix { $0 != " " && $0 != "\t" }
                if let date = JournalText.date(word) { current = date; continue }
            }
            // An account line: account, two spaces or a tab, quantity, comment.
            let body = CheckLogImporter.trim(line)
            var note: String?
            var content = Substring(body)
            if let c = commentStart(content) {
                note = String(content[content.index(after: c)...])
                content = content[..<c]
            }
            let (account, quantity) = splitAccount(content)
            guard let date = current else { builder.problem(number, "an account line before any date line"); continue }
            guard !account.isEmpty else { builder.problem(number, "expected `account  quantity`"); continue }
            guard let hours = hours(quantity) else {
                builder.problem(number, "cannot read the time '\(quantity)': expected dots or a number with h, m, s, d or w"); continue
            }
            let foreign = account.replacingColons()
            guard let name = builder.habit(foreign, kind: .count, on: date, line: number, unit: "hour h", size: "1 hours") else { continue }
            builder.entry(date, name, hours.description, note: note)
        }
        return builder.result(source: path)
    }

    /// The index of a `;` or `#` that follows white space (a trailing comment).
    private static func commentStart(_ text: Substring) -> Substring.Index? {
        var previousIsSpace = false
        for i in text.indices {
            let c = text[i]
            if (c == ";" || c == "#") && previousIsSpace { return i }
            previousIsSpace = c == " " || c == "\t"
        }
        return nil
    }

    /// The account ends at a tab or at two spaces in a row.
    private static func splitAccount(_ text: Substring) -> (String, String) {
        var i = text.startIndex
        while i < text.endIndex {
            let c = text[i]
            let next = text.index(after: i)
            if c == "\t" || (c == " " && next < text.endIndex && text[next] == " ") {
                return (CheckLogImporter.trim(text[..<i]), CheckLogImporter.trim(text[i...]))
            }
            i = next
        }
        return (CheckLogImporter.trim(text), "")
    }

    /// Hours in a quantity, or nil if it is not one. An empty quantity is 0.
    static func hours(_ quantity: String) -> Amount? {
        let compact = quantity.filter { $0 != " " }
        if compact.allSatisfy({ $0 == "." }) { return Amount(billionths: Int128(compact.count) * Amount.scale / 4) }
        let digits = compact.prefix { $0.isNumber || $0 == "." || $0 == "-" || $0 == "+" }
        guard let value = JournalText.amount(digits) else { return nil }
        switch compact.dropFirst(digits.count) {
        case "", "h": return value
        case "m": return value.divided(by: 60)
        case "s": return value.divided(by: 3600)
        case "d": return value * Amount(24)
        case "w": return value * Amount(168)
        default: return nil
        }
    }
}

private extension String {
    /// hledger's account separator `:` becomes `.`, which names may hold.
    func replacingColons() -> String { String(map { $0 == ":" ? "." : $0 }) }
}
