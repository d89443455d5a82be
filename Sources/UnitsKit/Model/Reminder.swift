/// A time of day written `HH:MM`, 00:00 to 23:59: the one reading of it for
/// `option day-start`, the day reminders' options and `remind:`.
public enum ClockTime {
    /// Minutes after midnight, or nil when `bytes` is not `HH:MM`
    /// (`shape`), or is but names no time of day (`range`).
    public enum Reading: Equatable, Sendable {
        case valid(Int)
        case shape
        case range
    }

    public static func read(_ bytes: some Collection<UInt8>) -> Reading {
        let b = Array(bytes)
        guard b.count == 5, b[2] == ASCII.colon, [b[0], b[1], b[3], b[4]].allSatisfy(ASCII.isDigit) else { return .shape }
        let hours = Int(b[0] - ASCII.zero) * 10 + Int(b[1] - ASCII.zero)
        let minutes = Int(b[3] - ASCII.zero) * 10 + Int(b[4] - ASCII.zero)
        guard hours < 24, minutes < 60 else { return .range }
        return .valid(hours * 60 + minutes)
    }

    /// `08:05` for 485.
    public static func text(_ minutes: Int) -> String {
        let h = minutes / 60, m = minutes % 60
        return (h < 10 ? "0" : "") + "\(h):" + (m < 10 ? "0" : "") + "\(m)"
    }
}

/// A habit's `remind:` (format.md 9.13): a time of day, and optionally the
/// weekdays it is limited to. It is a nudge, never a duty: it only ever
/// falls on days the habit is expected anyway.
public struct Reminder: Hashable, Sendable {
    /// Minutes after midnight on the clock (not after `day-start`).
    public var minutes: Int
    /// The weekdays named, or nil for every day the habit is expected.
    public var days: Set<Weekday>?

    public init(minutes: Int, days: Set<Weekday>? = nil) {
        self.minutes = minutes
        self.days = days
    }

    /// Whether the reminder may fall on a weekday.
    public func covers(_ weekday: Weekday) -> Bool { days?.contains(weekday) ?? true }

    /// What is wrong with a `remind:` value, and which of its words says so.
    public struct Problem: Error, Equatable, Sendable {
        public var word: Int
        public var message: String
    }

    /// `HH:MM [DAY...]`, DAY a weekday name, `weekdays` or `weekends`,
    /// no day twice.
    public static func parse(_ words: [String]) -> Result<Reminder, Problem> {
        guard let first = words.first else {
            return .failure(Problem(word: 0, message: "expected a time, e.g. `remind: 08:00` or `remind: 08:00 mon wed fri`"))
        }
        let minutes: Int
        switch ClockTime.read(Array(first.utf8)) {
        case .valid(let m): minutes = m
        case .range: return .failure(Problem(word: 0, message: "'\(first)' is not a time of day: a reminder is at 00:00 to 23:59"))
        case .shape:
            let hint = first.count == 4 && first.dropFirst().first == ":" ? "; write `0\(first)`" : ""
            return .failure(Problem(word: 0, message: "expected a time HH:MM (24-hour), e.g. `remind: 08:00`, not '\(first)'\(hint)"))
        }
        guard words.count > 1 else { return .success(Reminder(minutes: minutes)) }
        var days = Set<Weekday>()
        for (index, word) in words.enumerated().dropFirst() {
            let named: [Weekday]
            switch word {
            case "weekdays": named = [.monday, .tuesday, .wednesday, .thursday, .friday]
            case "weekends": named = [.saturday, .sunday]
            default:
                guard let day = Weekday(name: Array(word.utf8)) else {
                    let names = ["mon", "tue", "wed", "thu", "fri", "sat", "sun", "weekdays", "weekends"]
                    let hint = Suggestion.closest(to: word.lowercased(), in: names).map { "; did you mean '\($0)'?" } ?? ""
                    return .failure(Problem(word: index, message: "'\(word)' is not a weekday (mon ... sun, weekdays, weekends)\(hint)"))
                }
                named = [day]
            }
            for day in named where !days.insert(day).inserted {
                return .failure(Problem(word: index, message: "\(day.name) is named twice in this reminder"))
            }
        }
        return .success(Reminder(minutes: minutes, days: days))
    }

    /// The value as `units-fmt` would print it: `08:00 mon wed fri`.
    public var description: String {
        guard let days else { return ClockTime.text(minutes) }
        return ([ClockTime.text(minutes)] + days.sorted().map { $0.shortName.lowercased() }).joined(separator: " ")
    }
}
