import Testing
@testable import UnitsKit
import UnitsTestSupport

@Suite struct JournalMergeTests {
    static let base = """
        units 1

        2025-12-01 habit Reading
          unit: page
          floor: 20/week
        2025-12-01 Reading 3

        """

    static func merge(_ ours: String, _ theirs: String, base: String = base) -> (String, Int) {
        let result = JournalMerge.merge(base: Array(base.utf8), ours: Array(ours.utf8), theirs: Array(theirs.utf8))
        return (String(decoding: result.bytes, as: UTF8.self), result.conflicts)
    }

    @Test func linesAppendedOnBothSidesAreAllKeptInDateOrder() {
        let (merged, conflicts) = Self.merge(
            Self.base + "2025-12-02 Reading 5 ; phone\n2025-12-04 Reading 1\n",
            Self.base + "2025-12-02 Reading 7 ; laptop\n2025-12-03 task \"Return books\"\n")
        #expect(conflicts == 0)
        #expect(merged == Self.base + """
            2025-12-02 Reading 5 ; phone
            2025-12-02 Reading 7 ; laptop
            2025-12-03 task "Return books"
            2025-12-04 Reading 1

            """)
    }

    /// Entries are events: the same line logged on two devices is two walks.
    @Test func anEntryAppendedOnBothSidesIsKeptTwice() {
        let (merged, conflicts) = Self.merge(
            Self.base + "2025-12-02 Reading 5\n2025-12-03 Reading 1\n",
            Self.base + "2025-12-02 Reading 5\n")
        #expect(conflicts == 0)
        #expect(merged == Self.base + "2025-12-02 Reading 5\n2025-12-02 Reading 5\n2025-12-03 Reading 1\n")
    }

    /// A declaration or task added identically on both sides says one thing:
    /// once; the entry both added is two entries, even when the two sides'
    /// additions are the same records.
    @Test func anIdenticalDeclarationOrTaskOnBothSidesIsKeptOnce() {
        let added = "2025-12-02 habit Walk\n  unit: lap\n2025-12-02 task \"Call mom\"\n2025-12-02 Walk 4\n"
        let (merged, conflicts) = Self.merge(Self.base + added, Self.base + added)
        #expect(conflicts == 0)
        #expect(merged == Self.base + added + "2025-12-02 Walk 4\n")
        let (both, _) = Self.merge(Self.base + added, Self.base + added.replacingOccurrences(of: "Walk 4", with: "Walk 2"))
        #expect(both == Self.base + added + "2025-12-02 Walk 2\n")
    }

    @Test func aDeclarationWithItsAttributesMovesAsOneBlock() {
        let (merged, _) = Self.merge(
            Self.base + "2025-12-03 Reading 2\n",
            Self.base + "2025-12-02 habit Walk\n  unit: lap\n2025-12-02 Walk 4\n")
        // Both sides were canonical, so the merge is too: the new entry run is aligned.
        #expect(merged == Self.base + "2025-12-02 habit Walk\n  unit: lap\n2025-12-02 Walk    4\n2025-12-03 Reading 2\n")
    }

    @Test func anEditOnOneSideAndAppendsOnBothMergeCleanly() {
        let ours = Self.base.replacingOccurrences(of: "floor: 20/week", with: "floor: 25/week") + "2025-12-02 Reading 1\n"
        let (merged, conflicts) = Self.merge(ours, Self.base + "2025-12-02 Reading 2\n")
        #expect(conflicts == 0)
        #expect(merged.contains("floor: 25/week"))
        #expect(merged.hasSuffix("2025-12-01 Reading 3\n2025-12-02 Reading 1\n2025-12-02 Reading 2\n"))
    }

    @Test func anAttributeEditedTwoWaysIsAConflict() {
        let ours = Self.base.replacingOccurrences(of: "floor: 20/week", with: "floor: 25/week")
        let theirs = Self.base.replacingOccurrences(of: "floor: 20/week", with: "floor: 10/week") + "2025-12-02 Reading 2\n"
        let (merged, conflicts) = Self.merge(ours, theirs)
        #expect(conflicts == 1)
        // The declaration with its attributes is the unit in dispute.
        #expect(merged.contains("<<<<<<< ours\n2025-12-01 habit Reading\n  unit: page\n  floor: 25/week\n=======\n2025-12-01 habit Reading\n  unit: page\n  floor: 10/week\n>>>>>>> theirs\n"))
        #expect(merged.hasSuffix("2025-12-02 Reading 2\n"))
    }

    @Test func aMissingFinalLineEndDoesNotGlueLinesTogether() {
        let base = "units 1\n2025-12-01 habit Reading\n2025-12-01 Reading 3"
        let (merged, conflicts) = Self.merge(base + "\n2025-12-02 Reading 1\n", base + "\n2025-12-02 Reading 2", base: base)
        #expect(conflicts == 0)
        #expect(merged == "units 1\n2025-12-01 habit Reading\n2025-12-01 Reading 3\n2025-12-02 Reading 1\n2025-12-02 Reading 2\n")
    }

    /// Property: for random appends on both sides, every appended line is
    /// in the result exactly once, each side's order is kept, and the
    /// result's dated lines are in date order.
    @Test func randomAppendsAreKeptOnceInOrder() {
        var generator = TestSeed.generator()
        for _ in 0..<50 {
            func appends(_ tag: String) -> [String] {
                var day = 2
                return (0..<Int.random(in: 0...6, using: &generator)).map { k in
                    day += Int.random(in: 0...2, using: &generator)
                    return "2025-12-\(day < 10 ? "0" : "")\(day) Reading \(k + 1) ; \(tag)"
                }
            }
            let o = appends("o"), t = appends("t")
            let (merged, conflicts) = Self.merge(Self.base + o.map { $0 + "\n" }.joined(), Self.base + t.map { $0 + "\n" }.joined())
            #expect(conflicts == 0)
            let lines = merged.split(separator: "\n").map(String.init).filter { $0.hasSuffix("; o") || $0.hasSuffix("; t") }
            #expect(lines.filter { $0.hasSuffix("; o") } == o)
            #expect(lines.filter { $0.hasSuffix("; t") } == t)
            #expect(lines.map { $0.prefix(10) } == lines.map { $0.prefix(10) }.sorted())
        }
    }

    @Test func lineDiffMatchesAnLCS() {
        let a = Array("ABCABBA"), b = Array("CBABAC")
        let pairs = LineDiff.matches(a, b)
        #expect(pairs.count == 4)
        #expect(pairs.allSatisfy { a[$0.0] == b[$0.1] })
        #expect(zip(pairs, pairs.dropFirst()).allSatisfy { $0.0 < $1.0 && $0.1 < $1.1 })
    }

    /// The example of Grammar/format.md §22, exactly.
    @Test func theSpecExample() {
        let base = "units 1\n\n2025-12-01 habit Walk\n2025-12-01 habit Reading\n\n2025-12-13 Walk 4\n"
        let (merged, conflicts) = Self.merge(base + "2025-12-14 Walk 4\n2025-12-14 Reading 3\n",
                                             base + "2025-12-14 Walk 4\n2025-12-15 Walk 2\n", base: base)
        #expect(conflicts == 0)
        #expect(merged.hasSuffix("""

            2025-12-13 Walk    4
            2025-12-14 Walk    4
            2025-12-14 Reading 3
            2025-12-14 Walk    4
            2025-12-15 Walk    2

            """))
    }
}
