import UnitsCLI
import UnitsKit

/// Runs a command in-process with captured output.
final class CapturedIO {
    var out = ""
    var err = ""
    var io: CommandIO!

    init(stdin: String = "", environment: [String: String] = [:]) {
        let input = Array(stdin.utf8)
        io = CommandIO(writeOut: { [unowned self] in self.out += $0 }, writeErr: { [unowned self] in self.err += $0 },
                       readStandardInput: { input }, environment: environment)
    }
}

func runTool(_ command: any Command.Type, _ arguments: [String], stdin: String = "",
             environment: [String: String] = [:]) -> (code: ExitCode, out: String, err: String) {
    // Undo records of in-process writes go to a scratch state folder, never to ~.
    let captured = CapturedIO(stdin: stdin, environment: ["XDG_STATE_HOME": "/tmp/units-test-state"].merging(environment) { $1 })
    let code = command.main(arguments, io: captured.io, prefix: command.name)
    return (code, captured.out, captured.err)
}

enum FmtLintScratch {
    static func directory() -> String {
        try! SystemFile.makeTemporaryDirectory("/tmp/units-cli-XXXXXX")
    }

    static func write(_ path: String, _ text: String) throws {
        try FileCommit.overwrite(path, bytes: Array(text.utf8), mode: 0o644)
    }

    static func read(_ path: String) throws -> String {
        String(decoding: try FileReader.readBytes(atPath: path), as: UTF8.self)
    }

    /// Modification time in nanoseconds.
    static func mtime(_ path: String) -> Int { SystemFile.modificationNanoseconds(path) ?? 0 }
}
