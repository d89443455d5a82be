import UnitsKit

extension Benchmark {
    /// `units merge` as git runs it after two devices logged apart: BASE is
    /// the journal, OURS and THEIRS each add 300 lines of the next days
    /// (issue 18: a 1M-entry merge under 0.5 s CPU). OURS is written afresh
    /// before each run, since the merge rewrites it.
    func merge(_ journal: [UInt8], lastDate: CivilDate) -> Outcome {
        let path = "\(toolDirectory)/units"
        guard ChildProcess.isExecutable(path) else { return .unavailable("n/a (not built)") }
        func lines(_ habit: String, _ note: String) -> [UInt8] {
            var out: [UInt8] = []
            for i in 0..<300 {
                out += Array("\(lastDate.adding(days: 1 + i / 150)) \(habit) \(i + 1)\(note)\n".utf8)
            }
            return out
        }
        let base = "\(workDirectory)/merge-base.units", ours = "\(workDirectory)/merge-ours.units", theirs = "\(workDirectory)/merge-theirs.units"
        defer { unlink(base); unlink(ours); unlink(theirs) }
        let oursBytes = journal + lines("General", " ; laptop")
        guard Self.writeFile(journal, to: base), Self.writeFile(journal + lines("General", ""), to: theirs) else {
            return .unavailable("n/a (cannot write)")
        }
        var times: [Double] = [], cpu: [Double] = []
        var peak = 0
        for _ in 0..<options.runs {
            guard Self.writeFile(oursBytes, to: ours) else { return .unavailable("n/a (cannot write)") }
            guard let child = spawn(path, ["merge", base, ours, theirs, "habits.units"]) else { return .unavailable("n/a (cannot start)") }
            guard child.status == 0 else { return .unavailable("wrong: exit \(child.status)") }
            times.append(child.seconds)
            cpu.append(child.cpuSeconds)
            peak = max(peak, child.peakBytes)
        }
        return .measured(median: median(times), peakBytes: peak, runs: options.runs, cpu: median(cpu))
    }
}
