import Foundation
@testable import UnitsCLI
import UnitsTestSupport
@testable import UnitsKit

/// Runs a command in-process and captures what it prints.
struct CLIRun {
    var out = ""
    var err = ""
    var code = ExitCode.ok
}

enum CLI {
    static let repositoryRoot: URL = URL(fileURLWithPath: PackageRoot.of(#filePath))

    static func example(_ name: String) -> String {
        repositoryRoot.appendingPathComponent("Examples").appendingPathComponent(name).path
    }

    static func units(_ arguments: [String], stdin: String = "", environment: [String: String] = [:]) -> CLIRun {
        let captured = CapturedIO(stdin: stdin, environment: environment)
        let code = UnitsTool.main(arguments, io: captured.io)
        return CLIRun(out: captured.out, err: captured.err, code: code)
    }

    static func lint(_ arguments: [String], stdin: String = "") -> CLIRun {
        let run = runTool(LintCommand.self, arguments, stdin: stdin)
        return CLIRun(out: run.out, err: run.err, code: run.code)
    }

    /// Writes text to a fresh temporary file and returns its path.
    static func temporaryFile(_ text: String, name: String = "habits.units") throws -> String {
        let dir = URL(fileURLWithPath: TestScratch.root).appendingPathComponent("units-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }
}

/// One folder per test process for the files tests write, removed when the
/// process exits: thousands of tests each leaving a folder in /tmp filled
/// the disk of a developer who runs `swift test` all day.
enum TestScratch {
    static let root: String = {
        guard let path = try? SystemFile.makeTemporaryDirectory(NSTemporaryDirectory() + "/units-test-run-XXXXXX") else {
            return NSTemporaryDirectory()
        }
        rootForExit = path
        atexit { if let root = TestScratch.rootForExit { try? FileManager.default.removeItem(atPath: root) } }
        return path
    }()
    nonisolated(unsafe) static var rootForExit: String?
}

/// Golden files under Tests/UnitsCLITests/Golden/. Run with
/// `UNITS_RECORD=1 swift test` to write them anew, then review the diff.
enum Golden {
    static let directory = CLI.repositoryRoot.appendingPathComponent("Tests/UnitsCLITests/Golden")

    /// Whether `actual` equals the golden file (recording it when asked).
    static func matches(_ name: String, _ actual: String) -> Bool {
        let url = directory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["UNITS_RECORD"] != nil {
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try? Data(actual.utf8).write(to: url)
            return true
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else { return false }
        return expected == actual
    }
}
