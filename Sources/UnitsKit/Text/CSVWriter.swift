/// Writes RFC 4180 CSV: fields separated by commas, records ended by CRLF,
/// a field quoted when it holds a comma, a quote, CR or LF (quotes doubled).
public struct CSVWriter {
    private var out = ""

    public init() {}

    public mutating func row(_ fields: [String]) {
        out += fields.map(CSVWriter.escaped).joined(separator: ",")
        out += "\r\n"
    }

    public func finish() -> String { out }

    public static func escaped(_ field: String) -> String {
        let needsQuotes = field.utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
        guard needsQuotes else { return field }
        return "\"" + field.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }
}
