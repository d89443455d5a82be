import Foundation
import Testing
@testable import UnitsKit

/// The built tools on a real pseudo-terminal (script(1), `TerminalScript`), with a
/// journal whose note holds OSC 52, BEL, an SGR colour, a C1 CSI and DEL
/// (no journal text reaches the terminal raw). Every output on
/// the terminal keeps only colour sequences of its own; the data outputs
/// (CSV, the journal in a diff, an undo record) show the journal's controls
/// escaped; the same commands into a pipe stay byte-exact.
@Suite struct TerminalPTYTests {
    static let journal = "units 1\n\n2025-12-01 habit Read\n  unit: page\n\n"
        + "2025-12-02 Read 3 ; osc\u{1B}]52;c;aGk=\u{07} red\u{1B}[31mX\u{1B}[0m c1\u{9B} del\u{7F}\n"
        + "2025-12-03   Read   2\n"
    static let noteShown = "osc\\x1B]52;c;aGk=\\x07 red\\x1B[31mX\\x1B[0m c1\\u{9B} del\\x7F"

    /// `script` runs the command on a terminal and copies what it printed.
    static func onTerminal(_ command: [String], in directory: String, state: String, columns: Int = 200) throws -> [UInt8] {
        let quoted = "stty cols \(columns); " + command.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let process = try #require(TerminalScript.found).process(quoted)
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        environment["NO_COLOR"] = nil
        environment["XDG_STATE_HOME"] = state
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Array(data)
    }

    /// Every ESC starts `ESC [ digits-and-; m`; no BEL, DEL, C1 or raw OSC.
    static func problems(_ bytes: [UInt8]) -> [String] {
        var found: [String] = []
        for (k, byte) in bytes.enumerated() {
            switch byte {
            case 0x1B:
                var i = k + 1
                guard i < bytes.count, bytes[i] == UInt8(ascii: "[") else { found.append("ESC not colour at \(k)"); continue }
                i += 1
                while i < bytes.count, bytes[i] == UInt8(ascii: ";") || (0x30...0x39).contains(bytes[i]) { i += 1 }
                if i >= bytes.count || bytes[i] != UInt8(ascii: "m") { found.append("ESC [ not colour at \(k)") }
            case 0x07, 0x7F: found.append("byte \(byte) at \(k)")
            case 0xC2 where k + 1 < bytes.count && (0x80...0x9F).contains(bytes[k + 1]): found.append("C1 at \(k)")
            default: break
            }
        }
        return found
    }

