/// Loop's `Habits.csv` (`HabitList.writeCSV` in iSoron/uhabits): a row a
/// habit (`header`), each declared on its first check-in; the mapping is
/// Grammar/export.md, "Loop Habit Tracker".
enum LoopHabits {
    static let header = ["Position", "Name", "Type", "Question", "Description", "FrequencyNumerator",
                         "FrequencyDenominator", "Color", "Unit", "Target Type", "Target Value", "Archived?"]

    static func read(_ bytes: [UInt8], into builder: inout ImportBuilder, positions: inout [Int: String]) {
        let rows: [CSV.Row]
        do { rows = try CSV.parse(bytes) } catch {
            builder.problem(error.line, error.message); return
        }
        guard let first = rows.first else { return }
        guard Array(first.fields.prefix(header.count)) == header else {
            builder.problem(first.line, "expected Loop's header `\(header.joined(separator: ","))`"); return
        }
        for row in rows.dropFirst() {
            if row.fields.allSatisfy(\.isEmpty) { continue }
            guard row.fields.count >= header.count else {
                builder.problem(row.line, "expected \(header.count) fields, got \(row.fields.count)"); continue
            }
            let f = row.fields
            guard let position = Int(f[0]), position > 0 else {
                builder.problem(row.line, "expected a position like 001, got '\(f[0])'"); continue
            }
            let name = f[1]
            guard !name.isEmpty else { builder.problem(row.line, "the habit name is empty"); continue }
            guard let numerator = Int(f[5]), let denominator = Int(f[6]), numerator >= 0, denominator > 0 else {
                builder.problem(row.line, "expected a frequency as two whole numbers, got '\(f[5])/\(f[6])'"); continue
            }
            var attributes: [String] = []
            var words: [String] = []
            let unit: String?
            let kind: HabitKind
            switch f[2] {
            case "YES_NO":
                kind = .check; unit = nil
                let every = ImportSchedule.every(times: numerator, days: denominator)
                if let value = every.value { attributes.append("every: " + value) }
                if !every.exact { words.append("Loop: \(numerator) times in \(denominator) days") }
            case "NUMERICAL":
                kind = .count
                unit = f[8].isEmpty ? nil : JournalText.name(from: f[8])
                let target = f[10].isEmpty ? nil : JournalText.amount(f[10])
                if !f[10].isEmpty && target == nil {
                    builder.problem(row.line, "expected a number as the target value, got '\(f[10])'"); continue
                }
                let period = denominator == 1 ? "a day" : denominator == 7 ? "a week" : "in \(denominator) days"
                let measure = f[8].isEmpty ? "" : " " + f[8]
                switch (f[9], target) {
                case ("AT_LEAST", let target?) where target > .zero:
                    let floor = ImportSchedule.weeklyFloor(target, days: denominator)
                    if let value = floor.value { attributes.append("floor: " + value) }
                    if !floor.exact { words.append("Loop target: at least \(target)\(measure) \(period)") }
                case ("AT_MOST", let target?):
                    words.append("Loop target: at most \(target)\(measure) \(period)")
                case ("", _), (_, nil), ("AT_LEAST", _):
                    break
                default:
                    builder.problem(row.line, "expected AT_LEAST or AT_MOST as the target type, got '\(f[9])'"); continue
                }
            default:
                builder.problem(row.line, "expected YES_NO or NUMERICAL as the type, got '\(f[2])'"); continue
            }
            if isColor(f[7]) { attributes.append("color: " + f[7]) }
            let note = ([f[3], f[4]] + words).map { JournalText.note($0) }.filter { !$0.isEmpty }.joined(separator: " — ")
            if !note.isEmpty { attributes.append("note: " + JournalText.quoted(note)) }
            let archived: Bool
            switch f[11] {
            case "true": archived = true
            case "false", "": archived = false
            default: builder.problem(row.line, "expected true or false in Archived?, got '\(f[11])'"); continue
            }
            positions[position] = name
            builder.define(name, ImportBuilder.Definition(kind: kind, unit: unit, attributes: attributes, line: row.line, file: builder.file,
                                                          archived: archived))
        }
    }

    /// `#rrggbb` (what `PaletteColor.toCsvColor` writes).
    static func isColor(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.count == 7 && bytes[0] == UInt8(ascii: "#")
            && bytes.dropFirst().allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) }
    }
}
