import UnitsKit

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
        TerminalStyle(color: io.useColor(arguments[GlobalOptions.color]))
    }

    /// Reads the journal again (after a mark, or another program's write).
    /// Problems go to `io` (at the start) or the status line.
    mutating func reload(reportingTo report: CommandIO? = nil) -> Bool {
        var problem = ""
        var quiet = io
        quiet.writeErr = { problem += $0 }
        do throws(ExitCode) {
            let journal = try JournalLocator.load(arguments, io: report ?? quiet, tool: "units check")
            if screen == nil { today = try JournalLocator.today(arguments, io: report ?? quiet, tool: "units check", journal: journal) }
            screen = CheckScreen(report: TodayReport(ReportContext(journal: journal, today: today)))
        } catch {
            status = TextLine.trimmed(problem)
            return false
        }
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
        let quiet = CommandIO(writeOut: { out += $0 }, writeErr: { err += $0 }, environment: io.environment,
                              terminalWidth: io.terminalWidth)
        var logArguments = ["--file", path]
        if let today = arguments[GlobalOptions.today] { logArguments += ["--today", today] }
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
        while true {
            let size = RawTerminal.size() ?? (io.terminalWidth ?? 80, 24)
            let text = frame(width: size.columns, height: size.rows)
            if text != drawn {
                terminal.draw(escape + "H" + text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: escape + "K\n") + escape + "K" + escape + "J")
                drawn = text
            }
            guard let bytes = terminal.readKey() else { break }
            if bytes.isEmpty {
                _ = reload()
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
