/// `units export --csv`: one row per entry in file order, the columns of
/// `csvColumns` (Grammar/export.md): date, habit, its group, the value, a
/// count's unit in force and the value in its measure (`AMOUNT MEASURE`),
/// a check-in's state, the tags (`#a #b`; a task's units carry the task's
/// tags), the note (the trailing comment without `;`), the file and line.
/// Tests/ keeps a field-by-field oracle of each column.
extension JournalExport {
    /// The whole CSV file as text.
    public func csv(guardFormulas: Bool = true) -> String { String(decoding: csvBytes(guardFormulas: guardFormulas), as: UTF8.self) }

    /// The whole CSV file as bytes: header and one row per entry, in file order.
    public func csvBytes(guardFormulas: Bool = true) -> [UInt8] {
        var out: [UInt8] = []
        writeCSV(to: ReportOutput(bytes: { out += $0 }), guardFormulas: guardFormulas)
        return out
    }

    /// The same CSV file written to `output` a piece at a time (a million
    /// rows are never all in memory at once), then `output` finished.
    public func writeCSV(to output: ReportOutput, guardFormulas: Bool = true) {
        var csv = CSVWriter(output: output, guardFormulas: guardFormulas)
        csv.row(Self.csvColumns)
        let habits = journal.habits, kinds = habits.map(\.kind)
        func escaped(_ fields: String...) -> [UInt8] {
            var piece = CSVWriter(guardFormulas: guardFormulas)
            for field in fields { piece.field(field) }
            return Array(piece.finish().utf8)
        }
        // What depends on a habit or a file alone is spelled once: the
        // habit and group fields and each unit version's name, size and
        // measure when the habit is first met (its versions from
        // `firstUnit[h]` on); each path.
        var habitFields = [[UInt8]](repeating: [], count: habits.count)
        var firstUnit = [Int](repeating: 0, count: habits.count), unitCount = [Int](repeating: 0, count: habits.count)
        var unitNames: [[UInt8]] = [], sizes: [Amount] = [], measureNames: [[UInt8]] = []
        // A unit's measure as it follows a number (` minutes`), when no
        // quotes are needed around `AMOUNT MEASURE` (empty when they are).
        var plainMeasureTails: [[UInt8]] = []
        let paths = journal.files.map { escaped($0.file.path) }
        var day: CivilDate?, date: [UInt8] = [], measure: [UInt8] = []
        for (entry, tags, note) in journal.entriesWithText {
            let h = Int(entry.habit)
            if entry.date != day { day = entry.date; date = Array(entry.date.description.utf8) }
            csv.raw(date)
            if habitFields[h].isEmpty {
                habitFields[h] = escaped(habits[h].name, habits[h].group.map { habits[$0].name } ?? "")
                let versions = habits[h].units.isEmpty ? [habits[h].currentUnit] : habits[h].units
                firstUnit[h] = unitNames.count
                unitCount[h] = versions.count
                for unit in versions {
                    unitNames.append(escaped(unit.name))
                    sizes.append(unit.size)
                    measureNames.append(Array((unit.measure ?? unit.name).utf8))
                    let tail = [ASCII.space] + measureNames[measureNames.count - 1]
                    plainMeasureTails.append(CSV.needsQuotes(tail) ? [] : tail)
                }
            }
            csv.raw(habitFields[h])
            csv.separate()
            if case .units(let amount) = entry.value { csv.amount(amount) }
            if case .units(let amount) = entry.value, kinds[h] == .count {
                // (A version that is not the habit's is the current unit, the last.)
                let v = Int(entry.unitVersion)
                let u = firstUnit[h] + (v >= 0 && v < unitCount[h] ? v : unitCount[h] - 1)
                csv.raw(unitNames[u])
                // A measure that is not negative starts with a digit: it
                // needs no guard, and no quotes when its name needs none.
                let tail = plainMeasureTails[u]
                if !tail.isEmpty, let product = sizes[u] == .one ? amount : WideAmount(amount, times: sizes[u]).narrow,
                   !product.isNegative {
                    csv.separate()
                    csv.amount(product)
                    csv.append(tail)
                } else {
                    measure.removeAll(keepingCapacity: true)
                    WideAmount(amount, times: sizes[u]).appendCanonical(to: &measure)
                    measure.append(ASCII.space)
                    measure += measureNames[u]
                    csv.field(measure)
                }
            } else {
                csv.emptyField()
                csv.emptyField()
            }
            if kinds[h] == .check { csv.raw(journal.checkState(of: entry).rawValue.utf8) } else { csv.emptyField() }
            if tags.isEmpty && note == nil {
                csv.emptyField()
                csv.emptyField()
            } else {
                csv.field(tags.map { "#" + $0 }.joined(separator: " "))
                csv.field(note ?? "")
            }
            csv.raw(paths[Int(entry.source.file)])
            csv.decimalField(Int(entry.source.line) + 1)
            csv.endRow()
        }
        csv.close()
    }
}