    /// The built `units` and a scratch folder; nil, after printing that the
    /// test is skipped, where there is no `script` to make a terminal.
    static func setUp() throws -> (units: String, directory: String)? {
        guard TerminalScript.found != nil else {
            print("SKIPPED TerminalPTYTests: no script(1) to make a terminal")
            return nil
        }
        return (try #require(unitsExecutable(), "build units first"), try CLIFixtures.temporaryDirectory())
    }

    /// A tool built next to `units`.
    static func sibling(_ name: String, of units: String) -> String {
        URL(fileURLWithPath: units).deletingLastPathComponent().appendingPathComponent(name).path
    }

    @Test func nothingRawOnATerminal() throws {
        guard let (units, directory) = try Self.setUp() else { return }
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let fmt = Self.sibling("units-fmt", of: units)
        let state = directory + "/state"
        let file = directory + "/t.units"
        try Self.journal.write(toFile: file, atomically: true, encoding: .utf8)
        // An undo record holding the journal's note text.
        let logged = try Self.onTerminal([units, "-f", file, "log", "Read", "1", "--today", "2025-12-04",
                                          "--note", "n\u{1B}]0;title\u{07}"], in: directory, state: state)
        #expect(Self.problems(logged).isEmpty)
        let data: [(name: String, command: [String], shows: String)] = [
            ("export --csv", [units, "-f", file, "export", "--csv"], Self.noteShown),
            ("entries --csv", [units, "-f", file, "entries", "--csv", "--today", "2025-12-14"], Self.noteShown),
            ("today --csv", [units, "-f", file, "today", "--csv", "--today", "2025-12-02"], "Read"),
            ("export --ledger", [units, "-f", file, "export", "--ledger"], "Read"),
            ("rename --dry-run", [units, "-f", file, "rename", "Read", "Buch", "--dry-run"], "-2025-12-02 Read 3 ; " + Self.noteShown),
            ("units-fmt --diff", [fmt, "--diff", file], " 2025-12-02 Read 3 ; " + Self.noteShown),
            ("units-fmt -", ["/bin/sh", "-c", "\"$0\" - < \"$1\"", fmt, file], "2025-12-02 Read 3 ; " + Self.noteShown),
            ("undo --list", [units, "-f", file, "undo", "--list"], "n\\x1B]0;title\\x07"),
            ("entries", [units, "-f", file, "entries", "--today", "2025-12-14"], "; " + Self.noteShown),
            ("today", [units, "-f", file, "today", "--today", "2025-12-02"], "Read"),
            ("export --json", [units, "-f", file, "export", "--json"], "osc\\u001b]52;c;aGk=\\u0007 red\\u001b[31mX\\u001b[0m c1\\u009b del\\u007f"),
        ]
        for (name, command, shows) in data {
            let shown = try Self.onTerminal(command, in: directory, state: state)
            #expect(Self.problems(shown).isEmpty, "\(name): \(Self.problems(shown).prefix(3))")
            #expect(String(decoding: shown, as: UTF8.self).contains(shows), "\(name) shows \(shows)")
        }
        // The last guard: a message to standard error quoting a typed word
        // (no renderer escapes it) is shown escaped on the terminal too.
        let typed = try Self.onTerminal([units, "-f", file, "log", "x\u{1B}]0;t\u{07}", "1"], in: directory, state: state)
        #expect(Self.problems(typed).isEmpty)
        #expect(String(decoding: typed, as: UTF8.self).contains("x\\x1B]0;t\\x07"))
        // The renderers' own colour stays on a terminal.
        let today = try Self.onTerminal([units, "-f", file, "today", "--today", "2025-12-02"], in: directory, state: state)
        #expect(String(decoding: today, as: UTF8.self).contains("\u{1B}[0m"))
        // Into a pipe, the CSV is exact: the journal's bytes as they are.
        let (code, piped) = try CLIFixtures.run(units, ["-f", file, "export", "--csv"], in: directory, environment: ["XDG_STATE_HOME": state])
        #expect(code == 0)
        #expect(piped.contains("osc\u{1B}]52;c;aGk=\u{07} red\u{1B}[31mX\u{1B}[0m c1\u{9B} del\u{7F}"))
    }

    /// The widest line in display columns, colour sequences not counted.
    static func widest(_ bytes: [UInt8]) -> Int {
        // Lines split by the byte: "\r\n" is one Character, never equal to "\n".
        return bytes.split(separator: 0x0A).map { line in
            var width = 0, inColour = false
            for scalar in String(decoding: line, as: UTF8.self).unicodeScalars {
                if inColour { if scalar == "m" { inColour = false }; continue }
                if scalar == "\u{1B}" { inColour = true; continue }
                if scalar == "\r" { continue }
                width += DisplayWidth.of(scalar)
            }
            return width
        }.max() ?? 0
    }

    /// A 10,000-character name and note (not 100,000, which a debug build
    /// takes minutes over): on a terminal 100 columns wide no
    /// report or diagnostic line is wider, and the cut ends in an
    /// ellipsis; into a pipe the register's line stays whole.
    @Test func longLinesCutToTheTerminal() throws {
        guard let (units, directory) = try Self.setUp() else { return }
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let lint = Self.sibling("units-lint", of: units)
        let name = String(repeating: "N", count: 10_000), note = String(repeating: "x", count: 10_000)
        let file = directory + "/long.units"
        try "units 1\n\n2025-12-01 habit \(name)\n  unit: page\n\n2025-12-02 \(name) 3 ; \(note)\n".write(toFile: file, atomically: true, encoding: .utf8)
        let reports = ["today", "entries", "stats", "insights", "summary", "next", "streaks", "wall", "history", "heatmap", "receipt"]
        for report in reports {
            let shown = try Self.onTerminal([units, "-f", file, report, "--today", "2025-12-02"], in: directory, state: directory, columns: 100)
            #expect(Self.widest(shown) <= 100, "\(report): \(Self.widest(shown)) columns")
            #expect(!String(decoding: shown, as: UTF8.self).contains(String(repeating: "N", count: 200)), "\(report)")
        }
        // (Its message lines are whole: a message quoting a name cuts the name.)
        let linted = try Self.onTerminal([lint, file], in: directory, state: directory, columns: 100)
        #expect(Self.widest(Array(linted.split(separator: 0x0A).filter { !String(decoding: $0, as: UTF8.self).contains("warning") }.joined(separator: [0x0A]))) <= 100)
        let cut = try Self.onTerminal([units, "-f", file, "entries", "--today", "2025-12-02"], in: directory, state: directory, columns: 100)
        #expect(String(decoding: cut, as: UTF8.self).contains("…"))
        let (_, piped) = try CLIFixtures.run(units, ["-f", file, "entries", "--today", "2025-12-02"], in: directory)
        #expect(piped.contains(name + "  3  pages") && piped.contains("; " + note + "\n"))
    }
}
