import UnitsKit

/// What a focus session logs for a habit.
struct FocusPlan {
    let habit: Habit
    /// A count habit's unit size in minutes, when its size is a time.
    let unitMinutes: Amount?

    init(habit: Habit) throws(WriteRefusal) {
        self.habit = habit
        if habit.kind == .check {
            if habit.isQuantitative {
                throw WriteRefusal("\(habit.name) is logged with a number against its goal; `units log \(habit.name) N` after the session")
            }
            unitMinutes = nil
            return
        }
        let unit = habit.currentUnit
        guard let minutes = Self.minutes(unit.size, unit.measure ?? unit.name) else {
            throw WriteRefusal("\(habit.name) counts \(ReportText.plural(unit.name, Amount(2))), not time: a focus session cannot say how many; `units log \(habit.name) N` after it, or give it a time size (`units habit set \(habit.name) size=\"5 minutes\"`)")
        }
        unitMinutes = minutes
    }

    /// One unit when it is a time, else 25 minutes (a pomodoro).
    var defaultMinutes: Amount { unitMinutes ?? 25 }

    /// The entry's value: YES, or minutes ÷ the unit's minutes.
    func value(minutes: Amount) -> String {
        guard let unitMinutes else { return "yes" }
        return minutes.divided(by: unitMinutes).description
    }

    /// `5 minutes`, `0.5 hours`, `90 seconds` in minutes; nil for other measures.
    static func minutes(_ size: Amount, _ measure: String) -> Amount? {
        switch measure.lowercased() {
        case "minute", "minutes", "min", "mins", "m": size
        case "hour", "hours", "hr", "hrs", "h": size * Amount(60)
        case "second", "seconds", "sec", "secs", "s": size.divided(by: Amount(60))
        default: nil
        }
    }
}
