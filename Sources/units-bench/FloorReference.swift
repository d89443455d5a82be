import UnitsKit

/// The floor for reading a journal, `awk '{s+=$3}'` over the same file,
/// timed beside the units rows (the machine's speed drifts within minutes).
extension Benchmark {
    /// `awk '{s+=$3}' FILE` at one size, or a printed skip without awk.
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
