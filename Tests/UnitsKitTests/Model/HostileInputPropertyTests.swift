import Testing
@testable import UnitsKit
import UnitsTestSupport

/// The bounds on hostile input (other than writes) as properties over generated journals made
/// hostile: control characters and escape sequences in names, titles, notes
/// and task titles; includes that repeat, cycle and fan out; very long
/// lines. For every input: parse → format → parse keeps the model; no
/// diagnostic prints a raw control character or a line past its bound;
/// loading stays within the include budget.
@Suite struct HostileInputPropertyTests {
    static let hostile = ["\u{1B}]52;c;ZXZpbA==\u{07}", "\u{1B}]0;title\u{07}", "\u{1B}[2J", "\u{9B}31m", "\u{7F}", "\u{00}",
                          "\u{08}", "\r", "=HYPERLINK(\"x\")", "@SUM(1)", String(repeating: "w", count: 3_000)]

    /// A messy journal with hostile text spliced into its notes, titles and task titles.
    static func hostileJournal(seed: UInt64) -> String {
        var generator = MessyJournalGenerator(seed: seed)
        var text = generator.journal()
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for k in lines.indices where generator.next(4) == 0 {
            let bad = hostile[generator.next(hostile.count)]
            if lines[k].contains(";") { lines[k] += " " + bad }
            else if lines[k].hasPrefix("  title:") { lines[k] = "  title: \"T\(bad.replacingOccurrences(of: "\"", with: ""))\"" }
        }
        lines.append("2025-12-14 task \"Call\(hostile[generator.next(4)]) mom\"")
        text = lines.joined(separator: "\n")
        return text
    }

    @Test("parse → format → parse keeps the model, with hostile text in it")
    func formatKeepsTheModel() throws {
        var checked = 0
        for seed in 0..<150 {
            let text = Self.hostileJournal(seed: UInt64(seed))
            let original = Journal(parsing: text)
            guard original.diagnostics.allSatisfy({ $0.rule != Parser.syntaxRule }), let formatted = Formatter.formatted(text) else { continue }
            checked += 1
            #expect(Formatter.formatted(formatted) == formatted, "not idempotent: seed \(seed)")
            #expect(ModelFingerprint(original) == ModelFingerprint(Journal(parsing: formatted)), "model changed: seed \(seed)")
        }
        // The property must not pass by skipping: most inputs are checked.
        #expect(checked >= 50, "only \(checked) of 150 inputs were formatted")
    }

    @Test("no rendered diagnostic carries a raw control character or an unbounded line", arguments: 0..<120)
    func diagnosticsAreSafe(seed: Int) {
        let text = Self.hostileJournal(seed: UInt64(seed))
        let journal = Journal(parsing: text)
        var renderer = DiagnosticRenderer(useColor: false)
        let out = renderer.render(journal.diagnostics)
        for line in out.split(separator: "\n") {
            #expect(!line.unicodeScalars.contains(where: TerminalText.isControl), "seed \(seed): \(line.prefix(80))")
            #expect(DisplayWidth.of(line) <= 520, "seed \(seed)")
        }
    }

    @Test("random include graphs finish within the budget, each file read once", arguments: 0..<60)
    func includeGraphs(seed: Int) {
        var generator = MessyJournalGenerator(seed: UInt64(seed) &+ 1_000)
        let count = 1 + generator.next(40)
        var files: [String: String] = [:]
        var includeLines = 0
        for i in 0..<count {
            var text = "2025-01-01 habit H\(i)\n"
            for _ in 0..<generator.next(4) {
                let target = generator.next(count + 2)   // some targets do not exist
                let name = generator.next(10) == 0 ? "f\(target).txt" : "f\(target).units"
                text += "include \"\(name)\"\n"
                includeLines += 1
            }
            files["f\(i).units"] = text
        }
        let journal = Journal.load(path: "f0.units", loader: .memory(files))
        let paths = journal.files.map(\.file.path)
        #expect(Set(paths).count == paths.count, "a file was read twice: seed \(seed)")
        #expect(journal.files.count <= count)
        let includeFindings = journal.diagnostics.filter { $0.rule == JournalBuilder.Rule.include }.count
        // Every include line either read a new file or said why not.
        #expect(includeFindings + journal.files.count - 1 <= includeLines, "seed \(seed)")
    }
}
