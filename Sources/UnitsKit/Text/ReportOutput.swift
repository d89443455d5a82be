/// A report written in pieces (issue 14): a report of a million habits or
/// five million entries is tens of megabytes of text, and building it as
/// one `String` (then a sanitized copy, then a width-cut copy) held several
/// times that at once. Renderers write to a `ReportOutput`; it hands its
/// sink whole lines, about `chunk` bytes at a time, so a per-line
/// transformation (sanitizing for the terminal, cutting to its width) gives
/// the same bytes applied to each piece as to the whole.
public final class ReportOutput {
    private var pending = ""
    private let chunk: Int
    private let sink: (String) -> Void

    /// `sink` receives the text in order; every piece but the last ends with a newline.
    public init(chunk: Int = 1 << 16, sink: @escaping (String) -> Void) {
        self.chunk = chunk
        self.sink = sink
    }

    /// Whether `pending` holds a newline (after a flush it holds none):
    /// a line longer than `chunk` written in pieces is not searched for
    /// one again at every piece.
    private var pendingHasNewline = false

    public func write(_ text: String) {
        pending += text
        if !pendingHasNewline, text.utf8.contains(0x0A) { pendingHasNewline = true }
        if pendingHasNewline, pending.utf8.count >= chunk { flushLines() }
    }

    /// Hands the sink whatever is still held. Call once, at the end.
    public func finish() {
        guard !pending.isEmpty else { return }
        sink(pending)
        pending = ""
    }

    /// Hands the sink everything through the last newline held.
    private func flushLines() {
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
