import UnitsKit

/// `units check`: the 30-second check-in of the YES/KINDA/NO and minimal
/// documents. Today's habits in the day view's order and sections, one
/// key each; every mark is a `units log` (the one write path: locked,
/// verified, canonical, undoable), so another terminal, `units today` or
/// a page made now sees it at once.
public enum CheckCommand: Command {
    public static let name = "check"
    public static let summary = "The 30-second check-in: today's habits in a list, one key each; every mark is written at once (undoable)."
    public static let usage = "check [options]"
    public static let options: [OptionSpec] = [CommonOptions.file, CommonOptions.today, CommonOptions.color, CommonOptions.noColor]
    public static let maximumPositionals: Int? = 0
    public static let discussion = """
        Today's habits as `units today` lists them: ★ Must do, Nice to do,
        count habits, Done ✓; a group with its options under it. Move with
        ↑ ↓ (or Ctrl-P Ctrl-N, Tab Shift-Tab) and mark the habit under the
        cursor:

          y  YES     k  KINDA     n  NO     s  SKIP
          space      the next state: no → kinda → yes → no
          + −        one unit more or less (count habits)
          0-9 Enter  a number (count habits, habits with a goal)
          q          leave (also Esc, Ctrl-C)

        The keys are shown at the bottom of the screen. After a mark the
        cursor moves to the next habit not yet answered; when every habit
        due today is answered the screen says so. Each mark is the line
        `units log HABIT yes` would write (a second mark of the day replaces
        the first), so `units undo` takes the last one back. Works at 40
        columns and with NO_COLOR; it needs a terminal: from a script, use
        `units log HABIT yes`.
        """

    public static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        let tool = "units check"
        guard io.inputIsTerminal, io.outputIsTerminal else {
            io.err("\(tool): needs a terminal to read keys from; to log from a script use `units log HABIT yes` (or kinda, no, skip, a number)\n")
            return .usage
        }
        let path: String
        switch WriteSupport.path(arguments, io: io, tool: tool) {
        case .success(let p): path = p
        case .failure(let code): return code
        }
        var session = CheckSession(arguments: arguments, io: io, path: path)
        guard session.reload(reportingTo: io) else { return .failure }
        guard let terminal = RawTerminal() else {
            io.err("\(tool): cannot read keys from this terminal; use `units log HABIT yes`\n")
            return .failure
        }
        return session.run(on: terminal)
    }
}

/// A key of the check-in screen.
enum CheckKey: Equatable {
    case up, down, mark(CheckState), cycle, plus, minus, digit(UInt8), enter, backspace, quit, other

