/// Scanners for the small lexemes of the format: dates, numbers, names.
/// Each works on any contiguous run of UTF-8 bytes and allocates nothing.

enum ASCII {
    static let tab: UInt8 = 0x09, lf: UInt8 = 0x0A, cr: UInt8 = 0x0D, space: UInt8 = 0x20
    static let quote: UInt8 = 0x22, hash: UInt8 = 0x23, plus: UInt8 = 0x2B, minus: UInt8 = 0x2D
    static let dot: UInt8 = 0x2E, slash: UInt8 = 0x2F, colon: UInt8 = 0x3A, semicolon: UInt8 = 0x3B
    static let equals: UInt8 = 0x3D, backslash: UInt8 = 0x5C, underscore: UInt8 = 0x5F
    static let zero: UInt8 = 0x30, nine: UInt8 = 0x39

    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b &- zero < 10 }
    @inline(__always) static func isSpace(_ b: UInt8) -> Bool { b == space || b == tab }
    @inline(__always) static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) &- 0x61 < 26 }
}

/// `YYYY-MM-DD` (or with `/` or `.`), month and day of one or two digits.
enum DateLexeme {
    enum Result: Equatable {
        case valid(CivilDate)
        /// Shaped like a date but not a real day; the message says why.
        case invalid(String)
        case notADate
    }

    static func parse<C: Collection>(_ b: C) -> Result where C.Element == UInt8, C.Index == Int {
        var i = b.startIndex
        let end = b.endIndex
        func number(maxDigits: Int) -> Int? {
            var value = 0, count = 0
            while i < end, ASCII.isDigit(b[i]), count < maxDigits {
                value = value * 10 + Int(b[i] &- ASCII.zero); i += 1; count += 1
            }
            return count == 0 ? nil : value
        }
        let yearStart = i
        guard let year = number(maxDigits: 4), i - yearStart == 4, i < end else { return .notADate }
        let separator = b[i]
        guard separator == ASCII.minus || separator == ASCII.slash || separator == ASCII.dot else { return .notADate }
        i += 1
        guard let month = number(maxDigits: 2), i < end, b[i] == separator else { return .notADate }
        i += 1
        guard let day = number(maxDigits: 2), i == end else { return .notADate }
        guard year >= 1 else { return .invalid("year 0000 does not exist; years run from 0001 to 9999") }
        guard (1...12).contains(month) else { return .invalid("month \(month) does not exist; months run from 1 to 12") }
        guard let date = CivilDate(year: year, month: month, day: day) else {
            return .invalid("day \(day) does not exist in \(CivilDate.monthNames[month - 1]) \(year), which has \(CivilDate.daysIn(month: month, year: year)) days")
        }
        return .valid(date)
    }
}

extension CivilDate {
    static let monthNames = ["January", "February", "March", "April", "May", "June", "July",
                             "August", "September", "October", "November", "December"]
}

/// `[+-]digits[.digits]`, at most 15 integer and 9 fraction digits.
enum NumberLexeme {
    enum Result: Equatable {
        case valid(Amount)
        case invalid(String)
        case notANumber
    }

    static func parse<C: Collection>(_ b: C) -> Result where C.Element == UInt8, C.Index == Int {
        var i = b.startIndex
        let end = b.endIndex
        guard i < end else { return .notANumber }
        var negative = false
        if b[i] == ASCII.plus || b[i] == ASCII.minus { negative = b[i] == ASCII.minus; i += 1 }
        // In 64 bits: digits past the limits are only counted (and the
        // number refused below), so nothing can overflow.
        var integer: UInt64 = 0
        var integerDigits = 0
        while i < end, ASCII.isDigit(b[i]) {
            if integerDigits <= Amount.maxIntegerDigits { integer = integer &* 10 &+ UInt64(b[i] &- ASCII.zero) }
            integerDigits += 1; i += 1
        }
        guard integerDigits > 0 else { return .notANumber }
        var fraction: UInt64 = 0
        var fractionDigits = 0
        if i < end, b[i] == ASCII.dot {
            i += 1
            while i < end, ASCII.isDigit(b[i]) {
                if fractionDigits < Amount.fractionDigits { fraction = fraction &* 10 &+ UInt64(b[i] &- ASCII.zero) }
                fractionDigits += 1; i += 1
            }
            guard fractionDigits > 0 else { return .invalid("expected digits after the decimal point") }
        }
        guard i == end else { return .notANumber }
        if integerDigits > Amount.maxIntegerDigits {
            return .invalid("number too large: at most \(Amount.maxIntegerDigits) digits before the decimal point")
        }
        if fractionDigits > Amount.fractionDigits {
            return .invalid("too many decimal places: at most \(Amount.fractionDigits) digits after the decimal point")
        }
        fraction &*= powersOfTen[Amount.fractionDigits - fractionDigits]
        let value = Int128(integer) * Amount.scale + Int128(fraction)
        return .valid(Amount(billionths: negative ? -value : value))
    }
}

