import UnitsKit

/// `units-lint FILE...`: parse and check journals, print every finding.
public enum LintCommand: Command {
    public static let name = "units-lint"
    public static let summary = "Check habits.units journals and report every problem with file:line:col."
    public static let usage = "[options] [FILE...]   (FILE: --file, else piped standard input, else $UNITS_FILE, ./habits.units, ~/habits.units; - is standard input)"
    static let format = Option<String>("--format", value: "FORMAT", choices: ["text", "json"],
                                       help: "Output: text (default) or json (schema in Grammar/lint-rules.md).")
    static let strict = Flag("--strict", help: "Fail (exit 1) on warnings too, not only on errors.")
    static let select = Option<String>("--select", value: "RULE", repeatable: true, help: "Report only these rules (repeat, or separate with commas).")
    static let ignore = Option<String>("--ignore", value: "RULE", repeatable: true, help: "Do not report these rules (repeat, or separate with commas).")
    static let disable = Option<String>("--disable", value: "RULE", repeatable: true,
                                        help: "Switch rules off for this run, like `option lint-disable` (same as --ignore).")
    static let allFindings = Flag("--all", help: "Show every finding (by default, the first 100 of each rule, then how many more).")
    static let listRules = Flag("--list-rules", help: "Print the rule catalogue and exit.")
    public static let options: [OptionSpec] = [GlobalOptions.file.spec, format.spec, strict.spec, select.spec, ignore.spec, disable.spec,
                                               allFindings.spec, listRules.spec, GlobalOptions.today.spec, GlobalOptions.color.spec]
    public static let discussion = """
        Rules are listed by --list-rules and documented in Grammar/lint-rules.md. A
        journal switches off warnings with `option lint-disable RULE...`, or with a
        comment `; units-lint: disable-next-line RULE...` (or `disable RULE...` for the
        rest of the file). Errors cannot be switched off in the file.

        Exit status: 0 when there is no error (with --strict: no warning either),
        1 when there is, 2 on a usage error.
        """

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let format = arguments[Self.format] ?? "text"
        if arguments[listRules] {
            io.out(format == "json" ? rulesJSON() : Linter.catalogueText())
            return .ok
        }
        func ids(_ option: Option<String>) -> [String] {
            arguments.all(option).flatMap { $0.split(separator: ",").map { String($0).trimmingSpaces() } }
                .filter { !$0.isEmpty }
        }
        let selected = ids(select), ignored = ids(ignore) + ids(disable)
        for id in selected + ignored where Linter.rule(id) == nil {
            let hint = Suggestion.closest(to: id, in: Linter.catalogue.map(\.id)).map { "; did you mean '\($0)'?" } ?? ""
            throw UsageError("unknown rule '\(id)'\(hint) (see --list-rules)")
        }
        let today = try JournalLocator.today(arguments, io: io, tool: name)
        let configuration = LintConfiguration(today: today, select: selected.isEmpty ? nil : Set(selected), ignore: Set(ignored))
        let paths = try JournalLocator.inputPaths(arguments, io: io)
        if paths.filter({ $0 == "-" }).count > 1 { throw UsageError("standard input (-) can be read only once") }

        // Without --all, each rule's findings in a file past the first ones
        // shown are counted, not made (a journal may hold 400,000 of one warning).
        let showAll = arguments[allFindings]
        var all = LintFindings(findings: [])
        for path in paths {
            let journal = path == "-"
                ? Journal(tree: Parser.parse(SourceFile(path: "<stdin>", bytes: io.readStandardInput())))
                : Journal.load(path: path)
            if path != "-" {
                JournalLocator.noticeCopies(of: journal.files.map(\.file.path), io: io)
                JournalLocator.noticeMergeDriver(of: path, io: io, tool: "units-lint")
            }
            all.append(Linter.lint(journal, configuration: configuration, keepPerRule: showAll ? nil : LintCap.perRule + 1))
        }
        let cap = LintCap(all.findings, notMade: all.notMade, limit: showAll ? nil : LintCap.perRule)
        if format == "json" {
            io.out(LintJSON.render(all.findings, notMade: all.notMade, files: paths.map { $0 == "-" ? "<stdin>" : $0 }, cap: cap))
        } else {
            var renderer = io.diagnosticRenderer(onOutput: true, color: arguments[GlobalOptions.color])
            io.out(renderer.render(cap.shown))
            io.out(cap.notice)
        }
        let failing = all.count(.error) > 0 || (arguments[strict] && all.count(.warning) > 0)
        return failing ? .failure : .ok
    }


    static func rulesJSON() -> String {
        let json = JSONWriter()
        json.object {
            json.field("schemaVersion", LintJSON.schemaVersion)
            json.key("rules")
            json.array {
                for rule in Linter.catalogue {
                    json.object {
                        json.field("id", rule.id)
                        json.field("severity", rule.severity.rawValue)
                        json.field("source", rule.source.rawValue)
                        json.field("summary", rule.summary)
                    }
                }
            }
        }
        return json.finish()
    }
}
