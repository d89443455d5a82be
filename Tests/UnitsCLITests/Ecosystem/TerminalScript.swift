import Foundation
import UnitsKit

/// script(1), which runs a shell command on a new pseudo-terminal and
/// copies what it printed, in whichever of its two kinds this system has:
/// util-linux's (Linux: `script -q -e -c COMMAND FILE`, tells which it is with
/// `--version`) or BSD's (macOS: `script -q FILE sh -c COMMAND`, no
/// `--version`).
struct TerminalScript {
    enum Flavour: Equatable { case utilLinux, bsd }
    let path: String
    let flavour: Flavour

    /// The first `script` on the PATH (then /usr/bin), with its flavour;
    /// nil where there is none.
    static let found: TerminalScript? = {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/script" } + ["/usr/bin/script"]
        guard let script = path.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return nil }
        return TerminalScript(path: script, flavour: flavour(of: script))
    }()

    static func flavour(of script: String) -> Flavour {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: script)
        process.arguments = ["--version"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return .bsd }
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.contains("util-linux") ? .utilLinux : .bsd
    }

    /// The arguments that run the shell command `command` on a terminal,
    /// discarding script's own copy, and exit with the command's status.
    func arguments(_ command: String) -> [String] {
        switch flavour {
        case .utilLinux: ["-q", "-e", "-c", command, "/dev/null"]
        case .bsd: ["-q", "/dev/null", "/bin/sh", "-c", command]
        }
    }

    /// A Process that will run `command` on a terminal.
    func process(_ command: String) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments(command)
        return process
    }
}
