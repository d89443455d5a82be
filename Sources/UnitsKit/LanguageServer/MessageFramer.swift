/// The LSP base protocol: header lines (CR LF each) with `Content-Length: N`,
/// an empty line, N bytes of JSON. A wrong frame costs that one message:
/// reading goes on at the next `Content-Length:` line (no JSON body holds one).
public struct MessageFramer: Sendable {
    /// What the next complete piece of input is.
    public enum Frame: Equatable, Sendable {
        /// A whole message body (not yet parsed as JSON).
        case message([UInt8])
        /// A frame that cannot be used, dropped: reading goes on at the next header.
        case badHeader(String)
    }

    /// Header blocks longer than this are refused (garbage cannot grow the buffer).
    public static let maximumHeaderLength = 8 * 1024
    /// Bodies larger than this are refused (and skipped).
    public static let maximumBodyLength = 512 * 1024 * 1024

    private var buffer: [UInt8] = []
    private var start = 0
    /// After a bad frame: bytes are dropped up to the next header.
    private var resynchronising = false
    /// How far the body being received has been searched for a header.
    private var scanned = 0

    public init() {}

    /// Adds bytes read from the peer.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// The next complete frame, or nil when more bytes are needed.
    public mutating func next() -> Frame? {
        if resynchronising {
            switch findHeader(from: start, before: buffer.count) {
            case .found(let at):
                start = at
                resynchronising = false
            case .partial(let at):
                start = at
                compact()
                return nil
            case .none:
                start = buffer.count
                compact()
                return nil
            }
        }
        // The header, a line at a time.
        var lineStart = start
        var length: Int?, lengths = 0
        let bodyStart: Int
        while true {
            let headerEnd = max(lineStart, min(buffer.count, start + MessageFramer.maximumHeaderLength + 1))
            guard let lf = buffer[lineStart..<headerEnd].firstIndex(of: 0x0A) else {
                if buffer.count - start > MessageFramer.maximumHeaderLength {
                    return bad("header longer than \(MessageFramer.maximumHeaderLength) bytes", resumeAt: start + 1)
                }
                return nil
            }
            guard lf > lineStart, buffer[lf - 1] == 0x0D else {
                return bad("a header line must end in CR LF", resumeAt: start + 1)
            }
            if lf - 1 == lineStart { bodyStart = lf + 1; break }
            let line = buffer[lineStart..<(lf - 1)]
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > lineStart,
                  line[lineStart..<colon].allSatisfy(Self.isTokenByte) else {
                return bad("'\(Self.shown(line))' is not a header line", resumeAt: start + 1)
            }
            if Self.equalsIgnoringCase(line[lineStart..<colon], "content-length") {
                lengths += 1
                let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingSpaces()
                length = value.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } ? Int(value) : nil
                if length == nil {
                    return bad("Content-Length '\(Self.shown(value.utf8))' is not a length", resumeAt: nil)
                }
            }
            lineStart = lf + 1
        }
        guard lengths == 1, let length else {
            // Given twice: the second line must not be read as a header of its own.
            return lengths == 0 ? bad("no Content-Length header", resumeAt: start + 1)
                : bad("Content-Length given \(lengths) times", resumeAt: bodyStart)
        }
        if length > MessageFramer.maximumBodyLength {
            return bad("message of \(length) bytes is larger than \(MessageFramer.maximumBodyLength)", resumeAt: start + 1)
        }
        // A header inside the body: the length was wrong, and the next message
        // starts there (looked for as bytes arrive: a next request never waits).
        let bodyEnd = bodyStart + length
        switch findHeader(from: max(scanned, bodyStart), before: min(bodyEnd, buffer.count)) {
        case .found(let at):
            start = at
            scanned = 0
            compact()
            return .badHeader("Content-Length \(length) does not match the message: the next header starts inside its body")
        case .partial(let at):
            scanned = at
            return nil
        case .none:
            guard buffer.count >= bodyEnd else { scanned = buffer.count; return nil }
        }
        let body = Array(buffer[bodyStart..<bodyEnd])
        start = bodyEnd
        scanned = 0
        compact()
        return .message(body)
    }

    /// Drops a bad frame: reading goes on at the next header from
    /// `resumeAt`, or (nil) right after the header's blank line.
    private mutating func bad(_ reason: String, resumeAt: Int?) -> Frame {
        if let resumeAt {
            start = min(resumeAt, buffer.count)
            resynchronising = true
        } else {
            var k = start
            while k + 3 < buffer.count, !(buffer[k] == 0x0D && buffer[k + 1] == 0x0A && buffer[k + 2] == 0x0D && buffer[k + 3] == 0x0A) { k += 1 }
            start = min(k + 4, buffer.count)
        }
        scanned = 0
        compact()
        return .badHeader(reason)
    }

    private enum Search { case found(Int), partial(Int), none }

    /// The first header (`Content-Length:`, spaces, digits, spaces, a line
    /// break) starting in `from..<before`; `partial` when the input ends first.
    private func findHeader(from: Int, before: Int) -> Search {
        var p = from
        while p < before {
            let b = buffer[p]
            if b == UInt8(ascii: "C") || b == UInt8(ascii: "c") {
                switch matchHeader(at: p) {
                case .some(true): return .found(p)
                case .none: return .partial(p)
                default: break
                }
            }
            p += 1
        }
        return .none
    }

    private static let name = Array("content-length:".utf8)

    /// Whether a header starts at `p`; nil when the input ends before it can be told.
    private func matchHeader(at p: Int) -> Bool? {
        var k = p
        for expected in Self.name {
            guard k < buffer.count else { return nil }
            let b = buffer[k]
            guard b == expected || (b >= 0x41 && b <= 0x5A && b + 0x20 == expected) else { return false }
            k += 1
        }
        var spaces = 0
        while k < buffer.count, buffer[k] == 0x20 || buffer[k] == 0x09 { k += 1; spaces += 1; if spaces > 16 { return false } }
        var digits = 0
        while k < buffer.count, buffer[k] >= 0x30, buffer[k] <= 0x39 { k += 1; digits += 1; if digits > 18 { return false } }
        while k < buffer.count, buffer[k] == 0x20 || buffer[k] == 0x09 { k += 1; spaces += 1; if spaces > 32 { return false } }
        guard k < buffer.count else { return nil }
        return digits > 0 && (buffer[k] == 0x0D || buffer[k] == 0x0A)
    }

    /// RFC 9110 token characters (a header field's name).
    private static func isTokenByte(_ b: UInt8) -> Bool {
        switch b {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        default: Array("!#$%&'*+-.^_`|~".utf8).contains(b)
        }
    }

    private static func equalsIgnoringCase(_ bytes: ArraySlice<UInt8>, _ lower: String) -> Bool {
        bytes.count == lower.utf8.count && zip(bytes, lower.utf8).allSatisfy { ($0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0) == $1 }
    }

    /// A header's text in a message: printable ASCII, the rest escaped, at most 60 bytes.
    private static func shown(_ bytes: some Collection<UInt8>) -> String {
        TerminalText.escaped(String(decoding: bytes.prefix(60), as: UTF8.self))
    }

    /// Drops consumed bytes once they are a good share of the buffer.
    private mutating func compact() {
        if start == buffer.count { buffer.removeAll(keepingCapacity: true); start = 0 }
        else if start > 65536, start > buffer.count / 2 { buffer.removeFirst(start); start = 0 }
    }

    /// One message framed for sending.
    public static func frame(_ body: String) -> [UInt8] {
        let bytes = Array(body.utf8)
        return Array("Content-Length: \(bytes.count)\r\n\r\n".utf8) + bytes
    }
}
