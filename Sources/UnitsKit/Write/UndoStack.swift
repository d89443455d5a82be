/// The undo records of one journal, newest last, up to `limit` writes, in
/// the state folder (never in the user's, nor a git repository), one file
/// per journal named after a hash of its real path:
///
/// ```
/// units-undo 3
/// journal /home/ana/habits.units
/// record
/// summary Added 1 unit to Reading on 2025-12-14
/// file /home/ana/habits.units
/// offset 1234
/// size-after 1257
/// hash-after 8f1c0e5a2b3d4c6e
/// hash-before 0b6e2a11f5d3c4e7
/// removed
/// inserted 323032352d31322d3134205265616469...0a
/// check 5c2d9e0a7b1f3e48
/// end
/// ```
///
/// It is read as untrusted input (docs/writing.md, "The undo stack"): a
/// number out of range or a record whose `check` (the hash of its lines)
/// does not match makes the whole stack damaged, never used.
public struct UndoStack: Sendable {
    /// How many writes are kept.
    public static let limit = 50
    /// Records larger than this in total make the oldest go first.
    public static let byteBudget = 64 << 20

    /// The journal's real path.
    public let journal: String
    /// The stack's file.
    public let location: String

    public init(journal: String, directory: String) {
        let real = FileReader.canonicalPath(journal)
        self.journal = real
        let name = real.split(separator: "/").last.map { String($0.unicodeScalars.filter { $0.isASCII && $0 != " " }.map(Character.init)) } ?? "journal"
        let key = String(UndoRecord.hash(Array(real.utf8)), radix: 16)
        location = directory + "/" + String(repeating: "0", count: 16 - key.count) + key + "-" + name + ".undo"
    }

    /// `$XDG_STATE_HOME/units/undo`, else `$HOME/.local/state/units/undo`
    /// (a relative XDG_STATE_HOME is ignored, as the XDG spec says).
    public static func directory(environment: [String: String]) -> String {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/units/undo" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        return home + "/.local/state/units/undo"
    }

    /// Why a stack file cannot be used.
    public struct Damaged: Error, Sendable {
        public var reason: String
    }

    /// The records, oldest first ([] when there is no stack yet).
    public func load() throws(Damaged) -> [UndoRecord] {
        guard FileReader.exists(location) else { return [] }
        guard let bytes = try? FileReader.readBytes(atPath: location) else {
            throw Damaged(reason: "\(location) cannot be read")
        }
        return try Self.parse(bytes, journal: journal, location: location)
    }

    /// Adds `record` on top, dropping the oldest beyond `limit`; a damaged stack is replaced.
    public func push(_ record: UndoRecord) throws(WriteError) {
        var records = (try? load()) ?? []
        records.append(record)
        try save(records)
    }

    /// Writes the stack (atomically), or removes it when empty.
    public func save(_ records: [UndoRecord]) throws(WriteError) {
        var kept = Array(records.suffix(Self.limit))
        while kept.count > 1, kept.reduce(0, { $0 + $1.files.reduce(0) { $0 + $1.removed.count + $1.inserted.count } }) > Self.byteBudget {
            kept.removeFirst()
        }
        if kept.isEmpty { _ = unlinkFile(location); return }
        try Self.makeDirectory(FileReader.directory(of: location))
        try FileCommit.overwrite(location, bytes: serialized(kept))
    }

    static func makeDirectory(_ path: String) throws(WriteError) {
        if (try? SystemFile.status(atPath: path)) != nil { return }
        let parent = FileReader.directory(of: path)
        if parent != path { try makeDirectory(parent) }
        do { try SystemFile.makeDirectory(path, mode: 0o700) } catch where error.code != EEXIST {
            throw .system(path, "cannot create the folder for undo records", error.code)
        } catch {}
    }

    // MARK: Text form

    static let header = "units-undo 3"

    func serialized(_ records: [UndoRecord]) -> [UInt8] {
        var out = Array("\(Self.header)\njournal \(journal.replacingNewlines())\n".utf8)
        for record in records {
            let start = out.count
            out += Array("record\nsummary \(record.summary.replacingNewlines())\n".utf8)
            for file in record.files {
                out += Array("file \(file.path.replacingNewlines())\noffset \(file.offset)\nsize-after \(file.sizeAfter)\n".utf8)
                out += Array("hash-after \(String(file.hashAfter, radix: 16))\nhash-before \(String(file.hashBefore, radix: 16))\nremoved ".utf8)
                Self.appendHex(file.removed, to: &out)
                out += Array("\ninserted ".utf8)
                Self.appendHex(file.inserted, to: &out)
                out.append(0x0A)
            }
            out += Array("check \(String(UndoRecord.hash(Array(out[start...])), radix: 16))\nend\n".utf8)
        }
        return out
    }

