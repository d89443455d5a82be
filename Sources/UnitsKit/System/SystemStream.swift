/// A C stdio stream over a descriptor, for talk a line at a time over a
/// pipe (the benchmark and the process that starts its children).
public final class SystemStream {
    private let file: UnsafeMutablePointer<FILE>

    /// A stream over `fd`, "r" to read it or "w" to write it; nil if the
    /// C library will not make one.
    public init?(_ fd: Int32, mode: String) {
        guard let file = fdopen(fd, mode) else { return nil }
        self.file = file
    }

    /// The next line without its newline; nil at the end.
    public func readLine() -> String? {
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        guard getline(&line, &capacity, file) > 0, let line else { return nil }
        let text = String(cString: line)
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }

    /// Writes `text` and flushes it, so the other end sees it now.
    public func write(_ text: String) {
        fputs(text, file)
        fflush(file)
    }

    /// Flushes every C stdio stream (what `print` wrote, before a child's
    /// output or a measurement).
    public static func flushAll() { fflush(nil) }

    /// Two descriptors joined: what is written to `write` is read from `read`.
    public static func pipe() throws(SystemError) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        guard cPipe(&ends) == 0 else { throw SystemError("pipe") }
        return (ends[0], ends[1])
    }
}

private func cPipe(_ ends: inout [Int32]) -> Int32 { pipe(&ends) }
