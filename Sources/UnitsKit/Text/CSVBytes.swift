/// RFC 4180 CSV written straight into bytes, for outputs of a million rows
/// (`units export --csv`): no `String` per field. The same quoting as
/// `CSV.field`, which is defined by it: a field is quoted when it holds a
/// comma, a quote, CR or LF, and a quote inside is doubled.
public struct CSVBytes {
    public private(set) var bytes: [UInt8] = []
    private var atRowStart = true

    public init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    /// Appends one field (quoted when it must be).
    public mutating func field(_ text: some Collection<UInt8>) {
        separate()
        CSVBytes.appendEscaped(text, to: &bytes)
    }

    /// Appends one field already known to need no quotes (digits, a date):
    /// `write` appends its bytes.
    public mutating func plainField(_ write: (inout [UInt8]) -> Void) {
        separate()
        write(&bytes)
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

    /// The field, quoted when RFC 4180 requires it.
    public static func appendEscaped(_ text: some Collection<UInt8>, to out: inout [UInt8]) {
        guard needsQuotes(text) else { out.append(contentsOf: text); return }
        out.append(0x22)
        for byte in text {
            if byte == 0x22 { out.append(0x22) }
            out.append(byte)
        }
        out.append(0x22)
    }
}
