import UnitsKit

/// The floor for reading a journal: the speed budget names `awk '{s+=$3}'` over the
/// same file. This VM's speed drifts by up to 2× within minutes, so the
/// floor is timed in the same run, next to the units rows, and each whole-
/// file row can be read as a multiple of it.
extension Benchmark {
    /// `awk '{s+=$3}' FILE` at one size, or a printed skip when awk is not
    /// on PATH (never a silent gap).
    func awkFloor(journalPath path: String, entries: Int, bytes: Int) -> Outcome? {
        guard let awk = Self.which("awk") else {
            print("awk floor: skipped: awk not on PATH")
            return nil
        }
        let outcome = measure(awk, ["{s+=$3} END {print s}", path], answers: [0])
        emit(Row(work: "awk (floor)", entries: entries, bytes: bytes, outcome: outcome,
                 note: "awk '{s+=$3}': the machine's speed this minute"))
        return outcome
    }

    /// "1.6× awk" for a row measured against the floor of the same size.
    static func floorNote(_ outcome: Outcome, floor: Outcome?) -> String {
        guard let cpu = outcome.cpu, let floorCPU = floor?.cpu, floorCPU > 0 else { return "" }
        return "\(Format.fixed(cpu / floorCPU, 1))× awk"
    }
}