    /// The keys in what one read returned (keys typed or sent quickly come together).
    static func keys(_ bytes: [UInt8]) -> [CheckKey] {
        var keys: [CheckKey] = []
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte == 0x1B {
                // ESC [ A, ESC O A (arrows), ESC [ Z (Shift-Tab); a lone ESC leaves.
                if i + 2 < bytes.count, bytes[i + 1] == UInt8(ascii: "[") || bytes[i + 1] == UInt8(ascii: "O") {
                    var end = i + 2
                    while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
                    switch end < bytes.count ? bytes[end] : 0 {
                    case UInt8(ascii: "A"), UInt8(ascii: "Z"): keys.append(.up)
                    case UInt8(ascii: "B"): keys.append(.down)
                    default: keys.append(.other)
                    }
                    i = end + 1
                    continue
                }
                keys.append(.quit)
                i += 1
                continue
            }
            switch byte {
            case 0x10: keys.append(.up)                       // Ctrl-P
            case 0x0E, 0x09: keys.append(.down)               // Ctrl-N, Tab
            case UInt8(ascii: "y"), UInt8(ascii: "Y"): keys.append(.mark(.yes))
            case UInt8(ascii: "k"), UInt8(ascii: "K"): keys.append(.mark(.kinda))
            case UInt8(ascii: "n"), UInt8(ascii: "N"): keys.append(.mark(.no))
            case UInt8(ascii: "s"), UInt8(ascii: "S"): keys.append(.mark(.skip))
            case UInt8(ascii: " "): keys.append(.cycle)
            case UInt8(ascii: "+"), UInt8(ascii: "="): keys.append(.plus)
            case UInt8(ascii: "-"), UInt8(ascii: "_"): keys.append(.minus)
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."): keys.append(.digit(byte))
            case 0x0D, 0x0A: keys.append(.enter)
            case 0x7F, 0x08: keys.append(.backspace)
            case UInt8(ascii: "q"), UInt8(ascii: "Q"), 0x03, 0x04: keys.append(.quit)   // q, Ctrl-C, Ctrl-D
            default: keys.append(.other)
            }
            i += 1
        }
        return keys
    }
}

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
        if !sections.mustDo.isEmpty || report.mustDoLine != nil {
            lines.append(Line(kind: .heading, cells: ["★ Must do" + (report.mustDoLine.map { "  " + $0 } ?? "")]))
            add(sections.mustDo)
        }
        if !sections.niceToDo.isEmpty {
            lines.append(Line(kind: .heading, cells: ["Nice to do"]))
            add(sections.niceToDo)
        }
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
        if !sections.done.isEmpty {
            lines.append(Line(kind: .heading, cells: ["Done ✓"]))
            add(sections.done)
        }
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
            while text.hasSuffix(" ") { text.removeLast() }
            text = FitWidth.cut(Substring(text), width: width)
            if selected && style.color { text = TerminalText.sgr("7") + text + TerminalText.reset }
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

/// The running check-in: the journal read, the cursor, what the last mark said.
struct CheckSession {
    let arguments: ParsedArguments
    let io: CommandIO
    let path: String
    var screen: CheckScreen?
    var today = CivilDate.minimum
    /// The habit under the cursor (by name: ids change when the journal does).
    var current: String?
    var status = ""
    var typed = ""
    var marks = 0

    init(arguments: ParsedArguments, io: CommandIO, path: String) {
        self.arguments = arguments
        self.io = io
        self.path = path
    }

    var style: TerminalStyle {
        TerminalStyle(color: arguments.flag("--no-color") ? false : io.useColor(arguments.value("--color")))
    }

    /// Reads the journal again (after a mark, or another program's write).
    /// Problems go to `io` (at the start) or the status line.
    mutating func reload(reportingTo report: CommandIO? = nil) -> Bool {
        var problem = ""
        var quiet = io
        quiet.writeErr = { problem += $0 }
        let journal: Journal
        switch JournalLocator.load(arguments, io: report ?? quiet, tool: "units check") {
        case .success(let j): journal = j
        case .failure:
            status = TextLine.trimmed(problem)
            return false
        }
        if screen == nil {
            switch JournalLocator.today(arguments, io: report ?? quiet, tool: "units check", journal: journal) {
            case .success(let d): today = d
            case .failure:
                status = TextLine.trimmed(problem)
                return false
            }
        }
        screen = CheckScreen(report: TodayReport(ReportContext(journal: journal, today: today)))
        if current == nil { current = firstUnanswered(after: nil) ?? screen?.markable.first.flatMap { screen?.lines[$0].habit?.name } }
        return true
    }

    var cursor: Int? {
        guard let screen else { return nil }
        return screen.markable.first { screen.lines[$0].habit?.name == current } ?? screen.markable.first
    }

    /// The next habit not yet answered after line `index` (wrapping round).
    func firstUnanswered(after index: Int?) -> String? {
        guard let screen else { return nil }
        let markable = screen.markable
        let start = index.flatMap { i in markable.firstIndex(of: i).map { $0 + 1 } } ?? 0
        for k in 0..<markable.count {
            let line = screen.lines[markable[(start + k) % markable.count]]
            if !line.answered && !line.completed && line.kind == .check { return line.habit?.name }
        }
        return nil
    }

    mutating func move(_ by: Int) {
        guard let screen, let at = cursor, let k = screen.markable.firstIndex(of: at) else { return }
        let next = screen.markable[min(max(0, k + by), screen.markable.count - 1)]
        current = screen.lines[next].habit?.name
    }

