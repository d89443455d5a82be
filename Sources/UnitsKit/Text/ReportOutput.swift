/// A report written in pieces, so that a long one is never held whole:
/// renderers write to a `ReportOutput`, which hands its sink the text
/// about `chunk` bytes at a time, in one of two ways:
///
/// - **lines** (`init(sink:)`): `String`s of whole lines, so a per-line
///   transformation (sanitizing for the terminal, cutting to its width)
///   gives the same bytes applied to each piece as to the whole;
/// - **bytes** (`init(bytes:)`): UTF-8 as written, for output that is not
///   transformed (JSON, CSV): no `String` is made, and a piece is never cut
///   inside one `write`, so each piece is whole UTF-8 when each write is.
public final class ReportOutput {
    private enum Sink {
        case lines((String) -> Void)
        case bytes((UnsafeBufferPointer<UInt8>) -> Void)
    }

    private var pending = ""
    private var pendingBytes: [UInt8] = []
    private let chunk: Int
    private let sink: Sink

    /// `sink` receives the text in order; every piece but the last ends with a newline.
    public init(chunk: Int = 1 << 16, sink: @escaping (String) -> Void) {
        self.chunk = chunk
        self.sink = .lines(sink)
    }

    /// `bytes` receives the UTF-8 in order, in pieces of about `chunk`
    /// bytes that each end where a `write` ended; the buffer is lent only
    /// for the call.
    public init(chunk: Int = 1 << 16, bytes: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        self.chunk = chunk
        self.sink = .bytes(bytes)
    }

    /// Whether `pending` holds a newline (after a flush it holds none):
    /// a line longer than `chunk` written in pieces is not searched for
    /// one again at every piece.
    private var pendingHasNewline = false

    public func write(_ text: String) {
        switch sink {
        case .lines:
            pending += text
            if !pendingHasNewline, text.utf8.contains(0x0A) { pendingHasNewline = true }
            if pendingHasNewline, pending.utf8.count >= chunk { flushLines() }
        case .bytes:
            var text = text
            text.withUTF8 { write(utf8: $0) }
        }
    }

    /// Writes text that is already UTF-8 (a writer's own buffer): to a
    /// byte sink it goes on without becoming a `String`, and when nothing
    /// is held and it fills a piece by itself, without a copy.
    public func write(utf8 text: UnsafeBufferPointer<UInt8>) {
        switch sink {
        case .lines:
            write(String(decoding: text, as: UTF8.self))
        case .bytes(let sink):
            if pendingBytes.isEmpty, text.count >= chunk {
                sink(text)
                return
            }
            pendingBytes.append(contentsOf: text)
            if pendingBytes.count >= chunk {
                pendingBytes.withUnsafeBufferPointer(sink)
                pendingBytes.removeAll(keepingCapacity: true)
            }
        }
    }

    /// The same from an array (a writer's own buffer).
    public func write(utf8 text: [UInt8]) { text.withUnsafeBufferPointer { write(utf8: $0) } }

    /// Hands the sink whatever is still held. Call once, at the end.
    public func finish() {
        switch sink {
        case .lines(let sink):
            guard !pending.isEmpty else { return }
            sink(pending)
            pending = ""
        case .bytes(let sink):
            guard !pendingBytes.isEmpty else { return }
            pendingBytes.withUnsafeBufferPointer(sink)
            pendingBytes = []
        }
    }

    /// Hands the sink everything through the last newline held.
    private func flushLines() {
        guard case .lines(let sink) = sink else { return }
        let utf8 = pending.utf8
        guard let newline = utf8.lastIndex(of: 0x0A) else { return }
        let end = utf8.index(after: newline)
        if end == utf8.endIndex {
            sink(pending)
            pending = ""
        } else {
            sink(String(pending[..<end]))
            pending = String(pending[end...])
        }
        pendingHasNewline = false
    }

    /// Runs `body` with an output that collects into one `String` (the
    /// renderers' string forms, and tests comparing the two).
    public static func collect(_ body: (ReportOutput) -> Void) -> String {
        var all = ""
        let output = ReportOutput { all += $0 }
        body(output)
        output.finish()
        return all
    }
}
