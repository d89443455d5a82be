import CSystem

/// The C allocator's settings, made first thing by each tool.
public enum SystemAllocator {
    /// See CSystem's units_tune_malloc: glibc's mapping threshold fixed at
    /// its default; nothing elsewhere.
    public static func tune() { units_tune_malloc() }
}

extension SystemFile {
    /// The last modification time of a file's status, in nanoseconds since 1970.
    public static func modificationNanoseconds(_ info: stat) -> Int {
        var info = info
        return Int(units_stat_mtime_seconds(&info)) * 1_000_000_000 + Int(units_stat_mtime_nanoseconds(&info))
    }

    /// The last modification time of `path` (following links), in
    /// nanoseconds since 1970; nil if it cannot be read.
    public static func modificationNanoseconds(_ path: String) -> Int? {
        (try? status(atPath: path)).map(modificationNanoseconds)
    }
}

/// CSystem's units_flush_to_disk (SystemFile.flushToDisk).
func cFlushToDisk(_ fd: Int32) -> Int32 { units_flush_to_disk(fd) }

/// Signal handlers. The handler must not capture anything (it is a C
/// function) and may only make async-signal-safe calls.
public enum SystemSignals {
    public typealias Handler = @convention(c) (Int32) -> Void

    /// Installs `handler` for `signal`; with `keepIgnored`, a signal that
    /// is ignored (nohup, a parent's choice) stays ignored.
    @discardableResult
    public static func handle(_ signal: Int32, keepIgnored: Bool = false, _ handler: Handler) -> Bool {
        units_handle_signal(signal, handler, keepIgnored ? 1 : 0) == 0
    }

    /// Gives `signal` back its default action (async-signal-safe).
    public static func restoreDefault(_ signal: Int32) { _ = units_default_signal(signal) }

    /// Sends `signal` to the process `pid` (a test stops a child mid-write
    /// with SIGKILL, which Foundation's `Process` cannot send).
    @discardableResult
    public static func send(_ signal: Int32, to pid: Int32) -> Bool { kill(pid, signal) == 0 }

    /// Lets `signal` through even if a parent blocked it (the mask is inherited).
    public static func unblock(_ signal: Int32) {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signal)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }
}

/// The pages of a read-only mapping.
enum SystemMemory {
    static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// Tells the system the pages in [address, address + length) of a
    /// private read-only file mapping are not needed now.
    static func release(_ address: UnsafeMutableRawPointer, _ length: Int) {
        _ = units_release_pages(address, length)
    }
}

/// The terminal, the environment and the running process.
public enum SystemProcess {
    /// The width in columns of the terminal on `fd`, nil if it is none.
    public static func terminalColumns(_ fd: Int32) -> Int? {
        let columns = Int(units_terminal_columns(fd))
        return columns > 0 ? columns : nil
    }

    /// The resolved path of the running executable (not argv[0]).
    public static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4097)
        guard units_executable_path(&buffer, buffer.count) > 0 else { return nil }
        guard let resolved = realpath(buffer, nil) else { return text(buffer) }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The process's peak resident memory so far, in bytes.
    public static func peakResidentBytes() -> Int { Int(units_peak_resident_bytes()) }

    /// What a child cost, from wait4.
    public struct ChildUsage: Sendable {
        /// The exit status, or 128 + signal when it was killed.
        public var status: Int32
        /// User plus system CPU seconds.
        public var cpuSeconds: Double
        /// Its peak resident memory in bytes.
        public var peakBytes: Int
    }

    /// Waits for the child `pid` to end; nil if it cannot be waited for.
    public static func waitForChild(_ pid: pid_t) -> ChildUsage? {
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            if errno != EINTR { return nil }
        }
        // Signal in the low 7 bits, exit code in the next 8 (sys/wait.h).
        let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let cpu = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        return ChildUsage(status: code, cpuSeconds: cpu, peakBytes: Int(units_rusage_peak_bytes(&usage)))
    }

    /// User plus system CPU seconds used so far.
    public static func cpuSeconds() -> Double { units_cpu_seconds() }

    /// The CPU's model name, if the system says.
    public static func cpuModel() -> String? {
        var buffer = [CChar](repeating: 0, count: 512)
        guard units_cpu_model(&buffer, buffer.count) > 0 else { return nil }
        return text(buffer)
    }

    /// Ends the process with `code` (stdio buffers flushed first).
    public static func exit(_ code: Int32) -> Never { cExit(code) }

    /// This process's id (names temporary files no other process uses).
    public static func processID() -> Int32 { Int32(getpid()) }

    /// The home folder of the process's user, from the user database.
    public static func homeDirectory() -> String? {
        guard let entry = getpwuid(getuid()), let home = entry.pointee.pw_dir else { return nil }
        return String(cString: home)
    }

    /// The number of CPUs online.
    public static func onlineCPUs() -> Int { Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

    /// The text of a NUL-terminated C buffer.
    static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// The process's environment.
public enum SystemEnvironment {
    /// `environ`, as posix_spawn takes it.
    static var pointer: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? { units_environment() }

    /// The value of the variable `name`; nil when it is not set.
    public static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Sets `name` to `value` for this process and the children it starts.
    public static func set(_ name: String, _ value: String) { setenv(name, value, 1) }

    /// Every NAME=VALUE of the environment.
    public static func variables() -> [String: String] {
        var environment: [String: String] = [:]
        guard var entry = units_environment() else { return environment }
        while let pair = entry.pointee {
            let text = String(cString: pair)
            if let eq = text.firstIndex(of: "=") { environment[String(text[..<eq])] = String(text[text.index(after: eq)...]) }
            entry += 1
        }
        return environment
    }
}

private func cExit(_ code: Int32) -> Never { exit(code) }
