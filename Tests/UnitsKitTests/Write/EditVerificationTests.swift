import Testing
@testable import UnitsKit
import UnitsTestSupport

/// `JournalWrite.verify` first tries to show that a write of
/// entry lines adds no lint finding without building the journal again
/// (`EditVerification`). Differential test: on thousands of generated
/// journals and writes (valid ones, and ones that must be refused: unknown
/// habits, states on count habits, duplicate check-ins, paused and archived
/// days, negative totals, future dates, dates out of order, lines inside a
/// declaration's attributes, `units-lint:` comments), the new verify and
/// the old one (`fullVerify`, build and lint everything) give the same
/// decision and the same message.
@Suite struct EditVerificationTests {
    static let habits = ["Read", "Walk", "Med", "Gym", "Club", "Nope"]

    /// A small random journal: declarations with and without attributes,
    /// entries mostly in date order, pauses, archives, changes, tasks.
    static func journal(_ rng: inout SplitMix64) -> String {
        var text = "units 1\n"
        if rng.next() % 4 == 0 { text += "option day-start 04:00\n" }
        if rng.next() % 6 == 0 { text += "option lint-disable duplicate-check-in future-date\n" }
        text += "\n2025-01-01 group Club\n"
        text += "2025-01-01 habit Read\n  unit: page\n"
        if rng.next() % 2 == 0 { text += "  floor: 5/week\n" }
        if rng.next() % 3 == 0 { text += "  ; a comment among the attributes\n  size: 2 minutes\n" }
        text += "2025-01-01 habit Med\n  kind: check\n"
        if rng.next() % 3 == 0 { text += "  goal: 3\n" }
        text += "2025-01-02 habit Walk\n  group: Club\n"
        text += "2025-01-03 habit Gym\n  kind: check\n\n"
        var day = 3
        for _ in 0..<Int(rng.next() % 40) {
            let r = rng.next() % 100
            if r < 50 { day += 1 } else if r < 53 { day -= 2 }
            day = max(3, min(day, 28))
            let date = "2025-01-" + (day < 10 ? "0\(day)" : "\(day)")
            switch rng.next() % 30 {
            case 0: text += "\(date) pause Walk 2025-01-\(min(28, day + 3))\n"
            case 1: text += "\(date) archive Gym\n"
            case 2: text += "\(date) unit Read chapter\n"
            case 3: text += "\(date) task \"Fix it \(rng.next() % 3)\" 2 Read\n"
            case 4: text += "\(date) done \"Fix it \(rng.next() % 3)\"\n"
            case 5: text += "; a comment\n"
            case 6: text += "\n"
            case 7: text += "\(date) goal Med 2\n"
            case 8 where rng.next() % 4 == 0: text += "; units-lint: disable-next-line date-order\n"
            default: text += "\(date) \(rng.next() % 10 == 0 ? entry(&rng) : validEntry(&rng))\n"
            }
        }
        return text
    }

    /// An entry most journals hold: a count habit's number, a check habit's state.
    static func validEntry(_ rng: inout SplitMix64) -> String {
        let numbers = ["1", "2", "12", "0.5", "3 pages", "2 #tag", "4 ; a note"], states = ["yes", "no", "kinda", "skip"]
        switch rng.next() % 4 {
        case 0: return "Read \(numbers[Int(rng.next() % UInt64(numbers.count))])"
        case 1: return "Walk \(numbers[Int(rng.next() % 3)])"
        case 2: return "Med \(states[Int(rng.next() % 4)])"
        default: return "Gym \(states[Int(rng.next() % 4)])"
        }
    }

    /// Any entry: valid or not for its habit, or of a habit not declared.
    static func entry(_ rng: inout SplitMix64) -> String {
        if rng.next() % 2 == 0 { return validEntry(&rng) }
        let name = habits[Int(rng.next() % UInt64(habits.count))]
        let values = ["1", "2", "12", "-3", "1500", "0.5", "yes", "no", "kinda", "skip", "3 pages", "2 #tag", "4 ; a note"]
        return "\(name) \(values[Int(rng.next() % UInt64(values.count))])"
    }

    /// A write: entry lines placed as `units log` places them (date order,
    /// the block re-printed), or put in at any line as they are.
    static func write(_ rng: inout SplitMix64, into tree: SyntaxTree) -> [UInt8]? {
        let count = 1 + Int(rng.next() % 3 == 0 ? rng.next() % 3 : 0)
        let day = 2 + Int(rng.next() % 30)
        let date = "2025-01-" + (day < 10 ? "0\(day)" : "\(day)")
        let lines = (0..<count).map { _ in "\(date) \(entry(&rng))" }
        if rng.next() % 4 == 0 {
            // As they are, at any line.
            let at = Int(rng.next() % UInt64(tree.lines.count + 1))
            let offset = at < tree.lines.count ? Int(tree.lines[at].start) : tree.file.bytes.count
            return Array(tree.file.bytes[..<offset]) + Array(lines.map { $0 + "\n" }.joined().utf8) + Array(tree.file.bytes[offset...])
        }
        let change = JournalChange(lines: lines, summary: "test", placement: rng.next() % 5 == 0 ? .end : .dateOrder)
        guard case .success(let bytes) = WriteLayout.build(WriteLayout.edit(for: change, in: tree), in: tree) else { return nil }
        return bytes
    }

