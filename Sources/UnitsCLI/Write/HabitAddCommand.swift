import UnitsKit

/// `units habit add NAME [--unit page] [--size "1 page"] [--floor 5] ...`:
/// appends a declaration block.
public enum HabitAddCommand: Command {
    public static let name = "add"
    public static let summary = "Declare a habit: appends `DATE habit NAME` and its attributes."
    public static let usage = "add NAME [options]"

    /// Attribute options, in the order their lines are written.
    static let attributes: [(option: Option<String>, key: String)] = [
        (Option("--title", value: "TEXT", help: "Display name (may have spaces)."), "title"),
        (Option("--kind", value: "KIND", help: "count (default) or check."), "kind"),
        (Option("--unit", value: "NAME [SHORT]", help: "The unit, singular: \"page\" or \"page pg\" (count habits)."), "unit"),
        (Option("--size", value: "N [MEASURE]", help: "What one unit is: \"1 page\", \"0.25 miles\" (count habits)."), "size"),
        (Option("--floor", value: "N", help: "Soft floor, units per week (count habits; default 5, 0 for none)."), "floor"),
        (Option("--goal", value: "N [MEASURE]", help: "A number at or above it is YES (check habits)."), "goal"),
        (Option("--min", value: "N [MEASURE]", help: "A number at or above it is KINDA (check habits, with --goal)."), "min"),
        (Option("--every", value: "FREQ", help: "day, N/week, N/month, weekdays, weekends or \"mon wed fri\" (check habits)."), "every"),
        (Option("--type", value: "TYPE", help: "build (default) or quit (check habits)."), "type"),
        (Option("--priority", value: "P", help: "must or nice (check habits default to must, count habits to nice)."), "priority"),
        (Option("--group", value: "GROUP", help: "The group it belongs to."), "group"),
        (Option("--color", value: "COLOR", help: "A colour name or #rrggbb."), "color"),
        (Option("--icon", value: "ICON", help: "An icon name, e.g. book."), "icon"),
        (Option("--note", value: "TEXT", help: "What the habit means to you."), "note"),
    ]

    static let fromTemplate = Option<String>("--from-template", value: "TEMPLATE",
                                         help: "Start from a template (`units init --starter list`); options given override it.")
    static let since = Option<String>("--since", value: "DATE",
                                  help: "The day the habit starts (default: today); earlier days can then be logged. The same as --date.")
    public static let options: [OptionSpec] = WriteOptions.dated + [since.spec, fromTemplate.spec] + attributes.map(\.option.spec)
    static let kind = attributes[1].option
    public static let discussion = """
        A count habit gets `floor: 5/week` unless --floor says otherwise: a soft
        floor, shown yellow when under pace, never red. A check habit gets
        `priority: must` unless --priority nice says otherwise. Each value is checked as the journal would check it;
        nothing is written if one is wrong. `units undo` takes the block back.

        A habit exists from its declaration's date on: to log days before today
        (moving from another tracker, yesterday's check-in), start it earlier
        with --since.

        Examples:
          units habit add Reading --unit "page pg" --size "1 page" --floor 20
          units habit add Meditate --kind check --since 2025-12-01
          units habit add Meditate --kind check --every daily --priority must
          units habit add --from-template Drink-water
          units habit add Books --from-template Pages --goal "20 pages"
        """

