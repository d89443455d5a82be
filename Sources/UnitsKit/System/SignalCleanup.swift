/// Removes the temporary file being written when SIGINT or SIGTERM arrives,
/// then lets the signal act (the path in a fixed C buffer: no allocation).
enum SignalCleanup {
    static let capacity = 4096
    nonisolated(unsafe) static let buffer: UnsafeMutablePointer<CChar> = {
        let b = UnsafeMutablePointer<CChar>.allocate(capacity: capacity)
        b.initialize(repeating: 0, count: capacity)
        return b
    }()
    nonisolated(unsafe) static var installed = false

    static func install() {
        guard !installed else { return }
        installed = true
        _ = buffer
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            // Leave an ignored signal ignored (nohup, a parent's choice).
            SystemSignals.handle(sig, keepIgnored: true) { signal in
                if SignalCleanup.buffer.pointee != 0 { unlink(SignalCleanup.buffer) }
                SystemSignals.restoreDefault(signal)
                raise(signal)
            }
        }
    }

    static func remember(_ path: String) {
        let bytes = Array(path.utf8)
        guard bytes.count < capacity else { return }
        buffer.pointee = 0   // never a half-written path
        for (i, b) in bytes.enumerated().dropFirst() { buffer[i] = CChar(bitPattern: b) }
        buffer[bytes.count] = 0
        if let first = bytes.first { buffer.pointee = CChar(bitPattern: first) }
    }

    /// Clears the one remembered path: the temporary is renamed or gone.
    static func forget() {
        buffer.pointee = 0
    }
}
