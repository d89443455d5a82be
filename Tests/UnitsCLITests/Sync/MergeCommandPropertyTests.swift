import Foundation
import Testing
@testable import UnitsCLI
@testable import UnitsKit
import UnitsTestSupport

/// The merge driver's property (no entry lost, none doubled) with the
/// real writing commands: from random base journals, two devices each run a random sequence of `units log`,
/// `units habit add`, `units task add/done`, `units archive` and (on one
/// side) `units rename`, in-process on their own copy; then `units merge`
/// runs on the three files. A clean merge (exit 0) holds every entry of
/// both sides with its multiplicity (under the new name after a rename)
/// and has no lint error; an unclean one exits 1 with conflict markers,
/// never a silently broken file.
@Suite struct MergeCommandPropertyTests {
    static let counted = ["Reading", "Gym"]

    static func base(_ random: inout SplitMix64) -> String {
        var text = baseJournal + "2025-12-06 task \"Return books\"\n2025-12-06 task \"Call mum\"\n"
        for _ in 0..<Int.random(in: 0...8, using: &random) {
            text += "2025-12-07 \(counted.randomElement(using: &random)!) \(Int.random(in: 1...9, using: &random))\n"
        }
        return text
    }

    /// A random sequence of writing commands on one device's journal.
    static func device(_ scratch: Scratch, _ random: inout SplitMix64, mayRename: Bool) -> String? {
        var renamed: String?
        for _ in 0..<Int.random(in: 1...8, using: &random) {
            let date = "2025-12-\(Int.random(in: 10...14, using: &random))"
            let name = renamed ?? "Reading"
            let command: [String]
            switch Int.random(in: 0..<12, using: &random) {
            case 0, 7, 8: command = ["habit", "add", ["Piano", "Violin"].randomElement(using: &random)!, "--unit", ["piece", "minute"].randomElement(using: &random)!]
            case 1: command = ["task", "add", ["Fix bike", "Buy milk"].randomElement(using: &random)!]
            case 2: command = ["task", "done", ["Return books", "Call mum"].randomElement(using: &random)!]
            case 3: command = ["archive", "Gym", "--date", "2025-12-12"]
            case 4 where mayRename && renamed == nil:
                if scratch.run(["rename", "Reading", "Books"]).code == .ok { renamed = "Books" }
                continue
            case 5: command = ["log", "Meditate", "--date", date]
            default: command = ["log", Bool.random(using: &random) ? name : "Gym", "\(Int.random(in: 1...5, using: &random))", "--date", date, "--force"]
            }
            _ = scratch.run(command + ["--today", "2025-12-14"])
        }
        return renamed
    }

    /// Entries (not from tasks) by "date habit value", Reading counted as `renamed`.
    static func entries(_ text: String, renamed: String?) -> [String: Int] {
        let journal = Journal(parsing: text, path: "<p>")
        var counts: [String: Int] = [:]
        for entry in journal.entries where !entry.isFromTask {
            var name = journal.habits[Int(entry.habit)].name
            if let renamed, name == "Reading" { name = renamed }
            counts["\(entry.date) \(name) \(entry.value)", default: 0] += 1
        }
        return counts
    }

    static func errors(_ text: String) -> [Diagnostic] {
        let journal = Journal(parsing: text, path: "<p>")
        return (journal.diagnostics + Linter.lint(journal, configuration: LintConfiguration(today: .maximum))).filter { $0.severity == .error }
    }

