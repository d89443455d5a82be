/// The one CSV writer (RFC 4180, CR LF rows, formulas guarded with `'` unless
/// `guardFormulas` is off: `CSV.needsQuotes`, `CSV.needsGuard`): every `--csv`
/// writes through it. It is the output sink of `units export --csv`, so its
/// rows go into one buffer it owns, written through a pointer.
public struct CSVWriter: ~Copyable {
    private(set) var base: UnsafeMutablePointer<UInt8>
    /// How many bytes are written and not yet handed out.
    public private(set) var count = 0
    private var capacity: Int
    /// Whether the next field is the first of its row.
    private var atRowStart = true
    public let guardFormulas: Bool
    private let output: ReportOutput?
    /// The size of the pieces handed to `output`.
    private static let piece = 1 << 16

    /// A writer that keeps its rows (`finish`, `bytes`).
    public init(capacity: Int = 256, guardFormulas: Bool = true) {
        self.capacity = max(capacity, 256)
        base = .allocate(capacity: self.capacity)
        self.guardFormulas = guardFormulas
        output = nil
    }

    /// A writer that hands `output` its rows a piece at a time, the rest at `close`.
    public init(output: ReportOutput, guardFormulas: Bool = true) {
        capacity = Self.piece + 4096
        base = .allocate(capacity: capacity)
        self.guardFormulas = guardFormulas
        self.output = output
    }

    deinit { base.deallocate() }

    // MARK: Rows of strings

    /// One row of text fields, with its CR LF.
    public mutating func row(_ fields: [String]) {
        for field in fields { self.field(field) }
        endRow()
    }

    /// Hands the last rows to the output and finishes it.
    public mutating func close() {
        guard let output else { return }
        drain { output.write(utf8: $0) }
        output.finish()
    }

    /// The rows written, as text.
    public consuming func finish() -> String { String(decoding: bytes, as: UTF8.self) }

    // MARK: The buffer

    /// The bytes written and not yet handed out (lent: valid until the next write).
    public var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// Hands the bytes written so far to `body` and starts over, keeping the buffer.
    private mutating func drain(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        if count > 0 { body(bytes) }
        count = 0
    }

    /// Makes room for `n` more bytes.
    @inline(__always) mutating func reserve(_ n: Int) {
        if count + n > capacity { grow(count + n) }
    }

    @inline(never) private mutating func grow(_ needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let new = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        new.update(from: base, count: count)
        base.deallocate()
        base = new
        capacity = newCapacity
    }

    @inline(__always) mutating func byte(_ b: UInt8) {
        reserve(1)
        base[count] = b
        count += 1
    }

    /// Bytes as they are (escaped already, or known to need nothing), inside a field.
    @inline(__always) mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        reserve(bytes.count)
        Self.copy(source, to: base + count, count: bytes.count)
        count += bytes.count
    }

    /// Copies `n` bytes: a row's pieces are short, and up to 64 bytes move
    /// faster in overlapping words, inline, than through a call to `memmove`.
    @inline(__always) static func copy(_ source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, count n: Int) {
        let s = UnsafeRawPointer(source), t = UnsafeMutableRawPointer(target)
        if n >= 8 {
            guard n <= 64 else { target.update(from: source, count: n); return }
            // Whole words from the front, then one last word ending at the
            // last byte (it may overlap the one before).
            var k = 0
            while k + 8 < n {
                t.storeBytes(of: s.loadUnaligned(fromByteOffset: k, as: UInt64.self), toByteOffset: k, as: UInt64.self)
                k += 8
            }
            t.storeBytes(of: s.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self), toByteOffset: n - 8, as: UInt64.self)
        } else if n >= 4 {
            t.storeBytes(of: s.loadUnaligned(as: UInt32.self), as: UInt32.self)
            t.storeBytes(of: s.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self), toByteOffset: n - 4, as: UInt32.self)
        } else {
            for k in 0..<n { target[k] = source[k] }
        }
    }

    // MARK: Fields

    /// The comma before every field but a row's first (alone: an empty field).
    @inline(__always) public mutating func separate() {
        if !atRowStart { byte(UInt8(ascii: ",")) }
        atRowStart = false
    }

    /// Fields escaped beforehand by a writer with the same `guardFormulas`
    /// (one or more, comma-separated): a field the same on many rows is escaped once.
    @inline(__always) public mutating func raw(_ fields: [UInt8]) {
        separate()
        fields.withUnsafeBufferPointer { put($0) }
    }

    /// The same for `pool[range]`.
    @inline(__always) public mutating func raw(_ pool: [UInt8], _ range: Range<Int>) {
        separate()
        append(pool, range)
    }

    /// Bytes that continue the current field, known to need no quotes and no guard.
    @inline(__always) public mutating func append(_ pool: [UInt8], _ range: Range<Int>) {
        pool.withUnsafeBufferPointer { put(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// Bytes of the row being written (`count` before and after them), again.
    @inline(__always) public mutating func repeatBytes(_ range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count)
        reserve(range.count)
        Self.copy(base + range.lowerBound, to: base + count, count: range.count)
        count += range.count
    }

    /// One field, guarded and quoted when it must be.
    public mutating func field(_ text: UnsafeBufferPointer<UInt8>) {
        separate()
        let guarded = guardFormulas && CSV.needsGuard(text)
        guard CSV.needsQuotes(text) else {
            if guarded { byte(UInt8(ascii: "'")) }
            put(text)
            return
        }
        reserve(text.count * 2 + 3)
        var p = base + count
        p.pointee = 0x22; p += 1
        if guarded { p.pointee = UInt8(ascii: "'"); p += 1 }
        for b in text {
            if b == 0x22 { p.pointee = 0x22; p += 1 }
            p.pointee = b; p += 1
        }
        p.pointee = 0x22; p += 1
        count = p - base
    }

    public mutating func field(_ text: some Collection<UInt8>) {
        if text.withContiguousStorageIfAvailable({ field($0) }) == nil { Array(text).withUnsafeBufferPointer { field($0) } }
    }

    public mutating func field(_ text: String) {
        var text = text
        text.withUTF8 { field($0) }
    }

    /// Ends the row with CR LF (and hands a full piece to the output).
    @inline(__always) public mutating func endRow() {
        reserve(2)
        base[count] = 0x0D
        base[count + 1] = 0x0A
        count += 2
        atRowStart = true
        if let output, count >= Self.piece { drain { output.write(utf8: $0) } }
    }

    /// An integer in decimal, as a field.
    @inline(__always) public mutating func decimalField(_ value: Int) {
        separate()
        reserve(24)
        if value < 0 { base[count] = UInt8(ascii: "-"); count += 1 }
        var v = value.magnitude
        let digits = Self.digitCount(UInt64(v))
        var k = count + digits - 1
        repeat { base[k] = UInt8(ascii: "0") + UInt8(v % 10); v /= 10; k -= 1 } while v > 0
        count += digits
    }

    /// How many decimal digits `v` has (compares, no divisions).
    @inline(__always) static func digitCount(_ v: UInt64) -> Int {
        if v >= 10_000_000_000_000_000_000 { return 20 }
        var digits = 1, power: UInt64 = 10
        while v >= power { power &*= 10; digits += 1 }
        return digits
    }

    /// An amount in its canonical spelling, continuing the current field
    /// (digits need no quotes, and a number is never guarded).
    @inline(__always) public mutating func amount(_ value: Amount) {
        reserve(Amount.maxCanonicalLength)
        count += value.writeCanonical(to: base + count)
    }
}
