#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What one run of a child process cost: wall time from spawn to exit
/// (start-up included) and its own peak resident memory, from `wait4`.
struct ChildRun {
    var seconds: Double
    /// CPU time, user + system (the issue 15 measure: on a shared machine
    /// it moves less than wall time).
    var cpuSeconds: Double = 0
    var peakBytes: Int
    /// The exit status, or 128 + signal when it was killed.
    var status: Int32
}

enum ChildProcess {
    /// Runs `path` with `arguments`, output to /dev/null, and measures it.
    /// `nil` when it could not be started.
    static func run(_ path: String, _ arguments: [String]) -> ChildRun? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid: pid_t = 0
        let started = Clock.now()
        guard posix_spawn(&pid, path, &actions, nil, argv, environ) == 0 else { return nil }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            if errno != EINTR { return nil }
        }
        let seconds = Clock.now() - started
        // Linux reports ru_maxrss in kilobytes.
        let peak = Int(usage.ru_maxrss) * 1024
        let exited = status & 0x7F == 0
        let code = exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let cpu = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        return ChildRun(seconds: seconds, cpuSeconds: cpu, peakBytes: peak, status: code)
    }

    /// Runs `path` with its standard output into the file `output`; the
    /// exit status, or -1 when it could not be started.
    static func runToFile(_ path: String, _ arguments: [String], output: String) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, path, &actions, nil, argv, environ) == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 { if errno != EINTR { return -1 } }
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : -1
    }

    /// The path of the running executable.
    static func currentExecutable() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return CommandLine.arguments[0] }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func isExecutable(_ path: String) -> Bool { access(path, X_OK) == 0 }
}

enum Clock {
    /// Monotonic seconds.
    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// This process's CPU seconds (all threads, user and system).
    static func cpu() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}

enum Machine {
    /// "model name" from /proc/cpuinfo, and the number of online CPUs.
    static func describe() -> String {
        let cores = sysconf(Int32(_SC_NPROCESSORS_ONLN))
        var model = "unknown CPU"
        if let bytes = try? readAll("/proc/cpuinfo") {
            let text = String(decoding: bytes, as: UTF8.self)
            for line in text.split(separator: "\n") where line.hasPrefix("model name") {
                if let colon = line.firstIndex(of: ":") {
                    model = line[line.index(after: colon)...].trimmingSpaces()
                }
                break
            }
        }
        return "\(model), \(cores) CPUs"
    }

    static func readAll(_ path: String) throws -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw ExitError() }
        defer { close(fd) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            out.append(contentsOf: chunk[0..<n])
        }
        return out
    }

    /// Today's date in UTC, for the README record.
    static func today() -> String {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        func two(_ v: Int32) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))"
    }

    struct ExitError: Error {}
}

extension Substring {
    func trimmingSpaces() -> String {
        var s = self
        while s.first == " " || s.first == "\t" { s = s.dropFirst() }
        while s.last == " " || s.last == "\t" { s = s.dropLast() }
        return String(s)
    }
}
