import UnitsKit
import UnitsTestSupport

/// `units-bench --corpus DIR COUNT`: the journals of `scripts/differential.sh`,
/// generated in varied shapes and damaged (truncated, bytes flipped, lines
/// moved, junk) so error paths are compared too; the same seed, the same files.
enum Corpus {
    static func write(directory: String, count: Int, seed: UInt64) -> Int32 {
        try? SystemFile.makeDirectory(directory)
        var random = SplitMix64(state: seed &+ 0x9E37_79B9)   // reproducible corpus
        for i in 0..<count {
            let entries = 20 + random.below(i % 10 == 9 ? 20_000 : 3_000)
            let perDay = 3 + random.below(60)
            // Most end before 2025-12-14 (the differential run's --today);
            // some run past it, for future-date and the week's reports.
            let end = CivilDate(year: 2025, month: 12, day: 14)!.adding(days: random.below(5) == 0 ? 20 : -random.below(400))
            let start = end.adding(days: -(entries / perDay))
            let generator = JournalGenerator(seed: seed &+ UInt64(i), entries: entries, habits: 2 + random.below(24),
                                             entriesPerDay: perDay, start: start)
            var bytes = generator.generate().bytes
            let kind = Damage.allCases[i % Damage.allCases.count]
            kind.apply(to: &bytes, &random)
            let name = "\(directory)/\(i < 10 ? "00" : i < 100 ? "0" : "")\(i)-\(kind).units"
            guard Benchmark.writeFile(bytes, to: name) else {
                FileHandleErr.write("units-bench: cannot write \(name)\n")
                return 1
            }
        }
        return 0
    }

    /// How a generated journal is spoilt.
    enum Damage: CaseIterable {
        case pristine, truncated, flipped, deletedLines, shuffledLines, junk

        func apply(to bytes: inout [UInt8], _ random: inout SplitMix64) {
            guard !bytes.isEmpty else { return }
            switch self {
            case .pristine:
                return
            case .truncated:
                bytes.removeSubrange(random.below(bytes.count)...)
            case .flipped:
                let special: [UInt8] = [0x00, 0x0D, 0x09, 0xFF, 0xC3, 0x22, 0x3B, 0x20, 0x2D, 0x3A, 0x0A, 0x7F]
                for _ in 0..<(1 + random.below(12)) {
                    let at = random.below(bytes.count)
                    bytes[at] = random.below(2) == 0 ? special[random.below(special.count)] : UInt8(random.below(256))
                }
            case .deletedLines, .shuffledLines:
                var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
                for _ in 0..<(1 + random.below(20)) where lines.count > 2 {
                    let a = random.below(lines.count), b = random.below(lines.count)
                    if self == .deletedLines {
                        lines.remove(at: a)
                    } else if random.below(2) == 0 {
                        lines.swapAt(a, b)
                    } else {
                        lines.insert(lines[a], at: b)
                    }
                }
                bytes = Array(lines.joined(separator: [0x0A]))
            case .junk:
                let junk: [[UInt8]] = [
                    Array("2025-13-40 Reading 5\n".utf8), Array("9999999999999999999999999999999999999999".utf8),
                    [0xEF, 0xBB, 0xBF], Array("\r\n".utf8), Array("  unit: \n".utf8), Array("2025-02-29 habit \n".utf8),
                    Array("; units-lint: disable-next-line no-such-rule\n".utf8), Array("option lint-disable date-order\n".utf8),
                    Array("2025-01-01 Nope 1e5 #tag \"open\n".utf8), Array("\t\t読書 ✓\n".utf8), [0xC3], [0xF0, 0x9F],
                ]
                for _ in 0..<(1 + random.below(6)) {
                    var at = random.below(bytes.count + 1)
                    // Half the time at a line start, where it is read as a line.
                    if random.below(2) == 0 { while at > 0, bytes[at - 1] != 0x0A { at -= 1 } }
                    bytes.insert(contentsOf: junk[random.below(junk.count)], at: at)
                }
            }
        }
    }
}
