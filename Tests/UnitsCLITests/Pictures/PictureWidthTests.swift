import Foundation
import Testing
@testable import UnitsCLI
@testable import UnitsKit

/// At widths 40, 80 and 200 no
/// line of `today` (its pile included), `wall`, `heatmap` or `history` is
/// wider than the width, counted in display columns (wide characters two),
/// with colour on and off; days left out are said; one shape per habit in
/// every view; ×5 bundles at 51 and 200 units, ×25 past that, marks always
/// visible and exact counts in `--json`.
@Suite struct PictureWidthTests {
    /// 13 habits (so shapes rotate), wide and very long names, a check
    /// habit, a long task title, a 51-unit and a 200-unit day.
    static let stress: String = {
        var lines = ["units 1", ""]
        let names = ["Reading", "读书读书读书读书读书", "Walk", "A-very-long-habit-name-that-goes-on-and-on-and-on-for-ever-more",
                     "Gym", "Écrire", "Piano", "Swim", "Yoga", "Cook", "Draw", "Sing"]
        for name in names { lines.append("2025-10-01 habit \(name)") }
        lines.append("2025-10-01 habit Meditate\n  kind: check")
        let start = CivilDate(iso: "2025-10-01")!
        for i in 0..<74 {
            let day = start.adding(days: i)
            for (j, name) in names.enumerated() where (i + j) % 3 == 0 { lines.append("\(day) \(name) \(1 + (i * j) % 4)") }
            if i % 2 == 0 { lines.append("\(day) Meditate yes") }
        }
        lines.append("2025-12-14 Reading 200")
        lines.append("2025-12-13 Walk 51")
        lines.append("2025-12-10 task \"A task with a really long title that certainly does not fit in forty columns at all\" Reading")
        return lines.joined(separator: "\n") + "\n"
    }()

    /// Display columns, counted here independently of `DisplayWidth`:
    /// colour sequences none, East Asian wide and emoji two, combining marks none.
    static func columns(_ line: Substring) -> Int {
        var width = 0
        var scalars = line.unicodeScalars.makeIterator()
        while let s = scalars.next() {
            if s == "\u{1B}" { while let t = scalars.next(), t != "m" {}; continue }
            switch s.value {
            case 0x0300...0x036F, 0x200B...0x200F: break
            case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
                 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD: width += 2
            default: width += 1
            }
        }
        return width
    }

    static let commands: [[String]] = [["today"], ["wall"], ["wall", "Reading"], ["heatmap"], ["heatmap", "Meditate"],
                                       ["history"], ["history", "--days", "60"], ["wall", "--days", "60"], ["today", "--ascii"]]

    @Test("no line is wider than the width", arguments: [40, 80, 200], ["never", "always"])
    func widths(_ width: Int, color: String) throws {
        let path = try CLI.temporaryFile(Self.stress)
        for command in Self.commands {
            let run = CLI.units(command + ["--file", path, "--today", "2025-12-14", "--width", "\(width)", "--color", color])
            #expect(run.code == .ok, "\(command): \(run.err)")
            for line in run.out.split(separator: "\n") {
                #expect(Self.columns(line) <= width, "\(command) at \(width), colour \(color): \(line)")
            }
        }
    }

    @Test("the terminal's width is honoured when --width is not given")
    func terminalWidth() throws {
        let path = try CLI.temporaryFile(Self.stress)
        for command in Self.commands {
            let captured = CapturedIO()
            captured.io.terminalWidth = 50
            let code = UnitsTool.main(command + ["--file", path, "--today", "2025-12-14"], io: captured.io)
            #expect(code == .ok)
            for line in captured.out.split(separator: "\n") { #expect(Self.columns(line) <= 50, "\(command): \(line)") }
        }
    }

    @Test("days that do not fit are said, never silently dropped", arguments: [["wall", "--days", "60"], ["heatmap"], ["history", "--days", "60"]])
    func leftOut(_ command: [String]) throws {
        let path = try CLI.temporaryFile(Self.stress)
        let run = CLI.units(command + ["--file", path, "--today", "2025-12-14", "--width", "40"])
        #expect(run.out.contains("left out") || run.out.contains("not shown"), "\(command): \(run.out)")
        let wide = CLI.units(["wall", "--days", "14", "--file", path, "--today", "2025-12-14", "--width", "200"])
        #expect(!wide.out.contains("left out"))
    }

    /// The shape each habit has in a legend, by name.
    static func legendShapes(_ text: String) -> [String: String] {
        var shapes: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let stripped = ReportText.stripped(String(line))
            for item in stripped.components(separatedBy: "  ") {
                let parts = item.split(separator: " ", maxSplits: 1)
                guard parts.count == 2, parts[0].count == 1, let name = parts[1].split(separator: " ").first else { continue }
                shapes[String(name), default: String(parts[0])] = String(parts[0])
            }
        }
        return shapes
    }

