import Synchronization

/// The bytes of one journal file and the name it is reported under.
/// Positions everywhere else are byte offsets into it. A large file read
/// from disk is mapped, not copied: hot paths read it with `withBytes`.
public final class SourceFile: Sendable {
    /// The path as the user gave it (or `<stdin>`), used in messages.
    public let path: String
    private let storage: [UInt8]
    private let mapping: MappedFile?
    /// The array copy of a mapped file's bytes, made on the first `bytes`.
    private let copy = Mutex<[UInt8]?>(nil)

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.storage = bytes
        self.mapping = nil
    }

    public convenience init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// A file over the read-only mapping `mapping`.
    init(path: String, mapping: MappedFile) {
        self.path = path
        self.storage = []
        self.mapping = mapping
    }

    /// The file's bytes as an array (a mapped file's copied once, on first use).
    public var bytes: [UInt8] {
        guard let mapping else { return storage }
        return copy.withLock { copy in
            if let copy { return copy }
            let made = Array(mapping.buffer)
            copy = made
            return made
        }
    }

    /// The bytes in `range`. (Of a mapped file, a copy of those alone, its
    /// indices from 0: read it as a collection, not by file offsets.)
    public func slice(_ range: Range<Int>) -> ArraySlice<UInt8> {
        guard let mapping else { return storage[range] }
        return ArraySlice(UnsafeBufferPointer(rebasing: mapping.buffer[range]))
    }

    /// Whether the bytes are a mapping of the file (tests).
    var isMapped: Bool { mapping != nil }

    /// The number of bytes.
    public var count: Int { mapping?.buffer.count ?? storage.count }

    /// Lets the system drop the resident pages of a mapped file before
    /// byte `offset` (a block parse calls it behind itself); a later read
    /// maps them again from the file.
    public func releaseResidentPages(before offset: Int) {
        mapping?.releaseResidentPages(before: offset)
    }

    /// Calls `body` with the file's bytes, without copying a mapped file.
    public func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        if let mapping { return try body(mapping.buffer) }
        return try storage.withUnsafeBufferPointer(body)
    }
}

/// A read-only private mapping of a whole file, unmapped when the last
/// `SourceFile` over it goes.
final class MappedFile: @unchecked Sendable {
    let buffer: UnsafeBufferPointer<UInt8>
    /// The end of the pages last released (`releaseResidentPages`).
    private let released = Atomic<Int>(0)

    /// Maps `count` bytes of the open file `fd` (count > 0); nil if the
    /// system refuses (the caller then reads the file).
    init?(fd: Int32, count: Int) {
        guard count > 0 else { return nil }
        TruncatedMappingGuard.install()
        guard let address = SystemMemory.mapReadOnly(fd, count: count) else { return nil }
        buffer = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: count)
    }

    deinit { SystemMemory.unmap(buffer.baseAddress!, count: buffer.count) }

    /// `SourceFile.releaseResidentPages(before:)`.
    func releaseResidentPages(before offset: Int) {
        guard let base = buffer.baseAddress, SystemMemory.pageSize > 0 else { return }
        let end = min(offset, buffer.count) / SystemMemory.pageSize * SystemMemory.pageSize
        // From where the last call stopped; a smaller offset (a second parse) starts again at 0.
        let from = released.load(ordering: .relaxed)
        let start = end > from ? from : 0
        guard end > start else { return }
        SystemMemory.release(UnsafeMutableRawPointer(mutating: base + start), end - start)
        released.store(end, ordering: .relaxed)
    }
}

/// A 1-based line and column. The column counts Unicode scalars from the
/// start of the line, so `é` and `読` are one column each; a tab is one.
public struct LineColumn: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) { self.line = line; self.column = column }
    public var description: String { "\(line):\(column)" }
    public static func < (a: LineColumn, b: LineColumn) -> Bool { (a.line, a.column) < (b.line, b.column) }
}

/// A span of bytes in a file, its offsets kept in 32 bits (a journal is
/// under 2 GiB): 16 bytes a range, in every habit, unit and finding.
public struct SourceRange: Hashable, Sendable {
    public let file: SourceFile
    private var storedStart: Int32
    private var storedEnd: Int32

    public var start: Int {
        get { Int(storedStart) }
        set { storedStart = Int32(clamping: newValue) }
    }

    public var end: Int {
        get { Int(storedEnd) }
        set { storedEnd = Int32(clamping: newValue) }
    }

    public init(file: SourceFile, start: Int, end: Int) {
        self.file = file
        self.storedStart = Int32(clamping: start)
        self.storedEnd = Int32(clamping: max(start, end))
    }

    public static func == (a: SourceRange, b: SourceRange) -> Bool {
        a.file === b.file && a.start == b.start && a.end == b.end
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(file))
        hasher.combine(start)
        hasher.combine(end)
    }
}

/// Offsets of line starts in a file, for turning byte offsets into lines
/// and columns (built only when a diagnostic is printed).
public struct LineTable: Sendable {
    public let file: SourceFile
    /// Byte offset at which each line starts; line 1 is index 0.
    public let lineStarts: [Int]

    public init(_ file: SourceFile) {
        self.file = file
        var starts = [0]
        file.withBytes { buffer in
            for i in 0..<buffer.count where buffer[i] == ASCII.lf { starts.append(i + 1) }
        }
        lineStarts = starts
    }

    /// The 0-based line index that contains `offset`.
    public func lineIndex(of offset: Int) -> Int {
        max(0, lineStarts.partitionPoint { $0 > offset } - 1)
    }

    public func location(of offset: Int) -> LineColumn {
        let index = lineIndex(of: offset)
        let start = lineStarts[index]
        return file.withBytes { bytes in
            let clamped = min(max(offset, start), bytes.count)
            var column = 1
            var i = start
            // Count scalars: every byte that is not a UTF-8 continuation byte.
            while i < clamped {
                if bytes[i] & 0xC0 != 0x80 { column += 1 }
                i += 1
            }
            return LineColumn(line: index + 1, column: column)
        }
    }

    /// The bytes of a 0-based line, without its line ending.
    public func lineBytes(_ index: Int) -> ArraySlice<UInt8> {
        let start = lineStarts[index]
        var end = index + 1 < lineStarts.count ? lineStarts[index + 1] : file.bytes.count
        if end > start, file.bytes[end - 1] == ASCII.lf { end -= 1 }
        if end > start, file.bytes[end - 1] == ASCII.cr { end -= 1 }
        return file.bytes[start..<end]
    }
}

extension RandomAccessCollection where Index == Int {
    /// The index of the first element `isAfter` holds of, by binary search,
    /// in a collection where it holds of a suffix (each line table's lookup).
    func partitionPoint(_ isAfter: (Element) -> Bool) -> Int {
        var low = startIndex, high = endIndex
        while low < high {
            let mid = (low + high) / 2
            if isAfter(self[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}
