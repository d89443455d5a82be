import UnitsKit

/// The rows of the speed budget's table that set their own size.
extension Benchmark {
    /// `units import --from units` of a 100k-line `units export --csv` into
    /// a journal that does not exist yet (created afresh for every run).
    func importExport() -> Outcome {
        let units = "\(toolDirectory)/units"
        guard SystemFile.isExecutable(units) else { return .unavailable("n/a (not built)") }
        let (journalPath, _) = write(Self.generator(options, entries: 100_000, perDay: 50))
        let csv = "\(workDirectory)/export-100k.csv"
        defer { try? SystemFile.removeFile(journalPath); try? SystemFile.removeFile(csv) }
        guard ChildProcess.run(units, ["export", "--csv", "--file", journalPath], output: csv)?.status == 0 else {
            return .unavailable("n/a (export failed)")
        }
        return timedImport("units", csv)
    }

    /// A backfill: `units log Reading 7 --date D` into the middle of a
    /// 100k-line journal, written afresh before every run.
    func backfill() -> Outcome {
        let units = "\(toolDirectory)/units"
        guard SystemFile.isExecutable(units) else { return .unavailable("n/a (not built)") }
        var bytes = Array("units 1\n\n2000-01-01 habit Reading\n  unit:  page\n  floor: 5/week\n2000-01-01 habit Walk\n  unit: lap\n\n".utf8)
        var date = CivilDate(year: 2000, month: 1, day: 2)!
        let days = 100_000 / 3, middle = date.adding(days: days / 2)
        for _ in 0..<days {
            let day = Array(date.description.utf8)
            bytes += day; bytes += Array(" Reading 3\n".utf8)
            bytes += day; bytes += Array(" Walk    2\n\n".utf8)
            date = date.adding(days: 1)
        }
        let path = "\(workDirectory)/backfill-100k.units"
        defer { try? SystemFile.removeFile(path); try? SystemFile.removeFile(path + ".lock") }
        return measure(units, ["log", "Reading", "7", "--date", middle.description, "--file", path, "--today", date.description],
                       answers: [0]) { _ = Self.writeFile(bytes, to: path) }
    }

    /// A journal with 400,000 warnings and no errors: each of 100,000 days
    /// has two large entries, one out of date order and a double check-in.
    static func manyWarnings() -> (bytes: [UInt8], warnings: Int, entries: Int) {
        var out = Array("units 1\n\n1700-01-01 habit Reading\n  unit: page\n\n1700-01-01 habit Meditate\n  kind: check\n\n".utf8)
        var date = CivilDate(year: 1700, month: 1, day: 2)!
        for _ in 0..<100_000 {
            let today = Array(date.description.utf8), yesterday = Array(date.adding(days: -1).description.utf8)
            out += today; out += Array(" Reading 1500\n".utf8)
            out += today; out += Array(" Meditate yes\n".utf8)
            out += today; out += Array(" Meditate no\n".utf8)
            out += yesterday; out += Array(" Reading 2\n".utf8)
            out += today; out += Array(" Reading 1000\n".utf8)
            date = date.adding(days: 1)
        }
        return (out, 400_000, 500_000)
    }

    func lintManyWarnings() -> (Outcome, Int, Int) {
        let (bytes, _, entries) = Self.manyWarnings()
        let path = "\(workDirectory)/warnings-400k.units"
        guard Self.writeFile(bytes, to: path) else { return (.unavailable("n/a (cannot write)"), entries, 0) }
        defer { try? SystemFile.removeFile(path) }
        return (tool("units-lint", ["--today", "2100-01-01", path]), entries, bytes.count)
    }
}
