/// The text of a new journal (`units init`): the format version, the
/// options spelled out with their defaults, and optionally starter habits.
public enum JournalTemplate {
    /// A starter habit from the Units spec's onboarding cards.
    public struct Starter: Sendable, Equatable {
        public var name: String
        public var unit: String
        public var size: String
    }

    /// Reading (1 page), Gym (1 set), Writing (1 paragraph), Study
    /// (5 minutes), Walk (0.25 miles), Coding (1 commit): each with the
    /// spec's suggested soft floor of 5 units a week.
    public static let starters: [Starter] = [
        Starter(name: "Reading", unit: "page", size: "1 page"),
        Starter(name: "Gym", unit: "set", size: "1 set"),
        Starter(name: "Writing", unit: "paragraph", size: "1 paragraph"),
        Starter(name: "Study", unit: "block", size: "5 minutes"),
        Starter(name: "Walk", unit: "lap", size: "0.25 miles"),
        Starter(name: "Coding", unit: "commit", size: "1 commit"),
    ]

    /// The soft floor new count habits get unless told otherwise.
    public static let defaultFloor = 5

    public static func text(date: CivilDate, weekStart: Weekday = .monday, dayStart: String = "00:00",
                            starters: [Starter] = []) -> String {
        var lines = [
            "; habits.units: your habits, one line per fact. `units --help` to start,",
            "; Grammar/format.md for the format.",
            "units 1",
            "option week-start \(weekStart.name.lowercased())",
            "option day-start \(dayStart)",
        ]
        for starter in starters {
            lines.append("")
            lines += CanonicalLine.declaration(date: date, name: starter.name, attributes: [
                ("unit", starter.unit), ("size", starter.size), ("floor", "\(defaultFloor)/week"),
            ])
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
