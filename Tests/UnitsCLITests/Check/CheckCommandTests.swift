import Foundation
import Testing
@testable import UnitsCLI
@testable import UnitsKit

/// `units check` in a real terminal: tmux runs it at 40 and 100 columns
/// on a day of the YES/KINDA/NO example, keys are sent as a person types
/// them, the screen is read back, and a second tmux window running
/// `units today` sees each mark. The journal then holds exactly those
/// lines, canonical and lint-clean. Without tmux the test says SKIPPED
/// (`.ci/run` installs it).
@Suite(.serialized) struct CheckCommandTests {
    static let day = "2025-12-15"

    @Test func refusesWithoutATerminal() throws {
        let path = try CLI.temporaryFile("units 1\n2025-12-01 habit Meditate\n  kind: check\n")
        let run = CLI.units(["check", "--file", path, "--today", Self.day])
        #expect(run.code == .usage)
        #expect(run.err.contains("units log"), "\(run.err)")
        #expect(run.out.isEmpty)
    }

    @Test func keysDecodeAsTyped() {
        #expect(CheckKey.keys(Array("yk n s".utf8)) == [.mark(.yes), .mark(.kinda), .cycle, .mark(.no), .cycle, .mark(.skip)])
        #expect(CheckKey.keys([0x1B, 0x5B, 0x41, 0x1B, 0x5B, 0x42, 0x1B, 0x4F, 0x42, 0x10, 0x0E]) == [.up, .down, .down, .up, .down])
        #expect(CheckKey.keys(Array("12\r+-q".utf8)) == [.digit(0x31), .digit(0x32), .enter, .plus, .minus, .quit])
        #expect(CheckKey.keys([0x1B]) == [.quit])
        #expect(CheckKey.keys([0x03]) == [.quit])
    }

