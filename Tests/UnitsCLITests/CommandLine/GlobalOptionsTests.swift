import Foundation
import Testing
@testable import UnitsCLI
import UnitsKit

/// Every global option is taken by every command, placed before the
/// command word, as git and hledger take theirs: ignored where it means
/// nothing (`units --no-color tasks`, `units --today D undo`), so one alias
/// (`alias u='units --no-color -f ~/h.units'`) works with all of them. Run
/// through the built `units`, each command on a fresh copy of the example
/// journal.
@Suite struct GlobalOptionsTests {
    static let f = "F"   // the scratch journal's path
    static let other = "O"   // a second copy, for merge

    /// A line that runs each command of the table (a subcommand as its
    /// full path) without a usage error.
    static let invocations: [String: [String]] = [
        "today": ["today"], "stats": ["stats"], "habit": ["habit", "Reading"], "habits": ["habits"], "receipt": ["receipt"],
        "insights": ["insights"], "next": ["next"], "streaks": ["streaks"], "status": ["status"],
        "nudge": ["nudge"], "entries": ["entries"], "summary": ["summary"], "wall": ["wall"],
        "heatmap": ["heatmap"], "history": ["history"], "log": ["log", "Walk", "1"], "undo": ["undo", "--list"],
        "task": ["task", "add", "Call mom"], "task add": ["task", "add", "Call mom"],
        "task done": ["task", "done", "Sort out tax documents"], "task drop": ["task", "drop", "Fix bike brakes"],
        "task pin": ["task", "pin", "Sort out tax documents"], "task unpin": ["task", "unpin", "Sort out tax documents", "--date", "2025-12-12"],
        "tasks": ["tasks"], "unit": ["unit", "Reading", "chapter", "--size", "20 page"], "floor": ["floor", "Reading", "7"],
        "archive": ["archive", "Coding"], "unarchive": ["unarchive", "Coding"], "rename": ["rename", "Reading", "Books", "--dry-run"],
        "init": ["init"], "export": ["export"], "import": ["import", "--from", "units", "--dry-run", other],
        "merge": ["merge", other, other, other], "completions": ["completions", "bash"], "man": ["man", "units"],
        "lsp": ["lsp"], "pause": ["pause", "Gym", "--until", "2025-12-20"], "resume": ["resume", "Gym"],
        "group": ["group", "add", "Outdoors", "--members", "Walk,Gym"], "group add": ["group", "add", "Outdoors", "--members", "Walk,Gym"],
        "focus": ["focus", "Reading", "--no-timer"], "amend": ["amend", "--note", "x"], "html": ["html"], "card": ["card", "Walk"],
        "habit add": ["habit", "add", "Piano"], "habit set": ["habit", "set", "Reading", "color=red"],
        "habit delete": ["habit", "delete", "Coding", "--yes"], "calendar": ["calendar", "--days", "3"], "check": ["check"], "resolve": ["resolve", "--dry-run"], "serve": ["serve", "--devices"],
    ]

    /// Each global option, as it is placed before the command word.
    static let globals: [[String]] = [["--no-color"], ["--color", "never"], ["--color=always"], ["--width", "80"],
                                      ["--today", "2025-12-14"], ["-f", f], ["--file=\(f)"]]

    /// Every command and subcommand in the table, by its words.
    static var everyCommand: [String] {
        var names: [String] = []
        for command in UnitsTool.commands {
            names.append(command.name)
            names += command.subcommands.map { "\(command.name) \($0.name)" }
        }
        return names
    }

    struct Outcome { var code: Int32; var err: String; var out = "" }

