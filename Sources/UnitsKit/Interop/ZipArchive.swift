/// Reads a zip archive (PKWARE APPNOTE.TXT) in memory, as Loop exports its
/// CSV files: stored or deflated entries, CRC-32 checked; the rest and any damage refused.
public struct ZipArchive: Sendable {
    /// One file of the archive, inflated.
    public struct Entry: Sendable, Equatable {
        /// The path inside the archive (`001 Meditate/Checkmarks.csv`).
        public var name: String
        public var bytes: [UInt8]
    }

    /// Why an archive cannot be read; `description` names the archive.
    public struct ZipError: Error, Sendable, Equatable, CustomStringConvertible {
        public var path: String
        public var message: String
        public var description: String { "\(path): \(message)" }
    }

    /// Most bytes one entry may inflate to (a journal export is far smaller).
    public static let entryLimit = 256 << 20
    /// Most bytes all entries together may inflate to.
    public static let totalLimit = 512 << 20

    /// The files of the archive in central-directory order (no directories).
    public var entries: [Entry]

    /// Whether `bytes` start like a zip archive (or an empty one's end record).
    public static func looksLikeZip(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) || bytes.starts(with: [0x50, 0x4B, 0x05, 0x06])
    }

    /// Reads every entry of the archive `bytes` (from the file `path`).
    public init(_ bytes: [UInt8], path: String, entryLimit: Int = ZipArchive.entryLimit,
                totalLimit: Int = ZipArchive.totalLimit) throws(ZipError) {
        func fail(_ message: String) -> ZipError { ZipError(path: path, message: message) }
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
        // The end record: 22 bytes and a comment of at most 65,535.
        var end: Int?
        var at = bytes.count - 22
        while at >= 0 && at >= bytes.count - 65_557 {
            if bytes[at] == 0x50, bytes[at + 1] == 0x4B, bytes[at + 2] == 0x05, bytes[at + 3] == 0x06, at + 22 + u16(at + 20) == bytes.count {
                end = at; break
            }
            at -= 1
        }
        guard let end else { throw fail("not a zip archive (no end of central directory record)") }
        if end >= 20, u32(end - 20) == 0x0706_4B50 { throw fail("a zip64 archive; only plain zip archives are read (re-create it with `zip`)") }
        guard u16(end + 4) == 0, u16(end + 6) == 0, u16(end + 8) == u16(end + 10) else {
            throw fail("an archive split over several disks is not read")
        }
        let count = u16(end + 10), size = u32(end + 12), offset = u32(end + 16)
        if count == 0xFFFF || size == 0xFFFF_FFFF || offset == 0xFFFF_FFFF {
            throw fail("a zip64 archive; only plain zip archives are read (re-create it with `zip`)")
        }
        guard offset <= end, size <= end - offset else { throw fail("damaged: the central directory lies outside the archive") }
        var entries: [Entry] = []
        var total = 0
        var record = offset
        for _ in 0..<count {
            guard record + 46 <= offset + size, u32(record) == 0x0201_4B50 else {
                throw fail("damaged: expected a central directory record at byte \(record)")
            }
            let flags = u16(record + 8), method = u16(record + 10), crc = u32(record + 16)
            let compressed = u32(record + 20), declared = u32(record + 24)
            let nameLength = u16(record + 28), extraLength = u16(record + 30), commentLength = u16(record + 32)
            let local = u32(record + 42)
            let next = record + 46 + nameLength + extraLength + commentLength
            guard next <= offset + size else { throw fail("damaged: a central directory record runs past the directory") }
            let name = String(decoding: bytes[(record + 46)..<(record + 46 + nameLength)], as: UTF8.self)
            record = next
            if compressed == 0xFFFF_FFFF || declared == 0xFFFF_FFFF || local == 0xFFFF_FFFF {
                throw fail("a zip64 entry '\(name)'; only plain zip archives are read (re-create it with `zip`)")
            }
            if flags & 0x1 != 0 || flags & 0x40 != 0 { throw fail("'\(name)' is encrypted; export it again without a password") }
            if name.hasSuffix("/") && declared == 0 { continue }   // a directory
            guard declared <= entryLimit else {
                throw fail("'\(name)' would inflate to \(declared) bytes, more than the \(Self.size(entryLimit)) an entry may have")
            }
            guard total + declared <= totalLimit else {
                throw fail("the entries would inflate to more than \(Self.size(totalLimit)) together")
            }
            // The local header repeats the name; its extra field may differ.
            guard local <= offset, offset - local >= 30, u32(local) == 0x0403_4B50 else {
                throw fail("damaged: '\(name)' has no local header where the directory says")
            }
            let dataStart = local + 30 + u16(local + 26) + u16(local + 28)
            guard dataStart <= offset, compressed <= offset - dataStart else {
                throw fail("damaged: '\(name)' runs past the end of the data")
            }
            let data = bytes[dataStart..<(dataStart + compressed)]
            let inflated: [UInt8]
            switch method {
            case 0:
                guard compressed == declared else { throw fail("damaged: stored entry '\(name)' has two different sizes") }
                inflated = Array(data)
            case 8:
                do { inflated = try Inflate.inflate(data, limit: declared) } catch {
                    throw fail("damaged: cannot inflate '\(name)': \(error.message)")
                }
                guard inflated.count == declared else {
                    throw fail("damaged: '\(name)' inflates to \(inflated.count) bytes, not the \(declared) its header says")
                }
            default:
                throw fail("'\(name)' uses compression method \(method); only stored and deflated entries are read")
            }
            guard CRC32.checksum(inflated) == UInt32(crc) else { throw fail("damaged: '\(name)' fails its CRC-32 check") }
            total += declared
            entries.append(Entry(name: name, bytes: inflated))
        }
        self.entries = entries
    }

    /// `256 MB`, or bytes below a megabyte.
    static func size(_ bytes: Int) -> String { bytes >= 1 << 20 ? "\(bytes >> 20) MB" : "\(bytes) bytes" }
}

/// CRC-32 (ISO 3309, the zip and gzip checksum), table-driven.
public enum CRC32 {
    static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    public static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes { c = table[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}
