import Foundation
import Testing
@testable import UnitsCLI
import UnitsTestSupport
import UnitsKit

enum CLIFixtures {
    static let root = PackageRoot.of(#filePath)

    /// Runs `units ARGS` in-process; returns exit code, stdout, stderr.
    static func units(_ arguments: [String], environment: [String: String] = [:]) -> (ExitCode, String, String) {
        let run = CLI.units(arguments, environment: environment)
        return (run.code, run.out, run.err)
    }

    /// A fresh temporary directory.
    static func temporaryDirectory() throws -> String {
        let path = TestScratch.root + "/units-cli-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Runs a program, returning its exit status and output.
    @discardableResult
    static func run(_ executable: String, _ arguments: [String], in directory: String, environment extra: [String: String] = [:]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment.merge(extra) { $1 }
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The built `units` executable, next to the test bundle.
    static var unitsBinary: String? {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("units").path,
            root + "/.build/debug/units",
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
