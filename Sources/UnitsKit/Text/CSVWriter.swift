/// Writes RFC 4180 CSV for the reports' `--csv`: the one field writer is
/// `CSV.field` (quoting, doubled quotes, formula injection guard).
public struct CSVWriter {
    private var out = ""
    private let output: ReportOutput?

    /// Collects the rows into one string (`finish`).
    public init() { output = nil }

    /// Hands the rows to `output` as they fill a piece, and the rest at
    /// `close` (a report's CSV of a million habits is tens of
    /// megabytes, never one string).
    public init(output: ReportOutput) { self.output = output }

    public mutating func row(_ fields: [String]) {
        out += fields.map(CSVWriter.escaped).joined(separator: ",")
        out += "\r\n"
        if let output, out.utf8.count >= 1 << 16 {
            output.write(out)
            out = ""
        }
    }

    /// The rows, of a writer that collects them.
    public func finish() -> String { out }

    /// Hands the last rows to the output and finishes it.
    public mutating func close() {
        guard let output else { return }
        output.write(out)
        out = ""
        output.finish()
    }

    public static func escaped(_ field: String) -> String { CSV.field(field) }
}
