/// Writes RFC 4180 CSV for the reports' `--csv`: the one field writer is
/// `CSV.field` (quoting, doubled quotes, formula injection guard).
public struct CSVWriter {
    private var out = ""

    public init() {}

    public mutating func row(_ fields: [String]) {
        out += fields.map(CSVWriter.escaped).joined(separator: ",")
        out += "\r\n"
    }

    public func finish() -> String { out }

    public static func escaped(_ field: String) -> String { CSV.field(field) }
}
