import Foundation
import Testing
@testable import UnitsCLI
import UnitsKit

/// Tests that run the built `units` executable as separate processes.
@Suite struct ProcessTests {
    struct Output { var status: Int32; var out: String; var err: String }

    static func spawn(_ arguments: [String], directory: String, environment: [String: String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(unitsExecutable(), "build the `units` executable first (swift build)"))
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        // Undo stacks go next to the scratch folder (removed with it), never to ~.
        process.environment = environment.merging(["XDG_STATE_HOME": directory + "-state"]) { old, _ in old }
        return process
    }

    static func run(_ arguments: [String], directory: String, environment: [String: String]) throws -> Output {
        let process = try spawn(arguments, directory: directory, environment: environment)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, out: String(decoding: outData, as: UTF8.self),
                      err: String(decoding: errData, as: UTF8.self))
    }

    /// 50 processes log at once: every line lands exactly once, whole, and
    /// the file still parses.
    @Test func fiftyConcurrentLogsLoseNothing() throws {
        let scratch = Scratch(String(baseJournal.dropLast()))   // no final newline: the first writer adds it
        let count = 50
        var processes: [Process] = []
        for i in 0..<count {
            let process = try Self.spawn(["log", "General", "\(i + 1)", "--note", "writer \(i)", "--file", scratch.journal],
                                         directory: scratch.directory, environment: ["UNITS_NOW": "2025-12-14T12:00"])
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            processes.append(process)
        }
        for process in processes { try process.run() }
        for process in processes { process.waitUntilExit() }
        #expect(processes.allSatisfy { $0.terminationStatus == 0 })
        let text = scratch.text()
        #expect(text.hasPrefix(baseJournal))
        let added = text.dropFirst(baseJournal.count).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(added.count == count + 1 && added.last == "")
        let expected = Set((0..<count).map { "2025-12-14 General \($0 + 1) ; writer \($0)" })
        // Lines land whole; the block they join is kept aligned (canonical).
        #expect(Set(added.dropLast().map { $0.split(separator: " ").joined(separator: " ") }) == expected)
        let journal = Journal.load(path: scratch.journal)
        #expect(!journal.hasErrors)
        let general = journal.entries.filter { journal.habits[Int($0.habit)].name == "General" }
        #expect(general.reduce(Amount.zero) { $0 + $1.units } == Amount(count * (count + 1) / 2))
    }

    @Test func journalLocationRules() throws {
        let work = Scratch(), home = Scratch()
        let env = ["HOME": home.directory, "UNITS_NOW": "2025-12-14T12:00"]
        // Nothing anywhere: a clear error pointing at `units init`.
        let none = try Self.run(["log", "General"], directory: work.directory, environment: env)
        #expect(none.status == 1)
        #expect(none.err.contains("no journal found") && none.err.contains("units init"))
        // ~/habits.units.
        home.write("units 1\n")
        #expect(try Self.run(["log", "General", "1"], directory: work.directory, environment: env).status == 0)
        #expect(home.text() == "units 1\n2025-12-14 General 1\n")
        // ./habits.units wins over ~.
        work.write("units 1\n")
        #expect(try Self.run(["log", "General", "2"], directory: work.directory, environment: env).status == 0)
        #expect(work.text() == "units 1\n2025-12-14 General 2\n")
        // $UNITS_FILE wins over ./habits.units.
        work.write("units 1\n", to: "env.units")
        var withVariable = env
        withVariable["UNITS_FILE"] = work.directory + "/env.units"
        #expect(try Self.run(["log", "General", "3"], directory: work.directory, environment: withVariable).status == 0)
        #expect(work.text("env.units") == "units 1\n2025-12-14 General 3\n")
        // --file wins over everything.
        work.write("units 1\n", to: "flag.units")
        #expect(try Self.run(["log", "General", "4", "--file", "flag.units"], directory: work.directory, environment: withVariable).status == 0)
        #expect(work.text("flag.units") == "units 1\n2025-12-14 General 4\n")
        // A named file that is missing says how to create it.
        let missing = try Self.run(["log", "General", "--file", "nope.units"], directory: work.directory, environment: env)
        #expect(missing.status == 1 && missing.err.contains("units init nope.units"))
        // init with no FILE creates ./habits.units.
        let fresh = Scratch()
        #expect(try Self.run(["init"], directory: fresh.directory, environment: env).status == 0)
        #expect(fresh.text().hasPrefix("; habits.units"))
    }
}
