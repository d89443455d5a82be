import Testing
@testable import UnitsKit
import UnitsTestSupport

/// The merge keeps every entry both devices logged, each with the meaning
/// it had on the device that logged it (Grammar/format.md, "Merging"), and
/// never calls a result clean that has lines that do not parse.
@Suite struct MergeMeaningTests {
    static let base = """
        units 1

        2025-12-01 habit Reading
          unit: page
          floor: 20/week
        2025-12-01 habit Read
          kind: check
          goal: 10 page
          min:  1 page
        2025-12-01 Reading   3
        2025-12-01 Read   4

        """

    static func merge(_ ours: String, _ theirs: String, base: String = base) -> JournalMerge.Result {
        JournalMerge.merge(base: Array(base.utf8), ours: Array(ours.utf8), theirs: Array(theirs.utf8))
    }

    static func text(_ result: JournalMerge.Result) -> String { String(decoding: result.bytes, as: UTF8.self) }

    /// Each entry as the CSV export reads it: date, habit, value, unit,
    /// measured value and check state, in file order.
    static func meanings(_ text: String) -> [String] {
        let journal = Journal(parsing: text, path: "<m>")
        let export = ExportCSVOracle(journal)
        return journal.entries.map { export.fields($0)[0...6].filter { !$0.isEmpty }.joined(separator: " ") }
    }

    /// Two walks logged on two devices are two walks, also when git calls
    /// the driver only because one side also formatted, changed an
    /// attribute or writes CRLF (the chunks both sides appended are then
    /// the same records).
    @Test func anEntryBothSidesLoggedIsKeptTwiceWhateverElseChanged() {
        let twin = "2025-12-14 Reading 4\n"
        let formatted = Formatter.formatted(Self.base)!
        let attribute = Self.base.replacingOccurrences(of: "20/week", with: "25/week")
        let crlf = (Self.base + twin).replacingOccurrences(of: "\n", with: "\r\n")
        let cases: [(String, String, String)] = [
            ("formatted", formatted + twin, Self.base + twin),
            ("attribute", attribute + twin, Self.base + twin),
            ("crlf", Self.base + twin, crlf),
            ("same", Self.base + twin, Self.base + twin),
        ]
        for (name, one, other) in cases {
            for (ours, theirs) in [(one, other), (other, one)] {
                let result = Self.merge(ours, theirs)
                #expect(result.isClean, "\(name)")
                let walks = Self.meanings(Self.text(result)).filter { $0 == "2025-12-14 Reading 4 page 4 page" }
                #expect(walks.count == 2, "\(name): \(Self.text(result))")
            }
        }
    }

    /// The same, when both sides replaced a base record the same way and
    /// one of them also added the entry (an identical change is made once,
    /// an insertion on both sides is two entries).
    @Test func anIdenticalEditIsMadeOnceAndTwinInsertionsKeptTwice() {
        let edited = Self.base.replacingOccurrences(of: "2025-12-01 Read   4\n", with: "2025-12-01 Read 5\n")
        let result = Self.merge(edited + "2025-12-14 Reading 4\n", edited.replacingOccurrences(of: "\n", with: "\r\n") + "2025-12-14 Reading 4\r\n")
        #expect(result.isClean)
        let meanings = Self.meanings(Self.text(result))
        #expect(meanings.filter { $0.hasPrefix("2025-12-01 Read 5") }.count == 1, "\(meanings)")
        #expect(meanings.filter { $0.hasPrefix("2025-12-01 Read 4") }.isEmpty, "\(meanings)")
        #expect(meanings.filter { $0.hasPrefix("2025-12-14 Reading 4") }.count == 2, "\(meanings)")
    }

    /// A unit change on one device and an entry logged the same day on the
    /// other: the entry stays in the unit it was logged in (above the
    /// change), whichever side is ours; the changing side's own later
    /// entry stays below its change.
    @Test func aSameDayUnitChangeKeepsTheOtherSidesEntryInItsUnit() {
        let change = Self.base + "2025-12-14 unit Reading chapter = 20 page\n2025-12-14 Reading 2\n"
        let log = Self.base + "2025-12-14 Reading 12\n"
        for (ours, theirs) in [(change, log), (log, change)] {
            let result = Self.merge(ours, theirs)
            #expect(result.isClean)
            let meanings = Self.meanings(Self.text(result))
            #expect(meanings.contains("2025-12-14 Reading 12 page 12 page"), "\(Self.text(result))")
            #expect(meanings.contains("2025-12-14 Reading 2 chapter 40 page"), "\(Self.text(result))")
        }
    }

