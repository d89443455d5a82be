/// The habit that would most benefit from a few units today (Grammar/
/// reports.md, "Habit of the day"): score = 2 × deficit under the scaled
/// floor + 3 when the last 7 days have no units; with no score above 0, the
/// most recently logged habit. `units today`, `units next` and the page all
/// call `pick`, so they agree by construction.
public struct HabitOfTheDay: Sendable, Equatable {
    public enum Reason: String, Sendable { case deficit, mostRecent }

    public var habit: Int
    public var score: Fraction
    public var deficit: Fraction
    public var unitsLast7Days: Amount
    public var reason: Reason

    /// The first day the pick reads: the start of the week or the first
    /// of the last 7 days, whichever is earlier.
    public static func firstDay(_ context: ReportContext) -> CivilDate {
        min(context.thisWeek.first, context.today.adding(days: -6))
    }

    /// The habit of the day for a report context.
    public static func pick(_ context: ReportContext) -> HabitOfTheDay? {
        pick(grid: context.grid(from: firstDay(context)), today: context.today)
    }

    /// The pick read from a grid that holds at least `firstDay` through today.
    public static func pick(grid: DayGrid, today: CivilDate) -> HabitOfTheDay? {
        let journal = grid.journal
        let last7 = DayRange(first: today.adding(days: -6), last: today)
        var best: HabitOfTheDay?
        // Only the habits with a floor: with none, the deficit is 0.
        let habits = journal.habits
        for id in habits.indices where grid.selected[id] && !habits[id].floors.isEmpty {
            let habit = habits[id]
            guard !habit.isBuiltIn, !habit.isGroup, habit.kind == .count, habit.declared <= today,
                  !habit.isArchived(on: today), !habit.isPaused(on: today) else { continue }
            guard let pace = grid.pace(habit.id, weekOf: today, today: today), pace.scaledFloor > .zero, !pace.isDayOne else { continue }
            let deficit = max(.zero, pace.scaledFloor - pace.units.fraction)
            let recent = grid.units(habit.id, in: last7)
            let score = deficit * 2 + (recent == .zero ? 3 : 0)
            let candidate = HabitOfTheDay(habit: habit.id, score: score, deficit: deficit, unitsLast7Days: recent, reason: .deficit)
            // Strictly greater: on a tie the earlier declaration (then the earlier line) stays.
            if best == nil || score > best!.score || (score == best!.score && habit.declared < journal.habits[best!.habit].declared) {
                best = candidate
            }
        }
        if let best, best.score > .zero { return best }
        // No score above 0: the most recently logged active habit.
        var latest: Int?
        for id in habits.indices where grid.selected[id] && grid.lastEntry[id] >= 0 {
            let habit = habits[id]
            guard !habit.isGroup, !habit.isBuiltIn, !habit.isArchived(on: today) else { continue }
            let index = Int(grid.lastEntry[habit.id])
            if latest == nil || journal.entries[index].date > journal.entries[latest!].date
                || (journal.entries[index].date == journal.entries[latest!].date && index > latest!) {
                latest = index
            }
        }
        guard let latest else { return nil }
        let id = Int(journal.entries[latest].habit)
        return HabitOfTheDay(habit: id, score: .zero, deficit: .zero, unitsLast7Days: grid.units(id, in: last7), reason: .mostRecent)
    }
}
