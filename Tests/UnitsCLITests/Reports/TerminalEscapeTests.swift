import Foundation
import Testing
@testable import UnitsCLI
@testable import UnitsKit

/// Journal text never reaches the terminal raw. A habit
/// title, a note, a tag and a task title carry OSC 52 (clipboard), OSC 0
/// (window title), a C1 control and DEL; every text report shows them
/// escaped, with colour on or off, and `--json` keeps them exact.
@Suite struct TerminalEscapeTests {
    /// The colour marker of the renderers (a noncharacter Swift refuses in a literal).
    static let marker = String(Character(TerminalText.colorIntroducer))
    /// Two payloads in every kind of journal text: a CSI colour sequence
    /// (which a colour-aware filter could mistake for its own) and OSC 52.
    static let csi = "\u{1B}[41;5m", osc = "\u{1B}]52;c;ZXZpbA==\u{07}"
    static let journal = "2025-12-01 habit Reading\n  title: \"Read\u{1B}]0;pwned\u{07}\(csi)ing\"\n"
        + "2025-12-01 habit Walk\n"
        + "2025-12-13 Walk 2 ; step\u{9B}2J\u{7F} \(csi)red \(marker)[41m forged\n"
        + "2025-12-14 Reading 3 ; note \(osc) here \(csi)\n"
        + "2025-12-14 task \"Call\(osc)\(csi) mom\" Reading\n"

    /// Every text report and picture of `units --help`, with its period views.
    static let commands: [[String]] = [
        ["today"], ["today", "--width", "60"], ["today", "--period", "this week"], ["today", "--streak"],
        ["habit", "Reading"], ["habit", "Walk"], ["stats"], ["stats", "--period", "this month"], ["insights"],
        ["insights", "--period", "last 30 days"], ["next"], ["tasks"], ["wall"], ["wall", "Reading"], ["heatmap"],
        ["history"], ["summary"], ["streaks"], ["status"], ["status", "--strip"], ["receipt"], ["entries"],
        ["entries", "--period", "this month"], ["nudge"],
    ]

    /// Whether text holds a control character other than newline and tab,
    /// allowing only `ESC [ … m` colour sequences when `color` is on.
    static func rawControls(_ text: String, color: Bool) -> [String] {
        var found: [String] = []
        let scalars = Array(text.unicodeScalars)
        var i = 0
        while i < scalars.count {
            let s = scalars[i]
            if color, s == "\u{1B}", i + 1 < scalars.count, scalars[i + 1] == "[" {
                var j = i + 2
                while j < scalars.count, scalars[j] == ";" || ("0"..."9").contains(scalars[j]) { j += 1 }
                if j < scalars.count, scalars[j] == "m" { i = j + 1; continue }
            }
            if s != "\n", TerminalText.isControl(s) { found.append(String(format: "U+%04X", s.value)) }
            i += 1
        }
        return found
    }

    @Test("no text report prints a control character from the journal", arguments: commands, ["never", "always"])
    func textIsEscaped(_ command: [String], color: String) throws {
        let path = try CLI.temporaryFile(Self.journal)
        // `tasks` and `summary` never colour (and take no --color).
        let colorOption = ["tasks", "summary"].contains(command[0]) ? [] : ["--color", color]
        let run = CLI.units(command + ["--file", path, "--today", "2025-12-14"] + colorOption)
        #expect(run.code == .ok || (command[0] == "nudge" && run.code == .failure), "\(command): \(run.err)")
        for text in [run.out, run.err] {
            #expect(Self.rawControls(text, color: color == "always").isEmpty, "\(command) \(color): \(text)")
            // The journal's own CSI (a colour sequence) stays escaped with colour on too.
            #expect(!text.contains(Self.csi) && !text.contains("\u{1B}[41m") && !text.contains("\u{1B}]"), "\(command) \(color): \(text)")
            #expect(!text.unicodeScalars.contains(TerminalText.colorIntroducer), "\(command) \(color): \(text)")
        }
    }

    @Test("with colour on, the reports keep their own colour and show the journal's escaped", arguments: [
        ["today"], ["habit", "Reading"], ["stats"], ["insights"], ["next"], ["entries"],
    ])
    func colourStaysJournalEscaped(_ command: [String]) throws {
        let path = try CLI.temporaryFile(Self.journal)
        let run = CLI.units(command + ["--file", path, "--today", "2025-12-14", "--color", "always"])
        #expect(run.out.contains("\u{1B}[") && run.out.contains("\u{1B}[0m"), "\(command): no colour: \(run.out)")
        #expect(run.out.contains(#"\x1B[41;5m"#), "\(command): \(run.out)")
    }

    @Test("the escaped forms are visible: \\x1B for ESC, \\u{9B} for a C1 control")
    func escapedForm() throws {
        let path = try CLI.temporaryFile(Self.journal)
        let tasks = CLI.units(["tasks", "--file", path, "--today", "2025-12-14"])
        #expect(tasks.out.contains(#""Call\x1B]52;c;ZXZpbA==\x07\x1B[41;5m mom""#), "\(tasks.out)")
        #expect(TerminalText.escaped("a\u{9B}b\u{7F}c\td") == "a\\u{9B}b\\x7Fc\td")
        #expect(TerminalText.sanitized(TerminalText.sgr("1") + "bold" + TerminalText.reset + " \u{1B}]0;x\u{07}\n", keepingColor: true) == "\u{1B}[1mbold\u{1B}[0m \\x1B]0;x\\x07\n")
        #expect(TerminalText.sanitized("\u{1B}[1mbold\u{1B}[0m\n", keepingColor: false) == "\\x1B[1mbold\\x1B[0m\n")
        // A colour sequence in journal text is escaped like any other; only the renderers' marked ones become colour.
        #expect(TerminalText.sanitized(TerminalStyle(color: true).bold("a\u{1B}[31mb"), keepingColor: true) == "\u{1B}[1ma\\x1B[31mb\u{1B}[0m")
        #expect(TerminalText.sanitized(TerminalStyle(color: true).bold("x"), keepingColor: false) == "x")
        #expect(TerminalText.sanitized("a" + Self.marker + "b", keepingColor: true) == "a\\u{FDD0}b")
        #expect(TerminalText.escaped(Self.marker + "[1m") == "\\u{FDD0}[1m")
        let clean = "Reading ■■■ — 3 units · 读书\n"
        #expect(TerminalText.sanitized(clean, keepingColor: false) == clean)
    }

    @Test("JSON keeps the journal's text exact", arguments: [["today"], ["tasks"], ["habit", "Reading"]])
    func jsonIsExact(_ command: [String]) throws {
        let path = try CLI.temporaryFile(Self.journal)
        let run = CLI.units(command + ["--file", path, "--today", "2025-12-14", "--json"])
        #expect(run.code == .ok)
        _ = try JSONSerialization.jsonObject(with: Data(run.out.utf8))
        // JSON's own escapes, which decode back to the exact bytes.
        #expect(run.out.contains(#"\u001b]52;c;ZXZpbA==\u0007"#) || run.out.contains(#"Read\u001b]0;pwned\u0007\u001b[41;5ming"#), "\(run.out)")
        #expect(!run.out.contains("\\x1B"))
    }

    @Test("diagnostics quote journal text escaped")
    func diagnosticsEscaped() throws {
        let path = try CLI.temporaryFile("2025-12-01 habit Reading\n2025-12-14 Read\u{1B}]52;c;eA==\u{07}x 3\n")
        let run = CLI.lint([path])
        #expect(run.code != .ok)
        #expect(Self.rawControls(run.out + run.err, color: false).isEmpty, "\(run.out)\(run.err)")
    }
}