    /// Reads a stack; any malformed line, number out of range or record
    /// that does not fit together makes the whole stack `Damaged`.
    static func parse(_ bytes: [UInt8], journal: String, location: String) throws(Damaged) -> [UndoRecord] {
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        func damaged(_ number: Int, _ why: String) -> Damaged {
            Damaged(reason: "the undo record \(location) is damaged (line \(number): \(why)); it was not used. Delete it to start afresh")
        }
        guard let first = lines.first, first.elementsEqual(header.utf8) else {
            if let first = lines.first, first.starts(with: Array("units-undo ".utf8)) {
                throw damaged(1, "written by another version of units, without the checks this one needs")
            }
            throw damaged(1, "not a units undo record")
        }
        var records: [UndoRecord] = []
        var record: UndoRecord?
        var file: UndoRecord.FileChange?
        var sawJournal = false
        var recordStart = 0
        var sawCheck = false
        // Each field once per file change: a repeated one would let the
        // later win and undo to a file the write never saw.
        let fileFields: Set<String> = ["offset", "size-after", "hash-after", "hash-before", "removed", "inserted"]
        var seen: Set<String> = []
        func complete(_ number: Int) throws(Damaged) {
            if file != nil, seen != fileFields {
                throw damaged(number, "a file change without its \(fileFields.subtracting(seen).sorted().joined(separator: ", "))")
            }
        }
        for (index, raw) in lines.enumerated().dropFirst() {
            let number = index + 1
            if raw.isEmpty { continue }
            // Nothing may follow a record's check but its end.
            if sawCheck, !raw.elementsEqual("end".utf8) { throw damaged(number, "a line after the record's check") }
            let space = raw.firstIndex(of: 0x20)
            let key = String(decoding: raw[raw.startIndex..<(space ?? raw.endIndex)], as: UTF8.self)
            let value = space.map { raw[($0 + 1)...] } ?? raw[raw.endIndex...]
            let text = String(decoding: value, as: UTF8.self)
            func count(_ what: String) throws(Damaged) -> Int {
                guard value.count <= 19, !value.isEmpty, value.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                      let n = Int(text), n >= 0, n <= Parser.maximumFileSize else {
                    throw damaged(number, "\(what) is not a size between 0 and \(Parser.maximumFileSize)")
                }
                return n
            }
            func hex64() -> UInt64? {
                value.count <= 16 && value.allSatisfy(isLowerHex) ? UInt64(text, radix: 16) : nil
            }
            // The six fields of a file change: inside one, each once.
            if fileFields.contains(key) {
                guard file != nil else { throw damaged(number, "\(key) outside a file") }
                guard seen.insert(key).inserted else { throw damaged(number, "a second \(key) line in one file change") }
            }
            switch key {
            case "journal":
                guard !sawJournal, record == nil else { throw damaged(number, "misplaced journal line") }
                sawJournal = true
                guard text == journal else { throw damaged(number, "it belongs to \(text), not \(journal)") }
            case "record":
                guard sawJournal, record == nil else { throw damaged(number, "a record inside a record") }
                record = UndoRecord(summary: "", files: [])
                recordStart = raw.startIndex
            case "summary":
                guard record != nil, file == nil, record!.summary.isEmpty else { throw damaged(number, "misplaced summary") }
                record!.summary = text
            case "file":
                guard record != nil, !text.isEmpty else { throw damaged(number, "a file outside a record") }
                try complete(number)
                if let done = file { record!.files.append(try checked(done, number, damaged)) }
                seen = []
                file = UndoRecord.FileChange(path: text, offset: -1, removed: [], inserted: [], sizeAfter: -1, hashAfter: 0, hashBefore: 0)
            case "offset":
                file!.offset = try count("offset")
            case "size-after":
                file!.sizeAfter = try count("size-after")
            case "hash-after", "hash-before":
                guard let hash = hex64() else { throw damaged(number, "\(key) is not a 64-bit hex number") }
                if key == "hash-after" { file!.hashAfter = hash } else { file!.hashBefore = hash }
            case "check":
                try complete(number)
                guard record != nil, file != nil, let hash = hex64(),
                      hash == UndoRecord.hash(Array(bytes[recordStart..<raw.startIndex])) else {
                    throw damaged(number, "the record's check does not match its lines")
                }
                sawCheck = true
            case "removed", "inserted":
                guard value.count <= 2 * Parser.maximumFileSize, let data = unhex(value) else { throw damaged(number, "\(key) is not hex bytes") }
                if key == "removed" { file!.removed = data } else { file!.inserted = data }
            case "end":
                guard var done = record, let last = file else { throw damaged(number, "a record without a file") }
                guard sawCheck else { throw damaged(number, "a record without its check") }
                sawCheck = false
                done.files.append(try checked(last, number, damaged))
                records.append(done)
                record = nil
                file = nil
                seen = []
            default:
                throw damaged(number, "unknown field '\(key.prefix(40))'")
            }
        }
        if record != nil { throw damaged(lines.count, "the last record has no end") }
        return records
    }

    static func isLowerHex(_ c: UInt8) -> Bool { (0x30...0x39).contains(c) || (0x61...0x66).contains(c) }

    /// A file change whose numbers fit together, without overflow.
    static func checked(_ file: UndoRecord.FileChange, _ number: Int, _ damaged: (Int, String) -> Damaged) throws(Damaged) -> UndoRecord.FileChange {
        guard file.offset >= 0, file.sizeAfter >= 0 else { throw damaged(number, "a file change without offset or size-after") }
        let (end, overflow) = file.offset.addingReportingOverflow(file.inserted.count)
        guard !overflow, end <= file.sizeAfter else { throw damaged(number, "the inserted bytes do not fit in the file") }
        let (before, overflow2) = (file.sizeAfter - file.inserted.count).addingReportingOverflow(file.removed.count)
        guard !overflow2, before <= Parser.maximumFileSize else { throw damaged(number, "the size before is out of range") }
        return file
    }

    static func appendHex(_ bytes: [UInt8], to out: inout [UInt8]) {
        let digits = Array("0123456789abcdef".utf8)
        out.reserveCapacity(out.count + bytes.count * 2)
        for b in bytes { out.append(digits[Int(b >> 4)]); out.append(digits[Int(b & 15)]) }
    }

    static func unhex(_ chars: ArraySlice<UInt8>) -> [UInt8]? {
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
        var i = chars.startIndex
        while i < chars.endIndex {
            guard let high = value(chars[i]), let low = value(chars[i + 1]) else { return nil }
            out.append(high << 4 | low)
            i += 2
        }
        return out
    }
}
