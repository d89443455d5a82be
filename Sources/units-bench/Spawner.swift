import UnitsKit

/// Starts the measured children from a small process of its own.
///
/// Linux carries a process's peak-memory mark across `exec`: a child
/// spawned by the benchmark, which holds the generated journals (hundreds
/// of megabytes), reports at least the benchmark's own peak in `ru_maxrss`.
/// So the benchmark starts this spawner first, while it is still small, and
/// asks it to run each child; the spawner stays small and the children's
/// peaks are their own.
final class Spawner {
    private let requests: Int32
    private let replies: UnsafeMutablePointer<FILE>

    /// Starts `units-bench --spawner` with two pipes; nil when it cannot.
    init?() {
        var toChild: [Int32] = [0, 0], fromChild: [Int32] = [0, 0]
        guard pipe(&toChild) == 0, pipe(&fromChild) == 0 else { return nil }
        let actions = SpawnFileActions()
        actions.duplicate(toChild[0], to: 0)
        actions.duplicate(fromChild[1], to: 1)
        actions.close(toChild[1])
        actions.close(fromChild[0])
        let exe = ChildProcess.currentExecutable()
        guard actions.spawn(exe, [exe, "--spawner"]) != nil else { return nil }
        close(toChild[0]); close(fromChild[1])
        requests = toChild[1]
        guard let stream = fdopen(fromChild[0], "r") else { return nil }
        replies = stream
    }

    /// Runs `path arguments` in the spawner and returns what it measured.
    func run(_ path: String, _ arguments: [String]) -> ChildRun? {
        let request = ([path] + arguments).joined(separator: "\u{1F}") + "\n"
        var bytes = Array(request.utf8)
        guard write(requests, &bytes, bytes.count) == bytes.count else { return nil }
        var buffer = [CChar](repeating: 0, count: 256)
        guard fgets(&buffer, Int32(buffer.count), replies) != nil else { return nil }
        let line = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        let fields = String(decoding: line, as: UTF8.self).split(separator: " ").map { String($0.filter { $0 != "\n" }) }
        guard fields.count == 4, let seconds = Double(fields[0]), let cpu = Double(fields[1]),
              let peak = Int(fields[2]), let status = Int32(fields[3]) else { return nil }
        return ChildRun(seconds: seconds, cpuSeconds: cpu, peakBytes: peak, status: status)
    }

    /// The spawner's loop: one request per line on standard input, one
    /// reply `seconds cpu peak status` per line (`-1` fields when a child
    /// could not start).
    static func serve() -> Int32 {
        guard let input = fdopen(0, "r"), let output = fdopen(1, "w") else { return 1 }
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        while getline(&line, &capacity, input) > 0 {
            let request = String(cString: line!).split(separator: "\n").first.map(String.init) ?? ""
            let words = request.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
            let reply: String
            if let path = words.first, let run = ChildProcess.run(path, Array(words.dropFirst())) {
                reply = "\(run.seconds) \(run.cpuSeconds) \(run.peakBytes) \(run.status)\n"
            } else {
                reply = "-1 -1 -1 -1\n"
            }
            fputs(reply, output)
            fflush(output)
        }
        free(line)
        return 0
    }
}
