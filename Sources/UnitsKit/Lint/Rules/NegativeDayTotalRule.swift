/// Negative entries are corrections; a day that ends below zero corrected
/// more than was logged (format.md 12.2).
struct NegativeDayTotalRule: EntryPassRule {
    let description = RuleDescription(
        id: "negative-day-total", severity: .warning,
        summary: "A day's total for a count habit below zero (a correction larger than what was logged).",
        triggering: ["2025-09-01 habit Walk\n2025-09-01 Walk 2\n2025-09-01 Walk -3\n"],
        nonTriggering: ["2025-09-01 habit Walk\n2025-09-01 Walk 3\n2025-09-01 Walk -1\n"])

    typealias Days = [Int64: (total: Amount, last: Entry)]

    func key(_ e: Entry) -> Int64 { Int64(e.habit) << 32 | Int64(UInt32(bitPattern: e.date.dayNumber)) }

    func begin(_ context: inout LintContext) -> Days? { [:] }

    // Corrections are rare: total only the days that have one.
    func visit(_ entry: Entry, _ days: inout Days, _ context: inout LintContext) {
        if entry.units.isNegative { days[key(entry)] = (.zero, entry) }
    }

    func finish(_ days: inout Days, _ context: inout LintContext) {
        guard !days.isEmpty else { return }
        for entry in context.journal.entries {
            let k = key(entry)
            guard let day = days[k] else { continue }
            days[k] = (day.total + entry.units, entry)
        }
        for (_, day) in days.sorted(by: { ($0.value.last.source.file, $0.value.last.source.line) < ($1.value.last.source.file, $1.value.last.source.line) })
        where day.total.isNegative {
            let name = context.journal.habits[Int(day.last.habit)].name
            context.report("'\(name)' totals \(day.total) on \(day.last.date): a correction cannot take a day below zero", at: context.range(ofToken: 2, of: day.last))
        }
    }
}
