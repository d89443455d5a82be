import Testing
@testable import UnitsKit

/// `EntryList` packs entries into 24-byte records; every element must read
/// back exactly as appended, packed, wide or spilled.
struct EntryListTests {
    static func entry(day: Int32 = 20_000, habit: Int32 = 3, unitVersion: Int32 = 0, goalVersion: Int32 = .max,
                      value: EntryValue = .units(Amount(2)), file: Int32 = 0, line: Int32 = 7, task: Int32 = -1) -> Entry {
        var e = Entry(date: CivilDate(dayNumber: day), habit: habit, unitVersion: unitVersion, goalVersion: goalVersion,
                      value: value, source: LineReference(file: file, line: line))
        e.task = task
        return e
    }

    static let big = Amount(billionths: Int128(Int64.max) + 1)

    /// Table: each case, and whether it packs into a record or spills.
    /// Table: each case, and whether its place and kind pack into a record
    /// (a long value packs, with the value itself in `wide`).
    static let cases: [(Entry, packs: Bool)] = [
        (entry(), true),
        (entry(day: CivilDate.minimum.dayNumber, value: .units(Amount(billionths: 1_000_000))), true),
        (entry(day: CivilDate.maximum.dayNumber, value: .units(Amount(billionths: Int128(Int32.max) * 1_000_000))), true),
        (entry(value: .units(Amount(billionths: Int128(Int32.min) * 1_000_000))), true),
        (entry(value: .units(Amount(billionths: Int128(Int32.max) * 1_000_000 + 1_000_000))), true),
        (entry(value: .units(Amount(billionths: 1))), true),
        (entry(value: .units(Amount(billionths: -1_500_000))), true),
        (entry(value: .units(big)), true),
        (entry(value: .units(-big - big)), true),
        (entry(value: .state(.yes)), true), (entry(value: .state(.kinda)), true),
        (entry(value: .state(.no)), true), (entry(value: .state(.skip)), true),
        (entry(unitVersion: 15, goalVersion: 14), true),
        (entry(unitVersion: 16), false),
        (entry(goalVersion: 15), false),
        (entry(goalVersion: 0), true),
        (entry(file: 255, line: Int32.max), true),
        (entry(file: 256), false),
        (entry(task: 0), false),
        (entry(habit: (1 << 24) - 1, line: 0), true),
        (entry(habit: 1 << 24), false),
        (entry(day: CivilDate.minimum.dayNumber - 1), false),
    ]

    @Test func everyEntryReadsBackAsAppended() {
        var list = EntryList()
        for (entry, _) in Self.cases { list.append(entry) }
        #expect(list.count == Self.cases.count)
        #expect(Array(list) == Self.cases.map(\.0))
        for (index, (entry, packs)) in Self.cases.enumerated() {
            #expect(list[index] == entry, "case \(index)")
            #expect(list.date(at: index) == entry.date && list.habit(at: index) == entry.habit)
            #expect((EntryRecord(entry) != nil) == packs, "case \(index)")
        }
        #expect(list.spilled.count == Self.cases.filter { !$0.packs }.count)
        // Only values that are not whole thousandths within 32 bits go to `wide`.
        #expect(list.wide.count == 5)
        #expect(MemoryLayout<EntryRecord>.stride == 16)
    }

    @Test func equalListsOfEqualEntries() {
        let a = EntryList(Self.cases.map(\.0)), b = EntryList(Self.cases.map(\.0))
        #expect(a == b && a.hashValue == b.hashValue)
        #expect(a != EntryList(Self.cases.map(\.0).dropLast()))
    }
}