    /// Writes through `units log`; the status line shows what it said.
    mutating func log(_ value: String, advance: Bool) {
        guard let screen, let at = cursor, let habit = screen.lines[at].habit else { return }
        var out = "", err = ""
        var quiet = CommandIO(writeOut: { out += $0 }, writeErr: { err += $0 }, environment: io.environment)
        quiet.terminalWidth = io.terminalWidth
        var logArguments = ["--file", path]
        if let today = arguments.value("--today") { logArguments += ["--today", today] }
        logArguments += ["--", habit.name, value]
        let code = LogCommand.main(logArguments, io: quiet, prefix: "units log")
        status = TextLine.trimmed(code == .ok ? out : err).split(separator: "\n").first.map(String.init) ?? ""
        if code == .ok { marks += 1 }
        _ = reload()
        if code == .ok, advance, let now = cursor, let next = firstUnanswered(after: now) { current = next }
    }

    mutating func handle(_ key: CheckKey) -> Bool {
        guard let screen, let at = cursor else { return key != .quit }
        let line = screen.lines[at]
        let isCount = line.kind == .count
        switch key {
        case .quit: return false
        case .up: move(-1); typed = ""
        case .down: move(1); typed = ""
        case .mark(let state):
            guard !isCount else { status = "\(line.habit?.name ?? "") counts units: + or − or a number"; return true }
            log(state.rawValue, advance: true)
        case .cycle:
            guard !isCount, let habit = line.habit else { status = "space cycles check-ins; + or − counts units"; return true }
            let now = screen.report.grid.state(habit.id, on: today)
            let next: CheckState = now == .kinda ? .yes : now == .yes ? .no : .kinda
            log(next.rawValue, advance: false)
        case .plus, .minus:
            guard isCount else { status = "+ and − count units; mark a check-in with y k n s or space"; return true }
            log(key == .plus ? "1" : "-1", advance: false)
        case .digit(let byte): typed.append(Character(Unicode.Scalar(byte)))
        case .backspace: if !typed.isEmpty { typed.removeLast() }
        case .enter:
            guard !typed.isEmpty else { return true }
            let value = typed
            typed = ""
            log(value, advance: !isCount)
        case .other: break
        }
        return true
    }

    func frame(width: Int, height: Int) -> String {
        guard let screen else { return status }
        let lines = screen.render(cursor: cursor, width: width, height: height, style: style, status: status, typed: typed)
        return TerminalText.sanitized(lines.joined(separator: "\n"), keepingColor: style.color)
    }

    /// The screen until q: redrawn after each key, and each second from the
    /// file (another terminal's marks show here too).
    mutating func run(on terminal: RawTerminal) -> ExitCode {
        let escape = "\u{1B}["
        terminal.draw(escape + "?1049h" + escape + "?25l")
        defer {
            terminal.draw(escape + "?25h" + escape + "?1049l")
            terminal.restore()
        }
        var drawn = ""
        var idle = 0
        while true {
            let size = RawTerminal.size() ?? (io.terminalWidth ?? 80, 24)
            let text = frame(width: size.columns, height: size.rows)
            if text != drawn {
                terminal.draw(escape + "H" + text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: escape + "K\n") + escape + "K" + escape + "J")
                drawn = text
            }
            guard let bytes = terminal.readKey() else { break }
            if bytes.isEmpty {
                idle += 1
                if idle >= 1 { idle = 0; _ = reload() }
                continue
            }
            var going = true
            for key in CheckKey.keys(bytes) where going { going = handle(key) }
            if !going { break }
        }
        finish()
        return .ok
    }

    /// After the screen is gone: one line of what the day now says.
    func finish() {
        guard let screen else { return }
        let summary = screen.report.progressLine ?? ""
        io.out((marks == 0 ? "Nothing marked." : "\(marks) mark\(marks == 1 ? "" : "s") written; `units undo` takes the last back.")
               + (summary.isEmpty ? "" : " " + summary) + "\n")
    }
}
