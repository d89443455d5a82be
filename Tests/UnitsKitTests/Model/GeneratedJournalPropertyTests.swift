import Testing
@testable import UnitsKit
import UnitsTestSupport

/// Properties that must hold for every journal the generator writes: seeded,
/// so a failure names the seed that reproduces it, and small, so the suite
/// stays fast.
@Suite struct GeneratedJournalPropertyTests {
    static let seeds: [UInt64] = Array(1...12)

    static func journal(seed: UInt64, entries: Int = 1_500, habits: Int = 20) -> GeneratedJournal {
        // Vary the shape with the seed: few or many entries a day, few or many habits.
        JournalGenerator(seed: seed, entries: entries, habits: habits, entriesPerDay: 3 + Int(seed % 5) * 11).generate()
    }

    @Test("the generator is deterministic", arguments: [UInt64(7), 99])
    func deterministic(seed: UInt64) {
        #expect(Self.journal(seed: seed).bytes == Self.journal(seed: seed).bytes)
        #expect(Self.journal(seed: seed).bytes != Self.journal(seed: seed + 1).bytes)
    }

    @Test("parse then print gives back the same bytes", arguments: seeds)
    func losslessPrint(seed: UInt64) {
        let generated = Self.journal(seed: seed)
        let tree = Parser.parse(SourceFile(path: "gen-\(seed).units", bytes: generated.bytes))
        #expect(tree.printed() == generated.bytes, "seed \(seed)")
    }

    @Test("a generated journal has no diagnostics", arguments: seeds)
    func clean(seed: UInt64) {
        let generated = Self.journal(seed: seed)
        let journal = Journal(parsing: generated.text, path: "gen-\(seed).units")
        let rendered = journal.diagnostics.prefix(3).map { "\($0.rule): \($0.message)" }
        #expect(journal.diagnostics.isEmpty, "seed \(seed): \(rendered)")
        #expect(journal.entries.count == generated.expected.totalEntries, "seed \(seed)")
    }

    @Test("summary totals equal the generator's own sums", arguments: seeds)
    func totalsMatchNaiveSum(seed: UInt64) throws {
        let generated = Self.journal(seed: seed)
        let expected = generated.expected
        let journal = Journal(parsing: generated.text, path: "gen-\(seed).units")
        let last = try #require(expected.lastDate)
        let summary = JournalSummary(journal, through: last)
        let rows = Dictionary(summary.habits.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })

        // Count habits: units in hundredths (Amount holds billionths).
        for (name, hundredths) in expected.hundredths {
            let row = try #require(rows[name], "seed \(seed): no row for \(name)")
            #expect(row.units.billionths == Int128(hundredths) * 10_000_000, "seed \(seed): \(name)")
        }
        for (name, count) in expected.entries where count > 0 {
            #expect(rows[name]?.entries == count, "seed \(seed): entries of \(name)")
        }
        // Check habits: days by the state that stands.
        for (name, days) in expected.checkDays {
            let row = try #require(rows[name])
            for state in CheckState.allCases {
                #expect((row.states[state] ?? 0) == (days[state] ?? 0), "seed \(seed): \(name) \(state)")
            }
        }
        // Groups: the sum of their members.
        for (group, members) in expected.groupMembers {
            let sum = members.reduce(0) { $0 + (expected.hundredths[$1] ?? 0) }
            #expect(rows[group]?.units.billionths == Int128(sum) * 10_000_000, "seed \(seed): group \(group)")
        }
        #expect(summary.totalUnits.billionths == Int128(expected.totalHundredths) * 10_000_000)
        #expect(summary.entryCount == expected.totalEntries)
        #expect(summary.firstDate == expected.firstDate && summary.lastDate == expected.lastDate)
        #expect(summary.taskCounts.done == expected.doneTasks)
        #expect(summary.taskCounts.dropped == expected.droppedTasks)
        #expect(summary.taskCounts.open == expected.openTasks)
    }

    @Test("parse and model never crash on a damaged journal; printing stays lossless", arguments: seeds)
    func damagedJournals(seed: UInt64) {
        var random = SplitMix64(state: seed &* 0x9E37)
        var bytes = Self.journal(seed: seed, entries: 300).bytes
        // Flip, insert, delete and duplicate bytes and slices at random.
        for _ in 0..<40 {
            guard !bytes.isEmpty else { break }
            let at = random.below(bytes.count)
            switch random.below(5) {
            case 0: bytes[at] = UInt8(truncatingIfNeeded: random.next())
            case 1: bytes.insert([0x0D, 0x00, 0x22, 0x5C, 0x3B, 0x23, 0xFF, 0x09, 0x20, 0x0A][random.below(10)], at: at)
            case 2: bytes.remove(at: at)
            case 3:
                let end = min(bytes.count, at + random.below(40))
                bytes.insert(contentsOf: Array(bytes[at..<end]), at: random.below(bytes.count))
            default:
                let digits = Array(repeating: UInt8(ascii: "9"), count: 1 + random.below(45))
                bytes.insert(contentsOf: digits, at: at)
            }
        }
        let tree = Parser.parse(SourceFile(path: "damaged.units", bytes: bytes))
        #expect(tree.printed() == bytes, "seed \(seed)")
        let journal = Journal(tree: tree, loader: .memory([:]))
        for d in journal.diagnostics {
            if let r = d.range { #expect(r.start >= 0 && r.end <= bytes.count, "seed \(seed): \(d.message)") }
        }
        // Rendering every diagnostic must work too (line table, carets).
        var renderer = DiagnosticRenderer(useColor: false)
        _ = renderer.render(journal.diagnostics)
    }
}
