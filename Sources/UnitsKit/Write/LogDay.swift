/// The day `units log` writes under: today's date, shifted back by
/// `option day-start` so that a late night still counts for the day before.
public enum LogDay {
    /// The journal day for the local clock reading `now` when days start at
    /// `dayStartMinutes`: at 01:30 with day-start 04:00 it is still yesterday.
    public static func day(now: (date: CivilDate, minutes: Int), dayStartMinutes: Int) -> CivilDate {
        now.minutes < dayStartMinutes ? now.date.adding(days: -1) : now.date
    }

    /// Parses a clock reading `YYYY-MM-DDTHH:MM` (as in `UNITS_NOW`).
    public static func parseClock(_ text: String) -> (date: CivilDate, minutes: Int)? {
        let parts = text.split(separator: "T", maxSplits: 1)
        guard parts.count == 2, let date = CivilDate(iso: String(parts[0])) else { return nil }
        let time = parts[1].split(separator: ":")
        guard time.count == 2, time[0].count == 2, time[1].count == 2,
              let hours = Int(time[0]), let minutes = Int(time[1]),
              (0..<24).contains(hours), (0..<60).contains(minutes) else { return nil }
        return (date, hours * 60 + minutes)
    }
}
