import UnitsKit

/// `units-bench --child-parse FILE RESULT`: reads FILE, then parses it and
/// builds the model, and writes the seconds that took (reading excluded)
/// and the entry count to RESULT. Runs in its own process so its peak
/// memory is measured alone.
enum ParseChild {
    static func run(_ arguments: [String]) -> Int32 {
        guard arguments.count == 2 else { return 2 }
        guard let bytes = try? FileReader.readBytes(atPath: arguments[0]) else { return 1 }
        let started = SystemClock.monotonicSeconds()
        let tree = Parser.parse(SourceFile(path: arguments[0], bytes: bytes))
        let journal = Journal(tree: tree)
        let seconds = SystemClock.monotonicSeconds() - started
        let errors = journal.diagnostics.filter { $0.severity == .error }.count
        let report = "\(seconds) \(journal.entries.count) \(errors)\n"
        guard (try? SystemFile.writeFile(Array(report.utf8), to: arguments[1])) != nil else { return 1 }
        return errors == 0 ? 0 : 1
    }
}
