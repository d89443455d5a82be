import UnitsKit

/// `units-bench --child-parse FILE RESULT`: the seconds to parse FILE and
/// build the model, its entry and error counts, in a process of its own.
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