    @Test("one shape per habit: the same in the pile and the wall, with colour on or off")
    func oneShapePerHabit() throws {
        let path = try CLI.temporaryFile(Self.stress)
        var seen: [String: Set<String>] = [:]
        for color in ["never", "always"] {
            for command in [["today"], ["wall"], ["wall", "Walk"]] {
                let run = CLI.units(command + ["--file", path, "--today", "2025-12-14", "--width", "200", "--color", color])
                for (name, shape) in Self.legendShapes(run.out) where ["Reading", "Walk", "Gym", "Yoga"].contains(name) {
                    seen[name, default: []].insert(shape)
                }
            }
        }
        #expect(seen["Reading"] == ["■"])
        #expect(seen["Walk"] == ["●"])
        #expect(seen["Gym"]?.count == 1)
        #expect(seen["Gym"] != seen["Reading"])
        #expect(seen.values.allSatisfy { $0.count == 1 }, "\(seen)")
    }

    static func oneDay(_ units: Int) -> String {
        "units 1\n2025-12-01 habit Reading\n2025-12-14 Reading \(units)\n"
    }

    @Test("bundles: ×5 at 51 and 200 units, ×25 past that, marks visible, exact counts in JSON",
          arguments: [(50, 1, 50, ""), (51, 5, 11, "×5"), (200, 5, 40, "×5"), (250, 5, 50, "×5"), (251, 25, 11, "×25"),
                      (1250, 25, 50, "×25"), (5000, 125, 40, "×5³")])
    func bundles(units: Int, bundle: Int, blocks: Int, mark: String) throws {
        let path = try CLI.temporaryFile(Self.oneDay(units))
        for width in [40, 80, 200] {
            let run = CLI.units(["wall", "--file", path, "--today", "2025-12-14", "--days", "7", "--width", "\(width)", "--color", "never"])
            let lines = run.out.split(separator: "\n").map(String.init)
            #expect(lines.filter { $0.contains("■") && !$0.contains("Reading") }.count == blocks, "\(units) at \(width):\n\(run.out)")
            if mark.isEmpty {
                #expect(!run.out.contains("×"))
            } else {
                #expect(lines[1].trimmingCharacters(in: .whitespaces) == mark, "\(run.out)")
                #expect(run.out.contains("\(mark): a block is \(bundle) units"))
            }
            #expect(!run.out.contains("↑"))
            for line in lines { #expect(Self.columns(Substring(line)) <= width) }
        }
        let json = CLI.units(["wall", "--file", path, "--today", "2025-12-14", "--days", "7", "--json"]).out
        #expect(json.contains("\"total\": \(units),"))
        #expect(json.contains("\"Reading\": \(units)"))
        #expect(json.contains("\"bundle\": \(bundle)"))
        // The pile bundles the same way and stays small.
        let today = CLI.units(["today", "--file", path, "--today", "2025-12-14", "--width", "40", "--color", "never"])
        #expect(today.out.contains("Total Units: \(units)"))
        #expect(today.out.filter { $0 == "■" }.count <= 51)
    }

    @Test("the largest day the format allows (10^15 - 1 units) draws instantly, bundled, never an array of blocks")
    func hugeDay() throws {
        let path = try CLI.temporaryFile(Self.oneDay(999_999_999_999_999))
        let started = ContinuousClock.now
        let wall = CLI.units(["wall", "--file", path, "--today", "2025-12-14", "--days", "7", "--width", "40"])
        let today = CLI.units(["today", "--file", path, "--today", "2025-12-14", "--width", "40"])
        #expect(ContinuousClock.now - started < .seconds(30))   // a hang guard: a busy CI machine must not fail it
        #expect(wall.code == .ok && today.code == .ok)
        #expect(wall.out.contains("↑"))   // past 5⁹ the column is cut, and says so
    }

    @Test("the pile honours the query and the period, like Total Units")
    func pileFollowsTheQuery() throws {
        let path = try CLI.temporaryFile(Self.stress)
        let walk = CLI.units(["today", "Walk", "--file", path, "--today", "2025-12-13", "--width", "80", "--color", "never"])
        #expect(walk.out.contains("Total Units: 54"))
        #expect(walk.out.contains("● Walk 54"))
        let shapes = Self.legendShapes(walk.out)
        #expect(shapes.keys.contains("Walk"))
        #expect(!shapes.keys.contains("Reading"))
        let period = CLI.units(["today", "--file", path, "--today", "2025-12-14", "--period", "2025-11", "--color", "never"])
        #expect(period.out.contains("Total Units: 0"), "\(period.out)")
        #expect(!period.out.contains("■"), "\(period.out)")
    }
}
