import UnitsKit

/// Where `units html` and `units card` put what they write: standard output
/// (no `--out`, or `--out -`), or the file `--out FILE` names, written by
/// the one output-file writer (`OutputFile`), which never replaces the
/// journal, a read-only file or a device.
enum PageOutput {
    static let out = OptionSpec("--out", short: "o", value: "FILE", help: "Write to FILE instead of standard output (- for standard output).")

    static func write(_ text: String, _ arguments: ParsedArguments, io: CommandIO, tool: String, journal: Journal) -> ExitCode {
        // A whole page (hundreds of KB of HTML or SVG) is for a file, not for
        // reading on the terminal; `--out -` prints it there all the same.
        if arguments.value("--out") == nil, io.outputIsTerminal {
            let example = tool.hasSuffix("card") ? "card.svg" : "habits.html"
            io.err("\(tool): this writes a whole file; name it with --out \(example) (or redirect: > \(example); --out - prints it here)\n")
            return .usage
        }
        guard let path = arguments.value("--out"), path != "-" else {
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

/// `units html`: the journal as one self-contained HTML page.
public enum HTMLCommand: Command {
    public static let name = "html"
    public static let summary = "Write one self-contained HTML page: today's pile, walls, the year, history, insights, receipt."
    public static let usage = "html [--out FILE] [options] [QUERY...]"
    public static let options = [PageOutput.out] + ReportOptions.all(csv: false).filter { $0.name != "--json" && $0.name != "--color" }
    public static let discussion = """
        One file with inline CSS and SVG: no script, no server, no network
        request, readable in any browser, printable, and kept next to the
        journal if you like (`units html -o habits.html`). Light and dark
        follow the system; print drops the navigation. Every picture has a
        text equivalent (titles, and a table under "Data"). The figures are
        those of `units today`, `habit`, `heatmap`, `history`, `insights` and
        `receipt`. The page holds no clock reading: with `--today` the same
        journal gives the same bytes.

        \(ReportOptions.queryHelp)
        """

    public static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        let tool = "units html"
        switch ReportOptions.context(arguments, io: io, tool: tool, query: arguments.positionals) {
        case .failure(let code): return code
        case .success(let context):
            let name = JournalLocator.path(arguments, io: io).map { FileReader.fileName(of: $0) } ?? "habits.units"
            return PageOutput.write(HTMLPage(context, journalName: name).render(), arguments, io: io, tool: tool,
                                    journal: context.journal)
        }
    }
}

/// `units card HABIT`: a share card as SVG.
public enum CardCommand: Command {
    public static let name = "card"
    public static let summary = "Write a habit's share card as SVG: lifetime units and this year's average (a check habit: days it showed up), the last four weeks."
    public static let usage = "card HABIT [--svg] [--out FILE] [options]"
    public static let options = [PageOutput.out, OptionSpec("--svg", help: "SVG output (the only format; PNG is left to your converter)."),
                                 CommonOptions.file, CommonOptions.today]
    public static let discussion = """
        A 600×315 SVG card ("8,214 Reading units", "Avg 17 units/day in 2025") for
        sharing, usable without the HTML page. Convert it to PNG with any SVG
        tool (rsvg-convert, Inkscape, a browser).
        """

    public static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        let tool = "units card"
        guard arguments.positionals.count == 1 else {
            io.err(arguments.positionals.isEmpty ? "\(tool): expected a habit name, as in `units card Reading`\n"
                : "\(tool): unexpected argument '\(arguments.positionals[1])'; a card is for one habit\n")
            return .usage
        }
        switch ReportOptions.context(arguments, io: io, tool: tool, query: []) {
        case .failure(let code): return code
        case .success(let context):
            let name = arguments.positionals[0]
            guard let habit = context.journal.habit(named: name), !habit.isGroup else {
                let names = context.journal.habits.filter { !$0.isGroup }.map(\.name)
                let hint = Suggestion.closest(to: name, in: names).map { "; did you mean '\($0)'?" } ?? ""
                let what = context.journal.habit(named: name) == nil ? "no habit named '\(name)'" : "'\(name)' is a group (a card is for one habit)"
                io.err("\(tool): \(what)\(hint)\n")
                return .usage
            }
            let card = ShareCard(context, habit: habit)
            return PageOutput.write(habit.kind == .check ? card.daysSVG() : card.svg(), arguments, io: io, tool: tool,
                                    journal: context.journal)
        }
    }
}
