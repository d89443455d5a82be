/// A report written in pieces, so that a long one is never held whole:
/// renderers write to a `ReportOutput`, which hands its sink about `chunk`
/// bytes at a time, either as `String`s of whole lines (`init(sink:)`: a
/// per-line transformation, sanitizing or cutting to a width, gives the same
/// bytes piece by piece as whole) or as the UTF-8 of whole writes (`init(bytes:)`,
/// for JSON and CSV, which are not transformed).
public final class ReportOutput {
    private var pending: [UInt8] = []
    /// The end of the last line feed in `pending` (0: none), for the lines sink.
    private var lineEnd = 0
    private let chunk: Int
    private let lines: ((String) -> Void)?
    private let bytes: ((UnsafeBufferPointer<UInt8>) -> Void)?

    /// `sink` receives the text in order; every piece but the last ends with a newline.
    public init(chunk: Int = 1 << 16, sink: @escaping (String) -> Void) {
        self.chunk = chunk
        lines = sink
        bytes = nil
    }

    /// `bytes` receives the UTF-8 in order, each piece ending where a `write`
    /// ended; the buffer is lent only for the call.
    public init(chunk: Int = 1 << 16, bytes: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        self.chunk = chunk
        lines = nil
        self.bytes = bytes
    }

    public func write(_ text: String) {
        var text = text
        text.withUTF8 { write(utf8: $0) }
    }

    /// Writes text that is already UTF-8 (a writer's own buffer): a piece
    /// that fills a chunk by itself reaches a bytes sink without a copy.
    public func write(utf8 text: UnsafeBufferPointer<UInt8>) {
        if let bytes, pending.isEmpty, text.count >= chunk { return bytes(text) }
        pending.append(contentsOf: text)
        if lines != nil, let newline = text.lastIndex(of: 0x0A) { lineEnd = pending.count - text.count + newline + 1 }
        if pending.count >= chunk { flush(through: lines == nil ? pending.count : lineEnd) }
    }

    /// The same from an array (a writer's own buffer).
    public func write(utf8 text: [UInt8]) { text.withUnsafeBufferPointer { write(utf8: $0) } }

    /// Hands the sink whatever is still held. Call once, at the end.
    public func finish() { flush(through: pending.count) }

    /// Hands the sink `pending[..<end]`.
    private func flush(through end: Int) {
        guard end > 0 else { return }
        if let lines {
            lines(String(decoding: pending[..<end], as: UTF8.self))
        } else if let bytes {
            pending.withUnsafeBufferPointer { bytes(UnsafeBufferPointer(rebasing: $0[..<end])) }
        }
        pending.removeSubrange(..<end)
        lineEnd = 0
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
