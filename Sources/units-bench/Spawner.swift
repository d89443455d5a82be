import UnitsKit

/// Starts the measured children from a small process: Linux carries the
/// peak-memory mark across `exec`, so a child of the benchmark (which holds
/// the journals) would report the benchmark's peak.
final class Spawner {
    private let requests: Int32
    private let replies: SystemStream

    /// Starts `units-bench --spawner` with two pipes; nil when it cannot.
    init?() {
        guard let toChild = try? SystemStream.pipe(), let fromChild = try? SystemStream.pipe() else { return nil }
        let actions = SpawnFileActions()
        actions.duplicate(toChild.read, to: 0)
        actions.duplicate(fromChild.write, to: 1)
        actions.close(toChild.write)
        actions.close(fromChild.read)
        let exe = ChildProcess.currentExecutable()
        guard actions.spawn(exe, [exe, "--spawner"]) != nil else { return nil }
        SystemFile.closeDescriptor(toChild.read); SystemFile.closeDescriptor(fromChild.write)
        requests = toChild.write
        guard let stream = SystemStream(fromChild.read, mode: "r") else { return nil }
        replies = stream
    }

    /// Runs `path arguments` in the spawner and returns what it measured.
    func run(_ path: String, _ arguments: [String]) -> ChildRun? {
        let request = ([path] + arguments).joined(separator: "\u{1F}") + "\n"
        guard (try? SystemFile.writeAll(requests, Array(request.utf8))) != nil else { return nil }
        guard let line = replies.readLine() else { return nil }
        let fields = line.split(separator: " ").map(String.init)
        guard fields.count == 4, let seconds = Double(fields[0]), let cpu = Double(fields[1]),
              let peak = Int(fields[2]), let status = Int32(fields[3]) else { return nil }
        return ChildRun(seconds: seconds, cpuSeconds: cpu, peakBytes: peak, status: status)
    }

    /// The spawner's loop: one request per line on standard input, one
    /// reply `seconds cpu peak status` per line (`-1` fields when a child
    /// could not start).
    static func serve() -> Int32 {
        guard let input = SystemStream(0, mode: "r"), let output = SystemStream(1, mode: "w") else { return 1 }
        while let request = input.readLine() {
            let words = request.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
            let reply: String
            if let path = words.first, let run = ChildProcess.run(path, Array(words.dropFirst())) {
                reply = "\(run.seconds) \(run.cpuSeconds) \(run.peakBytes) \(run.status)\n"
            } else {
                reply = "-1 -1 -1 -1\n"
            }
            output.write(reply)
        }
        return 0
    }
}
