import Foundation
import Testing
@testable import UnitsCLI
import UnitsTestSupport
import UnitsKit

/// A scratch directory with a journal, and a way to run `units` in-process
/// against it with captured output.
final class Scratch {
    let directory: String
    var journal: String { directory + "/habits.units" }
    /// The clock `units log` sees (via UNITS_NOW): 2025-12-14, 12:00.
    var now = "2025-12-14T12:00"

    init(_ text: String? = nil) {
        let template = FileManager.default.temporaryDirectory.appendingPathComponent("units-writes-XXXXXX").path
        directory = try! SystemFile.makeTemporaryDirectory(template)
        if let text { write(text) }
    }

    /// Where `units undo` keeps this scratch journal's stack ($XDG_STATE_HOME).
    var stateHome: String { directory + "-state" }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
        try? FileManager.default.removeItem(atPath: stateHome)
    }

    func write(_ text: String, to name: String = "habits.units") {
        _ = FileManager.default.createFile(atPath: directory + "/" + name, contents: Data(text.utf8))
    }

    func bytes(_ name: String = "habits.units") -> [UInt8] {
        Array(FileManager.default.contents(atPath: directory + "/" + name) ?? Data())
    }

    func text(_ name: String = "habits.units") -> String { String(decoding: bytes(name), as: UTF8.self) }

    struct Run {
        var code: ExitCode
        var out: String
        var err: String
    }

    /// Runs `units ARGS --file JOURNAL` (unless `file` is false).
    @discardableResult
    func run(_ arguments: [String], file: Bool = true, environment: [String: String] = [:]) -> Run {
        final class Box { var out = "", err = "" }
        let box = Box()
        var env = ["UNITS_NOW": now, "XDG_STATE_HOME": stateHome]
        env.merge(environment) { $1 }
        let io = CommandIO(writeOut: { box.out += $0 }, writeErr: { box.err += $0 }, environment: env)
        let code = UnitsTool.main(arguments + (file ? ["--file", journal] : []), io: io)
        return Run(code: code, out: box.out, err: box.err)
    }
}

/// A small journal most tests start from.
let baseJournal = """
    units 1

    2025-12-01 habit Reading
      unit: page
      floor: 20/week
    2025-12-01 habit Meditate
      kind: check
    2025-12-01 habit Read-10
      kind: check
      goal: 10
      min: 1
    2025-12-01 group Exercise
    2025-12-01 habit Gym
      group: Exercise
    2025-12-01 habit Swim
    2025-12-10 archive Swim
    2025-12-08 Reading 5
    2025-12-13 Reading 2
    2025-12-14 Reading 3

    """

/// The path of the built `units` executable, next to the test bundle.
func unitsExecutable() -> String? {
    var candidates: [String] = []
    if let executable = Bundle.main.executableURL?.deletingLastPathComponent() {
        candidates.append(executable.appendingPathComponent("units").path)
        candidates.append(executable.deletingLastPathComponent().appendingPathComponent("units").path)
    }
    let root = URL(fileURLWithPath: PackageRoot.of(#filePath))
    candidates.append(root.appendingPathComponent(".build/debug/units").path)
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
}
