/// A mapped journal cut short by another program while units reads it
/// raises SIGBUS: this turns the crash into a message, the temporary file
/// of a write in progress removed (`SignalCleanup`), exit 1.
enum TruncatedMappingGuard {
    nonisolated(unsafe) static var installed = false
    static let message = "units: the journal was cut short by another program while it was being read; nothing was written. Run the command again.\n"
    /// The message as a C buffer (the handler may not allocate).
    nonisolated(unsafe) static let messageBytes: UnsafeMutableBufferPointer<UInt8> = {
        let bytes = Array(message.utf8)
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = buffer.initialize(from: bytes)
        return buffer
    }()

    /// Installs the SIGBUS handler once (before the first mapping is read).
    static func install() {
        guard !installed else { return }
        installed = true
        _ = messageBytes
        _ = SignalCleanup.buffer
        SystemSignals.handle(SIGBUS) { _ in
            _ = write(2, TruncatedMappingGuard.messageBytes.baseAddress, TruncatedMappingGuard.messageBytes.count)
            if SignalCleanup.buffer.pointee != 0 { unlink(SignalCleanup.buffer) }
            _exit(1)
        }
    }
}
