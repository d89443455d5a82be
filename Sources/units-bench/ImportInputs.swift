import UnitsKit
import UnitsTestSupport

/// The import rows' inputs: 100,000 seeded lines of each source in the shape
/// its tracker writes (real samples: `Tests/UnitsKitTests/Interop/Inputs/`);
/// `units-bench --import-inputs DIR` only writes them.
enum ImportInputs {
    static let lines = 100_000
    static let habits = ["Meditate", "Read", "Run", "Water intake", "Gym", "Code review", "Call family", "Sleep tracking", "Stretch", "Journal"]

    /// One input: the `--from` format, the path under the directory, a label.
    struct Input {
        var format: String
        var path: String
        var label: String
        var bytes: [UInt8]
    }

    static func all(seed: UInt64) -> [Input] {
        [
            Input(format: "loop", path: "Checkmarks.csv", label: "Loop all habits (×10)", bytes: loopAllHabits(seed)),
            Input(format: "loop", path: "001 Read/Checkmarks.csv", label: "Loop one habit", bytes: loopOneHabit(seed)),
            Input(format: "harsh", path: "harsh.log", label: "harsh log", bytes: harsh(seed)),
            Input(format: "habitctl", path: "habitctl.log", label: "habitctl log", bytes: habitctl(seed)),
            Input(format: "timedot", path: "work.timedot", label: "timedot", bytes: timedot(seed)),
            Input(format: "todotxt", path: "todo.txt", label: "todo.txt", bytes: todo(seed)),
        ]
    }

    /// Writes every input under `directory`; 0 on success.
    static func write(directory: String) -> Int32 {
        for input in all(seed: 42) {
            let path = directory + "/" + input.path
            let folder = FileReader.directory(of: path)
            try? SystemFile.makeDirectory(directory); try? SystemFile.makeDirectory(folder)
            guard Benchmark.writeFile(input.bytes, to: path) else {
                FileHandleErr.write("units-bench: cannot write \(path)\n"); return 1
            }
            print(input.format.padded(toWidth: 10) + path)
        }
        return 0
    }

    private static func days(_ n: Int) -> [String] {
        var date = CivilDate(year: 1800, month: 1, day: 1)!
        return (0..<n).map { _ in defer { date = date.adding(days: 1) }; return date.description }
    }

    /// `HabitsCSVExporter.writeMultipleHabits`: newest day first, a comma after every value.
    static func loopAllHabits(_ seed: UInt64) -> [UInt8] {
        var rng = SplitMix64(state: seed)
        var out = Array(("Date," + habits.joined(separator: ",") + ",\n").utf8)
        let values = ["YES_MANUAL", "YES_AUTO", "NO", "UNKNOWN", "SKIP"]
        for day in days(lines - 1).reversed() {
            out += Array(day.utf8); out.append(0x2C)
            for _ in habits { out += Array(values[rng.below(values.count)].utf8); out.append(0x2C) }
            out.append(0x0A)
        }
        return out
    }

    /// `writeEntries`: `Date,Value,Notes`, newest first, opencsv quoting.
    static func loopOneHabit(_ seed: UInt64) -> [UInt8] {
        var rng = SplitMix64(state: seed)
        var out = Array("Date,Value,Notes\n".utf8)
        let values = ["YES_MANUAL", "YES_MANUAL", "YES_AUTO", "NO", "SKIP"]
        for (i, day) in days(lines - 1).reversed().enumerated() {
            let note = rng.oneIn(10) ? "\"note, \(i)\"" : ""
            out += Array("\(day),\(values[rng.below(values.count)]),\(note)\n".utf8)
        }
        return out
    }

    /// harsh's `WriteHabitLog`: `DATE : HABIT : RESULT : COMMENT : AMOUNT`.
    static func harsh(_ seed: UInt64) -> [UInt8] {
        var rng = SplitMix64(state: seed)
        var out: [UInt8] = []
        let days = days(lines / 10 + 1)
        for i in 0..<lines {
            let habit = habits[i % 10]
            let result = ["y", "y", "n", "s"][rng.below(4)]
            let amount = i % 10 == 3 && result == "y" ? "\(rng.below(20) + 1)" : "0"
            let comment = rng.oneIn(5) ? "note \(i)" : ""
            out += Array("\(days[i / 10]) : \(habit) : \(result) : \(comment) : \(amount)\n".utf8)
        }
        return out
    }

