import Testing
@testable import UnitsKit

/// `ReportText.bar`: as many filled cells as the ratio of the width rounds to,
/// and a ratio outside 0...1 (or not a number) draws a bar, never traps.
@Suite struct BarTests {
    static func drawn(_ ratio: Double?, _ width: Int) -> String {
        let filled = Int(((ratio ?? 0) * Double(width)).rounded())
        return String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
    }

    @Test("in range: the cells as drawn one by one")
    func inRange() {
        var ratios: [Double?] = [nil, 0, 0.04, 0.05, 0.15, 0.25, 0.5, 0.55, 0.95, 0.96, 1]
        for k in 0...1000 { ratios.append(Double(k) / 1000) }
        for ratio in ratios {
            for width in [10, 1, 5, 12] {
                #expect(ReportText.bar(ratio, width: width) == Self.drawn(ratio, width), "\(String(describing: ratio)) \(width)")
            }
        }
        #expect(ReportText.bar(0.7) == "███████░░░")
    }

    @Test("out of range: empty or full, never a trap", arguments: [
        (-0.2, "░░░░░░░░░░"), (1.5, "██████████"), (Double.nan, "░░░░░░░░░░"),
        (Double.infinity, "██████████"), (-Double.infinity, "░░░░░░░░░░"),
    ])
    func outOfRange(_ ratio: Double, _ expected: String) {
        #expect(ReportText.bar(ratio) == expected)
        #expect(ReportText.bar(ratio, width: 0) == "")
        #expect(ReportText.bar(ratio, width: -3) == "")
    }
}
