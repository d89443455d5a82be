/// A half-open span of days `[from, to)`, as in hledger and ledger: `from`
/// is the first day in it, `to` the first day after it. Either end may be
/// open (`nil`), so "everything" is `Period()`.
public struct Period: Hashable, Sendable, CustomStringConvertible {
    public var from: CivilDate?
    public var to: CivilDate?

    public init(from: CivilDate? = nil, to: CivilDate? = nil) {
        self.from = from
        self.to = to
    }

    /// Every day.
    public static let all = Period()

    /// The period holding exactly the days of an inclusive range.
    public init(_ days: DayRange) { self.init(from: days.first, to: days.last.adding(days: 1)) }

    public func contains(_ date: CivilDate) -> Bool {
        if let from, date < from { return false }
        if let to, date >= to { return false }
        return true
    }

    public var isEmpty: Bool {
        if let from, let to { return to <= from }
        return false
    }

    /// Days in both periods.
    public func intersection(_ other: Period) -> Period {
        let lower: CivilDate? = switch (from, other.from) {
        case let (a?, b?): max(a, b)
        case let (a, b): a ?? b
        }
        let upper: CivilDate? = switch (to, other.to) {
        case let (a?, b?): min(a, b)
        case let (a, b): a ?? b
        }
        return Period(from: lower, to: upper)
    }

    /// The last day in the period, if it has an end.
    public var lastDay: CivilDate? { to.map { $0.adding(days: -1) } }

    /// `2025-12-01..2025-12-31` (inclusive days, for people), `..` ends open.
    public var description: String {
        if isEmpty { return "(no days)" }
        let start = from.map(\.description) ?? ""
        let end = lastDay.map(\.description) ?? ""
        return start == end ? start : "\(start)..\(end)"
    }
}

/// A period expression that could not be read, with the byte offset in the
/// text where the problem is.
public struct PeriodError: Error, Sendable, Equatable {
    public var message: String
    public var offset: Int
    public init(_ message: String, at offset: Int) { self.message = message; self.offset = offset }
}

/// Reads the period language of `--period` and `date:` (Grammar/queries.md).
///
/// Relative forms are resolved against `today` and the journal's week start.
public struct PeriodParser {
    public var today: CivilDate
    public var weekStart: Weekday

    public init(today: CivilDate, weekStart: Weekday = .monday) {
        self.today = today
        self.weekStart = weekStart
    }