    /// habitctl's `entry`: `DATE\tHABIT\tVALUE`, an empty line between days.
    static func habitctl(_ seed: UInt64) -> [UInt8] {
        var rng = SplitMix64(state: seed)
        var out: [UInt8] = []
        let days = days(lines / 11 + 1)
        var written = 0, day = 0
        while written < lines {
            for habit in habits where written < lines {
                out += Array("\(days[day])\t\(habit)\t\(["y", "y", "n", "s", ""][rng.below(5)])\n".utf8); written += 1
            }
            if written < lines { out.append(0x0A); written += 1 }
            day += 1
        }
        return out
    }

    /// hledger's timedot: a date line, then `account  dots/numbers` lines.
    static func timedot(_ seed: UInt64) -> [UInt8] {
        var rng = SplitMix64(state: seed)
        var out: [UInt8] = []
        let accounts = ["fos:haskell", "biz:research", "inc:client1", "per:admin", "per:exercise"]
        let quantities = [".... ..", "1.5", "15m", "0.25h", ".", "2"]
        var written = 0, day = 0
        let days = days(lines / 6 + 1)
        while written < lines {
            out += Array("\(days[day])\n".utf8); written += 1
            for account in accounts where written < lines {
                out += Array("\(account)  \(quantities[rng.below(quantities.count)])\n".utf8); written += 1
            }
            day += 1
        }
        return out
    }

    /// todo.txt: priorities, creation and completion dates, projects, contexts, key:value.
    static func todo(_ seed: UInt64) -> [UInt8] {
        var rng = SplitMix64(state: seed)
        var out: [UInt8] = []
        let days = days(lines / 20 + 2)
        for i in 0..<lines {
            let created = days[i / 20], completed = days[i / 20 + 1]
            let words = "Task \(i) +Proj\(i % 7) @ctx\(i % 3)" + (rng.oneIn(4) ? " due:\(completed)" : "")
            let line = switch rng.below(4) {
            case 0: "x \(completed) \(created) \(words)"
            case 1: "(\(["A", "B", "C"][rng.below(3)])) \(created) \(words)"
            case 2: "\(created) \(words)"
            default: "(B) \(words)"
            }
            out += Array((line + "\n").utf8)
        }
        return out
    }
}

extension Benchmark {
    /// One row per source: `units import --from FORMAT` of its 100k-line
    /// input into a journal that does not exist yet.
    func importRows() -> [Row] {
        ImportInputs.all(seed: options.seed).map { input in
            var row = Row(work: "units import \(input.format)", entries: ImportInputs.lines, bytes: input.bytes.count,
                          outcome: .unavailable("n/a (not built)"), must: Must.importExport, note: "100k-line \(input.label)")
            let directory = "\(workDirectory)/import-inputs", path = directory + "/" + input.path
            try? SystemFile.makeDirectory(directory); try? SystemFile.makeDirectory(FileReader.directory(of: path))
            guard SystemFile.isExecutable("\(toolDirectory)/units"), Self.writeFile(input.bytes, to: path) else { return row }
            defer { try? SystemFile.removeFile(path) }
            row.outcome = timedImport(input.format, path)
            return row
        }
    }

    /// `units import --from FORMAT INPUT` into a journal that does not
    /// exist yet (removed, with the undo records, before every run).
    func timedImport(_ format: String, _ input: String) -> Outcome {
        let target = "\(workDirectory)/imported.units"
        func clear() {
            try? SystemFile.removeFile(target); try? SystemFile.removeFile(target + ".lock")
            _ = ChildProcess.run("/bin/rm", ["-rf", "\(workDirectory)/state"])
        }
        defer { clear() }
        return measure("\(toolDirectory)/units", ["import", "--from", format, "--file", target, "--today", "2025-12-14", input], answers: [0],
                       before: clear)
    }
}
