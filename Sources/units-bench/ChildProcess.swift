import UnitsKit

/// What one run of a child process cost, from spawn to exit (`wait4`).
struct ChildRun {
    var seconds: Double
    /// User + system CPU time: the budget's measure (steadier than wall time).
    var cpuSeconds: Double = 0
    var peakBytes: Int
    /// The exit status, or 128 + signal when it was killed.
    var status: Int32
}

enum ChildProcess {
    /// Runs `path` with `arguments`, its output to /dev/null (or standard
    /// output into the file `output`), and measures it; nil when it could not start.
    static func run(_ path: String, _ arguments: [String], output: String? = nil) -> ChildRun? {
        let actions = SpawnFileActions()
        actions.open(0, "/dev/null", O_RDONLY, 0)
        if let output { actions.open(1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644) } else {
            actions.open(1, "/dev/null", O_WRONLY, 0)
            actions.open(2, "/dev/null", O_WRONLY, 0)
        }
        let started = SystemClock.monotonicSeconds()
        guard let pid = actions.spawn(path, [path] + arguments), let child = SystemProcess.waitForChild(pid) else { return nil }
        let seconds = SystemClock.monotonicSeconds() - started
        return ChildRun(seconds: seconds, cpuSeconds: child.cpuSeconds, peakBytes: child.peakBytes, status: child.status)
    }

    /// The numbers a child wrote to its result file; nil when there is none.
    static func resultNumbers(_ path: String) -> [Double]? {
        guard let bytes = try? FileReader.readBytes(atPath: path) else { return nil }
        let words = String(decoding: bytes, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" })
        return words.compactMap { Double($0) }
    }

    /// The path of the running executable.
    static func currentExecutable() -> String {
        SystemProcess.executablePath() ?? CommandLine.arguments[0]
    }
}
