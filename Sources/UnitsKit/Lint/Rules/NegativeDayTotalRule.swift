/// Negative entries are corrections; a day that ends below zero corrected
/// more than was logged (format.md 12.2).
struct NegativeDayTotalRule: LintRule {
    let description = RuleDescription(
        id: "negative-day-total", severity: .warning,
        summary: "A day's total for a count habit below zero (a correction larger than what was logged).",
        triggering: ["2025-09-01 habit Walk\n2025-09-01 Walk 2\n2025-09-01 Walk -3\n"],
        nonTriggering: ["2025-09-01 habit Walk\n2025-09-01 Walk 3\n2025-09-01 Walk -1\n"])

    func check(_ context: inout LintContext) {
        // Corrections are rare: total only the days that have one.
        var days: [Int64: (total: Amount, last: Entry)] = [:]
        func key(_ e: Entry) -> Int64 { Int64(e.habit) << 32 | Int64(UInt32(bitPattern: e.date.dayNumber)) }
        let entries = context.journal.entries
        for entry in entries where entry.units.isNegative { days[key(entry)] = (.zero, entry) }
        guard !days.isEmpty else { return }
        for entry in entries {
            let k = key(entry)
            guard let day = days[k] else { continue }
            days[k] = (day.total + entry.units, entry)
        }
        for (_, day) in days.sorted(by: { ($0.value.last.source.file, $0.value.last.source.line) < ($1.value.last.source.file, $1.value.last.source.line) })
        where day.total.isNegative {
            let (tree, tokens) = context.syntax(of: day.last)
            let name = context.journal.habits[Int(day.last.habit)].name
            context.report("'\(name)' totals \(day.total) on \(day.last.date): a correction cannot take a day below zero", at: tree.range(tokens[tokens.startIndex + 2]))
        }
    }
}
