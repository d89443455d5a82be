import UnitsKit

/// Where `units html`, `card` and `calendar` write: standard output, or the
/// file `--out FILE` names, through `OutputFile`, which never replaces the
/// journal, a read-only file or a device.
enum PageOutput {
    static let out = Option<String>("--out", short: "o", value: "FILE", help: "Write to FILE instead of standard output (- for standard output).")

    /// Writes what `render` writes to its output.
    static func write(_ arguments: ParsedArguments, io: CommandIO, tool: String, journal: Journal, _ render: (ReportOutput) -> Void) -> ExitCode {
        // A whole page (hundreds of KB of HTML or SVG) is for a file, not for
        // reading on the terminal; `--out -` prints it there all the same.
        if arguments[out] == nil, io.outputIsTerminal {
            let example = tool.hasSuffix("card") ? "card.svg" : "habits.html"
            io.err("\(tool): this writes a whole file; name it with --out \(example) (or redirect: > \(example); --out - prints it here)\n")
            return .usage
        }
        let text = ReportOutput.collect(render)
        guard let path = arguments[out], path != "-" else {
            io.outData(text)
            return .ok
        }
        do {
            switch try OutputFile.write(Array(text.utf8), to: path, protecting: journal.files.map(\.file.path)) {
            case .standardOutput: io.outData(text); return .ok
            case .written: break
            }
        } catch {
            io.err("\(tool): cannot write \(error)\n")
            return .failure
        }
        io.err("Wrote \(path)\n")
        return .ok
    }
}
