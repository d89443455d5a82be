import UnitsKit

extension Benchmark {
    /// `units merge` as git runs it after two devices logged apart, each side
    /// 300 lines more; `canonical: false` writes the journal as a script does.
    func merge(_ journal: [UInt8], lastDate: CivilDate, canonical: Bool = true) -> Outcome {
        func lines(_ note: String) -> [UInt8] {
            (0..<300).flatMap { i in Array("\(lastDate.adding(days: 1 + i / 150)) General \(i + 1)\(note)\n".utf8) }
        }
        let base = canonical ? journal : Self.asWrittenByHand(journal)
        return runMerge(base: base, ours: base + lines(" ; laptop"), theirs: base + lines(""))
    }

    /// `units merge` after one side renamed a habit of `entries` entries and
    /// the other logged 300 lines under the old name (memory linear in them).
    func mergeAfterRename(entries: Int) -> Outcome {
        let start = CivilDate(year: 2025, month: 1, day: 1)!
        func journal(_ name: String) -> [UInt8] {
            var out = Array("units 1\n\n2025-01-01 habit \(name)\n  unit: km\n2025-01-01 habit Swim\n\n".utf8)
            for i in 0..<entries { out += Array("\(start.adding(days: i / 20)) \(name) \(i % 9 + 1)\n".utf8) }
            return out
        }
        let base = journal("Walk"), renamed = journal("Hike")
        var theirs = base
        for i in 0..<300 { theirs += Array("\(start.adding(days: entries / 20 + 1)) Walk \(i % 7 + 1)\n".utf8) }
        return runMerge(base: base, ours: renamed, theirs: theirs)
    }

    /// Runs `units merge BASE OURS THEIRS`, OURS written afresh each run.
    func runMerge(base baseBytes: [UInt8], ours oursBytes: [UInt8], theirs theirsBytes: [UInt8]) -> Outcome {
        let path = "\(toolDirectory)/units"
        guard SystemFile.isExecutable(path) else { return .unavailable("n/a (not built)") }
        let base = "\(workDirectory)/merge-base.units", ours = "\(workDirectory)/merge-ours.units", theirs = "\(workDirectory)/merge-theirs.units"
        defer { try? SystemFile.removeFile(base); try? SystemFile.removeFile(ours); try? SystemFile.removeFile(theirs) }
        guard Self.writeFile(baseBytes, to: base), Self.writeFile(theirsBytes, to: theirs) else {
            return .unavailable("n/a (cannot write)")
        }
        return repeated(options.runs) {
            guard Self.writeFile(oursBytes, to: ours) else { throw Failed("n/a (cannot write)") }
            let child = try spawn(path, ["merge", base, ours, theirs, "habits.units"])
            guard child.status == 0 else { throw Failed("wrong: exit \(child.status)") }
            return child
        }
    }

    /// The journal as a script writes it: one space between fields, no blank
    /// or comment lines, tasks or changes (one entry run the merge reads back).
    static func asWrittenByHand(_ journal: [UInt8]) -> [UInt8] {
        let space = UInt8(ascii: " "), lf = UInt8(ascii: "\n")
        let dropped: Set<String> = ["task", "done", "drop", "unit", "floor", "goal", "min", "archive", "unarchive", "pause", "season"]
        var out: [UInt8] = []
        out.reserveCapacity(journal.count)
        for line in journal.split(separator: lf) {
            let indent = line.prefix(while: { $0 == space }).count
            let rest = line.dropFirst(indent)
            guard let first = rest.first, first != UInt8(ascii: ";") else { continue }
            if first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") {
                let words = rest.split(separator: space, maxSplits: 2)
                if words.count > 1, dropped.contains(String(decoding: words[1], as: UTF8.self)) { continue }
            }
            out += line.prefix(indent)
            var previousSpace = false
            for byte in rest {
                if byte == space, previousSpace { continue }
                previousSpace = byte == space
                out.append(byte)
            }
            out.append(lf)
        }
        return out
    }
}
