/// A calendar day with no time zone, stored as days since 1970-01-01
/// (proleptic Gregorian; Howard Hinnant's `days_from_civil` conversions).
public struct CivilDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01; negative before it.
    public let dayNumber: Int32

    /// The smallest and largest dates the format can spell (years 1 and 9999).
    public static let minimum = CivilDate(unchecked: 1, 1, 1)
    public static let maximum = CivilDate(unchecked: 9999, 12, 31)

    public init(dayNumber: Int32) { self.dayNumber = dayNumber }

    /// A validated date; `nil` when the month or day does not exist (2025-02-30)
    /// or the year is outside 1...9999.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              day >= 1, day <= CivilDate.daysIn(month: month, year: year) else { return nil }
        self.init(unchecked: year, month, day)
    }

    /// The first day of a month, also in year 0, 10000 or 10001: the period
    /// just before or after one at the edge of the format's range still has
    /// two ends (`next year` in 9999 ends on 10001-01-01), as
    /// `startOfNextMonth` and `adding(days:)` already allow. Years further
    /// out are clamped to those.
    public static func firstDay(year: Int, month: Int) -> CivilDate {
        CivilDate(unchecked: min(max(year, 0), 10_001), min(max(month, 1), 12), 1)
    }

    private init(unchecked y: Int, _ m: Int, _ d: Int) {
        let y = m <= 2 ? y - 1 : y
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (m + 9) % 12
        let doy = (153 * mp + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        dayNumber = Int32(era * 146_097 + doe - 719_468)
    }

    /// Year, month (1-12) and day (1-31).
    public var components: (year: Int, month: Int, day: Int) {
        let z = Int(dayNumber) + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    public var year: Int { components.year }
    public var month: Int { components.month }
    public var day: Int { components.day }

    /// The day of the week, ISO numbering: Monday 1 ... Sunday 7.
    public var isoWeekday: Int {
        // 1970-01-01 was a Thursday (4).
        let r = (Int(dayNumber) + 3) % 7
        return (r < 0 ? r + 7 : r) + 1
    }

    public var weekday: Weekday { Weekday(rawValue: isoWeekday)! }

    /// The date `days` later (earlier when negative), clamped to the day
    /// numbers `Int32` can hold rather than trapping on huge offsets.
    public func adding(days: Int) -> CivilDate {
        let (sum, overflow) = Int(dayNumber).addingReportingOverflow(days)
        if overflow { return CivilDate(dayNumber: days > 0 ? .max : .min) }
        return CivilDate(dayNumber: Int32(clamping: sum))
    }

    /// Days from `self` to `other` (positive when `other` is later).
    public func days(to other: CivilDate) -> Int { Int(other.dayNumber) - Int(dayNumber) }

    /// The first day of the week that contains this date.
    public func startOfWeek(_ weekStart: Weekday) -> CivilDate {
        let back = (isoWeekday - weekStart.rawValue + 7) % 7
        return adding(days: -back)
    }

    public var startOfMonth: CivilDate { CivilDate(unchecked: year, month, 1) }

    /// The first day of the next month (exclusive end of this one).
    public var startOfNextMonth: CivilDate {
        let (y, m, _) = components
        return m == 12 ? CivilDate(unchecked: y + 1, 1, 1) : CivilDate(unchecked: y, m + 1, 1)
    }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    public static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// `YYYY-MM-DD`, the canonical spelling.
    public var description: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(10)
        appendCanonical(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `YYYY-MM-DD` to a byte buffer.
    public func appendCanonical(to bytes: inout [UInt8]) {
        let (y, m, d) = components
        if (1...9999).contains(y) {
            // The common case, digit by digit: no loops, no temporaries.
            let zero = UInt8(ascii: "0"), dash = UInt8(ascii: "-")
            let digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (
                zero + UInt8(y / 1000), zero + UInt8(y / 100 % 10), zero + UInt8(y / 10 % 10), zero + UInt8(y % 10), dash,
                zero + UInt8(m / 10), zero + UInt8(m % 10), dash, zero + UInt8(d / 10), zero + UInt8(d % 10))
            withUnsafeBytes(of: digits) { bytes.append(contentsOf: $0) }
            return
        }
        CivilDate.appendPadded(y, width: 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        CivilDate.appendPadded(m, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        CivilDate.appendPadded(d, width: 2, to: &bytes)
    }

    /// Parses the canonical `YYYY-MM-DD` only (for command-line options).
    public init?(iso text: String) {
        guard text.utf8.count == 10, case .valid(let date) = DateLexeme.parse(Array(text.utf8)[...]) else { return nil }
        self = date
    }

    public static func < (a: CivilDate, b: CivilDate) -> Bool { a.dayNumber < b.dayNumber }

    /// Dates far outside years 1...9999 (from arithmetic) have a sign or more digits.
    static func appendPadded(_ value: Int, width: Int, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let digits = String(value.magnitude).utf8
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: max(0, width - digits.count)))
        bytes.append(contentsOf: digits)
    }
}

/// Days of the week with ISO numbers.
public enum Weekday: Int, Sendable, CaseIterable, Comparable {
    case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

    public static func < (a: Weekday, b: Weekday) -> Bool { a.rawValue < b.rawValue }

    /// Accepts `mon` ... `sun` and the full English names.
    public init?(name: some Collection<UInt8>) {
        let lower = name.map { $0 | 0x20 }
        let text = String(decoding: lower, as: UTF8.self)
        switch text {
        case "mon", "monday": self = .monday
        case "tue", "tuesday": self = .tuesday
        case "wed", "wednesday": self = .wednesday
        case "thu", "thursday": self = .thursday
        case "fri", "friday": self = .friday
        case "sat", "saturday": self = .saturday
        case "sun", "sunday": self = .sunday
        default: return nil
        }
    }

    public var shortName: String { ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][rawValue - 1] }
    public var name: String {
        ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"][rawValue - 1]
    }
}