    @Test func writingCommandsOnTwoDevicesMergeWithoutLoss() throws {
        var random = SplitMix64(state: 18)
        var clean = 0, conflicted = 0, renames = 0, skipped = 0
        for _ in 0..<60 {
            let base = Self.base(&random)
            let ours = Scratch(base), theirs = Scratch(base)
            let renamed = Self.device(ours, &random, mayRename: Bool.random(using: &random))
            _ = Self.device(theirs, &random, mayRename: false)
            let o = ours.text(), t = theirs.text()
            guard Self.errors(o).isEmpty, Self.errors(t).isEmpty else { skipped += 1; continue }
            if renamed != nil { renames += 1 }
            ours.write(base, to: "base.units")
            theirs.write(t, to: "theirs.units")
            let directory = ours.directory
            let run = ours.run(["merge", directory + "/base.units", ours.journal, theirs.directory + "/theirs.units", "habits.units"], file: false)
            let merged = ours.text()
            if run.code != .ok {
                #expect(run.code == .failure, "\(run.err)")
                #expect(merged.contains("<<<<<<< ") && merged.contains("\n=======\n") && merged.contains(">>>>>>> "), "\(merged)")
                #expect(run.err.contains("habits.units"), "the message names the journal: \(run.err)")
                conflicted += 1
                continue
            }
            clean += 1
            var expected = Self.entries(o, renamed: renamed)
            let baseEntries = Self.entries(base, renamed: renamed)
            for (key, n) in Self.entries(t, renamed: renamed) { expected[key, default: 0] += n - (baseEntries[key] ?? 0) }
            #expect(Self.entries(merged, renamed: nil) == expected.filter { $0.value > 0 }, "\(merged)")
            #expect(Self.errors(merged).isEmpty, "\(Self.errors(merged).map(\.message)) in \(merged)")
            #expect(!merged.contains("<<<<<<<"))
        }
        print("MergeCommandPropertyTests: \(clean) clean merges, \(conflicted) conflicts, \(renames) with a rename, \(skipped) skipped (a side with a lint error)")
        #expect(clean > 20, "clean merges: \(clean), conflicts: \(conflicted)")
        #expect(conflicted > 0 && renames > 0, "the cases cover conflicts and renames")
    }

    // MARK: twins, same-day changes, formatting and CRLF

    static let meaningBase = """
        units 1

        2025-12-01 habit Walk
          unit: km
        2025-12-01 habit Reading
          unit:  page
        2025-12-01 habit Read
          kind: check
          goal: 10 page
          min: 1 page
        2025-12-08 Walk 3
        2025-12-08 Reading   12 ; chapter one
        2025-12-09 Read 8

        """

    /// Each entry as the CSV export measures it: date, habit, value, unit,
    /// measured value, check state and note, counted.
    static func meanings(_ text: String) -> [String: Int] {
        let journal = Journal(parsing: text, path: "<p>")
        let export = ExportCSVOracle(journal)
        var counts: [String: Int] = [:]
        for entry in journal.entries {
            let fields = export.fields(entry)
            counts[[0, 1, 3, 4, 5, 6, 8].map { fields[$0] }.joined(separator: "|"), default: 0] += 1
        }
        return counts
    }