    @Test func theScreenIsTheDayViewAndFitsFortyColumns() throws {
        let journal = Journal.load(path: CLI.example("checkins.units"))
        let screen = CheckScreen(report: TodayReport(ReportContext(journal: journal, today: CivilDate(iso: Self.day)!)))
        let lines = screen.render(cursor: screen.markable.first, width: 40, height: 40, style: .plain, status: "", typed: "")
        for line in lines { #expect(DisplayWidth.of(line) <= 40, "\(line)") }
        let text = lines.joined(separator: "\n")
        let order = ["★ Must do", "› ○ Meditate", "○ Read 10 pages", "○ No-phone-in-bed", "Nice to do", "○ Journal", "q quit"]
        var from = text.startIndex
        for part in order {
            let found = try #require(text.range(of: part, range: from..<text.endIndex), "\(part) in order in\n\(text)")
            from = found.upperBound
        }
        #expect(!text.contains("\u{1B}"))
    }

    /// With colour on, the cursor's line is the plain line in reverse video
    /// (ESC [7m … ESC [0m once it reaches the terminal), and no other line is.
    @Test func theCursorLineIsReverseVideoWithColourOn() {
        let journal = Journal.load(path: CLI.example("checkins.units"))
        let screen = CheckScreen(report: TodayReport(ReportContext(journal: journal, today: CivilDate(iso: Self.day)!)))
        let cursor = screen.markable.first
        let plain = screen.render(cursor: cursor, width: 40, height: 40, style: .plain, status: "", typed: "")
        let colored = screen.render(cursor: cursor, width: 40, height: 40, style: TerminalStyle(color: true), status: "", typed: "")
            .map { TerminalText.sanitized($0, keepingColor: true) }
        let selected = plain.filter { $0.hasPrefix("› ") }
        #expect(selected.count == 1)
        #expect(colored.filter { $0.hasPrefix("\u{1B}[7m") } == selected.map { "\u{1B}[7m" + $0 + "\u{1B}[0m" })
    }

    @Test func countHabitsTakePlusMinusAndNumbersThroughTheLogPath() throws {
        let path = try CLI.temporaryFile("units 1\n2025-12-01 habit Reading\n  unit: page\n2025-12-01 habit Floss\n  kind: check\n")
        let arguments = try OptionParser(CheckCommand.options).parse(["--file", path, "--today", "2025-12-02"])
        let io = CommandIO(writeOut: { _ in }, writeErr: { _ in }, environment: ["XDG_STATE_HOME": URL(fileURLWithPath: path).deletingLastPathComponent().path])
        var session = CheckSession(arguments: arguments, io: io, path: path)
        let loaded = session.reload()
        #expect(loaded)
        #expect(session.current == "Floss")   // the first habit not answered
        _ = session.handle(.down)
        #expect(session.current == "Reading")
        _ = session.handle(.mark(.yes))        // a count habit takes no state: nothing written
        #expect(session.status.contains("counts units"))
        for key: CheckKey in [.plus, .digit(UInt8(ascii: "3")), .enter, .minus] { _ = session.handle(key) }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        #expect(lines.suffix(3) == ["2025-12-02 Reading 1", "2025-12-02 Reading 3", "2025-12-02 Reading -1"], "\(text)")
        _ = session.handle(.up)
        _ = session.handle(.cycle)             // unanswered → kinda
        _ = session.handle(.cycle)             // kinda → yes
        let after = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        #expect(after.contains("2025-12-02 Floss yes") && !after.contains("2025-12-02 Floss kinda"), "\(after)")
        #expect(session.marks == 5)
        let going = session.handle(.quit)
        #expect(!going)
    }

    // MARK: tmux

    struct Tmux {
        let socket: String
        let environment: [String: String]

        /// Runs tmux through `system(3)`: a `Process` waits for every copy
        /// of a descriptor it gave the child to close, and the tmux server
        /// the first call starts keeps them, so it would wait forever.
        @discardableResult
        func run(_ arguments: [String]) throws -> String {
            let output = TestScratch.root + "/tmux-\(UUID().uuidString)"
            defer { try? FileManager.default.removeItem(atPath: output) }
            let settings = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            let command = CheckCommandTests.quoted(["env", "-u", "TMUX", "-u", "NO_COLOR"] + settings + ["tmux", "-L", socket, "-f", "/dev/null"] + arguments)
                + " </dev/null >" + CheckCommandTests.quoted([output]) + " 2>/dev/null"
            _ = system(command)
            return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        }

        func screen(_ target: String) throws -> [String] {
            try run(["capture-pane", "-p", "-t", target]).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }

        /// Waits (up to 20 s) until the window's screen satisfies `test`.
        func wait(_ target: String, _ what: String, _ test: ([String]) -> Bool) throws -> [String] {
            var lines: [String] = []
            for _ in 0..<200 {
                lines = try screen(target)
                if test(lines) { return lines }
                Thread.sleep(forTimeInterval: 0.1)
            }
            Issue.record("\(target): waited for \(what); the screen:\n\(lines.joined(separator: "\n"))")
            return lines
        }
    }

    static func quoted(_ words: [String]) -> String {
        words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
    }

    @Test(.timeLimit(.minutes(3)), arguments: [40, 100]) func aDayMarkedInARealTerminal(columns: Int) throws {
        guard EditorClientTests.which("tmux") != nil else {
            print("SKIPPED CheckCommandTests: no tmux to make a terminal (.ci/run installs it)")
            return
        }
        let units = try #require(unitsExecutable(), "build units first")
        let fmt = TerminalPTYTests.sibling("units-fmt", of: units), lint = TerminalPTYTests.sibling("units-lint", of: units)
        let directory = try CLIFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/habits.units"
        let original = try String(contentsOfFile: CLI.example("checkins.units"), encoding: .utf8)
        try original.write(toFile: file, atomically: true, encoding: .utf8)
        var environment = ["XDG_STATE_HOME": directory + "/state", "TERM": "xterm-256color"]
        // The narrow terminal also runs without colour.
        if columns == 40 { environment["NO_COLOR"] = "1" }
        let t = Tmux(socket: "units-check-\(UUID().uuidString.prefix(8))", environment: environment)
        defer { _ = try? t.run(["kill-server"]) }
        let check = Self.quoted([units, "check", "--file", file, "--today", Self.day])
        try t.run(["new-session", "-d", "-s", "check", "-x", String(columns), "-y", "40", check])
        let today = Self.quoted([units, "today", "--file", file, "--today", Self.day])
        try t.run(["new-window", "-d", "-t", "check", "-n", "today",
                   "sh -c 'while :; do out=$(\(today.replacingOccurrences(of: "'", with: "'\\''")) 2>&1); printf \"\\033[H\\033[2J%s\\n\" \"$out\"; sleep 0.2; done'"])
        let first = try t.wait("check:0", "the check-in") { $0.contains { $0.contains("Check-in") } && $0.contains { $0.hasPrefix("› ") } }
        for line in first { #expect(DisplayWidth.of(line) <= columns, "\(line)") }
        #expect(first.contains { $0.contains("y yes") } && first.contains { $0.contains("q quit") }, "keys on screen")

        /// Moves the cursor to the line showing `label`, as a person would with the arrows.
        func select(_ label: String) throws {
            for _ in 0..<30 {
                let lines = try t.screen("check:0")
                guard let at = lines.firstIndex(where: { $0.hasPrefix("› ") }) else { Thread.sleep(forTimeInterval: 0.1); continue }
                if lines[at].contains(label) { return }
                guard let target = lines.firstIndex(where: { $0.contains(label) }) else {
                    Issue.record("\(label) not on the screen:\n\(lines.joined(separator: "\n"))")
                    return
                }
                try t.run(["send-keys", "-t", "check:0", target < at ? "Up" : "Down"])
                _ = try t.wait("check:0", "the cursor to move") { now in now.firstIndex(where: { $0.hasPrefix("› ") }) != at }
            }
            Issue.record("could not reach \(label)")
        }

        // (label on screen, keys, the line the journal gains, what `units today` then shows)
        let marks: [(label: String, keys: [String], line: String, shows: String)] = [
            ("Meditate", ["y"], "2025-12-15 Meditate yes", "yes"),
            ("Read 10 pages", ["k"], "2025-12-15 Read-10 kinda", "kinda"),
            ("No-phone-in-bed", ["n"], "2025-12-15 No-phone-in-bed no", "no"),
            ("Journal", ["Space"], "2025-12-15 Journal kinda", "kinda"),
            ("Journal", ["Space"], "2025-12-15 Journal yes", "yes"),
            ("Guitar", ["s"], "2025-12-15 Guitar skip", "Not today"),   // skipped: not due today
            ("Gym", ["y"], "2025-12-15 Gym yes", "yes"),
            ("Swim", ["n"], "2025-12-15 Swim no", "no"),
            ("Run", ["5", "Enter"], "2025-12-15 Run 5", "yes"),
        ]
        for mark in marks {
            try select(mark.label)
            for key in mark.keys { try t.run(["send-keys", "-t", "check:0", key]) }
            // Written at once: the file has the line, and the other window's `units today` shows it.
            var written = false
            for _ in 0..<200 {
                let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
                if text.split(separator: "\n").contains(where: { $0.split(separator: " ").joined(separator: " ") == mark.line }) { written = true; break }
                Thread.sleep(forTimeInterval: 0.1)
            }
            #expect(written, "\(columns) columns: \(mark.line) not written")
            let word = mark.label == "Read 10 pages" ? "Read 10" : mark.label
            _ = try t.wait("check:today", "\(mark.label) \(mark.shows) in units today") { lines in
                lines.contains { $0.contains(word) && ($0.hasSuffix(mark.shows) || $0.hasPrefix("  " + mark.shows + ":")) }
            }
        }
        let done = try t.wait("check:0", "the all-marked line") { $0.contains { $0.contains("All marked for today") } }
        for line in done { #expect(DisplayWidth.of(line) <= columns, "\(line)") }
        try t.run(["send-keys", "-t", "check:0", "q"])

        // Exactly those lines, canonical and lint-clean.
        let after = try String(contentsOfFile: file, encoding: .utf8)
        func words(_ text: String) -> [String] { text.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") } }
        let expected = words(original) + ["2025-12-15 Meditate yes", "2025-12-15 Read-10 kinda", "2025-12-15 No-phone-in-bed no",
                                          "2025-12-15 Journal yes", "2025-12-15 Guitar skip", "2025-12-15 Gym yes",
                                          "2025-12-15 Swim no", "2025-12-15 Run 5"]
        #expect(words(after) == expected, "\(columns) columns: the journal's lines:\n\(after.split(separator: "\n").suffix(10).joined(separator: "\n"))")
        let canonical = try CLIFixtures.run(fmt, ["--check", file], in: directory)
        #expect(canonical.0 == 0, "units-fmt --check: \(canonical.1)")
        let linted = try CLIFixtures.run(lint, ["--today", Self.day, file], in: directory)
        #expect(linted.0 == 0, "units-lint: \(linted.1)")
        // `units undo` takes the last mark back.
        let undone = try CLIFixtures.run(units, ["undo", "--file", file], in: directory, environment: ["XDG_STATE_HOME": directory + "/state"])
        #expect(undone.0 == 0, "\(undone.1)")
        #expect(!words((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").contains("2025-12-15 Run 5"))
    }
}
