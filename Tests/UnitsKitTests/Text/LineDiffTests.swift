import Testing
@testable import UnitsKit
import UnitsTestSupport

/// The one line diff (`LineDiff`): a longest common subsequence in memory
/// linear in the lines, for the merge, the language server's formatting and
/// `units-fmt --diff`.
@Suite struct LineDiffTests {
    /// The length of a longest common subsequence, by the textbook table.
    static func lcsLength<T: Equatable>(_ a: [T], _ b: [T]) -> Int {
        var row = [Int](repeating: 0, count: b.count + 1)
        for x in a {
            var diagonal = 0
            for j in 0..<b.count {
                let above = row[j + 1]
                row[j + 1] = x == b[j] ? diagonal + 1 : max(row[j + 1], row[j])
                diagonal = above
            }
        }
        return row[b.count]
    }

    static func isCommonSubsequence<T: Equatable>(_ pairs: [(Int, Int)], _ a: [T], _ b: [T]) -> Bool {
        pairs.allSatisfy { a[$0.0] == b[$0.1] } && zip(pairs, pairs.dropFirst()).allSatisfy { $0.0 < $1.0 && $0.1 < $1.1 }
    }

    /// Random sequences over small alphabets (many repeated lines, the hard
    /// case): the matches are a common subsequence as long as the table's.
    @Test func theMatchesAreALongestCommonSubsequence() {
        let seed: UInt64 = 20_261_127
        print("LineDiffTests seed \(seed)")
        var random = SplitMix64(state: seed)
        for round in 0..<600 {
            let alphabet = Int.random(in: 1...6, using: &random)
            let a = (0..<Int.random(in: 0...70, using: &random)).map { _ in Int.random(in: 0..<alphabet, using: &random) }
            var b = a
            for _ in 0..<Int.random(in: 0...20, using: &random) {
                switch Int.random(in: 0..<3, using: &random) {
                case 0 where !b.isEmpty: b.remove(at: Int.random(in: 0..<b.count, using: &random))
                case 1: b.insert(Int.random(in: 0..<(alphabet + 2), using: &random), at: Int.random(in: 0...b.count, using: &random))
                default: if !b.isEmpty { b[Int.random(in: 0..<b.count, using: &random)] = Int.random(in: 0..<(alphabet + 2), using: &random) }
                }
            }
            if round % 3 == 0 { b = (0..<Int.random(in: 0...70, using: &random)).map { _ in Int.random(in: 0..<alphabet, using: &random) } }
            let pairs = LineDiff.matches(a, b)
            #expect(Self.isCommonSubsequence(pairs, a, b), "seed \(seed) round \(round): \(a) \(b)")
            #expect(pairs.count == Self.lcsLength(a, b), "seed \(seed) round \(round): \(a) \(b)")
            // With the search cut short, still a common subsequence.
            let cut = LineDiff.matches(a, b, costLimit: Int.random(in: 0...3, using: &random))
            #expect(Self.isCommonSubsequence(cut, a, b), "seed \(seed) round \(round), cut short: \(a) \(b)")
        }
    }

    /// Two long sequences sharing many lines in a scrambled order: the
    /// search is cut short and still answers a common subsequence.
    @Test func aScrambledLongInputStaysBounded() {
        var random = SplitMix64(state: 7)
        let a = (0..<5_000).map { _ in Int.random(in: 0..<4, using: &random) }
        let b = (0..<5_000).map { _ in Int.random(in: 0..<4, using: &random) }
        let pairs = LineDiff.matches(a, b)
        #expect(Self.isCommonSubsequence(pairs, a, b))
        #expect(pairs.count > 2_500, "\(pairs.count)")
    }

    /// A rename of a habit with 10,000 entries changes 10,000 lines: none
    /// of them is on the other side, so they cost no search at all, and the
    /// merge takes the other device's new entries along.
    @Test func aMergeAfterRenamingTenThousandEntries() {
        var base = "units 1\n\n2025-01-01 habit Walk\n  unit: km\n2025-01-01 habit Swim\n\n"
        for i in 0..<10_000 { base += "2025-01-\(String(format: "%02d", 1 + i % 28)) \(i % 3 == 0 ? "Swim" : "Walk") \(i % 9 + 1)\n" }
        let renamed = base.replacingOccurrences(of: " Walk", with: " Hike")
        let result = JournalMerge.merge(base: Array(base.utf8), ours: Array(renamed.utf8), theirs: Array((base + "2025-01-29 Walk 5\n").utf8))
        #expect(result.isClean, "\(result.notes)")
        let text = String(decoding: result.bytes, as: UTF8.self)
        #expect(!text.contains(" Walk"))
        #expect(text.hasSuffix("2025-01-29 Hike 5\n"))
    }

    /// `units-fmt --diff` shows only the lines that changed, however long
    /// the file (not every line replaced past a size).
    @Test func theUnifiedDiffOfALongFileShowsOnlyTheChangedLines() {
        let old = (0..<3_000).map { "2025-01-01 Walk \($0)\n" }.joined()
        let new = (0..<3_000).map { $0 % 100 == 0 ? "2025-01-01 Walk  \($0)\n" : "2025-01-01 Walk \($0)\n" }.joined()
        let diff = UnifiedDiff.diff(old: Array(old.utf8), new: Array(new.utf8), oldName: "a", newName: "b")
        let removed = diff.split(separator: "\n").filter { $0.hasPrefix("-") && !$0.hasPrefix("---") }
        #expect(removed.count == 30, "\(removed.count) lines shown removed")
    }

    /// The language server's "Format document" on a 10,000-line CRLF
    /// journal: every line differs from its canonical LF form, and the
    /// edits (one CR removed from each line ending) come from the same diff, in
    /// linear memory.
    @Test func formattingATenThousandLineCRLFDocument() {
        let lf = (0..<10_000).map { "2025-01-\(String(format: "%02d", 1 + $0 % 28)) Walk \($0 % 9 + 1)\n" }.joined()
        let document = TextDocument(uri: "file:///x.units", version: 1, bytes: Array(lf.replacingOccurrences(of: "\n", with: "\r\n").utf8))
        let edits = LanguageServer.edits(from: document, to: Array(lf.utf8))
        #expect(edits.count == 10_000)
        // Each edit takes one CR away; it may span the CR LF it rewrites
        // (an edit never splits a CR LF, a line break to the protocol).
        #expect(edits.allSatisfy { ($0.newText.isEmpty || $0.newText == "\n") && $0.range.end.line - $0.range.start.line <= 1 })
    }
}
