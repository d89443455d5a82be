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

    struct Outcome { var code: Int32; var err: String }

    static func run(_ arguments: [String], journal: String, other: String, state: String) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(unitsExecutable(), "build the `units` executable first (swift build)"))
        process.arguments = arguments.map { $0 == f ? journal : $0 == Self.other ? other : $0.replacingOccurrences(of: "=\(f)", with: "=\(journal)") }
        process.environment = ["XDG_STATE_HOME": state, "HOME": "/nonexistent", "PATH": "/usr/bin:/bin", "UNITS_NOW": "2025-12-14T12:00"]
        let err = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(code: process.terminationStatus, err: String(decoding: errData, as: UTF8.self))
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
                      ["--json", "undo"]])
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
