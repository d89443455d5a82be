import UnitsKit

/// The one frontend of every command that writes the journal: dates and path
/// read once, the one write path (`JournalWrite`) run, and its outcome said
/// in words or with `--json` (`WriteJSON`); a refusal on standard error, exit 1.
struct WriteFrontend {
    let arguments: ParsedArguments
    let io: CommandIO
    let tool: String
    let dates: CommandDates
    let path: String

    init(_ arguments: ParsedArguments, io: CommandIO, tool: String) throws(ExitCode) {
        self.arguments = arguments
        self.io = io
        self.tool = tool
        dates = try CommandDates.read(arguments, io: io, tool: tool)
        path = try WriteSupport.path(arguments, io: io, tool: tool)
    }

    /// The settings of the write: undo stack, lock wait, today for lint, `--force`.
    func settings(offersForce: Bool = false) -> WriteSettings {
        WriteSupport.settings(io, tool: tool, today: dates.today(dayStartMinutes: 0), force: arguments[WriteOptions.force],
                              offersForce: offersForce)
    }

    /// A change of whole lines placed by date (or replacing one line).
    /// `done` words what was written; `totals` names the habit and day
    /// whose numbers `--json` gives after the write.
    func append(offersForce: Bool = false, decide: (Journal, CommandDates) throws(WriteRefusal) -> JournalChange,
                done: (AppendResult) -> String, totals: () -> WriteJSON.Totals? = { nil }) -> ExitCode {
        var lines: [String] = []
        let outcome = JournalWrite.perform(path: path, settings: settings(offersForce: offersForce)) { (journal) throws(WriteRefusal) in
            let change = try decide(journal, dates)
            lines = change.lines
            return change
        }
        return finish(outcome, lines: lines, done: done, totals: totals)
    }

    /// A change made of several line edits (`habit set`, `group add`, `habit delete`, `resume`).
    func edit(decide: (Journal, CommandDates) throws(WriteRefusal) -> EditChange,
              done: (AppendResult) -> String, totals: () -> WriteJSON.Totals? = { nil }) -> ExitCode {
        var lines: [String] = []
        let outcome = JournalWrite.perform(path: path, settings: settings(), edits: { (journal) throws(WriteRefusal) in
            let change = try decide(journal, dates)
            lines = change.edits.flatMap(\.lines)
            return change
        })
        return finish(outcome, lines: lines, done: done, totals: totals)
    }

    private func finish(_ outcome: Result<AppendResult, AppendFailure>, lines: [String],
                        done: (AppendResult) -> String, totals: () -> WriteJSON.Totals?) -> ExitCode {
        switch outcome {
        case .failure(let failure):
            return WriteSupport.report(failure, io: io, tool: tool)
        case .success(let result):
            // An append's lines exactly as written; a rewrite's as decided.
            let written = result.wasAppend ? WriteJSON.lines(of: result.appended) : lines
            WriteJSON(command: tool, file: path, message: done(result), lines: written, appended: result.wasAppend,
                      undoWarning: result.undoWarning).say(asJSON: arguments[GlobalOptions.json], io: io, tool: tool, totals: totals)
            return .ok
        }
    }
}