    /// Random two-device histories: twin entries logged on both devices,
    /// a unit change and goal or minimum changes on one device the same day
    /// as the other device logs, `units-fmt` on one device, CRLF on one
    /// device. A clean merge holds every entry with its multiplicity and
    /// with the meaning it had on the device that logged it (the export's
    /// measured value and state), and lints clean.
    @Test func twinsSameDayChangesFormattingAndCRLFKeepEveryEntryAndItsMeaning() throws {
        let seed: UInt64 = 37_2026
        print("MergeCommandPropertyTests meaning: seed \(seed)")
        var random = SplitMix64(state: seed)
        var clean = 0, conflicted = 0, skipped = 0, twins = 0, changes = 0, formatted = 0, crlf = 0
        for round in 0..<70 {
            let a = Scratch(Self.meaningBase), b = Scratch(Self.meaningBase)
            // The device that changes units and goals this round (one, so the two never disagree).
            let changer = Bool.random(using: &random) ? a : b
            var plans: [[[String]]] = [[], []]
            for (index, device) in [a, b].enumerated() {
                for _ in 0..<Int.random(in: 1...6, using: &random) {
                    let day = Bool.random(using: &random) ? "2025-12-14" : "2025-12-\(Int.random(in: 10...14, using: &random))"
                    switch Int.random(in: 0..<10, using: &random) {
                    case 0 where device === changer: plans[index].append(["unit", "Reading", "chapter", "--size", "20 page"])
                    case 1 where device === changer: plans[index].append(["#goal"])
                    case 2 where device === changer: plans[index].append(["#min"])
                    case 3, 4: plans[index].append(["log", "Read", "\(Int.random(in: 1...12, using: &random))", "--date", day, "--force"])
                    default:
                        plans[index].append(["log", Bool.random(using: &random) ? "Walk" : "Reading", "\(Int.random(in: 1...5, using: &random))", "--date", day, "--force"])
                    }
                }
            }
            // Twins: the same entry logged on both devices.
            for _ in 0..<Int.random(in: 0...2, using: &random) {
                let twin = ["log", ["Walk", "Reading", "Read"].randomElement(using: &random)!, "4", "--date", "2025-12-1\(Int.random(in: 3...4, using: &random))", "--force"]
                for index in 0..<2 { plans[index].insert(twin, at: Int.random(in: 0...plans[index].count, using: &random)) }
                twins += 1
            }
            for (index, device) in [a, b].enumerated() {
                var goalChanged = false, minChanged = false
                for command in plans[index] {
                    switch command[0] {
                    case "#goal" where !goalChanged:
                        device.write(device.text() + "2025-12-14 goal Read 5 page\n"); goalChanged = true; changes += 1
                    case "#min" where !minChanged:
                        device.write(device.text() + "2025-12-14 min Read 3 page\n"); minChanged = true; changes += 1
                    case "#goal", "#min": break
                    default:
                        if command[0] == "unit" { changes += 1 }
                        _ = device.run(command + ["--today", "2025-12-14"])
                    }
                }
            }
            // units-fmt on one device, CRLF on one device (maybe the same).
            if Int.random(in: 0..<3, using: &random) == 0 {
                let device = Bool.random(using: &random) ? a : b
                if let canonical = Formatter.formatted(device.text()) { device.write(canonical); formatted += 1 }
            }
            if Int.random(in: 0..<3, using: &random) == 0 {
                let device = Bool.random(using: &random) ? a : b
                device.write(device.text().replacingOccurrences(of: "\n", with: "\r\n")); crlf += 1
            }
            let ours = a.text(), theirs = b.text()
            guard Self.errors(ours).isEmpty, Self.errors(theirs).isEmpty else { skipped += 1; continue }
            a.write(Self.meaningBase, to: "base.units")
            b.write(theirs, to: "theirs.units")
            let run = a.run(["merge", a.directory + "/base.units", a.journal, b.directory + "/theirs.units", "habits.units"], file: false)
            let merged = a.text()
            if run.code != .ok {
                #expect(run.code == .failure, "seed \(seed) round \(round): \(run.err)")
                #expect(merged.contains("<<<<<<< "), "seed \(seed) round \(round): \(merged)")
                conflicted += 1
                continue
            }
            clean += 1
            var expected = Self.meanings(ours)
            for (key, n) in Self.meanings(theirs) { expected[key, default: 0] += n }
            for (key, n) in Self.meanings(Self.meaningBase) { expected[key, default: 0] -= n }
            let got = Self.meanings(merged)
            #expect(got == expected.filter { $0.value != 0 }, "seed \(seed) round \(round):\nours:\n\(ours)\ntheirs:\n\(theirs)\nmerged:\n\(merged)")
            #expect(Self.errors(merged).isEmpty, "seed \(seed) round \(round): \(Self.errors(merged).map(\.message)) in \(merged)")
        }
        print("MergeCommandPropertyTests meaning: \(clean) clean merges, \(conflicted) conflicts, \(skipped) skipped; \(twins) twins, \(changes) unit/goal/min changes, \(formatted) formatted, \(crlf) CRLF")
        #expect(clean > 50, "clean merges: \(clean), conflicts: \(conflicted), skipped: \(skipped)")
        #expect(twins > 20 && changes > 20 && formatted > 10 && crlf > 10, "the cases cover twins, changes, formatting and CRLF")
    }
}
