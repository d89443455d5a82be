/// `units export --csv`: one row per entry in file order, the columns of
/// `csvColumns` (Grammar/export.md); `ExportCSVOracle` spells each column field by field.
extension JournalExport {
    /// The whole CSV file as text.
    public func csv(guardFormulas: Bool = true) -> String { String(decoding: csvBytes(guardFormulas: guardFormulas), as: UTF8.self) }

    /// The whole CSV file as bytes: header and one row per entry, in file order.
    public func csvBytes(guardFormulas: Bool = true) -> [UInt8] {
        var out: [UInt8] = []
        writeCSV(to: ReportOutput(bytes: { out += $0 }), guardFormulas: guardFormulas)
        return out
    }

    /// The CSV file written to `output` a piece at a time, then `output` finished.
    public func writeCSV(to output: ReportOutput, guardFormulas: Bool = true) {
        var csv = CSVWriter(output: output, guardFormulas: guardFormulas)
        csv.row(Self.csvColumns)
        let habits = journal.habits, kinds = habits.map(\.kind)
        // What depends on a habit or a file alone is spelled once into `pool`
        // when first met: habit and group, unit names and measures, paths, states, goals.
        var pool: [UInt8] = []
        func escaped(_ fields: String...) -> Range<Int> {
            var piece = CSVWriter(guardFormulas: guardFormulas)
            for field in fields { piece.field(field) }
            let start = pool.count
            pool += piece.finish().utf8
            return start..<pool.count
        }
        var met = [Bool](repeating: false, count: habits.count), habitFields = [Range<Int>](repeating: 0..<0, count: habits.count)
        var firstUnit = [Int](repeating: 0, count: habits.count), unitCount = firstUnit, firstGoal = firstUnit, goalCount = firstUnit
        var unitNames: [Range<Int>] = [], sizes: [Amount] = [], measureNames: [Range<Int>] = []
        var goals: [(goal: Amount?, minimum: Amount?)] = []
        // A unit's measure as it follows a number (` minutes`), when no
        // quotes are needed around `AMOUNT MEASURE` (empty when they are).
        var plainMeasureTails: [Range<Int>] = []
        let paths = journal.files.map { escaped($0.file.path) }
        let states = CheckState.allCases.map { escaped($0.rawValue) }
        var day: CivilDate?, date: [UInt8] = [], measure: [UInt8] = []
        for (entry, tags, note) in journal.entriesWithText {
            let h = Int(entry.habit)
            if entry.date != day { day = entry.date; date = Array(entry.date.description.utf8) }
            csv.raw(date)
            if !met[h] {
                met[h] = true
                habitFields[h] = escaped(habits[h].name, habits[h].group.map { habits[$0].name } ?? "")
                let versions = habits[h].units.isEmpty ? [habits[h].currentUnit] : habits[h].units
                firstUnit[h] = unitNames.count
                unitCount[h] = versions.count
                for unit in versions {
                    unitNames.append(escaped(unit.name))
                    sizes.append(unit.size)
                    let tail = pool.count
                    pool.append(ASCII.space)
                    pool += (unit.measure ?? unit.name).utf8
                    measureNames.append(tail + 1..<pool.count)
                    plainMeasureTails.append(CSV.needsQuotes(pool[tail...]) ? 0..<0 : tail..<pool.count)
                }
                firstGoal[h] = goals.count
                goalCount[h] = habits[h].goalChanges.count + 1
                for version in 0..<goalCount[h] { goals.append(habits[h].goals(version: Int32(version))) }
            }
            csv.raw(pool, habitFields[h])
            csv.separate()
            let valueStart = csv.count
            if case .units(let amount) = entry.value { csv.amount(amount) }
            let value = valueStart..<csv.count
            if case .units(let amount) = entry.value, kinds[h] == .count {
                // (A version that is not the habit's is the current unit, the last.)
                let v = Int(entry.unitVersion)
                let u = firstUnit[h] + (v >= 0 && v < unitCount[h] ? v : unitCount[h] - 1)
                csv.raw(pool, unitNames[u])
                // A measure that is not negative starts with a digit: it
                // needs no guard, and no quotes when its name needs none.
                let tail = plainMeasureTails[u]
                if !tail.isEmpty, sizes[u] == .one, !amount.isNegative {
                    // (The value again, as it was just spelled.)
                    csv.separate()
                    csv.repeatBytes(value)
                    csv.append(pool, tail)
                } else if !tail.isEmpty, let product = WideAmount(amount, times: sizes[u]).narrow, !product.isNegative {
                    csv.separate()
                    csv.amount(product)
                    csv.append(pool, tail)
                } else {
                    measure.removeAll(keepingCapacity: true)
                    WideAmount(amount, times: sizes[u]).appendCanonical(to: &measure)
                    measure.append(ASCII.space)
                    measure += pool[measureNames[u]]
                    csv.field(measure)
                }
            } else {
                csv.separate()
                csv.separate()
            }
            if kinds[h] == .check {
                let state: CheckState
                switch entry.value {
                case .state(let written): state = written
                case .units(let amount):
                    let g = goals[firstGoal[h] + min(max(0, Int(entry.goalVersion)), goalCount[h] - 1)]
                    state = CheckState(amount, goal: g.goal, minimum: g.minimum)
                }
                csv.raw(pool, states[state == .yes ? 0 : state == .kinda ? 1 : state == .no ? 2 : 3])
            } else {
                csv.separate()
            }
            if tags.isEmpty && note == nil {
                csv.separate()
                csv.separate()
            } else {
                var text = ""
                for tag in tags { text += text.isEmpty ? "#" : " #"; text += tag }
                csv.field(text)
                csv.field(note ?? "")
            }
            csv.raw(pool, paths[Int(entry.source.file)])
            csv.decimalField(Int(entry.source.line) + 1)
            csv.endRow()
        }
        csv.close()
    }
}
