import Testing
import UnitsKit
import UnitsTestSupport

/// Formatting is idempotent and keeps the model, on every example journal
/// and a few hundred generated ones.
@Suite struct FormatterPropertyTests {
    static let root = TestFiles.packageRoot(#filePath)

    static var examples: [String] {
        TestFiles.list(root + "/Examples").filter { $0.hasSuffix(".units") }.sorted()
    }

    @Test(arguments: examples)
    func exampleJournals(_ name: String) throws {
        let text = String(decoding: try TestFiles.read(Self.root + "/Examples/" + name), as: UTF8.self)
        try checkProperties(text, label: name)
    }

    @Test func generatedJournals() throws {
        for seed in 0..<300 {
            var generator = MessyJournalGenerator(seed: UInt64(seed))
            try checkProperties(generator.journal(), label: "seed \(seed)")
        }
    }

    @Test func goldenInputs() throws {
        let dir = FormatterGoldenTests.inputs
        for name in TestFiles.list(dir) where name.hasSuffix(".units") {
            try checkProperties(String(decoding: try TestFiles.read(dir + "/" + name), as: UTF8.self), label: name)
        }
    }

    func checkProperties(_ text: String, label: String) throws {
        let original = Journal(parsing: text)
        #expect(original.diagnostics.filter { $0.rule == "syntax" || $0.rule == "encoding" }.isEmpty, "\(label) should parse")
        let formatted = try #require(Formatter.formatted(text), "\(label) refused")
        #expect(Formatter.formatted(formatted) == formatted, "not idempotent: \(label)")
        let after = Journal(parsing: formatted)
        #expect(ModelFingerprint(original) == ModelFingerprint(after), "model changed: \(label)")
        // Never drops a character of content: the non-space bytes only change
        // where dates and numbers are respelled, so compare comment texts.
        #expect(comments(text) == comments(formatted), "comments changed: \(label)")
        #expect(!formatted.utf8.contains(0x0D), "CR left in \(label)")
        #expect(formatted.isEmpty || formatted.hasSuffix("\n") && !formatted.hasSuffix("\n\n"))
    }

    func comments(_ text: String) -> [String] {
        let tree = Parser.parse(text)
        return tree.tokens.filter { $0.kind == .comment }.map { tree.commentText($0) }
    }
}

/// What a journal means, as plain values (no source positions): habits with
/// their settings and history, entries with date, habit, value, note and
/// tags, tasks, seasons, options, and the ids of its diagnostics.
struct ModelFingerprint: Equatable {
    var habits: [String] = []
    var entries: [String] = []
    var tasks: [String] = []
    var seasons: [String] = []
    var options: String
    var diagnostics: [String]

    init(_ j: Journal) {
        for h in j.habits {
            let units = h.units.map { "\($0.since) \($0.name) \($0.shorthand ?? "-") \($0.size) \($0.measure ?? "-")" }
            let floors = h.floors.map { "\($0.since) \($0.unitsPerWeek)" }
            habits.append([h.name, "\(h.isGroup)", "\(h.declared)", h.title ?? "-", h.color ?? "-", h.icon ?? "-", h.note ?? "-",
                           h.kind.rawValue, h.goal?.description ?? "-", h.minimum?.description ?? "-", h.every.description,
                           h.priority.rawValue, h.type.rawValue, h.groupName ?? "-", "\(units)", "\(floors)",
                           "\(h.archiveEvents.map { "\($0.date) \($0.archived)" })", "\(h.pauses.map { "\($0.first)..\($0.last)" })",
                           h.reminder?.description ?? "-"]
                .joined(separator: "|"))
        }
        for e in j.entries {
            entries.append("\(e.date)|\(j.habits[Int(e.habit)].name)|\(e.value)|\(e.unitVersion)|\(j.note(of: e) ?? "-")|\(j.tags(of: e))|\(e.task)")
        }
        for t in j.tasks {
            tasks.append("\(t.title)|\(t.estimate)|\(t.habitName ?? "-")|\(t.tags)|\(t.opened)|\(t.status)")
        }
        seasons = j.seasons.map { "\($0.name)|\($0.days.first)|\($0.days.last)" }
        options = "\(j.options.weekStart) \(j.options.dayStartMinutes) \(j.options.lintDisabled.sorted()) \(String(describing: j.options.formatVersion)) \(String(describing: j.options.morningReminder)) \(String(describing: j.options.eveningReminder))"
        diagnostics = j.diagnostics.map { "\($0.rule) \($0.severity)" }
    }
}
