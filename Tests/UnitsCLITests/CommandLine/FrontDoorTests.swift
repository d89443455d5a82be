import Foundation
import Testing
@testable import UnitsCLI
import UnitsKit

/// The front door: every command line runs exactly the command it
/// names, or exits 2 naming the word it could not use. Each row runs twice:
/// in-process and through the built `units` executable.
@Suite struct FrontDoorTests {
    /// What a command line must do.
    enum Expect {
        /// The same output, error output and exit code as the canonical line.
        case same(as: [String])
        /// Exit 2 (or the given code) with this text on standard error.
        case usage(String, code: Int32 = 2)
        /// Exit 0, and the journal gains a line reading this (spaces collapsed).
        case appends(String)
    }

    struct Row: CustomStringConvertible {
        var arguments: [String]
        var expect: Expect
        var environment: [String: String] = [:]
        var description: String { arguments.joined(separator: " ") }
    }

    static let d = "2025-12-14"
    static let f = "F"   // replaced by the scratch journal's path

    static let rows: [Row] = [
        // Options before, between and after the command: the same report.
        Row(arguments: ["-f", f, "--today", d, "today"], expect: .same(as: ["today", "-f", f, "--today", d])),
        Row(arguments: ["--today", d, "-f", f, "today"], expect: .same(as: ["today", "-f", f, "--today", d])),
        Row(arguments: ["-f", f, "today", "--today", d], expect: .same(as: ["today", "-f", f, "--today", d])),
        Row(arguments: ["--file=\(f)", "--today=\(d)", "today"], expect: .same(as: ["today", "-f", f, "--today", d])),
        Row(arguments: ["-f\(f)", "--today", d, "today"], expect: .same(as: ["today", "-f", f, "--today", d])),
        Row(arguments: ["-f", f, "--today", d], expect: .same(as: ["today", "-f", f, "--today", d])),
        Row(arguments: ["-f", f, "--today", d, "stats"], expect: .same(as: ["stats", "-f", f, "--today", d])),
        Row(arguments: ["-f", f, "--today", d, "status"], expect: .same(as: ["status", "-f", f, "--today", d])),
        Row(arguments: ["-f", f, "--today", d, "stats", "Reading"], expect: .same(as: ["stats", "Reading", "-f", f, "--today", d])),
        Row(arguments: ["-f", f, "--today", d, "stats", "--", "Reading"], expect: .same(as: ["stats", "Reading", "-f", f, "--today", d])),
        Row(arguments: ["-f", f, "--json", "--today", d, "stats"], expect: .same(as: ["stats", "--json", "-f", f, "--today", d])),
        Row(arguments: ["--color", "never", "-f", f, "--today", d, "today"], expect: .same(as: ["today", "--no-color", "-f", f, "--today", d])),
        Row(arguments: ["-f", f, "--today", d, "habit", "Reading"], expect: .same(as: ["habit", "Reading", "-f", f, "--today", d])),
        Row(arguments: ["-f", f, "--today", d, "--width", "60", "wall"], expect: .same(as: ["wall", "--width", "60", "-f", f, "--today", d])),
        // Repeated single-valued options: the last one wins (aliases compose).
        Row(arguments: ["--today", "2025-01-01", "-f", f, "today", "--today", d], expect: .same(as: ["today", "-f", f, "--today", d])),
        Row(arguments: ["-f", "/nonexistent/habits.units", "-f", f, "--today", d, "stats"], expect: .same(as: ["stats", "-f", f, "--today", d])),
        // Relative days, against the clock.
        Row(arguments: ["-f", f, "--today", "yesterday", "today"], expect: .same(as: ["today", "-f", f, "--today", d]),
            environment: ["UNITS_NOW": "2025-12-15T12:00"]),
        Row(arguments: ["-f", f, "--today", "-3", "stats"], expect: .same(as: ["stats", "-f", f, "--today", d]),
            environment: ["UNITS_NOW": "2025-12-17T09:00"]),
        Row(arguments: ["-f", f, "--today", "sun", "status"], expect: .same(as: ["status", "-f", f, "--today", d]),
            environment: ["UNITS_NOW": "2025-12-17T09:00"]),
        // Help and version, however asked.
        Row(arguments: ["help", "stats"], expect: .same(as: ["stats", "--help"])),
        Row(arguments: ["--help", "stats"], expect: .same(as: ["stats", "--help"])),
        Row(arguments: ["-f", f, "help", "task", "add"], expect: .same(as: ["task", "add", "--help"])),
        Row(arguments: ["log", "--version"], expect: .same(as: ["--version"])),
        // Writes behind options.
        Row(arguments: ["-f", f, "--today", d, "log", "Walk", "12"], expect: .appends("2025-12-14 Walk 12")),
        Row(arguments: ["--today", d, "--file", f, "task", "add", "Call mom"], expect: .appends("2025-12-14 task \"Call mom\"")),
        Row(arguments: ["log", "Walk", "2", "-f", f, "--today", d, "--date", "yesterday"], expect: .appends("2025-12-13 Walk 2")),
        Row(arguments: ["-f", f, "--today", d, "log", "Walk", "1", "--date", "-2"], expect: .appends("2025-12-12 Walk 1")),
        Row(arguments: ["-f", f, "log", "Reading", "3"], expect: .appends("2025-12-15 Reading 3"),
            environment: ["UNITS_NOW": "2025-12-16T01:30"]),
        // Typos and words that name nothing.
        Row(arguments: ["statz"], expect: .usage("did you mean 'stats'")),
        Row(arguments: ["stast"], expect: .usage("did you mean 'stats'")),
        // Other trackers' words get the command that does it.
        Row(arguments: ["add", "Reading"], expect: .usage("did you mean `units habit add Reading` (a habit) or `units task add \"Reading\"`")),
        Row(arguments: ["-f", f, "week"], expect: .usage("did you mean `units stats`")),
        Row(arguments: ["show", "Walk", "-f", f], expect: .usage("did you mean `units habit Walk`?")),
        Row(arguments: ["hist"], expect: .usage("did you mean 'history'")),
        Row(arguments: ["heat", "-f", f], expect: .usage("did you mean 'heatmap'")),
        Row(arguments: ["--today", d, "-f", f, "summry"], expect: .usage("unknown command 'summry'; did you mean 'summary'")),
        Row(arguments: ["-f", f, "--today", d, "today", "today"], expect: .usage("'today' is a command, not a habit")),
        Row(arguments: ["-f", f, "--today", d, "stats", "Readng"], expect: .usage("did you mean 'Reading'")),
        Row(arguments: ["-f", f, "--today", d, "today", "Readng"], expect: .usage("did you mean 'Reading'")),
        Row(arguments: ["-f", f, "--today", d, "next", "Nope"], expect: .usage("no habit or group matches 'Nope'")),
        Row(arguments: ["-f", f, "--today", d, "history", "Walk", "extra"], expect: .usage("no habit or group matches 'extra'")),
        Row(arguments: ["-f", f, "--today", d, "stats", "group:Nope"], expect: .usage("no group named 'Nope'")),
        Row(arguments: ["-f", f, "--today", d, "habit", "Reading", "Gym"], expect: .usage("'Gym' is not a query term here")),
        Row(arguments: ["-f", f, "--today", d, "habit", "ad", "Foo"], expect: .usage("did you mean `units habit add`", code: 1)),
        Row(arguments: ["-f", f, "task", "ad", "X"], expect: .usage("unknown subcommand 'ad'; did you mean 'add'")),
        Row(arguments: ["-f", f, "--today", d, "summary", "x"], expect: .usage("unexpected argument 'x'")),
        Row(arguments: ["-f", f, "tasks", "extra"], expect: .usage("tasks takes no arguments")),
        // Options: missing values, unknown ones, ones that do not apply, bad values.
        Row(arguments: ["stats", "--file", "--today", d], expect: .usage("option --file needs a value (FILE), but the next word is the option '--today'")),
        Row(arguments: ["-f", f, "log", "Reading", "--date", "--today", d], expect: .usage("option --date needs a value")),
        Row(arguments: ["-f"], expect: .usage("option -f needs a value")),
        Row(arguments: ["--color", "sometimes", "today"], expect: .usage("option --color expects auto, always or never, got 'sometimes'")),
        Row(arguments: ["-f", f, "--json", "completions", "bash"], expect: .usage("option '--json' does not apply to this command")),
        Row(arguments: ["-f", f, "--json", "--today", d, "log", "Walk", "1"], expect: .appends("2025-12-14 Walk 1")),
        Row(arguments: ["-f", f, "--flie", "x", "today"], expect: .usage("did you mean '--file'")),
        Row(arguments: ["-f", f, "--today", d, "wall", "--width", "10"], expect: .usage("--width expects a number of columns")),
        Row(arguments: ["-f", f, "log", "Reading", "3", "--date", "2025-13-40"], expect: .usage("--date: expected a day such as 2025-12-14")),
        Row(arguments: ["-f", f, "log", "Reading", "3", "--date", "2025-12"], expect: .usage("but '2025-12' is 31 days")),
        Row(arguments: ["-f", f, "Reading"], expect: .usage("'Reading' is a habit, not a command: `units habit Reading` shows it")),
        // The other `units`.
        Row(arguments: ["2 miles", "km"], expect: .usage("this is units, the plain-text habit tracker")),
    ]

