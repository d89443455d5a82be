/// What the last writing command appended to a journal, so `units undo`
/// can take exactly that back, and only while the file is as it was left.
///
/// The record lives next to the journal, in a hidden file named after it:
/// `habits.units` → `.habits.units.undo` (for a symbolic link, next to the
/// file it points to). It is a small text file:
///
/// ```
/// units-undo 1
/// size-before 1234
/// hash-after 8f1c0e5a2b3d4c6e
/// summary Added 1 unit to Reading
/// appended 323032352d31322d3134205265616469...0a
/// ```
///
/// `size-before` is the file's length before the append, `hash-after` an
/// FNV-1a hash of the whole file after it, and `appended` the appended
/// bytes in hex. Each write replaces the record; a successful undo deletes
/// it (there is no undo of an undo).
public struct UndoRecord: Equatable, Sendable {
    public var sizeBefore: Int
    public var hashAfter: UInt64
    /// What the command did, in words: "Added 1 unit to Reading".
    public var summary: String
    public var appended: [UInt8]

    public init(sizeBefore: Int, hashAfter: UInt64, summary: String, appended: [UInt8]) {
        self.sizeBefore = sizeBefore
        self.hashAfter = hashAfter
        self.summary = summary
        self.appended = appended
    }

    /// The record for an append of `appended` that left the file as `after`.
    public init(after: [UInt8], appended: [UInt8], summary: String) {
        self.init(sizeBefore: after.count - appended.count, hashAfter: Self.hash(after),
                  summary: summary, appended: appended)
    }

    /// Where the record for the journal at `journalPath` is kept.
    public static func location(for journalPath: String) -> String {
        let real = FileReader.canonicalPath(journalPath)
        let directory = FileReader.directory(of: real)
        let name = real.split(separator: "/").last.map(String.init) ?? real
        return (directory == "/" ? "" : directory) + "/." + name + ".undo"
    }

    // MARK: Checking

    /// Why the record cannot be undone against the file's current `bytes`,
    /// or `nil` when it can: the file must end with the appended bytes and
    /// be, byte for byte, what the write left (same length, same hash).
    public func refusal(against bytes: [UInt8], path: String) -> String? {
        let line = appendedText
        let sizeAfter = sizeBefore + appended.count
        if !bytes.hasSuffix(appended) {
            if bytes.count > sizeAfter, bytes.count >= sizeAfter, Array(bytes[sizeBefore..<sizeAfter]) == appended {
                return "lines were added to \(path) after `\(line)`; undo only takes back the last write while it is still the end of the file"
            }
            return "`\(line)`, which units appended to \(path), is no longer the last line: it was edited or removed since"
        }
        if bytes.count != sizeAfter || Self.hash(bytes) != hashAfter {
            return "\(path) was changed elsewhere since units appended `\(line)`; undo only takes back a write while the file is exactly as that write left it"
        }
        return nil
    }

    /// The appended lines without line endings or leading blank lines, joined by " / ".
    public var appendedText: String {
        let text = String(decoding: appended, as: UTF8.self)
        return text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
            .map { String($0) }
            .filter { !$0.allSatisfy { $0 == " " || $0 == "\t" } }
            .joined(separator: " / ")
    }

    // MARK: Text form

    static let header = "units-undo 1"

    public func serialized() -> [UInt8] {
        let summaryLine = summary.replacingNewlines()
        var text = "\(Self.header)\nsize-before \(sizeBefore)\nhash-after \(String(hashAfter, radix: 16))\n"
        text += "summary \(summaryLine)\nappended \(Self.hex(appended))\n"
        return Array(text.utf8)
    }

    /// Reads a record; `nil` for anything that is not a well-formed record.
    public static func parse(_ bytes: [UInt8]) -> UndoRecord? {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first == Substring(header) else { return nil }
        var fields: [String: String] = [:]
        for line in lines.dropFirst() where !line.isEmpty {
            guard let space = line.firstIndex(of: " ") else { return nil }
            fields[String(line[..<space])] = String(line[line.index(after: space)...])
        }
        guard let size = fields["size-before"].flatMap({ Int($0) }), size >= 0,
              let hash = fields["hash-after"].flatMap({ UInt64($0, radix: 16) }),
              let appended = fields["appended"].flatMap(unhex), !appended.isEmpty
        else { return nil }
        return UndoRecord(sizeBefore: size, hashAfter: hash, summary: fields["summary"] ?? "", appended: appended)
    }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for b in bytes { out.append(digits[Int(b >> 4)]); out.append(digits[Int(b & 15)]) }
        return String(decoding: out, as: UTF8.self)
    }

    static func unhex(_ text: String) -> [UInt8]? {
        let chars = Array(text.utf8)
        guard chars.count % 2 == 0 else { return nil }
        func value(_ c: UInt8) -> UInt8? {
            switch c {
            case 0x30...0x39: c - 0x30
            case 0x61...0x66: c - 0x61 + 10
            default: nil
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(chars.count / 2)
        var i = 0
        while i < chars.count {
            guard let high = value(chars[i]), let low = value(chars[i + 1]) else { return nil }
            out.append(high << 4 | low)
            i += 2
        }
        return out
    }

    /// 64-bit FNV-1a: not cryptographic, only to notice that a file changed.
    public static func hash(_ bytes: [UInt8]) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        bytes.withUnsafeBufferPointer { buffer in
            for b in buffer { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        }
        return h
    }
}

extension Array where Element == UInt8 {
    func hasSuffix(_ suffix: [UInt8]) -> Bool {
        count >= suffix.count && self[(count - suffix.count)...].elementsEqual(suffix)
    }
}

extension String {
    func replacingNewlines() -> String {
        String(unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : Character($0) })
    }
}
