/// What one writing command changed, per file the smallest range of whole
/// lines with the size and hash after and the hash before, so `units undo`
/// takes exactly that back while every file is as the write left it.
public struct UndoRecord: Equatable, Sendable {
    /// One file's change.
    public struct FileChange: Equatable, Sendable {
        /// The file's real path (symbolic links resolved).
        public var path: String
        public var offset: Int
        public var removed: [UInt8]
        public var inserted: [UInt8]
        public var sizeAfter: Int
        public var hashAfter: UInt64
        /// The hash of the whole file before the write: what undo must give back.
        public var hashBefore: UInt64

        /// The file's size before the write.
        public var sizeBefore: Int { sizeAfter - inserted.count + removed.count }

        /// Whether the write only added bytes at the end (undo cuts it back).
        public var isAppend: Bool { removed.isEmpty && offset + inserted.count == sizeAfter }

        /// Why this change cannot be taken back from the file's current
        /// `bytes`, or nil: the file must be exactly as the write left it.
        public func refusal(against bytes: [UInt8], shownAs name: String) -> String? {
            let what = UndoRecord.lines(inserted).isEmpty ? "that write" : "`\(UndoRecord.lines(inserted))`"
            if bytes.count > sizeAfter, UndoRecord.hash(bytes[0..<sizeAfter]) == hashAfter {
                return "lines were added to \(name) after \(what) by another program or by hand; undo only takes back a write while the file is exactly as that write left it"
            }
            if bytes.count != sizeAfter || UndoRecord.hash(bytes) != hashAfter {
                return "\(name) was changed since units wrote \(what) (edited, formatted or written by another program); undo only takes back a write while the file is exactly as that write left it"
            }
            return nil
        }

        /// The file as it was before the write, from the bytes it left, or
        /// why the (damaged) record cannot give it back.
        public func restored(from bytes: [UInt8], shownAs name: String) -> Result<[UInt8], UndoRefusal> {
            let end = offset.addingReportingOverflow(inserted.count)
            guard !end.overflow, end.partialValue <= bytes.count, bytes[offset..<end.partialValue].elementsEqual(inserted) else {
                return .failure(UndoRefusal(reason: "the undo record does not match \(name) (the bytes it says the write inserted are not there); it is damaged and was not used"))
            }
            let result = Array(bytes[0..<offset]) + removed + Array(bytes[end.partialValue...])
            guard result.count == sizeBefore, UndoRecord.hash(result) == hashBefore else {
                return .failure(UndoRefusal(reason: "the undo record would not give back \(name) as it was before the write (its removed bytes or offset are damaged); it was not used"))
            }
            return .success(result)
        }
    }

    /// Why an undo record cannot be applied.
    public struct UndoRefusal: Error, Sendable { public var reason: String }

    /// What the command did, in words: "Added 1 unit to Reading".
    public var summary: String
    public var files: [FileChange]

    /// The added non-blank lines joined by " / ", long texts cut.
    public var appendedText: String {
        files.map { Self.lines($0.inserted) }.filter { !$0.isEmpty }.joined(separator: " / ")
    }

    static func lines(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes.prefix(400), as: UTF8.self)
        let joined = text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
            .map { String($0) }
            .filter { !$0.allSatisfy { $0 == " " || $0 == "\t" } }
            .joined(separator: " / ")
        return bytes.count > 400 ? joined + " …" : joined
    }

    /// 64-bit FNV-1a: not cryptographic, only to notice that a file changed.
    public static func hash(_ bytes: [UInt8]) -> UInt64 { hash(bytes[...]) }

    /// The hash of bytes read in pieces: from `hashStart`, each piece
    /// continued from the hash so far.
    public static let hashStart: UInt64 = 0xcbf2_9ce4_8422_2325

    /// The hash of `bytes` continued from `seed`, the hash of what comes before them.
    public static func hash(_ bytes: ArraySlice<UInt8>, continuing seed: UInt64 = hashStart) -> UInt64 {
        var h = seed
        for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        return h
    }
}

extension String {
    func replacingNewlines() -> String {
        String(unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : Character($0) })
    }
}

extension UndoRecord.FileChange {
    /// The change from `before` to `after`.
    public init(path: String, before: [UInt8], after: [UInt8]) {
        let common = SystemBytes.commonPrefix(before[...], after[...])
        var prefix = common
        // Whole lines, so the record reads as lines added and removed
        // (an append stays exactly the appended bytes).
        let appendOnly = prefix == before.count
        while !appendOnly, prefix > 0, before[prefix - 1] != 0x0A { prefix -= 1 }
        var suffix = SystemBytes.commonSuffix(before[prefix...], after[prefix...])
        // The common beginning is hashed once for both hashes (a
        // journal of megabytes is hashed byte by byte).
        let head = UndoRecord.hash(before[..<common])
        func atLineStart(_ bytes: [UInt8], _ index: Int) -> Bool { index == 0 || bytes[index - 1] == 0x0A }
        while !appendOnly, suffix > 0, !(atLineStart(before, before.count - suffix) && atLineStart(after, after.count - suffix)) { suffix -= 1 }
        self.init(path: path, offset: prefix, removed: Array(before[prefix..<(before.count - suffix)]),
                  inserted: Array(after[prefix..<(after.count - suffix)]), sizeAfter: after.count,
                  hashAfter: UndoRecord.hash(after[common...], continuing: head), hashBefore: UndoRecord.hash(before[common...], continuing: head))
    }
}
