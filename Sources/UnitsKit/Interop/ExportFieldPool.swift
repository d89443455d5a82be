/// The fields of `units export --csv` that depend only on a habit, one of
/// its unit versions or a file, escaped once into one pool of bytes (at a
/// million rows, escaping a habit's name per row was a large part of the
/// writer). `JournalExport.writeCSV` copies them.
struct ExportFieldPool {
    /// Every piece below, back to back.
    private(set) var pool: [UInt8] = []
    /// Per habit: `,habit,group` (with the comma before the habit field).
    private(set) var habitFields: [Range<Int>] = []
    /// Per unit version (habit by habit, `firstUnit[h]` on): the unit name field.
    private(set) var unitFields: [Range<Int>] = []
    /// Per unit version: the measure's name as it is (for `AMOUNT MEASURE`).
    private(set) var measureNames: [Range<Int>] = []
    /// Per unit version: whether that name needs no quotes.
    private(set) var measurePlain: [Bool] = []
    /// Per unit version: its size.
    private(set) var sizes: [Amount] = []
    /// Per habit: where its unit versions start, and how many (32 bits:
    /// each version is a line of a file under 2 GiB).
    private(set) var firstUnit: [Int32] = []
    private(set) var versionCounts: [Int32] = []
    /// Per file: its path field.
    private(set) var pathFields: [Range<Int>] = []
    /// Per file: `,,,PATH,`: the empty tags and note fields, the path, and
    /// the comma before the line number (the tail of most rows).
    private(set) var plainTails: [Range<Int>] = []

    init(_ journal: Journal, guardFormulas: Bool) {
        var piece = CSVWriter(guardFormulas: guardFormulas)
        func escaped(_ write: (inout CSVWriter) -> Void) -> Range<Int> {
            piece.removeAll()
            write(&piece)
            let start = pool.count
            pool.append(contentsOf: piece.bytes)
            return start..<pool.count
        }
        // Only the habits some entry names (a journal may declare many
        // habits and log few). The others keep an empty
        // place, never read: rows are written for entries only.
        var logged = [Bool](repeating: false, count: journal.habits.count)
        for entry in journal.entries { logged[Int(entry.habit)] = true }
        // Every table sized once (grown by doubling, a million habits'
        // tables would hold the old and the new copy at once).
        var versions = 0
        for h in journal.habits.indices where logged[h] { versions += journal.habits[h].units.count }
        habitFields.reserveCapacity(journal.habits.count)
        firstUnit.reserveCapacity(journal.habits.count)
        versionCounts.reserveCapacity(journal.habits.count)
        unitFields.reserveCapacity(versions)
        measureNames.reserveCapacity(versions)
        measurePlain.reserveCapacity(versions)
        sizes.reserveCapacity(versions)
        for h in journal.habits.indices {
            guard logged[h] else {
                habitFields.append(pool.count..<pool.count)
                firstUnit.append(Int32(truncatingIfNeeded: unitFields.count))
                versionCounts.append(0)
                continue
            }
            let habit = journal.habits[h]
            // (The date field comes first: a comma, then the two fields.)
            let start = pool.count
            pool.append(UInt8(ascii: ","))
            let fields = escaped { piece in
                piece.field(habit.name.utf8)
                piece.field(habit.group.map { journal.habits[$0].name.utf8 } ?? "".utf8)
            }
            habitFields.append(start..<fields.upperBound)
            firstUnit.append(Int32(truncatingIfNeeded: unitFields.count))
            versionCounts.append(Int32(truncatingIfNeeded: habit.units.count))
            for unit in habit.units {
                unitFields.append(escaped { $0.field(unit.name.utf8) })
                let measure = Array((unit.measure ?? unit.name).utf8)
                measureNames.append(pool.count..<(pool.count + measure.count))
                pool.append(contentsOf: measure)
                measurePlain.append(!CSV.needsQuotes(measure))
                sizes.append(unit.size)
            }
        }
        for tree in journal.files {
            pathFields.append(escaped { $0.field(tree.file.path.utf8) })
            let start = pool.count
            pool.append(contentsOf: ",,,".utf8)
            pool.append(contentsOf: pool[pathFields[pathFields.count - 1]])
            pool.append(UInt8(ascii: ","))
            plainTails.append(start..<pool.count)
        }
    }
}
