import Testing
@testable import UnitsKit

/// The rules that read every entry or line run in one pass each
/// (`LintPasses`). Their findings, in order, must be those of running every
/// rule on its own, one after another, as the linter did before.
@Suite struct LintPassesTests {
    static let today = CivilDate(year: 2025, month: 12, day: 14)!

    /// The journal's diagnostics, then each rule's `check` alone, in catalogue order.
    static func oneRuleAtATime(_ journal: Journal, _ configuration: LintConfiguration) -> [Diagnostic] {
        let disabled = journal.options.lintDisabled
        var found = journal.diagnostics
        for rule in Linter.rules {
            let d = rule.description
            guard d.source == .linter, configuration.enables(d.id), d.severity == .error || !disabled.contains(d.id) else { continue }
            var context = LintContext(journal: journal, today: configuration.today, rule: d,
                                      lineIndex: LintLineIndex(journal))
            rule.check(&context)
            found += context.diagnostics
        }
        return found
    }

    static func same(_ a: [Diagnostic], _ b: [Diagnostic]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { x, y in
            x.rule == y.rule && x.message == y.message && x.severity == y.severity && x.path == y.path
                && x.range?.start == y.range?.start && x.range?.end == y.range?.end
        }
    }

    /// Every example of the catalogue, and all of them at once in two files
    /// (the main file including the other), so that rules fire on the same
    /// tokens and in both files.
    static func journals() -> [(String, LintExample)] {
        var out: [(String, LintExample)] = []
        var all: [String] = []
        for rule in Linter.catalogue {
            for (i, example) in (rule.triggering + rule.nonTriggering).enumerated() {
                out.append(("\(rule.id) \(i)", example))
                if example.files.isEmpty, example.readable { all.append(example.text) }
            }
        }
        let main = "include other.units\n" + all.reversed().joined(separator: "\n")
        out.append(("all", LintExample(main, files: ["other.units": all.joined(separator: "\n")])))
        out.append(("all, late", LintExample(all.joined(separator: "\n") + "\ninclude other.units\n", files: ["other.units": all.reversed().joined(separator: "\n")])))
        return out
    }

    /// Findings moved (not copied) from a pass's list keep their order, into
    /// an empty list and after others.
    @Test func movedFindingsKeepTheirOrder() {
        func list(_ prefix: String, _ n: Int) -> [Diagnostic] { (0..<n).map { Diagnostic(.warning, rule: "r", "\(prefix)\($0)", at: nil) } }
        var target: [Diagnostic] = []
        var first = list("a", 3), second = list("b", 1000)
        Linter.move(&first, into: &target)
        Linter.move(&second, into: &target)
        #expect(target.map(\.message) == (0..<3).map { "a\($0)" } + (0..<1000).map { "b\($0)" })
        var reserved: [Diagnostic] = []
        reserved.reserveCapacity(10)
        var third = list("c", 2)
        Linter.move(&third, into: &reserved)
        #expect(reserved.map(\.message) == ["c0", "c1"] && reserved.capacity >= 10)
    }

    @Test func passesFindWhatOneRuleAtATimeFinds() {
        var fired = Set<String>()
        for (name, example) in Self.journals() {
            let journal = example.journal()
            for configuration in [LintConfiguration(today: Self.today),
                                  LintConfiguration(today: CivilDate(year: 2000, month: 1, day: 1)!),
                                  LintConfiguration(today: Self.today, ignore: ["date-order", "large-entry", "paused-entry"]),
                                  LintConfiguration(today: Self.today, select: ["future-date", "before-declaration", "negative-day-total"])] {
                let expected = Self.oneRuleAtATime(journal, configuration)
                var notMade: [String: Int] = [:]
                let got = Linter.findings(journal, configuration: configuration, lineIndex: LintLineIndex(journal),
                                          notMade: &notMade)
                #expect(Self.same(got, expected), "\(name)")
                fired.formUnion(got.map(\.rule))
            }
        }
        // Every rule of the passes fired somewhere (the comparison is not vacuous).
        for id in ["before-declaration", "archived-entry", "paused-entry", "state-on-count-habit", "number-on-check-habit",
                   "duplicate-check-in", "large-entry", "negative-day-total", "date-order", "future-date", "note-length"] {
            #expect(fired.contains(id), "\(id)")
        }
    }

    /// The spans of one file's `units-lint:` comments as the linter found
    /// them before the line index: every line walked.
    static func referenceSpans(_ tree: SyntaxTree) -> [(Int, Int, Set<String>)] {
        var pending: Set<String> = []
        var spans: [(Int, Int, Set<String>)] = []
        for line in tree.lines {
            switch line.kind {
            case .blank: continue
            case .comment:
                guard let token = tree.tokens(of: line).first, let directive = LintDirective.parse(tree.bytes(token)),
                      let rules = directive.rules else { continue }
                if directive.scope == .nextLine { pending.formUnion(rules) } else { spans.append((Int(line.start), Int.max, Set(rules))) }
            default:
                if !pending.isEmpty {
                    spans.append((Int(line.start), Int(line.end), pending))
                    pending = []
                }
            }
        }
        return spans
    }

    /// `units-lint:` comments read from the line index silence the lines
    /// that walking every line finds.
    @Test func suppressionsWithTheLineIndex() {
        let text = """
            ; units-lint: disable-next-line large-entry

            ; plain
            ; units-lint: disable-next-line date-order
            2025-01-01 habit A
            2025-01-02 A 2000
            ; units-lint: disable-next-line note-length


            2025-01-01 A 1
            ; units-lint: disable-next-line frobnicate
            ; units-lint: disable-next-line large-entry
            2025-01-04 A 3
            ; units-lint: disable large-entry
            2025-01-03 A 5000
            ; units-lint: disable-next-line date-order

            """
        var texts = [text, text + "2025-01-05 A 1\n", "2025-01-01 habit A\n" + text]
        for (_, example) in Self.journals() where example.files.isEmpty { texts.append(example.text) }
        var silenced = 0
        for text in texts {
            let journal = LintExample(text).journal()
            let indexed = LintSuppressions(journal, lineIndex: LintLineIndex(journal))
            let tree = journal.files[0]
            for line in tree.lines {
                for rule in ["large-entry", "date-order", "note-length", "frobnicate"] {
                    let d = Diagnostic(.warning, rule: rule, "x", at: SourceRange(file: tree.file, start: Int(line.start), end: Int(line.end)))
                    let expected = Self.referenceSpans(tree).contains { Int(line.start) >= $0.0 && Int(line.start) < $0.1 && $0.2.contains(rule) }
                    #expect(indexed.silences(d) == expected, "\(rule) at \(line.start)")
                    if expected { silenced += 1 }
                }
            }
        }
        #expect(silenced >= 10)
    }
}
