import UnitsKit

/// What the writing commands share besides their frontend (`WriteFrontend`):
/// the journal to write, the undo stack and lock wait, a refusal said, the
/// habit a name means.
enum WriteSupport {
    /// Where undo stacks live: `$XDG_STATE_HOME/units/undo`, else `~/.local/state/units/undo`.
    static func undoDirectory(_ io: CommandIO) -> String {
        var environment = io.environment
        if environment["HOME"] == nil, let home = SystemEnvironment.value("HOME") { environment["HOME"] = home }
        if environment["HOME"] == nil, let home = SystemProcess.homeDirectory() { environment["HOME"] = home }
        if environment["XDG_STATE_HOME"] == nil, let state = SystemEnvironment.value("XDG_STATE_HOME") { environment["XDG_STATE_HOME"] = state }
        return UndoStack.directory(environment: environment)
    }

    /// How long to wait for another writer's lock: `$UNITS_LOCK_TIMEOUT`
    /// seconds (default 30), saying so on standard error after one second.
    static func lockWait(_ io: CommandIO, tool: String) -> LockedFile.LockWait {
        let timeout = io.environment["UNITS_LOCK_TIMEOUT"].flatMap(Double.init).flatMap { $0 > 0 ? $0 : nil } ?? 30
        return LockedFile.LockWait(notice: 1, timeout: timeout, report: notice(io, tool: tool))
    }

    /// How the write path's notices reach the user: on standard error.
    static func notice(_ io: CommandIO, tool: String) -> (String) -> Void {
        let err = io.writeErr
        return { message in err("\(tool): \(message)\n") }
    }

    /// The journal to write: `--file`, `$UNITS_FILE`, `./habits.units`,
    /// `~/habits.units`. Standard input cannot be written to.
    /// Conflict copies beside it are told of (`noticingCopies`).
    static func path(_ arguments: ParsedArguments, io: CommandIO, tool: String, noticingCopies: Bool = true) throws(ExitCode) -> String {
        let path = try JournalLocator.existingPath(arguments, io: io, tool: tool)
        if path == "-" {
            io.err("\(tool): cannot write to standard input; pass the journal with --file FILE\n")
            throw .usage
        }
        if noticingCopies { JournalLocator.noticeCopies(of: [path], io: io) }
        JournalLocator.noticeMergeDriver(of: path, io: io, tool: tool)
        return path
    }

    /// Prints why nothing was written and returns the exit code (1).
    static func report(_ failure: AppendFailure, io: CommandIO, tool: String) -> ExitCode {
        let message: String
        switch failure {
        case .cannotWrite(let error):
            message = "\(error)"
        case .refused(let refusal):
            message = refusal
        case .invalidJournal(let errors):
            io.errDiagnostics(errors.sortedByPosition())
            message = "the journal has \(errors.count) error\(errors.count == 1 ? "" : "s"); nothing was written. Fix \(errors.count == 1 ? "it" : "them") (see `units-lint`) and try again"
        case .wouldBreak(let errors):
            io.errDiagnostics(errors.sortedByPosition())
            message = "the new line\(errors.count == 1 ? "" : "s") would not be valid; nothing was written"
        case .newFindings(let findings, let forcible):
            io.errDiagnostics(findings)
            let hint = forcible ? " (--force writes it anyway)" : ""
            message = "refused: the journal would have \(findings.count == 1 ? "this new lint finding" : "these new lint findings"); nothing was written\(hint)"
        }
        io.err("\(tool): \(message)\n")
        return .failure
    }

    /// The declared habit (or group) called `name`, or a refusal with a
    /// "did you mean" hint. A name typed in another case (`reading`) is the
    /// habit when exactly one habit is called so whatever the case; the line
    /// written has the declared name. `builtIn`: what a built-in habit
    /// (`General`) cannot do, refused in those words.
    static func habit(_ name: String, in journal: Journal, allowGroup: Bool = false,
                      builtIn: String? = nil) throws(WriteRefusal) -> Habit {
        guard let habit = declared(name, in: journal) ?? onlyCaseless(name, in: journal) else {
            let names = journal.habits.filter { allowGroup || !$0.isGroup }.map(\.name)
            let hint = Suggestion.closest(to: name, in: names).map { "; did you mean '\($0)'?" }
                ?? " (`units habit add \(name)` declares it)"
            throw WriteRefusal("no habit named '\(name)'\(hint)")
        }
        if habit.isGroup && !allowGroup {
            let members = habit.members.map { journal.habits[$0].name }
            let list = members.isEmpty ? "" : " (\(members.joined(separator: ", ")))"
            throw WriteRefusal("'\(name)' is a group: log one of its members\(list)")
        }
        if let builtIn, habit.isBuiltIn { throw WriteRefusal("'\(name)' is built in and \(builtIn)") }
        return habit
    }

    /// The habit or group called exactly `name`, `General` included.
    static func declared(_ name: String, in journal: Journal) -> Habit? {
        journal.habit(named: name) ?? (name == Journal.generalHabitName ? generalPlaceholder : nil)
    }

    /// Refuses a new declaration of a name in use, with what to do (`then`).
    static func refuseTaken(_ name: String, in journal: Journal, then: String) throws(WriteRefusal) {
        guard let existing = declared(name, in: journal) else { return }
        let what = existing.isBuiltIn ? "the built-in habit" : existing.isGroup ? "a group" : "a habit"
        throw WriteRefusal("'\(name)' is already \(what); \(then)")
    }

    /// The one habit or group whose name is `name` ignoring case, if there is
    /// exactly one.
    static func onlyCaseless(_ name: String, in journal: Journal) -> Habit? {
        let lower = name.lowercased()
        if lower == Journal.generalHabitName.lowercased() { return journal.habit(named: Journal.generalHabitName) ?? generalPlaceholder }
        let found = journal.habits.filter { $0.name.lowercased() == lower }
        return found.count == 1 ? found[0] : nil
    }

    /// `General` exists in every journal even before the model has seen it.
    static let generalPlaceholder: Habit = {
        var habit = Habit(id: -1, name: Journal.generalHabitName, isGroup: false, declared: .minimum, location: nil, isBuiltIn: true)
        habit.units = [UnitVersion(since: .minimum, name: "unit")]
        return habit
    }()

    /// "1 unit", "3 units", "0.5 units".
    static func units(_ amount: Amount) -> String {
        amount == .one ? "1 unit" : "\(amount) units"
    }

    static let undoHint = "`units undo` to take it back"

    /// The settings of a write by `tool`: undo stack, lock wait, today for
    /// lint, `--force` when the command offers it.
    static func settings(_ io: CommandIO, tool: String, today: CivilDate?, force: Bool = false, offersForce: Bool = false) -> WriteSettings {
        var settings = WriteSettings(undoDirectory: undoDirectory(io), lockWait: lockWait(io, tool: tool), today: today,
                                     force: offersForce && force, offersForce: offersForce, notice: notice(io, tool: tool))
        settings.memo = io.journalMemo
        return settings
    }
}
