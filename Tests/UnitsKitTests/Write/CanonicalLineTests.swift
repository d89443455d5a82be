import Testing
@testable import UnitsKit

@Suite struct CanonicalLineTests {
    static let date = CivilDate(year: 2025, month: 12, day: 14)!

    @Test func lines() {
        #expect(CanonicalLine.entry(date: Self.date, habit: "Reading", value: .units(Amount("+03.50")!), tags: ["a", "b-c"], note: "  hi ; there ")
                == "2025-12-14 Reading 3.5 #a #b-c ; hi ; there")
        #expect(CanonicalLine.entry(date: Self.date, habit: "Gym", value: .state(.kinda), note: "  ") == "2025-12-14 Gym kinda")
        #expect(CanonicalLine.task(date: Self.date, title: #"Fix "x" \ y"#, estimate: 1, habit: nil) == #"2025-12-14 task "Fix \"x\" \\ y""#)
        #expect(CanonicalLine.task(date: Self.date, title: "T", estimate: 3, habit: "Coding", tags: ["x"]) == #"2025-12-14 task "T" 3 Coding #x"#)
        #expect(CanonicalLine.unitChange(date: Self.date, habit: "Walk", unit: "lap", size: Amount("0.25")!, measure: "miles")
                == "2025-12-14 unit Walk lap = 0.25 miles")
        #expect(CanonicalLine.unitChange(date: Self.date, habit: "R", unit: "chapter", shorthand: "ch", size: .one, measure: "chapter")
                == "2025-12-14 unit R chapter ch")
        #expect(CanonicalLine.floorChange(date: Self.date, habit: "R", unitsPerWeek: 7) == "2025-12-14 floor R 7/week")
        #expect(CanonicalLine.declaration(date: Self.date, name: "W", attributes: [("title", "a ; b"), ("size", "1 page")])
                == ["2025-12-14 habit W", "  title: \"a ; b\"", "  size:  1 page"])
    }

    /// Property: every line the builders make parses back, without a
    /// diagnostic, to the same meaning, whatever the note or title holds.
    @Test(arguments: ["plain", "semi ; colon", "#not-a-tag", "quote \" and \\ backslash", "ünïcödé 読書", ";", "  spaced  "])
    func roundTrips(text: String) {
        let journal = Journal(parsing: ([
            "2025-12-01 habit Reading",
        ] + CanonicalLine.declaration(date: Self.date, name: "Walk", attributes: [("title", text), ("note", text)]) + [
            CanonicalLine.entry(date: Self.date, habit: "Reading", value: .units(Amount(-2)), tags: ["t"], note: text),
            CanonicalLine.task(date: Self.date, title: text, estimate: 2, habit: "Reading", tags: ["x"]),
            CanonicalLine.done(date: Self.date, title: text),
        ]).joined(separator: "\n") + "\n")
        #expect(journal.diagnostics.filter { $0.severity == .error }.isEmpty, "\(journal.diagnostics)")
        let trimmed = text.trimmingSpaces()
        #expect(journal.habit(named: "Walk")?.title == text)
        #expect(journal.habit(named: "Walk")?.note == text)
        #expect(journal.note(of: journal.entries[0]) == (trimmed.isEmpty ? nil : trimmed))
        #expect(journal.tags(of: journal.entries[0]) == ["t"])
        #expect(journal.tasks.first?.title == text)
        #expect(journal.entries.last?.units == Amount(2))
    }
}
