import UnitsKit

/// What every write prints with `--json` (docs/commands.md): the command, the
/// file, the message, the lines written (or removed, for `undo`), and the
/// journal's totals after the write, read back from the file.
struct WriteJSON {
    /// The habit and day whose numbers follow the write: the command's
    /// (`task done`: the habit its units went to), else the first habit a
    /// written line names, on that line's day (`log`, `unit`, `archive`, ...).
    struct Totals {
        var habit: String
        var date: CivilDate
    }

    var command: String
    var file: String
    var message: String
    var lines: [String]
    /// Whether the file was extended at its end (else rewritten whole).
    var appended: Bool
    var undoWarning: String?
    /// The name of the list of lines: `written`, or `removed` for `undo`.
    var linesKey = "written"
    /// With `--dry-run`: the files as the write would leave them; the
    /// totals are of the journal read with these in place of the files.
    var wouldWrite: [(path: String, bytes: [UInt8])] = []

    /// Says the write on standard output: with `--json` this object, else
    /// the message in words. When the undo record could not be kept, the
    /// warning goes to standard error and the message no longer offers
    /// `units undo`.
    func say(asJSON: Bool, io: CommandIO, tool: String, totals: () -> Totals? = { nil }) {
        var shown = self
        if undoWarning != nil { shown.message = message.replacing(" • " + WriteSupport.undoHint, with: "") }
        if asJSON { io.outData(shown.json(totals: totals())) } else { io.out(TerminalText.escaped(shown.message) + "\n") }
        if let undoWarning { io.err("\(tool): warning: \(undoWarning)\n") }
    }

    /// The lines of bytes as written, blank ones left out.
    static func lines(of bytes: [UInt8]) -> [String] {
        String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init).filter { !TextLine.trimmed($0).isEmpty }
    }

    func json(totals: Totals?) -> String {
        let after = journalAfter()
        let w = JSONWriter()
        w.object {
            w.field("schema", 1)
            w.field("command", command)
            w.field("file", file)
            w.field("message", message)
            w.key(linesKey)
            w.array { for line in lines { w.value(line) } }
            w.key("appended")
            w.value(appended)
            w.field("undo_warning", undoWarning)
            w.key("totals")
            guard let after else { w.null(); return }
            w.object {
                w.field("entries", after.entries.count)
                w.field("habits", after.habits.filter { !$0.isBuiltIn && !$0.isGroup }.count)
                w.field("open_tasks", after.tasks.filter(\.isOpen).count)
                w.key("habit")
                guard let totals = totals ?? subject(in: after), let id = after.habitID(named: totals.habit) else { w.null(); return }
                let tally = LogTally(journal: after, habit: id, date: totals.date)
                w.object {
                    w.field("name", totals.habit)
                    w.field("date", totals.date.description)
                    if after.habits[id].kind == .count {
                        w.key("day")
                        w.value(tally.day)
                        w.key("week")
                        w.value(tally.week)
                    } else {
                        w.field("state", tally.dayState?.rawValue)
                        w.field("week_days_done", tally.weekDaysDone)
                    }
                }
            }
        }
        return w.finish()
    }

    /// The journal after the write, read back (with `wouldWrite` in place);
    /// nil when there is none.
    func journalAfter() -> Journal? {
        if wouldWrite.isEmpty { return FileReader.journalAbsence(file) == nil ? Journal.load(path: file) : nil }
        var overlay: [String: [UInt8]] = [:]
        for (path, bytes) in wouldWrite { overlay[FileReader.canonicalPath(path)] = bytes }
        return Journal.load(path: file, loader: .fileSystem(overlay: overlay))
    }

    /// The first habit a written line names (in the journal after the write),
    /// on the line's date: `2025-12-14 Reading 3`, `2025-12-14 floor Reading 7/week`.
    func subject(in journal: Journal) -> Totals? {
        for line in lines {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).prefix(3).map(String.init)
            guard let first = words.first, let date = CivilDate(iso: first) else { continue }
            if let name = words.dropFirst().first(where: { journal.habitID(named: $0) != nil }) {
                return Totals(habit: name, date: date)
            }
        }
        return nil
    }
}
