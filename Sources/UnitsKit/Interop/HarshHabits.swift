/// harsh's `habits` file (`LoadHabitsConfig`, `ParseHabitFrequency` in
/// wakatara/harsh `internal/storage/config.go`): `! Heading` sections, `#`
/// comments, `Name: FREQUENCY[: END-DATE]` lines (`Gym: 3/7`, `Old: 7: 2024-06-15`),
/// FREQUENCY `T/I`, `I` or `0`, `w` for weeks. The mapping is Grammar/export.md.
struct HarshHabit {
    var line: Int
    var name: String
    var heading: String?
    var target: Int
    var interval: Int
    var end: CivilDate?
    var file: String?

    /// The habits of the file; lines harsh would refuse or skip are problems.
    static func read(_ bytes: [UInt8], into builder: inout ImportBuilder) -> [HarshHabit] {
        var habits: [HarshHabit] = []
        var heading: String?
        for (number, raw) in ImportFile.lines(bytes) {
            guard let first = raw.first else { continue }
            if first == "!" {
                guard let range = raw.firstRange(of: "! ") else {
                    builder.problem(number, "expected a heading `! Heading Name`"); continue
                }
                let text = String(raw[range.upperBound...]).trimmingSpaces()
                heading = text.isEmpty ? nil : text
                continue
            }
            if first == "#" || raw.trimmingSpaces().isEmpty { continue }
            let parts = split(raw, on: ": ")
            guard parts.count >= 2 else {
                builder.problem(number, "expected `Habit name: frequency [: YYYY-MM-DD]`"); continue
            }
            let name = String(parts[0]).trimmingSpaces()
            let frequency = String(parts[1]).trimmingSpaces()
            guard !name.isEmpty else { builder.problem(number, "the habit name is empty"); continue }
            guard let (target, interval) = parseFrequency(frequency) else {
                builder.problem(number, "expected a frequency like 1, 7, 1w, 3/7 or 0 for '\(name)', got '\(frequency)'"); continue
            }
            var end: CivilDate?
            if parts.count >= 3, !String(parts[2]).trimmingSpaces().isEmpty {
                let text = String(parts[2]).trimmingSpaces()
                guard let date = JournalText.date(text) else {
                    builder.problem(number, "expected an end date YYYY-MM-DD for '\(name)', got '\(text)'"); continue
                }
                end = date
            }
            habits.append(HarshHabit(line: number, name: name, heading: heading, target: target, interval: interval, end: end, file: builder.file))
        }
        return habits
    }

    /// `(target, interval)` as `ParseHabitFrequency`: `0` is (0, 1), `I` is
    /// (1, I), `T/I` is (T, I) with I > 0 and T ≤ I.
    static func parseFrequency(_ text: String) -> (Int, Int)? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count <= 2, let first = days(String(parts[0]).trimmingSpaces()) else { return nil }
        if parts.count == 1 { return first == 0 ? (0, 1) : (1, first) }
        guard let interval = days(String(parts[1]).trimmingSpaces()), interval > 0, first <= interval else { return nil }
        return (first, interval)
    }

    /// harsh's `parseDay`: digits, optionally followed by `w` (times 7).
    private static func days(_ text: String) -> Int? {
        var digits = Substring(text)
        var factor = 1
        if digits.hasSuffix("w") { digits = digits.dropLast(); factor = 7 }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), digits.count < 10, let n = Int(digits) else { return nil }
        return n * factor
    }

    /// `text` cut at every `separator` (Go's `strings.Split`).
    static func split(_ text: String, on separator: String) -> [Substring] {
        var parts: [Substring] = []
        var rest = Substring(text)
        while let range = rest.firstRange(of: separator) {
            parts.append(rest[..<range.lowerBound])
            rest = rest[range.upperBound...]
        }
        parts.append(rest)
        return parts
    }

    /// What the habit list says about this habit in a journal.
    func definition(isCount: Bool) -> ImportBuilder.Definition {
        var attributes: [String] = []
        var exact = true
        if target > 0 {
            if isCount {
                let floor = ImportSchedule.weeklyFloor(Amount(target), days: interval)
                if let value = floor.value { attributes.append("floor: " + value) }
                exact = floor.exact
            } else {
                let every = ImportSchedule.every(times: target, days: interval)
                if let value = every.value { attributes.append("every: " + value) }
                exact = every.exact
            }
        }
        if target == 0 { attributes.append("note: " + JournalText.quoted("harsh: 0 (tracked, never due)")) } else if !exact {
            attributes.append("note: " + JournalText.quoted("harsh: \(target)/\(interval)"))
        }
        return ImportBuilder.Definition(kind: isCount ? .count : .check, attributes: attributes,
                                        comment: heading.map { "! " + $0 }, line: line, file: file)
    }
}
