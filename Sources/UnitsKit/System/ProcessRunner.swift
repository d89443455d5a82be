/// Running another program and reading what it prints: how UnitsKit asks
/// git (`GitHistory`, `GitMergeDriverCheck`). Standard input and error are
/// /dev/null; standard output is read whole through a pipe.
public enum ProcessRunner {
    /// What a finished program gave.
    public struct Output: Sendable {
        /// The exit status, or 128 + signal when it was killed.
        public var status: Int32
        public var output: [UInt8]
        public var text: String { String(decoding: output, as: UTF8.self) }
    }

    /// The program `name` on `PATH` (of `environment`, else of this
    /// process): its path, or nil. A name with a slash is taken as it is.
    public static func locate(_ name: String, environment: [String: String]? = nil) -> String? {
        if name.contains("/") { return SystemFile.isExecutable(name) ? name : nil }
        let path = environment?["PATH"] ?? SystemEnvironment.variables()["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = (folder.isEmpty ? "." : String(folder)) + "/" + name
            if SystemFile.isExecutable(candidate), SystemFile.kind(atPath: candidate) == S_IFREG { return candidate }
        }
        return nil
    }

    /// Runs `name` (looked up on PATH) with `arguments` and `environment`
    /// (default: this process's), waits for it and returns its standard
    /// output and status; nil when it is not installed or cannot start.
    public static func run(_ name: String, _ arguments: [String], environment: [String: String]? = nil) -> Output? {
        guard let program = locate(name, environment: environment) else { return nil }
        guard let (readEnd, writeEnd) = try? SystemStream.pipe() else { return nil }
        let actions = SpawnFileActions()
        actions.open(0, "/dev/null", O_RDONLY, 0)
        actions.duplicate(writeEnd, to: 1)
        actions.open(2, "/dev/null", O_WRONLY, 0)
        actions.close(readEnd)
        actions.close(writeEnd)
        let pid = actions.spawn(program, [name] + arguments,
                                environment: environment.map { $0.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } })
        close(writeEnd)
        defer { close(readEnd) }
        guard let pid else { return nil }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while let n = try? SystemFile.readSome(readEnd, into: &chunk), n > 0 { output.append(contentsOf: chunk[0..<n]) }
        guard let child = SystemProcess.waitForChild(pid) else { return nil }
        return Output(status: child.status, output: output)
    }
}
