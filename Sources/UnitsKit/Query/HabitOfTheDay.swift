/// The habit that would most benefit from a few units today (Units spec,
/// "Habit of the Day"): for each active count habit with a floor above 0,
/// deficit = max(0, floor − units this week) and
/// score = 2 × deficit + (3 if no units in the last 7 days else 0).
/// The highest score wins, ties going to the earlier declaration; when
/// every score is 0, the most recently logged habit.
///
/// "Active" means declared by today, not archived and not paused today;
/// the floor is the week's floor, scaled for paused days (format.md 16).
public struct HabitOfTheDay: Sendable, Equatable {
    public enum Reason: String, Sendable { case deficit, mostRecent }

    public var habit: Int
    public var score: Amount
    public var deficit: Amount
    public var unitsLast7Days: Amount
    public var reason: Reason

    public static func pick(grid: DayGrid, today: CivilDate) -> HabitOfTheDay? {
        let journal = grid.journal
        let last7 = DayRange(first: today.adding(days: -6), last: today)
        var best: HabitOfTheDay?
        for habit in journal.habits where grid.selected[habit.id] && !habit.isBuiltIn && !habit.isGroup && habit.kind == .count
            && habit.declared <= today && !habit.isArchived(on: today) && !habit.isPaused(on: today) {
            guard let pace = grid.pace(habit.id, weekOf: today, today: today), pace.scaledFloor > .zero else { continue }
            let deficit = max(.zero, pace.scaledFloor - pace.units)
            let recent = grid.units(habit.id, in: last7)
            let score = deficit * 2 + (recent == .zero ? 3 : 0)
            let candidate = HabitOfTheDay(habit: habit.id, score: score, deficit: deficit, unitsLast7Days: recent, reason: .deficit)
            // Strictly greater: on a tie the earlier declaration (lower id, habits are in file order) stays.
            if best == nil || score > best!.score || (score == best!.score && habit.declared < journal.habits[best!.habit].declared) {
                best = candidate
            }
        }
        if let best, best.score > .zero { return best }
        // Every score is 0: the most recently logged active habit.
        var latest: Int?
        for habit in journal.habits where grid.selected[habit.id] && !habit.isGroup && !habit.isBuiltIn && !habit.isArchived(on: today) {
            let index = grid.lastEntry[habit.id]
            guard index >= 0 else { continue }
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
