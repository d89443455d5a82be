/// RFC 4180 CSV written straight into bytes, for outputs of a million rows
/// (`units export --csv`): no `String` per field. The same quoting as
/// `CSV.field`, which is defined by it: a field is quoted when it holds a
/// comma, a quote, CR or LF, and a quote inside is doubled.
public struct CSVBytes {
    public private(set) var bytes: [UInt8] = []
    private var atRowStart = true
    /// Whether fields a spreadsheet would run as formulas get a leading `'`
    /// (`CSV.needsGuard`, Grammar/export.md).
    public var guardFormulas: Bool

    public init(capacity: Int = 0, guardFormulas: Bool = true) {
        self.guardFormulas = guardFormulas
        bytes.reserveCapacity(capacity)
    }

    /// Appends one field (guarded and quoted when it must be).
    public mutating func field(_ text: some Collection<UInt8>) {
        separate()
        CSVBytes.appendEscaped(text, to: &bytes, guarded: guardFormulas && CSV.needsGuard(text))
    }

    /// Appends one field already known to need no quotes (digits, a date):
    /// `write` appends its bytes.
    public mutating func plainField(_ write: (inout [UInt8]) -> Void) {
        separate()
        write(&bytes)
    }

    /// Appends fields escaped beforehand by another `CSVBytes` with the
    /// same `guardFormulas` (its `bytes`, one or more fields): a field that
    /// is the same on many rows is escaped once.
    public mutating func raw(_ fields: ArraySlice<UInt8>) {
        separate()
        bytes.append(contentsOf: fields)
    }

    /// Hands the bytes written so far to `body` and starts over (keeping
    /// the buffer), for output written a piece at a time.
    public mutating func drain(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        bytes.withUnsafeBufferPointer(body)
        bytes.removeAll(keepingCapacity: true)
    }

    /// Ends the row with CR LF.
    public mutating func endRow() {
        bytes.append(0x0D); bytes.append(0x0A)
        atRowStart = true
    }

    private mutating func separate() {
        if !atRowStart { bytes.append(UInt8(ascii: ",")) }
        atRowStart = false
    }

    /// Whether a field must be quoted.
    public static func needsQuotes(_ text: some Collection<UInt8>) -> Bool {
        text.contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }
    }

    /// The field, quoted when RFC 4180 requires it; `guarded` puts the
    /// formula guard `'` first (inside the quotes).
    public static func appendEscaped(_ text: some Collection<UInt8>, to out: inout [UInt8], guarded: Bool = false) {
        guard needsQuotes(text) else {
            if guarded { out.append(UInt8(ascii: "'")) }
            out.append(contentsOf: text)
            return
        }
        out.append(0x22)
        if guarded { out.append(UInt8(ascii: "'")) }
        for byte in text {
            if byte == 0x22 { out.append(0x22) }
            out.append(byte)
        }
        out.append(0x22)
    }
}
