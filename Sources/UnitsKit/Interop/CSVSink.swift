/// The buffer `units export --csv` writes its rows into: one allocation,
/// filled through a pointer and handed out a chunk at a time, so a row of a
/// million costs a few copies and no array bookkeeping (no uniqueness
/// check, no retain or release per piece). The quoting and formula-guard
/// rules are `CSVBytes`'s and `CSV`'s (`needsQuotes`, `needsGuard`); this
/// only writes them faster.
///
/// Owned by one function: `deallocate()` it when done (it is not copied).
struct CSVSink {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int
    /// Whether the next field is the first of its row.
    private var atRowStart = true
    let guardFormulas: Bool

    init(capacity: Int, guardFormulas: Bool) {
        self.capacity = max(capacity, 256)
        base = .allocate(capacity: self.capacity)
        self.guardFormulas = guardFormulas
    }

    func deallocate() { base.deallocate() }

    /// The bytes written so far.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// Forgets the bytes written so far (after they were handed out).
    mutating func removeAll() { count = 0 }

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

    /// The next free byte, after `reserve`.
    @inline(__always) var end: UnsafeMutablePointer<UInt8> { base + count }

    /// Counts `n` bytes written at `end` as written.
    @inline(__always) mutating func advance(_ n: Int) { count += n }

    @inline(__always) mutating func byte(_ b: UInt8) {
        reserve(1)
        base[count] = b
        count += 1
    }

    /// Bytes as they are (escaped already, or known to need nothing).
    @inline(__always) mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        reserve(bytes.count)
        Self.copy(source, to: base + count, count: bytes.count)
        count += bytes.count
    }

    /// Copies `n` bytes. The pieces of a row are short (a date, a line
    /// number, a cached run of fields): up to 64 bytes are moved with a few
    /// overlapping word loads and stores, inline, where a call to `memmove`
    /// per piece was most of the cost of copying them.
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

    /// The comma before every field but a row's first.
    @inline(__always) mutating func separate() {
        if !atRowStart { byte(UInt8(ascii: ",")) }
        atRowStart = false
    }

    /// One field escaped beforehand (or plain): its bytes as they are.
    @inline(__always) mutating func raw(_ field: UnsafeBufferPointer<UInt8>) {
        separate()
        put(field)
    }

    /// An empty field.
    @inline(__always) mutating func emptyField() { separate() }

    /// One field, with the formula guard and the quotes `CSVBytes.field`
    /// would give it.
    mutating func field(_ text: UnsafeBufferPointer<UInt8>) {
        separate()
        let guarded = guardFormulas && CSV.needsGuard(text)
        guard CSVBytes.needsQuotes(text) else {
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

    /// Ends the row with CR LF.
    @inline(__always) mutating func endRow() {
        reserve(2)
        base[count] = 0x0D
        base[count + 1] = 0x0A
        count += 2
        atRowStart = true
    }

    /// A non-negative integer in decimal, as a plain field.
    @inline(__always) mutating func decimalField(_ value: Int) {
        separate()
        reserve(24)
        var v = value.magnitude
        let digits = Self.digitCount(UInt64(v))
        if value < 0 { base[count] = UInt8(ascii: "-"); count += 1 }
        v = value.magnitude
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

    /// An amount in its canonical spelling (`Amount.writeCanonical`), with
    /// no separator: part of a field.
    @inline(__always) mutating func amount(_ value: Amount) {
        reserve(Amount.maxCanonicalLength)
        count += value.writeCanonical(to: base + count)
    }
}