    static func run(_ arguments: [String], journal: String, other: String, state: String) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(unitsExecutable(), "build the `units` executable first (swift build)"))
        process.arguments = arguments.map { $0 == f ? journal : $0 == Self.other ? other : $0.replacingOccurrences(of: "=\(f)", with: "=\(journal)") }
        process.environment = ["XDG_STATE_HOME": state, "HOME": "/nonexistent", "PATH": "/usr/bin:/bin", "UNITS_NOW": "2025-12-14T12:00"]
        let err = Pipe(), out = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Standard error is read on the side: a full pipe would stop the command.
        nonisolated(unsafe) var errData = Data()
        let reader = Thread { errData = err.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !reader.isFinished { Thread.sleep(forTimeInterval: 0.001) }
        return Outcome(code: process.terminationStatus, err: String(decoding: errData, as: UTF8.self), out: String(decoding: outData, as: UTF8.self))
    }

    /// The command a line of `invocations` runs (a subcommand by its full path).
    static func command(_ words: String) -> (any Command.Type)? {
        let parts = words.split(separator: " ").map(String.init)
        guard var command = UnitsTool.command(named: parts[0]) else { return nil }
        for word in parts.dropFirst() {
            guard let sub = command.subcommands.first(where: { $0.name == word }) else { return nil }
            command = sub
        }
        return command
    }

    /// Whether `text` is one JSON document, as `python3 -m json.tool` reads it.
    static func isJSON(_ text: String) throws -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-m", "json.tool"]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data(text.utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// The commands that write the journal: with `--json` each prints what it
    /// wrote as one JSON object (docs/commands.md, "JSON from a write").
    static let writes: Set<String> = ["log", "task add", "task done", "task drop", "task pin", "task unpin", "unit", "floor", "archive", "unarchive",
                                      "pause", "resume", "group add", "focus", "amend", "habit add", "habit set", "habit delete",
                                      "rename", "init", "import", "resolve"]

    /// Lines for the JSON test where the line above is refused on the example
    /// journal (exit 1, printing nothing): these write.
    /// `init` makes the journal, so it runs where there is none yet;
    /// `import` reads `csv`, a line in `units export --csv` form.
    static let jsonInvocations: [String: [String]] = [
        "archive": ["archive", "Reading"], "resume": ["resume", "Gym", "--today", "2025-12-03"],
        "focus": ["focus", "Study", "--no-timer"], "task drop": ["task", "drop", "Sort out tax documents"],
        "import": ["import", "--from", "units", csv],
    ]
    static let csv = "C"

    /// Every command that takes `--json`, run with it placed before the command
    /// word: no usage error, and what it prints is JSON (a write: what it wrote).
    @Test(arguments: Self.everyCommand.filter { words in
        Self.command(words)?.options.contains { $0.name == "--json" } ?? false
    })
    func jsonWhereItApplies(command: String) throws {
        guard (try? Self.isJSON("{}")) == true else {
            print("SKIPPED: GlobalOptionsTests.jsonWhereItApplies needs python3 (json.tool)")
            return
        }
        let line = try #require(Self.jsonInvocations[command] ?? Self.invocations[command])
        let text = try String(contentsOfFile: CLI.example("habits.units"), encoding: .utf8)
        let state = try CLI.temporaryFile("").replacingOccurrences(of: "/habits.units", with: "/state")
        let journal = try CLI.temporaryFile(text), other = try CLI.temporaryFile(text, name: "other.units")
        let csv = try CLI.temporaryFile("date,habit,value\n2025-12-10,Walk,2\n", name: "in.csv")
        if command == "init" { try FileManager.default.removeItem(atPath: journal) }
        let arguments = ["--json", "-f", Self.f] + line.map { $0 == Self.csv ? csv : $0 }
        let outcome = try Self.run(arguments, journal: journal, other: other, state: state)
        #expect(outcome.code != 2, "units \(arguments.joined(separator: " ")): exit 2\n\(outcome.err)")
        #expect(try Self.isJSON(outcome.out), "units \(arguments.joined(separator: " ")): not JSON:\n\(outcome.out)\n\(outcome.err)")
        if Self.writes.contains(command) {
            #expect(outcome.code == 0, "units \(arguments.joined(separator: " ")): \(outcome.err)")
            #expect(outcome.out.contains("\"file\": \"\(journal)\"") || outcome.out.contains("\"file\":\"\(journal)\""), "\(outcome.out)")
            #expect(outcome.out.contains("\"written\""), "\(outcome.out)")
        }
    }

    @Test func everyWriteTakesJSON() {
        for words in Self.writes {
            #expect(Self.command(words)?.options.contains { $0.name == "--json" } == true, "units \(words) takes no --json")
        }
        #expect(FormatCommand.options.contains { $0.name == "--json" }, "units-fmt takes no --json")
    }

    /// `units-fmt`, the other tool that writes a journal: with `--json`, one
    /// object per file named, the lines a rewrite wrote (none when the file
    /// was canonical already).
    @Test func unitsFmtSaysWhatItWroteAsJSON() throws {
        guard (try? Self.isJSON("{}")) == true else {
            print("SKIPPED: GlobalOptionsTests.unitsFmtSaysWhatItWroteAsJSON needs python3 (json.tool)")
            return
        }
        let journal = try CLI.temporaryFile("units 1\n2025-12-01 habit  Walk\n2025-12-02   Walk 3\n")
        let state = journal.replacingOccurrences(of: "/habits.units", with: "/state")
        let rewrite = runTool(FormatCommand.self, ["--json", journal], environment: ["XDG_STATE_HOME": state])
        #expect(rewrite.code == .ok, "\(rewrite.err)")
        #expect(try Self.isJSON(rewrite.out), "\(rewrite.out)")
        #expect(rewrite.out.contains("\"file\": \"\(journal)\""), "\(rewrite.out)")
        #expect(rewrite.out.contains("\"written\": [\n    \"2025-12-01 habit Walk\",\n    \"2025-12-02 Walk 3\"\n  ]"), "\(rewrite.out)")
        let again = runTool(FormatCommand.self, ["--json", journal], environment: ["XDG_STATE_HOME": state])
        #expect(again.code == .ok && again.out.contains("\"written\": []"), "\(again.out)\(again.err)")
        // --check and --diff write nothing, standard input goes to standard output: no JSON to give.
        #expect(runTool(FormatCommand.self, ["--json", "--check", journal]).code == .usage)
        #expect(runTool(FormatCommand.self, ["--json", "-"], stdin: "units 1\n").code == .usage)
    }

    @Test func everyCommandHasALineHere() {
        #expect(Set(Self.everyCommand).subtracting(Self.invocations.keys).isEmpty, "add a line for \(Set(Self.everyCommand).subtracting(Self.invocations.keys).sorted())")
    }

    @Test(arguments: Self.everyCommand)
    func everyGlobalOptionBeforeEveryCommand(command: String) throws {
        let line = try #require(Self.invocations[command])
        let text = try String(contentsOfFile: CLI.example("habits.units"), encoding: .utf8)
        let state = try CLI.temporaryFile("").replacingOccurrences(of: "/habits.units", with: "/state")
        for global in [[]] + Self.globals {
            let journal = try CLI.temporaryFile(text), other = try CLI.temporaryFile(text, name: "other.units")
            // The journal is named after the command unless the global tried names it.
            let file = global.contains(Self.f) || global.contains("--file=\(Self.f)") ? [] : ["-f", Self.f]
            let arguments = global + file + line
            let outcome = try Self.run(arguments, journal: journal, other: other, state: state)
            // `units check` reads keys from a terminal and says so (exit 2) when
            // there is none, as here: that refusal, and no other, is allowed.
            let noTerminal = command == "check" && outcome.err.contains("needs a terminal")
            #expect(outcome.code != 2 || noTerminal, "units \(arguments.joined(separator: " ")): exit 2\n\(outcome.err)")
            #expect(outcome.code < 128, "units \(arguments.joined(separator: " ")): killed by a signal\n\(outcome.err)")
        }
    }

    @Test(arguments: [["--no-color", "--bogus", "undo"], ["--bogus", "tasks"], ["-f", f, "undo", "--bogus"], ["-q", "tasks"],
                      ["--json", "man", "units"]])
    func anUnknownOptionIsStillAUsageError(arguments: [String]) throws {
        let text = try String(contentsOfFile: CLI.example("habits.units"), encoding: .utf8)
        let journal = try CLI.temporaryFile(text)
        let state = journal.replacingOccurrences(of: "/habits.units", with: "/state")
        let outcome = try Self.run(arguments, journal: journal, other: journal, state: state)
        let word = arguments.first { $0 == "--bogus" || $0 == "-q" || $0 == "--json" }!
        #expect(outcome.code == 2, "units \(arguments.joined(separator: " ")): exit \(outcome.code)")
        #expect(outcome.err.contains("'\(word)'"), "\(outcome.err)")
    }

    @Test func helpListsTheGlobalOptions() {
        let run = CLI.units(["undo", "--help"])
        #expect(run.code == .ok)
        #expect(run.out.contains("Global options"))
        #expect(run.out.contains("--today") && run.out.contains("--width") && run.out.contains("--no-color"))
        #expect(CLI.units(["help", "undo"]).out == run.out)
    }
}