    @Test func sameDecisionAsTheFullCheck() throws {
        var rng = SplitMix64(state: 12)
        var compared = 0, quick = 0, refused = 0
        for _ in 0..<3000 {
            let text = Self.journal(&rng)
            let before = Journal(file: SourceFile(path: "j.units", bytes: Array(text.utf8)), loader: .memory([:]))
            guard !before.hasErrors else { continue }
            guard let after = Self.write(&rng, into: before.files[0]), after != before.files[0].file.bytes else { continue }
            let settings = WriteSettings(today: rng.next() % 2 == 0 ? CivilDate(year: 2025, month: 1, day: 20) : nil,
                                        force: rng.next() % 8 == 0, offersForce: true, checkWarnings: rng.next() % 4 != 0)
            let full = JournalWrite.fullVerify(after, before: before, path: "j.units", settings: settings)
            let new = JournalWrite.verify(after, before: before, path: "j.units", settings: settings)
            #expect(full?.explanation == new?.explanation, "\(text)\n---\n\(String(decoding: after, as: UTF8.self))")
            if EditVerification.addsNothing(after, before: before, path: "j.units", today: settings.today) {
                quick += 1
                #expect(full == nil, "the quick check accepted a write the full check refuses:\n\(String(decoding: after, as: UTF8.self))")
            }
            if full != nil { refused += 1 }
            compared += 1
        }
        // The comparison covered both kinds of writes, and the quick path ran.
        #expect(compared > 800)
        #expect(refused > 150)
        #expect(quick > 250)
    }

    /// The backfill takes the quick path; so does `units log`
    /// at the end of a block it re-aligns.
    @Test(arguments: [
        ("2025-01-03 Read 2\n2025-01-05 Read 4\n", "2025-01-04 Read 3"),
        ("2025-01-05 Read 4\n2025-01-05 Walk 2\n", "2025-01-05 Read 12"),
        ("2025-01-05 Read 4\n", "2025-01-06 Walk 1"),
    ])
    func quickPath(entries: String, line: String) throws {
        let text = "units 1\n\n2025-01-01 habit Read\n  unit: page\n2025-01-01 habit Walk\n\n" + entries
        let before = Journal(file: SourceFile(path: "j.units", bytes: Array(text.utf8)), loader: .memory([:]))
        let tree = before.files[0]
        let change = JournalChange(lines: [line], summary: "test")
        guard case .success(let after) = WriteLayout.build(WriteLayout.edit(for: change, in: tree), in: tree) else { Issue.record("no layout"); return }
        #expect(EditVerification.addsNothing(after, before: before, path: "j.units", today: nil))
        #expect(JournalWrite.fullVerify(after, before: before, path: "j.units", settings: WriteSettings()) == nil)
    }

    /// The backfill into the middle of 100k lines: the quick path
    /// clears it (no second build of the journal), and the full check agrees.
    @Test func backfillIntoAHundredThousandLinesTakesTheQuickPath() throws {
        let (text, middle) = BackfillSpeedTests.journal(lines: 100_000)
        let before = Journal(file: SourceFile(path: "j.units", bytes: Array(text.utf8)), loader: .memory([:]))
        let tree = before.files[0]
        let change = JournalChange(lines: ["\(middle) Reading 7"], summary: "backfill")
        guard case .success(let after) = WriteLayout.build(WriteLayout.edit(for: change, in: tree), in: tree) else { Issue.record("no layout"); return }
        let today = CivilDate(year: 2100, month: 1, day: 1)
        #expect(EditVerification.addsNothing(after, before: before, path: "j.units", today: today))
        #expect(JournalWrite.fullVerify(after, before: before, path: "j.units", settings: WriteSettings(today: today)) == nil)
    }

    @Test(arguments: [("", false), ("units-lint", true), ("; units-lin", false), ("uuunits-lint: x", true), ("a\n; units-lint: disable date-order\n", true), ("units-linT", false)])
    func findsLintComments(text: String, found: Bool) {
        #expect(SystemBytes.contains(Array(text.utf8), Array("units-lint".utf8)) == found)
    }

    /// Writes the quick check must leave to the full one (each is refused).
    @Test(arguments: [
        "2025-01-04 Nope 3",       // undeclared
        "2025-01-04 Med 3",        // a number on a check habit
        "2025-01-04 Read yes",     // a state on a count habit
        "2025-01-05 Med yes",      // a second check-in that day
        "2025-01-05 Read -9",      // below zero
        "2025-01-01 Walk 2",       // before its declaration... and out of order
    ])
    func refusedWrites(line: String) throws {
        let text = "units 1\n\n2025-01-01 habit Read\n  unit: page\n2025-01-01 habit Med\n  kind: check\n2025-01-02 habit Walk\n\n2025-01-05 Read 4\n2025-01-05 Med  no\n"
        let before = Journal(file: SourceFile(path: "j.units", bytes: Array(text.utf8)), loader: .memory([:]))
        let tree = before.files[0]
        let change = JournalChange(lines: [line], summary: "test")
        guard case .success(let after) = WriteLayout.build(WriteLayout.edit(for: change, in: tree), in: tree) else { return }
        #expect(!EditVerification.addsNothing(after, before: before, path: "j.units", today: nil))
        let full = JournalWrite.fullVerify(after, before: before, path: "j.units", settings: WriteSettings())
        #expect(full != nil)
        #expect(JournalWrite.verify(after, before: before, path: "j.units", settings: WriteSettings())?.explanation == full?.explanation)
    }
}