    struct Outcome: Equatable { var code: Int32; var out: String; var err: String }

    /// A fresh copy of the example journal per run (writes change it).
    static func scratch() throws -> String {
        let path = try CLI.temporaryFile(String(decoding: try Data(contentsOf: URL(fileURLWithPath: CLI.example("habits.units"))), as: UTF8.self))
        return path
    }

    static func substitute(_ arguments: [String], _ path: String) -> [String] {
        arguments.map { $0 == f ? path : $0.replacingOccurrences(of: "=\(f)", with: "=\(path)").replacingOccurrences(of: "-f\(f)", with: "-f\(path)") }
    }

    static func inProcess(_ arguments: [String], environment: [String: String], state: String) -> Outcome {
        let captured = CapturedIO(environment: ["XDG_STATE_HOME": state, "HOME": "/nonexistent"].merging(environment) { $1 })
        captured.io.inputIsData = false
        let code = UnitsTool.main(arguments, io: captured.io)
        return Outcome(code: code.rawValue, out: captured.out, err: captured.err)
    }

    static func binary(_ arguments: [String], environment: [String: String], state: String) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(unitsExecutable(), "build the `units` executable first (swift build)"))
        process.arguments = arguments
        process.environment = ["XDG_STATE_HOME": state, "HOME": "/nonexistent", "PATH": "/usr/bin:/bin"].merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(code: process.terminationStatus, out: String(decoding: outData, as: UTF8.self), err: String(decoding: errData, as: UTF8.self))
    }

    @Test(arguments: [false, true]) func everyRowDoesWhatItSays(throughBinary: Bool) throws {
        #expect(Self.rows.count >= 40)
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("units-frontdoor-\(UUID().uuidString)").path
        for row in Self.rows {
            let path = try Self.scratch()
            let before = try String(contentsOfFile: path, encoding: .utf8)
            func run(_ arguments: [String]) throws -> Outcome {
                let concrete = Self.substitute(arguments, path)
                return throughBinary ? try Self.binary(concrete, environment: row.environment, state: state)
                    : Self.inProcess(concrete, environment: row.environment, state: state)
            }
            let outcome = try run(row.arguments)
            switch row.expect {
            case .same(let canonical):
                let expected = try run(canonical)
                #expect(outcome == expected, "\(row): not the same as \(canonical.joined(separator: " "))\n\(outcome.err)")
                #expect(expected.code == 0, "\(canonical): \(expected.err)")
            case .usage(let text, let code):
                #expect(outcome.code == code, "\(row): exit \(outcome.code)\n\(outcome.err)")
                #expect(outcome.err.contains(text), "\(row): \(outcome.err)")
                #expect(outcome.out.isEmpty, "\(row): printed \(outcome.out)")
            case .appends(let line):
                #expect(outcome.code == 0, "\(row): \(outcome.err)")
                let after = try String(contentsOfFile: path, encoding: .utf8)
                let added = Set(after.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") })
                    .subtracting(before.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") })
                #expect(added == [line], "\(row): added \(added)")
                let check = runTool(FormatCommand.self, ["--check", path])
                #expect(check.code == .ok, "\(row): the write is not canonical: \(check.out)\(check.err)")
            }
            if case .appends = row.expect {} else {
                #expect(try String(contentsOfFile: path, encoding: .utf8) == before, "\(row): the journal changed")
            }
        }
    }

    /// Every option one command declares has the same shape (flag or value)
    /// wherever another declares it, so options before the command word are
    /// read the same whichever command follows.
    @Test func sharedOptionsAgreeEverywhere() {
        var seen: [String: (flag: Bool, short: Character?)] = [:]
        func visit(_ command: any Command.Type) {
            for option in command.options {
                if let earlier = seen[option.name] {
                    #expect(earlier.flag == option.isFlag, "\(option.name) is a flag in one command and takes a value in another")
                    #expect(earlier.short == option.short || earlier.short == nil || option.short == nil, "\(option.name) has two short forms")
                } else {
                    seen[option.name] = (option.isFlag, option.short)
                }
            }
            command.subcommands.forEach(visit)
        }
        UnitsTool.commands.forEach(visit)
        var shorts: [Character: String] = [:]
        for (name, shape) in seen {
            guard let short = shape.short else { continue }
            #expect(shorts[short] == nil || shorts[short] == name, "-\(short) is both \(shorts[short]!) and \(name)")
            shorts[short] = name
        }
    }
}