    /// Parses a whole expression such as `last 30 days`, `2025Q1` or
    /// `from 2025-01-01 to 2025-03-01`.
    public func parse(_ text: String) throws(PeriodError) -> Period {
        let words = PeriodParser.words(text)
        guard !words.isEmpty else { throw PeriodError("expected a period such as 'this week', '2025-12' or 'last 30 days'", at: 0) }
        var i = 0
        func word(_ k: Int) -> String? { k < words.count ? words[k].text.lowercased() : nil }
        func offset(_ k: Int) -> Int { k < words.count ? words[k].offset : text.utf8.count }

        let period: Period
        switch word(0) {
        case "from", "since":
            let start = try point(words[safe: 1], end: text.utf8.count)
            i = 2
            if word(2) == "to" || word(2) == "until" {
                let end = try point(words[safe: 3], end: text.utf8.count)
                period = Period(from: start.from, to: end.from)
                i = 4
            } else {
                period = Period(from: start.from, to: nil)
            }
        case "to", "until", "before":
            let end = try point(words[safe: 1], end: text.utf8.count)
            period = Period(from: nil, to: end.from)
            i = 2
        case "today":
            period = Period(from: today, to: today.adding(days: 1)); i = 1
        case "yesterday":
            period = Period(from: today.adding(days: -1), to: today); i = 1
        case "this", "last", "next":
            let shift = word(0) == "this" ? 0 : (word(0) == "last" ? -1 : 1)
            if let countText = word(1), word(0) == "last", !countText.isEmpty, countText.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) {
                guard let count = Int(countText), count <= 100_000 else {
                    throw PeriodError("'\(countText)' is too large: at most 100000", at: offset(1))
                }
                guard count >= 1 else { throw PeriodError("expected a count of at least 1, got '\(countText)'", at: offset(1)) }
                guard let unit = word(2) else { throw PeriodError("expected 'days', 'weeks' or 'months' after '\(countText)'", at: offset(2)) }
                period = try lastN(count, unit: unit, offset: offset(2))
                i = 3
            } else {
                guard let unit = word(1) else { throw PeriodError("expected 'week', 'month' or 'year' after '\(word(0)!)'", at: offset(1)) }
                period = try relative(unit, shift: shift, offset: offset(1))
                i = 2
            }
        default:
            period = try point(words[0], end: text.utf8.count)
            i = 1
        }
        if i < words.count {
            throw PeriodError("unexpected '\(words[i].text)' after the period", at: words[i].offset)
        }
        return period
    }

    /// One day, as `--date`, `--today`, `--from` and `--until` take it:
    /// `2025-12-14`, `today`, `yesterday`, `-3` (three days ago), `mon` …
    /// `sun` (the most recent one, today included), or any period of the
    /// language that is exactly one day (`from 2025-12-14 to 2025-12-15`).
    /// The one date parser of every command.
    public func day(_ text: String) throws(PeriodError) -> CivilDate {
        let period = try parse(text)
        guard let from = period.from, let to = period.to, to == from.adding(days: 1) else {
            throw PeriodError("expected one day (2025-12-14, today, yesterday, -3, mon), but '\(text)' is \(period.from == nil || period.to == nil ? "open-ended" : "\(period.from!.days(to: period.to!)) days")", at: 0)
        }
        return from
    }

    /// One calendar point: `2025`, `2025-12`, `2025Q1`, `2025-12-14`, or a
    /// relative day (`today`, `yesterday`, `tomorrow`, `-N`, a weekday
    /// name), as the whole span it names.
    func point(_ word: (text: String, offset: Int)?, end: Int) throws(PeriodError) -> Period {
        guard let word else { throw PeriodError("expected a date such as 2025-12-14, 2025-12, 2025Q1 or 2025", at: end) }
        let bytes = Array(word.text.utf8)
        let lower = word.text.lowercased()
        func single(_ day: CivilDate) -> Period { Period(from: day, to: day.adding(days: 1)) }
        if lower == "today" { return single(today) }
        if lower == "yesterday" { return single(today.adding(days: -1)) }
        if lower == "tomorrow" { return single(today.adding(days: 1)) }
        if bytes.first == UInt8(ascii: "-"), bytes.count > 1 {
            // -N: N days ago.
            let digits = bytes.dropFirst()
            guard digits.count <= 6, digits.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
                throw PeriodError("expected a number of days ago such as -3, got '\(word.text)'", at: word.offset)
            }
            return single(today.adding(days: -digits.reduce(0) { $0 * 10 + Int($1 - 48) }))
        }
        if let weekday = Weekday(name: bytes) {
            // The most recent such day: today when today is one.
            let back = (today.weekday.rawValue - weekday.rawValue + 7) % 7
            return single(today.adding(days: -back))
        }
        func number(_ slice: ArraySlice<UInt8>) -> Int? {
            guard !slice.isEmpty, slice.count <= 4, slice.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
            return slice.reduce(0) { $0 * 10 + Int($1 - 48) }
        }
        if ["day", "week", "month", "quarter", "year"].contains(lower) {
            throw PeriodError("expected a date such as 2025-12-14, 2025-12, 2025Q1 or 2025, got '\(word.text)' (for the current one, say 'this \(lower)')", at: word.offset)
        }
        let bad = PeriodError("expected a date such as 2025-12-14, 2025-12, 2025Q1 or 2025, got '\(word.text)'", at: word.offset)
        guard bytes.count >= 4, let year = number(bytes[0..<4]), year >= 1 else { throw bad }
        if bytes.count == 4 {
            return Period(from: CivilDate.firstDay(year: year, month: 1), to: CivilDate.firstDay(year: year + 1, month: 1))
        }
        if bytes.count == 6, bytes[4] | 0x20 == UInt8(ascii: "q"), let q = number(bytes[5...]), (1...4).contains(q) {
            let start = CivilDate.firstDay(year: year, month: 3 * q - 2)
            let end = q == 4 ? CivilDate.firstDay(year: year + 1, month: 1) : CivilDate.firstDay(year: year, month: 3 * q + 1)
            return Period(from: start, to: end)
        }
        let separator = bytes[4]
        guard separator == UInt8(ascii: "-") || separator == UInt8(ascii: "/") || separator == UInt8(ascii: ".") else { throw bad }
        let parts = bytes[5...].split(separator: separator, omittingEmptySubsequences: false)
        guard let month = number(parts[0]), (1...12).contains(month) else { throw bad }
        if parts.count == 1 {
            let start = CivilDate(year: year, month: month, day: 1)!
            return Period(from: start, to: start.startOfNextMonth)
        }
        guard parts.count == 2, let day = number(parts[1]), let date = CivilDate(year: year, month: month, day: day) else { throw bad }
        return Period(from: date, to: date.adding(days: 1))
    }

    /// `this week`, `last month`, `next year`, ...
    func relative(_ unit: String, shift: Int, offset: Int) throws(PeriodError) -> Period {
        switch unit {
        case "day":
            let day = today.adding(days: shift)
            return Period(from: day, to: day.adding(days: 1))
        case "week":
            let start = today.startOfWeek(weekStart).adding(days: 7 * shift)
            return Period(from: start, to: start.adding(days: 7))
        case "month":
            var start = today.startOfMonth
            if shift < 0 { start = start.adding(days: -1).startOfMonth }
            if shift > 0 { start = start.startOfNextMonth }
            return Period(from: start, to: start.startOfNextMonth)
        case "quarter":
            let (y, m, _) = today.components
            // Quarters counted from year 0, so stepping past either edge of
            // the calendar stays arithmetic instead of a missing date.
            let quarter = y * 4 + (m - 1) / 3 + shift
            let start = CivilDate.firstDay(year: quarter / 4, month: 3 * (quarter % 4) + 1)
            let next = quarter + 1
            return Period(from: start, to: CivilDate.firstDay(year: next / 4, month: 3 * (next % 4) + 1))
        case "year":
            let year = today.year + shift
            return Period(from: CivilDate.firstDay(year: year, month: 1), to: CivilDate.firstDay(year: year + 1, month: 1))
        default:
            throw PeriodError("expected 'day', 'week', 'month', 'quarter' or 'year', got '\(unit)'", at: offset)
        }
    }

    /// `last N days|weeks|months`: the N days (or 7N, or 30N) ending today.
    func lastN(_ count: Int, unit: String, offset: Int) throws(PeriodError) -> Period {
        let days: Int
        switch unit {
        case "day", "days": days = count
        case "week", "weeks": days = 7 * count
        case "month", "months": days = 30 * count
        default: throw PeriodError("expected 'days', 'weeks' or 'months', got '\(unit)'", at: offset)
        }
        return Period(from: today.adding(days: 1 - days), to: today.adding(days: 1))
    }

    /// Splits on spaces, keeping each word's byte offset for error carets.
    static func words(_ text: String) -> [(text: String, offset: Int)] {
        Array(text.utf8).split { $0 == 0x20 || $0 == 0x09 }.map { (String(decoding: $0, as: UTF8.self), $0.startIndex) }
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
