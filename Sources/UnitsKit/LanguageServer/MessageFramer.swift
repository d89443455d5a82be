/// The base protocol of the Language Server Protocol: each message is a
/// header (`Content-Length: N`, optionally `Content-Type`, each line ended by
/// CRLF), an empty line, and N bytes of JSON. Bytes arrive in any split; the
/// framer buffers them and hands out whole message bodies.
public struct MessageFramer: Sendable {
    /// What the next complete piece of input is.
    public enum Frame: Equatable, Sendable {
        /// A whole message body (not yet parsed as JSON).
        case message([UInt8])
        /// A header that cannot be used: no or a bad `Content-Length`. The
        /// header is dropped and reading goes on after it.
        case badHeader(String)
    }

    /// Header blocks longer than this are refused, so that garbage without
    /// a blank line cannot grow the buffer without end.
    public static let maximumHeaderLength = 8 * 1024
    /// Bodies larger than this are refused (and skipped).
    public static let maximumBodyLength = 512 * 1024 * 1024

    private var buffer: [UInt8] = []
    private var start = 0
    /// Bytes of an oversized body still to be skipped.
    private var skipping = 0

    public init() {}

    /// Adds bytes read from the peer.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// The next complete frame, or nil when more bytes are needed.
    public mutating func next() -> Frame? {
        if skipping > 0 {
            let n = min(skipping, buffer.count - start)
            start += n
            skipping -= n
            if skipping > 0 { compact(); return nil }
        }
        guard let headerEnd = findHeaderEnd() else {
            if buffer.count - start > MessageFramer.maximumHeaderLength {
                // No blank line within the limit: drop what we have.
                start = buffer.count
                compact()
                return .badHeader("header longer than \(MessageFramer.maximumHeaderLength) bytes")
            }
            return nil
        }
        let header = String(decoding: buffer[start..<headerEnd], as: UTF8.self)
        let bodyStart = headerEnd + 4
        var length: Int?
        for line in header.split(separator: "\r\n", omittingEmptySubsequences: true) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = String(line[..<colon]).trimmingSpaces()
            if name.lowercased() == "content-length" {
                let value = String(line[line.index(after: colon)...]).trimmingSpaces()
                length = Int(value).flatMap { $0 >= 0 ? $0 : nil }
                if length == nil { start = bodyStart; compact(); return .badHeader("Content-Length '\(value)' is not a length") }
            }
        }
        guard let length else {
            start = bodyStart
            compact()
            return .badHeader("no Content-Length header")
        }
        if length > MessageFramer.maximumBodyLength {
            start = bodyStart
            skipping = length
            compact()
            return .badHeader("message of \(length) bytes is larger than \(MessageFramer.maximumBodyLength)")
        }
        guard buffer.count - bodyStart >= length else { return nil }
        let body = Array(buffer[bodyStart..<(bodyStart + length)])
        start = bodyStart + length
        compact()
        return .message(body)
    }

    private func findHeaderEnd() -> Int? {
        var k = start
        let end = buffer.count - 3
        while k < end {
            if buffer[k] == 0x0D, buffer[k + 1] == 0x0A, buffer[k + 2] == 0x0D, buffer[k + 3] == 0x0A { return k }
            k += 1
        }
        return nil
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

