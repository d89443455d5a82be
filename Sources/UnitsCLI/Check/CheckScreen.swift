import UnitsKit

/// The check-in list made from today's report: the day view's sections.
struct CheckScreen {
    /// A group's own line is not marked: its options are.
    enum Kind { case heading, check, count, group, note }

    struct Line {
        var kind: Kind
        /// The habit a mark goes to (check and count lines).
        var habit: Habit?
        var cells: [String]
        var indent = ""
        var completed = false
        /// Answered today (any state, or units for a count habit).
        var answered = false
        var markable: Bool { habit != nil }
    }

    var lines: [Line] = []
    var report: TodayReport

    init(report: TodayReport) {
        self.report = report
        let sections = report.sections
        let today = report.today
        func add(_ rows: [TodayReport.CheckRow]) {
            for row in rows {
                let cells = report.checkRow(row).map(TerminalText.escaped)
                guard row.habit.isGroup else {
                    lines.append(Line(kind: .check, habit: row.habit, cells: cells, completed: row.isCompleted, answered: row.state != nil || row.isCompleted))
                    continue
                }
                lines.append(Line(kind: .group, cells: cells, completed: row.isCompleted, answered: true))
                // Its options, each marked on its own (a group is done through one).
                for option in row.habit.members.map({ report.journal.habits[$0] })
                    where option.isOption && option.declared <= today && !option.isArchived(on: today) {
                    let state = report.grid.state(option.id, on: today)
                    let units = report.grid.units(option.id, on: today)
                    let done = report.grid.isDone(option.id, on: today)
                    let shown = state?.rawValue ?? (units.isZero ? "" : ReportText.count(units, option.unit(on: today).name))
                    lines.append(Line(kind: option.kind == .count ? .count : .check, habit: option,
                                      cells: [(done ? "✓ " : "○ ") + TerminalText.escaped(option.displayName), shown],
                                      indent: "    ", completed: done, answered: state != nil || !units.isZero))
                }
            }
        }
        func section(_ heading: String, _ rows: [TodayReport.CheckRow], always: Bool = false) {
            guard always || !rows.isEmpty else { return }
            lines.append(Line(kind: .heading, cells: [heading]))
            add(rows)
        }
        let mustDo = "★ Must do" + (report.mustDoLine.map { "  " + $0 } ?? "")
        section(mustDo, sections.mustDo, always: report.mustDoLine != nil)
        section("Nice to do", sections.niceToDo)
        if !report.counts.isEmpty {
            lines.append(Line(kind: .heading, cells: ["Count"]))
            for row in report.counts {
                let unit = row.habit.unit(on: today).name
                lines.append(Line(kind: .count, habit: row.habit,
                                  cells: [(row.today.isZero ? "○ " : "✓ ") + TerminalText.escaped(row.habit.displayName),
                                          ReportText.count(row.today, unit) + " today"],
                                  completed: false, answered: !row.today.isZero))
            }
        }
        section("Done ✓", sections.done)
        if !sections.notToday.isEmpty {
            lines.append(Line(kind: .note, cells: ["Not today: " + sections.notToday.map { TerminalText.escaped($0.habit.displayName) }.joined(separator: ", ")]))
        }
    }

    var markable: [Int] { lines.indices.filter { lines[$0].markable } }

    /// Every habit due today answered.
    var allAnswered: Bool { report.unanswered.isEmpty }

    /// The keys, shown at the bottom.
    static let keys = ["↑↓ move", "y yes", "k kinda", "n no", "s skip", "space next", "+ − count", "0-9 ⏎ number", "q quit"]

    /// The screen: date, progress, the list around the cursor, the status
    /// line and the keys, each line cut to `width`; at most `height` lines.
    func render(cursor: Int?, width: Int, height: Int, style: TerminalStyle, status: String, typed: String) -> [String] {
        let width = max(20, width)
        var top = [style.bold("Check-in") + "  " + style.dim(report.today.weekday.name + ", " + ReportText.date(report.today))]
        if allAnswered, report.mustDos.due > 0 || report.completion.total > 0 {
            top.append(report.mustDos.due > 0 && report.mustDos.done == report.mustDos.due ? "Good day! All marked for today." : "All marked for today.")
        }
        if let line = report.progressLine { top.append(style.dim(line)) }
        top.append("")
        var bottom: [String] = [""]
        if !typed.isEmpty { bottom.append("Number: " + typed + "  (Enter logs it, Backspace edits)") }
        if !status.isEmpty { bottom.append(status) }
        let keyLines = TerminalStyle.wrap(Self.keys, width: width).split(separator: "\n").map { style.dim(String($0)) }
        bottom += keyLines
        // The list's columns: names as wide as the widest fits.
        let widest = lines.filter { $0.kind != .heading && $0.kind != .note }.map { TerminalStyle.visibleWidth($0.indent + $0.cells[0]) }.max() ?? 0
        let stateWidth = lines.filter { $0.cells.count > 1 }.map { TerminalStyle.visibleWidth($0.cells[1]) }.max() ?? 0
        let nameWidth = max(6, min(widest, width - 2 - 2 - stateWidth))
        var body: [String] = []
        for (k, line) in lines.enumerated() {
            let selected = k == cursor
            let mark = selected ? "› " : "  "
            var text: String
            switch line.kind {
            case .heading:
                if !body.isEmpty { body.append("") }
                body.append(style.bold(FitWidth.cut(Substring(line.cells[0]), width: width)))
                continue
            case .note:
                text = line.cells.joined(separator: "  ")
            case .check, .count, .group:
                var name = line.indent + line.cells[0]
                if TerminalStyle.visibleWidth(name) > nameWidth { name = FitWidth.cut(Substring(name), width: nameWidth) }
                text = name.padded(toWidth: nameWidth) + (line.cells.count > 1 && !line.cells[1].isEmpty ? "  " + line.cells[1] : "")
            }
            text = mark + text
            text = FitWidth.cut(Substring(text.trimmingTrailingSpaces), width: width)
            if selected && style.color { text = style.reversed(text) }
            else if line.completed && line.kind != .note { text = style.doneLine(text) }
            else if line.kind == .note { text = style.dim(text) }
            body.append(text)
        }
        // Keep the cursor in view when the list is taller than the screen.
        let room = max(1, height - top.count - bottom.count)
        if body.count > room {
            let at = cursor ?? 0
            let first = min(max(0, at - room / 2), body.count - room)
            body = Array(body[first..<first + room])
        }
        return top.map { FitWidth.cut(Substring($0), width: width) } + body + bottom.map { FitWidth.cut(Substring($0), width: width) }
    }
}
