import Foundation
import Testing
@testable import UnitsKit
import UnitsTestSupport

/// Random pairs of histories from one journal (appends, corrections, task
/// closes, a rename), one written to the journal, the other to a Syncthing
/// conflict copy beside it, folded by `units resolve`'s implementation:
/// no entry lost, none doubled; with the base known (the undo stack holds
/// it, or it is the version units last read), no corrected-away entry
/// comes back; without it the lines that came
/// back are exactly the ones it lists.
@Suite(.serialized) struct ConflictFoldPropertyTests {
    static let habits = ["Walk", "Reading", "Gym"]
    static let seed: UInt64 = 4417

    struct Pair {
        var base: String
        var ours: String
        var theirs: String
        var renamed: Bool
    }

    /// Amounts are drawn from a counter, so every entry line is unique and
    /// "lost" and "doubled" are exact.
    static func pair(_ random: inout SplitMix64) -> Pair {
        var counter = 1
        func amount() -> Int { counter += 1; return counter }
        var base = "units 1\n\n"
        for habit in habits { base += "2025-01-01 habit \(habit)\n  floor: 5/week\n\n" }
        for k in 0..<3 { base += "2025-01-01 task \"T\(k)\"\n" }
        var entries: [String] = []
        for day in 1...Int.random(in: 4...20, using: &random) {
            let date = CivilDate(year: 2025, month: 1, day: 1)!.adding(days: day)
            entries.append("\(date) \(habits.randomElement(using: &random)!) \(amount())")
        }
        base += entries.joined(separator: "\n") + "\n"
        let renamed = Bool.random(using: &random)
        func side(_ parity: Int, rename: Bool) -> String {
            var lines = entries
            // Corrections: each side amends base entries of its own, with an
            // untouched entry between the two sides' (amending one entry, or
            // two neighbours, differently is a conflict, as in git).
            for i in lines.indices where i % 4 == 2 * parity && Int.random(in: 0..<4, using: &random) == 0 {
                // Nor next to a line of the habit the other side renames: the
                // rename changed that line.
                if parity == 1 && renamed && lines[max(0, i - 1)...min(lines.count - 1, i + 1)].contains(where: { $0.contains(" Gym ") }) { continue }
                let parts = lines[i].split(separator: " ")
                lines[i] = "\(parts[0]) \(parts[1]) \(amount())"
            }
            var text = "units 1\n\n"
            for habit in habits { text += "2025-01-01 habit \(habit)\n  floor: 5/week\n\n" }
            for k in 0..<3 { text += "2025-01-01 task \"T\(k)\"\n" }
            text += lines.joined(separator: "\n") + "\n"
            var date = CivilDate(year: 2025, month: 2, day: 1)!
            for _ in 0..<Int.random(in: 0...8, using: &random) {
                date = date.adding(days: Int.random(in: 0...2, using: &random))
                if Int.random(in: 0..<5, using: &random) == 0 {
                    text += "\(date) done \"T\(Int.random(in: 0..<3, using: &random))\"\n"
                } else {
                    text += "\(date) \(habits.randomElement(using: &random)!) \(amount())\n"
                }
            }
            if rename { text = text.replacing(" Gym", with: " Lift") }
            // A task closed twice on one side is not a history units writes.
            var seen = Set<String>()
            return text.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
                guard line.contains(" done ") else { return true }
                return seen.insert(String(line.split(separator: " ")[2])).inserted
            }.joined(separator: "\n")
        }
        let ours = side(0, rename: renamed)
        // The other side never amends a Gym entry when ours renames Gym.
        let theirs = side(1, rename: false)
        return Pair(base: base, ours: ours, theirs: theirs, renamed: renamed)
    }

    static func entries(_ text: String, renamed: Bool) -> [String: Int] {
        let journal = Journal(parsing: text, path: "<p>")
        var counts: [String: Int] = [:]
        for entry in journal.entries where !entry.isFromTask {
            var name = journal.habits[Int(entry.habit)].name
            if renamed && name == "Gym" { name = "Lift" }
            counts["\(entry.date) \(name) \(entry.value)", default: 0] += 1
        }
        return counts
    }

    static func closedTasks(_ text: String) -> Set<String> {
        Set(Journal(parsing: text, path: "<p>").tasks.filter { !$0.isOpen }.map(\.title))
    }

    static func scratch() -> String {
        let template = FileManager.default.temporaryDirectory.appendingPathComponent("units-fold-XXXXXX").path
        return try! SystemFile.makeTemporaryDirectory(template)
    }

    /// Folds `pair` on disk: the journal holds ours, the copy theirs; with
    /// `knownBase`, the undo stack holds the write that made ours from the
    /// base; with `seenBase`, units read the base (`SeenVersions`) and ours
    /// was written by hand.
    static func fold(_ pair: Pair, knownBase: Bool, seenBase: Bool = false) throws -> (text: String, outcome: ConflictResolve.Outcome) {
        let directory = scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let journal = directory + "/habits.units"
        let state = directory + "/state"
        if seenBase {
            try FileCommit.overwrite(journal, bytes: Array(pair.base.utf8), mode: 0o644)
            SeenVersions(journal: journal, undoDirectory: state).remember(journal)
        }
        try FileCommit.overwrite(journal, bytes: Array(pair.ours.utf8), mode: 0o644)
        try FileCommit.overwrite(directory + "/habits.sync-conflict-20250203-101530-ABCDEF7.units", bytes: Array(pair.theirs.utf8), mode: 0o644)
        if knownBase {
            let change = UndoRecord.FileChange(path: FileReader.canonicalPath(journal), before: Array(pair.base.utf8), after: Array(pair.ours.utf8))
            try UndoStack(journal: journal, directory: state).push(UndoRecord(summary: "history", files: [change]))
        }
        let result = ConflictResolve.perform(path: journal, settings: WriteSettings(undoDirectory: state), dryRun: false, keepAside: false)
        let outcome = try result.get()
        return (String(decoding: try FileReader.readBytes(atPath: journal), as: UTF8.self), outcome)
    }

    @Test func threeHundredPairsLoseNothingAndDoubleNothing() throws {
        print("ConflictFoldPropertyTests seed \(Self.seed)")
        var random = SplitMix64(state: Self.seed)
        for n in 0..<300 {
            let pair = Self.pair(&random)
            let base = Self.entries(pair.base, renamed: pair.renamed)
            let ours = Self.entries(pair.ours, renamed: pair.renamed), theirs = Self.entries(pair.theirs, renamed: pair.renamed)
            var expected = ours
            for key in Set(theirs.keys).union(base.keys) { expected[key, default: 0] += (theirs[key] ?? 0) - (base[key] ?? 0) }
            expected = expected.filter { $0.value > 0 }

            // The base known: exactly both sides' entries, corrections
            // honoured (no corrected-away entry comes back), each task closed once.
            let known = TwoWayMerge.merge(ours: Array(pair.ours.utf8), theirs: Array(pair.theirs.utf8), base: Array(pair.base.utf8))
            let knownText = String(decoding: known.result.bytes, as: UTF8.self)
            #expect(known.result.isClean, "pair \(n) seed \(Self.seed)\n\(knownText)")
            #expect(Self.entries(knownText, renamed: false) == expected, "pair \(n) seed \(Self.seed)\n\(knownText)")
            #expect(Self.closedTasks(knownText) == Self.closedTasks(pair.ours).union(Self.closedTasks(pair.theirs)), "pair \(n)")

            // On disk, the base in the undo stack: used when the copy holds
            // it whole (its side corrected nothing), then the same result.
            let (folded, foldedOutcome) = try Self.fold(pair, knownBase: true)
            let theirsCorrected = !Set(base.keys).subtracting(theirs.keys).isEmpty
            if !theirsCorrected {
                #expect(foldedOutcome.folds.first?.usedBase == true, "pair \(n) seed \(Self.seed)")
                #expect(Self.entries(folded, renamed: false) == expected, "pair \(n) seed \(Self.seed)\n\(folded)")
            }
            // The base only among the versions units last read (no undo
            // history): used when either side holds it whole (a rename
            // changed lines of it on ours), and then no entry deleted on one
            // side (corrected away) comes back.
            let (seen, seenOutcome) = try Self.fold(pair, knownBase: false, seenBase: true)
            let oursHoldsBase = !pair.renamed && Set(base.keys).subtracting(ours.keys).isEmpty
            if !theirsCorrected || oursHoldsBase {
                #expect(seenOutcome.folds.first?.usedBase == true, "pair \(n) seed \(Self.seed)")
                #expect(Self.entries(seen, renamed: false) == expected, "pair \(n) seed \(Self.seed)\n\(seen)")
                for key in Self.entries(seen, renamed: false).keys where base[key] != nil {
                    #expect(ours[key] != nil && theirs[key] != nil, "pair \(n): \(key) deleted on one side came back")
                }
            }
            guard !pair.renamed else { continue }

            // No base: every entry of either side once; what came back of
            // the base is only what a side corrected away, and it is listed.
            for (text, outcome) in [(folded, foldedOutcome), try Self.fold(pair, knownBase: false)] where !outcome.folds[0].usedBase {
                let unknown = text
                #expect(outcome.conflicts == 0, "pair \(n) seed \(Self.seed)\n\(unknown)")
                let merged = Self.entries(unknown, renamed: false)
                for key in Set(ours.keys).union(theirs.keys) { #expect(merged[key] == 1, "pair \(n): \(key) lost or doubled\n\(unknown)") }
                let header = "units 1\n" + Self.habits.map { "2025-01-01 habit \($0)\n" }.joined()
                let listed = Self.entries(header + outcome.folds.flatMap(\.broughtBack).map { $0.line + "\n" }.joined(), renamed: false)
                for key in merged.keys where expected[key] == nil {
                    #expect(base[key] != nil && listed[key] != nil, "pair \(n): \(key) came back unlisted")
            }
            }
        }
    }
}
