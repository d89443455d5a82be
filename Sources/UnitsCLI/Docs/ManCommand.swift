import UnitsKit

/// `units man [PAGE]`: print a man page in roff (`units man | man -l -`).
public enum ManCommand: Command {
    public static let pages = ManPage.names
    public static let name = "man"
    public static let summary = "Print a man page (units, units-fmt, units-lint, units.5) as roff."
    public static let usage = "man [PAGE] [--source FILE]"
    static let source = Option<String>("--source", value: "FILE", help: "Grammar/format.md, for units.5 (default: the copy built into units).")
    public static let options: [OptionSpec] = [source.spec]
    public static let discussion = """
        Read one with:
          units man units-lint | man -l -
        """

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        guard arguments.positionals.count <= 1 else {
            throw UsageError("expected at most one PAGE")
        }
        let page = arguments.positionals.first ?? "units"
        guard pages.contains(page) else {
            throw UsageError("no page '\(page)' (pages: \(pages.joined(separator: ", ")))")
        }
        // Anywhere, not only in a source checkout: the spec the binary was built with.
        var markdown = EmbeddedFormatSpec.markdown
        if page == "units.5", let source = arguments[Self.source] {
            do { markdown = String(decoding: try FileReader.readBytes(atPath: source), as: UTF8.self) } catch {
                io.err("units man: units.5 is made from the format's prose spec; cannot read \(error)\n")
                return .usage
            }
        }
        io.out(ManPage.page(page, formatMarkdown: markdown)!)
        return .ok
    }
}
