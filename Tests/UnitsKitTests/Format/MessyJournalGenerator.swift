import UnitsKit
import UnitsTestSupport

/// A seeded generator of valid but messily spelled journals: random
/// spacing and tabs, every date spelling, numbers with signs and padding,
/// tags, notes, comments, blank runs, CRLF, attributes in odd forms.
struct MessyJournalGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed &* 6364136223846793005 &+ 1442695040888963407 }

    mutating func next(_ bound: Int) -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int((state >> 33) % UInt64(bound))
    }

    mutating func pick<T>(_ items: [T]) -> T { items[next(items.count)] }
    mutating func chance(_ percent: Int) -> Bool { next(100) < percent }

    mutating func space() -> String { pick([" ", " ", " ", "  ", "\t", " \t ", "    "]) }
    mutating func indent() -> String { pick(["  ", "  ", "    ", "\t", " "]) }

    mutating func date(_ day: Int) -> String {
        let date = CivilDate(year: 2025, month: 1, day: 1)!.adding(days: day)
        let (y, m, d) = date.components
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        switch next(4) {
        case 0: return "\(y)-\(two(m))-\(two(d))"
        case 1: return "\(y)/\(m)/\(d)"
        case 2: return "\(y).\(two(m)).\(d)"
        default: return "\(y)-\(m)-\(two(d))"
        }
    }

    mutating func number() -> String {
        let whole = next(40)
        var text = pick(["", "", "+", "0", "00"]) + "\(whole)"
        if chance(30) { text += "." + pick(["5", "50", "25", "0", "125"]) }
        if chance(10) { text = "-" + text.drop { $0 == "+" } }
        return text
    }

    mutating func comment() -> String {
        space() + ";" + pick(["", " ", "  "]) + pick(["note", "on the train", "読書 は 楽しい", "tab\there", "a;b", "#not a tag"]) + pick(["", " ", "\t"])
    }

    mutating func journal() -> String {
        let newline = chance(20) ? "\r\n" : "\n"
        var lines: [String] = []
        if chance(20) { lines.append("; generated journal") }
        if chance(70) { lines.append("units" + space() + "1") }
        if chance(30) { lines.append("option" + space() + "week-start" + space() + pick(["monday", "sun"])) }
        let count = pick(["Walk", "Reading", "読書", "Cafe\u{301}", "Deep.work", "Чтение", "X"])
        let check = pick(["Gym", "Meditate", "No-scrolling"])
        lines.append(date(0) + space() + "habit" + space() + count)
        var attributes = [indent() + "unit:" + pick(["", " ", "  "]) + pick(["page pg", "lap", "block   blk"]),
                          indent() + "size" + pick([":", " :"]) + space() + pick(["1", "0.250", "01.5"]) + space() + pick(["miles", "page", "five  minutes"]),
                          indent() + "floor:" + space() + pick(["20/week", "007/week", "3", "0"]),
                          indent() + "title:" + space() + pick(["\"Read   daily\"", "Read   daily", "\"x ; y\""])]
        if chance(50) { attributes.insert(indent() + "; attribute comment", at: 1) }
        lines += attributes.prefix(1 + next(attributes.count)).map { $0 + (chance(20) ? comment() : "") }
        lines.append(date(0) + space() + "habit" + space() + check)
        lines.append(indent() + "kind:" + space() + "check")
        if chance(50) { lines.append(indent() + "every:" + space() + pick(["mon  wed fri", "3/week", "day"])) }
        var open: [String] = []
        for day in 0..<(5 + next(40)) {
            if chance(15) { lines += Array(repeating: pick(["", "  ", "\t"]), count: 1 + next(3)) }
            if chance(5) { lines.append(pick(["; comment line", "# hash comment", "   ; indented"]) + pick(["", "  "])) }
            for _ in 0..<next(4) {
                var line = date(day) + space() + count + space() + number()
                if chance(20) { line += space() + pick(["#park", "#読", "#a.b"]) }
                if chance(30) { line += comment() }
                lines.append(line + (chance(10) ? pick([" ", "\t"]) : ""))
            }
            if chance(50) { lines.append(date(day) + space() + check + space() + pick(["yes", "kinda", "no", "skip"]) + (chance(20) ? comment() : "")) }
            if chance(10) {
                let title = "Task \(day)"
                lines.append(date(day) + space() + "task" + space() + "\"\(title)\"" + (chance(50) ? space() + pick(["1", "03", "5"]) : "")
                             + (chance(50) ? space() + count : "") + (chance(30) ? space() + "#t" : ""))
                open.append(title)
            }
            if !open.isEmpty, chance(10) {
                lines.append(date(day) + space() + pick(["done", "drop"]) + space() + "\"\(open.removeFirst())\"")
            }
            if chance(3) { lines.append(date(day) + space() + "floor" + space() + count + space() + pick(["5", "010/week"])) }
            if chance(3) { lines.append(date(day) + space() + "unit" + space() + count + space() + "chapter" + space() + "ch" + space() + "=" + space() + number() + space() + "chapters") }
        }
        if chance(20) { lines.append(date(60) + space() + "season" + space() + pick(["\"Exam  prep\"", "Summer"]) + space() + date(90)) }
        return lines.joined(separator: newline) + (chance(80) ? newline : "")
    }
}