    /// The same for goal and minimum changes: an 8 logged under goal 10 is
    /// KINDA, also when the other side lowered the goal to 5 that day.
    @Test func aSameDayGoalOrMinChangeKeepsTheOtherSidesJudgement() {
        for change in ["2025-12-14 goal Read 5 page\n", "2025-12-14 min Read 9 page\n"] {
            let log = Self.base + "2025-12-14 Read 8\n"
            for (ours, theirs) in [(Self.base + change, log), (log, Self.base + change)] {
                let result = Self.merge(ours, theirs)
                #expect(result.isClean)
                let meanings = Self.meanings(Self.text(result))
                #expect(meanings.contains("2025-12-14 Read 8 kinda"), "\(meanings) \(Self.text(result))")
            }
        }
        // A min raised to 9 the same day would make the other side's 8 a NO.
        let raised = Self.merge(Self.base + "2025-12-14 Read 8\n", Self.base + "2025-12-14 min Read 9 page\n2025-12-14 Read 8\n")
        #expect(Self.meanings(Self.text(raised)).filter { $0.hasPrefix("2025-12-14 Read 8") } == ["2025-12-14 Read 8 kinda", "2025-12-14 Read 8 no"])
    }

    /// Both sides made the same unit change and logged after it: the change
    /// is kept once, and both entries stay below it (in chapters).
    @Test func aUnitChangeBothSidesMadeStaysAboveBothSidesLaterEntries() {
        let change = "2025-12-14 unit Reading chapter = 20 page\n"
        let result = Self.merge(Self.base + change + "2025-12-14 Reading 1\n", Self.base + change + "2025-12-14 Reading 2\n")
        #expect(result.isClean)
        let text = Self.text(result)
        #expect(text.components(separatedBy: "unit Reading chapter").count == 2, "\(text)")
        let meanings = Self.meanings(text)
        #expect(meanings.contains("2025-12-14 Reading 1 chapter 20 page"), "\(text)")
        #expect(meanings.contains("2025-12-14 Reading 2 chapter 40 page"), "\(text)")
    }

    /// A side that holds lines that do not parse (conflict markers left by
    /// an earlier merge, junk, a NUL byte) makes no clean merge; where the
    /// other side removed them, the merge is clean.
    @Test func aResultWithLinesThatDoNotParseIsNotClean() {
        let markers = "<<<<<<< ours\n2025-12-02 Reading 1\n=======\n2025-12-02 Reading 2\n>>>>>>> theirs\n"
        let bad = [markers, "this is not a journal line\n", "2025-12-02 Reading 1 ; a \u{0} byte\n"]
        for junk in bad {
            for flip in [false, true] {
                let one = Self.base + junk, other = Self.base + "2025-12-03 Reading 4\n"
                let result = flip ? Self.merge(other, one) : Self.merge(one, other)
                #expect(!result.isClean, "\(junk)")
                #expect(!result.unparsed.isEmpty && result.unparsed[0].first?.isNumber == true, "\(result.unparsed)")
            }
        }
        // Junk in the base that one side removed: that side's fix stands.
        let broken = Self.base + "junk\n"
        let fixed = Self.merge(Self.base + "2025-12-03 Reading 4\n", broken + "2025-12-03 Reading 1\n", base: broken)
        #expect(fixed.isClean, "\(fixed.unparsed) \(Self.text(fixed))")
    }

    /// A journal written without blank lines is one entry run: the merge
    /// reads back only a bounded part of it from the first difference.
    @Test func theRunBeforeTheFirstDifferenceIsReadBackBoundedly() {
        var text = "units 1\n\n2025-01-01 habit Walk\n"
        for i in 0..<30_000 { text += "2025-01-01 Walk \(i + 1)\n" }
        let bytes = Array(text.utf8)
        let cut = MergeRecords.blockStart(bytes, before: bytes.count)
        let linesAfter = bytes[cut...].filter { $0 == ASCII.lf }.count
        #expect(linesAfter <= 10_000, "the merge reads back \(linesAfter) lines")
        let result = JournalMerge.merge(base: bytes, ours: bytes + Array("2025-01-02 Walk 1\n".utf8), theirs: bytes + Array("2025-01-02 Walk 1\n".utf8))
        #expect(result.isClean)
        #expect(String(decoding: result.bytes, as: UTF8.self) == text + "2025-01-02 Walk 1\n2025-01-02 Walk 1\n")
    }
}