/// 10⁰ ... 10⁹, to scale a fraction to billionths in one multiplication.
private let powersOfTen: [UInt64] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000]

/// The keywords that follow a date, recognised from bytes without making a
/// `String` (this runs on every dated line).
enum DatedKeyword: UInt8 {
    case habit, group, unit, floor, task, done, drop, pin, unpin, season, archive, unarchive, pause, goal, min

    static func match(_ b: UnsafeBufferPointer<UInt8>) -> DatedKeyword? {
        switch b.count {
        case 3:
            if equals(b, "min") { return .min }
            if equals(b, "pin") { return .pin }
        case 4:
            if equals(b, "goal") { return .goal }
            if equals(b, "unit") { return .unit }
            if equals(b, "task") { return .task }
            if equals(b, "done") { return .done }
            if equals(b, "drop") { return .drop }
        case 5:
            if equals(b, "habit") { return .habit }
            if equals(b, "unpin") { return .unpin }
            if equals(b, "group") { return .group }
            if equals(b, "floor") { return .floor }
            if equals(b, "pause") { return .pause }
        case 6: if equals(b, "season") { return .season }
        case 7: if equals(b, "archive") { return .archive }
        case 9: if equals(b, "unarchive") { return .unarchive }
        default: break
        }
        return nil
    }

    @inline(__always) static func equals(_ b: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        let n = literal.utf8CodeUnitCount
        guard b.count == n else { return false }
        let p = literal.utf8Start
        for k in 0..<n where b[k] != p[k] { return false }
        return true
    }
}

/// Habit, group and tag names.
enum NameLexeme {
    /// Words that start dated lines and so cannot name a habit or group, in
    /// the order editors offer them (format.md 4.3): every list of keywords.
    static let keywordList = ["habit", "group", "unit", "floor", "goal", "min", "task", "done", "drop", "pin", "unpin",
                                     "season", "archive", "unarchive", "pause"]
    static let keywords = Set(keywordList)

    /// A letter, `_`, or any byte of a non-ASCII character.
    @inline(__always) static func isStart(_ b: UInt8) -> Bool {
        b >= 0x80 || (b >= 0x40 && (startBits >> UInt64(b & 63)) & 1 != 0)
    }

    /// A name start, a digit, `-` or `.`.
    @inline(__always) static func isContinue(_ b: UInt8) -> Bool {
        // One shift and test of a 64-bit set: this runs on every byte of every name.
        b >= 0x80 || ((b < 0x40 ? continueLowBits : startBits) >> UInt64(b & 63)) & 1 != 0
    }

    /// Bytes 0x40-0x7F that start a name: `A`-`Z`, `_`, `a`-`z`.
    @usableFromInline static let startBits: UInt64 = 0x3FF_FFFF << 1 | 1 << 31 | 0x3FF_FFFF << 33
    /// Bytes below 0x40 that continue a name: `-`, `.`, `0`-`9`.
    @usableFromInline static let continueLowBits: UInt64 = 1 << 0x2D | 1 << 0x2E | 0x3FF << 0x30

    /// Whether the bytes are a name (keywords included: callers check those).
    static func isName<C: Collection>(_ b: C) -> Bool where C.Element == UInt8, C.Index == Int {
        firstInvalid(b) == nil
    }

    /// Index of the first byte that may not stand in a name, if any.
    static func firstInvalid<C: Collection>(_ b: C) -> Int? where C.Element == UInt8, C.Index == Int {
        guard let first = b.first else { return b.startIndex }
        if !isStart(first) { return b.startIndex }
        for i in b.indices.dropFirst() where !isContinue(b[i]) { return i }
        return nil
    }
}
