/// An entry on a day its habit is paused: counted, but the pause says the
/// person did not expect to do it (format.md 16).
struct PausedEntryRule: EntryPassRule {
    let description = RuleDescription(
        id: "paused-entry", severity: .warning,
        summary: "An entry on a day when its habit is paused.",
        triggering: ["2025-09-01 habit Gym\n2025-09-05 pause Gym 2025-09-07\n2025-09-06 Gym 3\n"],
        nonTriggering: ["2025-09-01 habit Gym\n2025-09-05 pause Gym 2025-09-07\n2025-09-08 Gym 3\n"])

    /// Each habit's pauses, and the days from its first pause's start to its last one's end.
    struct Pauses {
        var pauses: PerHabit<DayRange>
        var spans: [DayRange]
    }

    func begin(_ context: inout LintContext) -> Pauses? {
        // Each habit's pauses, once (not a copy of the habit per entry).
        let all = context.journal.habits.map(\.pauses)
        let pauses = PerHabit(all)
        guard !pauses.isEmpty else { return nil }
        // (A habit without pauses spans nothing: first after last.)
        let none = DayRange(first: .maximum, last: .minimum)
        let spans = all.map { list in
            list.reduce(none) { DayRange(first: min($0.first, $1.first), last: max($0.last, $1.last)) }
        }
        return Pauses(pauses: pauses, spans: spans)
    }

    func visit(_ entry: Entry, _ state: inout Pauses, _ context: inout LintContext) {
        guard state.spans[Int(entry.habit)].contains(entry.date), !entry.isFromTask else { return }
        let range = state.pauses.range(Int(entry.habit))
        if let i = range.first(where: { state.pauses.items[$0].contains(entry.date) }) {
            let pause = state.pauses.items[i]
            let habit = context.journal.habits[Int(entry.habit)]
            context.report("'\(habit.name)' is paused from \(pause.first) to \(pause.last): shorten the pause, or move the entry",
                           at: context.range(ofToken: 0, of: entry))
        }
    }
}
