/// Reads habitctl (blinry/habitctl `src/main.rs`). A file named `habits` is
/// the habit list (`N Name`, split at the first space, `#` comment lines),
/// any other the log (`DATE<TAB>HABIT<TAB>VALUE`, an empty line between
/// days); what they write is Grammar/export.md, "habitctl".
enum HabitctlImporter {
    static func parse(_ files: [ImportFile], source: String, existing: Journal, today: CivilDate) -> ImportResult {
        var builder = ImportBuilder(existing: existing)
        builder.read(files, list: "habits", { readHabits($0.bytes, into: &$1) }, { readLog($0.bytes, into: &$1) })
        builder.declareDefined(on: builder.earliestDate ?? today)
        return builder.result(source: source)
    }

    private static func readHabits(_ bytes: [UInt8], into builder: inout ImportBuilder) {
        for (number, raw) in ImportFile.lines(bytes) {
            let text = raw.trimmingSpaces()
            if text.isEmpty || raw.first == "#" { continue }
            let parts = text.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, let days = Int(parts[0]), days >= 0, !String(parts[1]).trimmingSpaces().isEmpty else {
                builder.problem(number, "expected `N Habit name` (N: every N days, 0: tracked only)"); continue
            }
            var attributes: [String] = []
            let every = ImportSchedule.every(times: days == 0 ? 0 : 1, days: max(days, 1))
            if let value = every.value { attributes.append("every: " + value) }
            if days == 0 {
                attributes.append("note: " + JournalText.quoted("habitctl: 0 (tracked, never due)"))
            } else if !every.exact {
                attributes.append("note: " + JournalText.quoted("habitctl: every \(days) days"))
            }
            builder.define(String(parts[1]), ImportBuilder.Definition(kind: .check, attributes: attributes, line: number, file: builder.file))
        }
    }

    private static func readLog(_ bytes: [UInt8], into builder: inout ImportBuilder) {
        for (number, raw) in ImportFile.lines(bytes) {
            if raw.isEmpty { continue }
            let parts = raw.split(separator: "\t", omittingEmptySubsequences: false)
            guard parts.count == 3 else { builder.problem(number, "expected `DATE<TAB>Habit<TAB>y|n|s`"); continue }
            guard let date = JournalText.date(String(parts[0]).trimmingSpaces()) else {
                builder.problem(number, "expected a date YYYY-MM-DD, got '\(parts[0])'"); continue
            }
            let habit = String(parts[1])
            guard !habit.trimmingSpaces().isEmpty else { builder.problem(number, "the habit name is empty"); continue }
            let state: CheckState
            switch parts[2] {
            case "y": state = .yes
            case "n": state = .no
            case "s": state = .skip
            case "": continue   // no answer
            default: builder.problem(number, "expected y, n or s for '\(habit)', got '\(parts[2])'"); continue
            }
            guard let name = builder.habit(habit, kind: .check, on: date, line: number) else { continue }
            builder.entry(date, name, state.rawValue)
        }
    }
}
