/// The consistency matrix: habits as rows, days as columns (most recent
/// first). Shapes as well as colours, so it reads without colour:
/// ● done, ◐ kinda, ○ missed, · not expected (skip, pause, off-schedule),
/// ◌ today not yet logged, blank before the habit existed or while archived.
public struct HistoryMatrix: Sendable {
    public enum Cell: String, Sendable {
        case done, kinda, missed, notExpected = "not-expected", pending, none
    }

    public let dates: [CivilDate]   // most recent first
    public let names: [String]
    public let colors: [String]
    public let cells: [[Cell]]      // [row][column]

    public init(journal: Journal, today: CivilDate, days: Int) {
        let count = max(1, days)
        let range = DayRange(first: today.adding(days: -(count - 1)), last: today)
        let habits = journal.habits.filter { !$0.isBuiltIn && !$0.isArchived(on: today) }
        let grid = DayGrid(journal: journal, days: range)
        dates = (0..<count).map { today.adding(days: -$0) }
        names = habits.map(\.name)
        colors = habits.map(TerminalStyle.colorName(of:))
        cells = habits.map { habit in
            (0..<count).map { back -> Cell in
                let date = today.adding(days: -back)
                guard habit.declared <= date, !habit.isArchived(on: date) else { return .none }
                if habit.isPaused(on: date) || !habit.every.isScheduled(on: date.weekday) { return .notExpected }
                let members = habit.isGroup ? habit.members : [habit.id]
                var best: Cell = .missed
                var anything = false
                for id in members {
                    let h = journal.habits[id]
                    let state = grid.state(id, on: date), units = grid.units(id, on: date)
                    guard state != nil || !units.isZero else { continue }
                    anything = true
                    let cell: Cell
                    if h.kind == .check {
                        switch state {
                        case .yes: cell = .done
                        case .kinda: cell = .kinda
                        case .skip: cell = .notExpected
                        default: cell = .missed
                        }
                    } else {
                        cell = units > .zero ? .done : .missed
                    }
                    if cell == .done { best = .done } else if cell == .kinda, best != .done { best = .kinda }
                    else if cell == .notExpected, best == .missed { best = .notExpected }
                }
                // A group's option is counted when done, never missed or awaited (format.md 10).
                if habit.isOption && !anything { return .none }
                if !anything, date == today { return .pending }
                return best
            }
        }
    }

    func glyph(_ cell: Cell, color: String, style: TerminalStyle) -> String {
        switch cell {
        case .done: return style.paint(style.ascii ? "#" : "●", color)
        case .kinda: return style.paint(style.ascii ? "+" : "◐", color, dim: true)
        case .missed: return style.faint(style.ascii ? "o" : "○")
        case .notExpected: return style.faint(style.ascii ? "." : "·")
        case .pending: return style.ascii ? "?" : "◌"
        case .none: return " "
        }
    }

    public func render(width: Int, style: TerminalStyle) -> String {
        guard !names.isEmpty else { return "No habits yet. Start with one unit.\n" }
        // Names take what the columns leave, down to 6 columns, abbreviated.
        // Give up old days first (down to two weeks), then name width, then days.
        let fullName = names.map { DisplayWidth.of($0) }.max() ?? 0
        var nameWidth = min(fullName, 20)
        var columns = dates.count
        func fits() -> Bool { nameWidth + 1 + columns * 3 <= width }
        while !fits(), columns > 14 { columns -= 1 }
        while !fits(), nameWidth > 6 { nameWidth -= 1 }
        while !fits(), columns > 1 { columns -= 1 }
        var out = String(repeating: " ", count: nameWidth + 1)
        out += dates.prefix(columns).map { String($0.day).leftPadded(toWidth: 2) + " " }.joined().trimmingTrailingSpaces + "\n"
        for (row, name) in names.enumerated() {
            out += HistoryMatrix.abbreviate(name, to: nameWidth, ascii: style.ascii).padded(toWidth: nameWidth) + " "
            out += cells[row].prefix(columns).map { " " + glyph($0, color: colors[row], style: style) + " " }.joined().trimmingTrailingSpaces
            out += "\n"
        }
        let legend: [(Cell, String)] = [(.done, "done"), (.kinda, "kinda"), (.missed, "missed"), (.notExpected, "not expected"), (.pending, "today, not yet")]
        out += TerminalStyle.wrap(legend.map { "\(glyph($0.0, color: "green", style: style)) \($0.1)" }, width: width)
        return out
    }

    /// Cuts a name to `width` columns, ending in … (or ~ in ASCII).
    static func abbreviate(_ name: String, to width: Int, ascii: Bool) -> String {
        guard DisplayWidth.of(name) > width else { return name }
        var out = ""
        for scalar in name.unicodeScalars {
            if DisplayWidth.of(out) + DisplayWidth.of(scalar) > width - 1 { break }
            out.unicodeScalars.append(scalar)
        }
        return out + (ascii ? "~" : "…")
    }

    public func json() -> String {
        let w = JSONWriter()
        w.object {
            w.field("schema", 1)
            w.key("dates")
            w.array { for date in dates { w.value(date.description) } }
            w.key("habits")
            w.array {
                for (row, name) in names.enumerated() {
                    w.object {
                        w.field("name", name)
                        w.key("cells")
                        w.array { for cell in cells[row] { w.value(cell.rawValue) } }
                    }
                }
            }
        }
        return w.finish()
    }
}
