import Testing
@testable import UnitsKit

/// `DayGrid`'s first pass reads the entries as the store keeps them
/// (`EntryList.forEachStored`), summing common values in thousandths.
/// It must give exactly what counting each `Entry` gives: lifetimes (per
/// unit version too), latest entries, counted and future entries, and the
/// cells, with tasks (spilled records), long values, versions, check
/// habits, periods and filters.
@Suite struct DayGridTallyTests {
    static let journal = """
        units 1
        2025-01-01 group G
        2025-01-01 habit Read
          group: G
        2025-01-01 habit Run
          kind: check
          goal: 5
        2025-01-01 habit Walk
        2025-01-02 Read 1.5
        2025-01-02 Read 0.0005
        2025-01-02 Walk 123456789012.5
        2025-01-03 task "Fix" 3 Read
        2025-01-03 unit Read chapter ch = 20 pages
        2025-01-03 Read 2
        2025-01-04 done "Fix"
        2025-01-04 Run yes
        2025-01-04 Run 6
        2025-01-04 Run 2
        2025-01-03 Read -1.25 #late
        2025-01-05 task "Gen" 2
        2025-01-05 done "Gen"
        2025-01-05 General 4
        2025-01-05 Walk 2147483.648
        2025-02-01 Read 7
        2025-02-01 Walk 1 ; note
        2025-01-04 Read 3
        2025-01-04 done "Fix"

        """

    /// Pass 1 as it was: one `Entry` at a time, in file order.
    static func reference(_ journal: Journal, days: DayRange, period: Period, filter: QueryFilter)
        -> (lifetime: [Amount], last: [Int], counted: Int, future: Int) {
        var lifetime = Array(repeating: Amount.zero, count: journal.habits.count)
        var last = Array(repeating: -1, count: journal.habits.count)
        var counted = 0, future = 0
        let selected = filter.habitMask(journal)
        for (index, entry) in journal.entries.enumerated() {
            if entry.date > days.last { future += 1; continue }
            let h = Int(entry.habit)
            if let from = period.from, entry.date < from { continue }
            if let to = period.to, entry.date >= to { continue }
            guard selected[h], !filter.hasEntryTerms || filter.matches(entry: entry, in: journal) else { continue }
            counted += 1
            if last[h] < 0 || journal.entries[last[h]].date <= entry.date { last[h] = index }
            if journal.habits[h].kind != .check, case .units(let a) = entry.value { lifetime[h] += a }
        }
        for group in journal.habits where group.isGroup {
            for member in group.members where journal.habits[member].kind != .check { lifetime[group.id] += lifetime[member] }
        }
        return (lifetime, last, counted, future)
    }

    static func journals() throws -> [(String, Journal)] {
        var out = [("hand", Journal.load(path: "t.units", loader: .memory(["t.units": journal])))]
        for (name, bytes) in try BlockParseTests.inputs() {
            out.append((name, Journal.load(path: name, loader: .memory([name: String(decoding: bytes, as: UTF8.self)]))))
        }
        return out
    }

    @Test func sameFiguresAsEntryByEntry() throws {
        let parser = PeriodParser(today: CivilDate(iso: "2025-12-14")!, weekStart: .monday)
        var spilled = 0
        for (name, journal) in try Self.journals() {
            spilled += journal.entries.records.filter { $0.kind == EntryRecord.spilledKind }.count
            let dates = journal.entries.map(\.date)
            #expect(journal.dateRange == dates.min().map { DayRange(first: $0, last: dates.max()!) }, "\(name)")
            let first = journal.dateRange?.first ?? CivilDate(iso: "2025-01-01")!
            let lastDay = journal.dateRange?.last ?? first
            for (days, period, terms) in [
                (DayRange(first: first, last: lastDay), Period.all, [String]()),
                (DayRange(first: first.adding(days: 2), last: lastDay.adding(days: -3)), Period.all, []),
                (DayRange(first: lastDay, last: lastDay), Period(from: first.adding(days: 1), to: lastDay), []),
                (DayRange(first: first, last: lastDay), Period.all, ["Read"]),
                (DayRange(first: first, last: lastDay), Period.all, ["tag:late"]),
            ] {
                let filter = try QueryFilter(parsing: terms, periods: parser)
                let grid = DayGrid(journal: journal, days: days, period: period, filter: filter)
                let want = Self.reference(journal, days: days, period: period, filter: filter)
                #expect(grid.lifetime == want.lifetime, "\(name) \(days) \(terms)")
                #expect(grid.lastEntry.map(Int.init) == want.last, "\(name) \(days) \(terms)")
                #expect(grid.countedEntries == want.counted, "\(name) \(days) \(terms)")
                #expect(grid.futureEntries == want.future, "\(name) \(days) \(terms)")
                // Per unit version and per cell, from one walk over the entries.
                let selected = filter.habitMask(journal)
                var byVersion: [Int: [Amount]] = [:]
                var cells: [Int: [CivilDate: (units: Amount, state: CheckState?)]] = [:]
                for entry in journal.entries where entry.date <= days.last {
                    let h = Int(entry.habit), habit = journal.habits[h]
                    if let from = period.from, entry.date < from { continue }
                    if let to = period.to, entry.date >= to { continue }
                    guard selected[h], !filter.hasEntryTerms || filter.matches(entry: entry, in: journal) else { continue }
                    if habit.kind != .check, case .units(let a) = entry.value, Int(entry.unitVersion) < habit.units.count {
                        byVersion[h, default: Array(repeating: .zero, count: habit.units.count)][Int(entry.unitVersion)] += a
                    }
                    guard entry.date >= days.first else { continue }
                    var cell = cells[h, default: [:]][entry.date] ?? (.zero, nil)
                    if habit.kind == .check { cell.state = journal.checkState(of: entry) } else if case .units(let a) = entry.value { cell.units += a }
                    cells[h, default: [:]][entry.date] = cell
                }
                for habit in journal.habits where !habit.isGroup {
                    for k in habit.units.indices {
                        #expect(grid.lifetime(habit.id, version: k) == (byVersion[habit.id]?[k] ?? .zero), "\(name) \(habit.name) v\(k)")
                    }
                    var day = days.first
                    while day <= days.last {
                        let cell = cells[habit.id]?[day]
                        #expect(grid.units(habit.id, on: day) == (cell?.units ?? .zero), "\(name) \(habit.name) \(day)")
                        if habit.kind == .check { #expect(grid.state(habit.id, on: day) == cell?.state, "\(name) \(habit.name) \(day)") }
                        day = day.adding(days: 1)
                    }
                }
            }
        }
        #expect(spilled >= 3)   // tasks and long values took the other path
    }
}
