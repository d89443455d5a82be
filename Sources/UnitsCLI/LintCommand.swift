import UnitsKit

/// `units-lint FILE...`: parse and check journals, print every finding.
public enum LintCommand: Command {
    public static let name = "units-lint"
    public static let summary = "Check habits.units journals and report every problem with file:line:col."
    public static let usage = "[options] [FILE...]   (FILE: --file, else piped standard input, else $UNITS_FILE, ./habits.units, ~/habits.units; - is standard input)"
    public static let options: [OptionSpec] = [
        CommonOptions.file,
        OptionSpec("--format", value: "FORMAT", choices: ["text", "json"], help: "Output: text (default) or json (schema in Grammar/lint-rules.md)."),
        OptionSpec("--strict", help: "Fail (exit 1) on warnings too, not only on errors."),
        OptionSpec("--select", value: "RULE", repeatable: true, help: "Report only these rules (repeat, or separate with commas)."),
        OptionSpec("--ignore", value: "RULE", repeatable: true, help: "Do not report these rules (repeat, or separate with commas)."),
        OptionSpec("--disable", value: "RULE", repeatable: true, help: "Switch rules off for this run, like `option lint-disable` (same as --ignore)."),
        OptionSpec("--all", help: "Show every finding (by default, the first 100 of each rule, then how many more)."),
        OptionSpec("--list-rules", help: "Print the rule catalogue and exit."),
        CommonOptions.today,
        CommonOptions.color,
    ]
    public static let discussion = """
        Rules are listed by --list-rules and documented in Grammar/lint-rules.md. A
        journal switches off warnings with `option lint-disable RULE...`, or with a
        comment `; units-lint: disable-next-line RULE...` (or `disable RULE...` for the
        rest of the file). Errors cannot be switched off in the file.

        Exit status: 0 when there is no error (with --strict: no warning either),
        1 when there is, 2 on a usage error.
        """

    public static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        let format = arguments.value("--format") ?? "text"
        guard format == "text" || format == "json" else { return usage("--format expects text or json, got '\(format)'", io) }
        if arguments.flag("--list-rules") {
            io.out(format == "json" ? rulesJSON() : Linter.catalogueText())
            return .ok
        }
        func ids(_ option: String) -> [String] {
            arguments.all(option).flatMap { $0.split(separator: ",").map { String($0).trimmed } }.filter { !$0.isEmpty }
        }
        let selected = ids("--select"), ignored = ids("--ignore") + ids("--disable")
        for id in selected + ignored where Linter.rule(id) == nil {
            let hint = Suggestion.closest(to: id, in: Linter.catalogue.map(\.id)).map { "; did you mean '\($0)'?" } ?? ""
            return usage("unknown rule '\(id)'\(hint) (see --list-rules)", io)
        }
        let today: CivilDate
        switch JournalLocator.today(arguments, io: io, tool: name) {
        case .success(let d): today = d
        case .failure(let code): return code
        }
        let configuration = LintConfiguration(today: today, select: selected.isEmpty ? nil : Set(selected), ignore: Set(ignored))
        let paths: [String]
        switch JournalLocator.inputPaths(arguments, io: io, tool: "units-lint") {
        case .success(let found): paths = found
        case .failure(let code): return code
        }
        if paths.filter({ $0 == "-" }).count > 1 { return usage("standard input (-) can be read only once", io) }

        // Without --all, each rule's findings in a file past the first ones
        // shown are counted, not made (issue 14: 400,000 of one warning).
        let showAll = arguments.flag("--all")
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
            var renderer = io.diagnosticRenderer(onOutput: true, color: arguments.value("--color"))
            io.out(renderer.render(cap.shown))
            io.out(cap.notice)
        }
        let failing = all.count(.error) > 0 || (arguments.flag("--strict") && all.count(.warning) > 0)
        return failing ? .failure : .ok
    }

    static func usage(_ message: String, _ io: CommandIO) -> ExitCode {
        io.err("units-lint: \(message)\nTry 'units-lint --help'.\n")
        return .usage
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

extension String {
    var trimmed: String {
        var s = Substring(self)
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
