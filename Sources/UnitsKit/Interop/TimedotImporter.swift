/// Reads hledger's timedot format (the hledger manual's Timedot section,
/// `hledger/test/timedot.test`): `#`/`;` comment lines, org headings
/// stripped, date lines (`2023-01-01`, `2023/1/1`, `2023.01.01`; an invalid
/// date is a problem, never the previous day's), and account lines
/// `account  quantity  [; comment]`, the quantity dots (quarter hours), a
/// number with an optional unit `s m h d w mo y`, or letters (a quarter
/// hour each, tagged with the letter). Every account becomes a count habit
/// in hours (`fos:haskell` → `fos.haskell`), the comment the entry's note.
enum TimedotImporter {
    static func parse(_ bytes: [UInt8], path: String, existing: Journal) -> ImportResult {
        var builder = ImportBuilder(existing: existing)
        var current: CivilDate?
        var badDate = false
        for (number, raw) in ImportFile.lines(bytes) {
            var line = Substring(raw)
            let stripped = line.drop { $0 == " " || $0 == "\t" }
            if stripped.isEmpty || stripped.first == "#" || stripped.first == ";" { continue }
            var heading = false
            if line.first == "*" {
                line = line.drop { $0 == "*" }.drop { $0 == " " || $0 == "\t" }
                heading = true
            }
            if heading || (line.first != " " && line.first != "\t") {
                let word = line.prefix { $0 != " " && $0 != "\t" }
                if looksLikeDate(word) {
                    if let date = date(word) { current = date; badDate = false } else {
                        builder.problem(number, "'\(word)' is not a valid date (expected YYYY-MM-DD, YYYY/MM/DD or YYYY.MM.DD)")
                        current = nil; badDate = true
                    }
                    continue
                }
                if heading && current == nil { continue }   // a heading before the first date
            }
            if badDate { continue }   // lines under a bad date line are already refused with it
            var content = Substring(String(line).trimmingSpaces())
            var note: String?
            if let c = commentStart(content) {
                note = String(content[content.index(after: c)...])
                content = content[..<c]
            }
            let (account, quantity) = splitAccount(content)
            guard let date = current else { builder.problem(number, "an account line before any date line"); continue }
            guard !account.isEmpty else { builder.problem(number, "expected `account  quantity`"); continue }
            guard let parts = quantities(quantity) else {
                builder.problem(number, "cannot read the time '\(quantity)': expected dots, letters, or a number with s, m, h, d, w, mo or y"); continue
            }
            let foreign = account.replacingColons()
            guard let name = builder.habit(foreign, kind: .count, on: date, line: number, unit: "hour h", size: "1 hours") else { continue }
            for part in parts {
                builder.entry(date, name, part.hours.description, tags: part.tag.map { [$0] } ?? [], note: note)
            }
        }
        return builder.result(source: path)
    }

    /// A date as hledger reads it: year, month, day separated by `-`, `/` or `.`.
    static func date(_ word: Substring) -> CivilDate? {
        if let date = JournalText.date(word) { return date }
        guard looksLikeDate(word) else { return nil }
        let numbers = word.split(whereSeparator: { $0 == "-" || $0 == "/" || $0 == "." })
        guard numbers.count == 3, numbers[0].count == 4, let y = Int(numbers[0]), let m = Int(numbers[1]), let d = Int(numbers[2]),
              numbers[1].count <= 2, numbers[2].count <= 2 else { return nil }
        return CivilDate(year: y, month: m, day: d)
    }

    /// Four digits, a separator, then digits and separators only: what hledger
    /// takes for a date line (and rejects when it is not a real day).
    static func looksLikeDate(_ word: Substring) -> Bool {
        let u = Array(word.utf8)
        guard u.count >= 8, u.prefix(4).allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), [0x2D, 0x2F, 0x2E].contains(u[4]) else { return false }
        return u.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D || $0 == 0x2F || $0 == 0x2E }
    }

    /// The index of a `;` or `#` that starts the text or follows white space.
    private static func commentStart(_ text: Substring) -> Substring.Index? {
        var previousIsSpace = true
        let bytes = text.utf8
        for i in bytes.indices {
            let c = bytes[i]
            if (c == 0x3B || c == 0x23) && previousIsSpace { return i }   // ; #
            previousIsSpace = c == 0x20 || c == 0x09
        }
        return nil
    }

    /// The account ends at a tab or at two spaces in a row.
    private static func splitAccount(_ text: Substring) -> (String, String) {
        let bytes = text.utf8
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let c = bytes[i]
            let next = bytes.index(after: i)
            if c == 0x09 || (c == 0x20 && next < bytes.endIndex && bytes[next] == 0x20) {
                return (String(text[..<i]).trimmingSpaces(), String(text[i...]).trimmingSpaces())
            }
            i = next
        }
        return (String(text).trimmingSpaces(), "")
    }

    /// Hours in a quantity without letters, or nil. An empty quantity is 0.
    static func hours(_ quantity: String) -> Amount? {
        guard let parts = quantities(quantity), parts.count == 1, parts[0].tag == nil else { return nil }
        return parts[0].hours
    }

    /// The quantity as entries: one untagged amount, or one per letter.
    static func quantities(_ quantity: String) -> [(hours: Amount, tag: String?)]? {
        let compact = quantity.filter { $0 != " " }
        let quarter = Amount(billionths: Amount.scale / 4)
        if compact.allSatisfy({ $0 == "." }) && compact.count != 1 || compact.isEmpty {
            return [(Amount(billionths: Int128(compact.count) * Amount.scale / 4), nil)]
        }
        if compact.allSatisfy({ $0.isLetter && $0.isASCII }) {
            // Letter dots, each a quarter hour tagged with its letter, in first-seen order.
            var order: [Character] = []
            var counts: [Character: Int] = [:]
            for c in compact { if counts[c] == nil { order.append(c) }; counts[c, default: 0] += 1 }
            return order.map { (Amount(billionths: Int128(counts[$0]!) * quarter.billionths), String($0)) }
        }
        // A number: `.` or `,` as the decimal mark, then an optional unit.
        let digits = compact.prefix { $0.isNumber || $0 == "." || $0 == "," || $0 == "-" || $0 == "+" }
        var number = String(digits.map { $0 == "," ? "." : $0 })
        if number == "." { return [(quarter, nil)] }   // a single dot
        if number.hasPrefix(".") { number = "0" + number }
        if number.hasPrefix("-.") { number = "-0" + number.dropFirst() }
        guard let value = JournalText.amount(number) else { return nil }
        let hours: Amount
        switch compact.dropFirst(digits.count) {
        case "", "h": hours = value
        case "s": hours = value.divided(by: 3600)
        case "m": hours = value.divided(by: 60)
        case "d": hours = value * Amount(24)
        case "w": hours = value * Amount(168)
        case "mo": hours = value * Amount(720)
        case "y": hours = value * Amount(8760)
        default: return nil
        }
        return [(hours, nil)]
    }
}

private extension String {
    /// hledger's account separator `:` becomes `.`, which names may hold.
    func replacingColons() -> String { String(decoding: utf8.map { $0 == 0x3A ? 0x2E : $0 }, as: UTF8.self) }
}