    static let countOnly: Set<String> = ["unit", "size", "floor"]
    static let checkOnly: Set<String> = ["goal", "min", "every", "type"]

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let tool = "units habit add"
        var arguments = arguments
        if let day = arguments[since] {
            if let date = arguments[WriteOptions.date], date != day {
                throw UsageError("--since \(day) and --date \(date) name two days; give one")
            }
            try CommandDates.check(day, option: "--since", io: io, tool: tool)
            // The declaration's date is the line's date: --date by another name.
            arguments.set(WriteOptions.date, to: day)
        }
        var template: JournalTemplate.Starter?
        if let word = arguments[fromTemplate] {
            guard let found = JournalTemplate.template(named: word) else {
                let hint = Suggestion.closest(to: word, in: JournalTemplate.templates.map(\.name)).map { "; did you mean '\($0)'?" }
                    ?? " (`units init --starter list` shows them)"
                throw UsageError("no template '\(word)'\(hint)")
            }
            template = found
        }
        let words = arguments.positionals.isEmpty ? template.map { [$0.name] } ?? [] : arguments.positionals
        guard words.count == 1, let name = words.first else {
            throw UsageError(arguments.positionals.isEmpty ? "what is the habit called? e.g. `units habit add Reading`"
                                                           : "unexpected '\(words[1])': one name (no spaces; use --title for a display name)")
        }
        if let problem = WriteValidation.nameProblem(name) { throw UsageError(problem) }
        let kind = arguments[Self.kind] ?? template?.value("kind") ?? "count"
        guard kind == "count" || kind == "check" else {
            throw UsageError("--kind expects count or check, got '\(kind)'")
        }
        var values: [(key: String, value: String)] = []
        for (option, key) in attributes {
            // A count habit gets the suggested floor unless told otherwise; a
            // check habit is a must-do.
            let fallback = key == "floor" && kind == "count" ? "\(JournalTemplate.defaultFloor)"
                : key == "priority" && kind == "check" ? Priority.must.rawValue : nil
            // A template's title belongs to its own name, not to a new one.
            let templated = key == "title" && !arguments.positionals.isEmpty ? nil : template?.value(key)
            guard var value = arguments[option] ?? templated ?? fallback else { continue }
            if let problem = WriteValidation.textProblem(value, what: option.spec.name) { throw UsageError(problem) }
            if (kind == "count" && checkOnly.contains(key)) || (kind == "check" && countOnly.contains(key)) {
                if let template, arguments[option] == nil, template.value(key) != nil {
                    throw UsageError("the template \(template.name) has \(key): \(value), "
                                     + "which a \(kind) habit cannot have; drop --kind or pick another template")
                }
                throw UsageError(kind == "count" ? "\(option.spec.name) is for check habits; add --kind check"
                                 : "\(option.spec.name) is for count habits; a check habit has one state a day")
            }
            if key == "kind", value == "count" { continue }   // the default needs no line
            if key == "floor" {
                guard let floor = wholeFloor(value) else {
                    throw UsageError("--floor expects a whole number of units per week, got '\(value)'")
                }
                value = "\(floor)/week"
            }
            values.append((key, value))
        }
        let ordered = values
        return try WriteFrontend(arguments, io: io, tool: tool).append(decide: { (journal, dates) throws(WriteRefusal) in
            try WriteSupport.refuseTaken(name, in: journal, then: "`units rename` or pick another name")
            let date = try dates.lineDate(journal)
            let lines = CanonicalLine.declaration(date: date, name: name, attributes: ordered)
            return JournalChange(lines: lines, separated: true, summary: "Declared habit \(name)")
        }, done: { _ in
            let floor = ordered.first { $0.key == "floor" }.map { " • floor \($0.value)" } ?? ""
            // A quit habit's yes is the day you stayed away: said where it is declared.
            if ordered.contains(where: { $0.key == "type" && $0.value == "quit" }) {
                return "Declared quit habit \(name) • `units log \(name) yes` on a day you stayed away from it (no: a day you did not) • \(WriteSupport.undoHint)"
            }
            return "Declared \(kind) habit \(name)\(floor) • `units log \(name)` to log it • \(WriteSupport.undoHint)"
        })
    }

    /// `7` or `7/week`, a whole number >= 0.
    static func wholeFloor(_ text: String) -> Int? {
        let number = text.hasSuffix("/week") ? String(text.dropLast(5)) : text
        guard let n = Int(number), n >= 0, number.allSatisfy(\.isASCII) else { return nil }
        return n
    }
}
