import UnitsKit

/// `units group add NAME MEMBER...`: groups are declared, not computed.
public enum GroupCommand: Command {
    public static let name = "group"
    public static let summary = "Declare a group of habits that are options for one another (`units group add`)."
    public static let usage = "group add NAME [MEMBER...] [options]"
    public static let options: [OptionSpec] = [CommonOptions.file]
    public static var subcommands: [any Command.Type] { [GroupAddCommand.self] }

    public static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        let got = arguments.positionals.first.map { ", got '\($0)'" } ?? ""
        return WriteSupport.usage("expected add after `units group`\(got)", io: io, tool: "units group")
    }
}

/// `units group add Exercise Gym Swim Run [--every day] [--priority must]`
public enum GroupAddCommand: Command {
    public static let name = "add"
    public static let summary = "Declare a group: writes `DATE group NAME` before its members and `group: NAME` on each."
    public static let usage = "add NAME MEMBER... [--members A,B] [options]"
    static let attributes: [(option: OptionSpec, key: String)] = [
        (OptionSpec("--title", value: "TEXT", help: "Display name (may have spaces)."), "title"),
        (OptionSpec("--priority", value: "P", help: "must or nice (default)."), "priority"),
        (OptionSpec("--every", value: "FREQ", help: "How often the group is expected: day (default), N/week, N/month, weekdays, ..."), "every"),
        (OptionSpec("--color", value: "COLOR", help: "A colour name or #rrggbb."), "color"),
        (OptionSpec("--icon", value: "ICON", help: "An icon name, e.g. figure.run."), "icon"),
        (OptionSpec("--note", value: "TEXT", help: "What the group means to you."), "note"),
    ]
    public static let options: [OptionSpec] = [
        CommonOptions.file, CommonOptions.today,
        OptionSpec("--members", value: "A,B,...", help: "The members, comma-separated (or as words after NAME)."),
    ] + attributes.map(\.option)
    public static let discussion = """
        The group's day is done when any member is done: its members are
        options, not duties (format.md 10). The declaration goes just before
        the first member's (a group is declared before its members), dated
        like it. Membership is not dated: past days of the members count for
        the group too.
        Refused: a name already used, an unknown member, a member that is a
        group or already in a group. One write; `units undo` takes it back.

        Example: units group add Exercise Gym Swim Run --priority must
        """

    public static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        let tool = "units group add"
        var words = arguments.positionals
        guard !words.isEmpty else { return WriteSupport.usage("what is the group called? e.g. `units group add Exercise Gym Swim`", io: io, tool: tool) }
        let groupName = words.removeFirst()
        if let problem = WriteValidation.nameProblem(groupName) { return WriteSupport.usage(problem, io: io, tool: tool) }
        if let list = arguments.value("--members") {
            words += list.split(separator: ",", omittingEmptySubsequences: false).map { TextLine.trimmed(String($0)) }
        }
        var members: [String] = []
        for word in words {
            if let problem = WriteValidation.nameProblem(word) { return WriteSupport.usage("member '\(word)': \(problem)", io: io, tool: tool) }
            if word == groupName { return WriteSupport.usage("'\(word)' cannot be a member of itself", io: io, tool: tool) }
            if members.contains(word) { return WriteSupport.usage("member '\(word)' is given twice", io: io, tool: tool) }
            members.append(word)
        }
        if members.isEmpty {
            return WriteSupport.usage("a group needs at least one member: `units group add \(groupName) Gym Swim`", io: io, tool: tool)
        }
        var values: [(key: String, value: String)] = []
        for (option, key) in attributes {
            guard let value = arguments.value(option.name) else { continue }
            if let problem = WriteValidation.textProblem(value, what: option.name) { return WriteSupport.usage(problem, io: io, tool: tool) }
            values.append((key, value))
        }
        let dates: WriteSupport.Dates
        switch WriteSupport.dates(arguments, io: io, tool: tool) {
        case .success(let d): dates = d
        case .failure(let code): return code
        }
        let path: String
        switch WriteSupport.path(arguments, io: io, tool: tool) {
        case .success(let p): path = p
        case .failure(let code): return code
        }
        let settings = WriteSupport.settings(arguments, io: io, tool: tool, dates: dates)
        let outcome = JournalWrite.perform(path: path, settings: settings, edits: { (journal) throws(WriteRefusal) in
            if let existing = journal.habit(named: groupName) ?? (groupName == Journal.generalHabitName ? WriteSupport.generalPlaceholder : nil) {
                let what = existing.isBuiltIn ? "the built-in habit" : existing.isGroup ? "a group" : "a habit"
                throw WriteRefusal("'\(groupName)' is already \(what); pick another name")
            }
            let tree = journal.files[0]
            var blocks: [JournalLines.Declaration] = []
            for member in members {
                let habit = try WriteSupport.habit(member, in: journal, allowGroup: true)
                if habit.isBuiltIn { throw WriteRefusal("'\(member)' is built in and cannot join a group") }
                if habit.isGroup { throw WriteRefusal("'\(member)' is a group: groups do not nest") }
                if let group = habit.groupName { throw WriteRefusal("'\(member)' is already in the group \(group); a habit is in one group at most") }
                guard let block = JournalLines.declaration(of: habit.name, in: tree) else {
                    throw WriteRefusal("'\(member)' is declared in an included file; declare the group there")
                }
                blocks.append(block)
            }
            blocks.sort { $0.line < $1.line }
            // A group is declared before its members: just before the first.
            let first = blocks[0]
            let date = JournalLines.date(of: first.line, in: tree) ?? journal.habit(named: members[0])!.declared
            // Above the comment lines that lead into that declaration (they are about it).
            var at = first.line
            while at > 0, tree.lines[at - 1].kind == .comment { at -= 1 }
            var edits = [LineEdit(range: at..<at,
                                  lines: CanonicalLine.declaration(date: date, name: groupName, isGroup: true, attributes: values))]
            for block in blocks {
                edits.append(LineEdit(range: block.end..<block.end, lines: [CanonicalLine.attribute(key: "group", value: groupName)]))
            }
            return EditChange(edits: edits, summary: "Declared group \(groupName)")
        })
        switch outcome {
        case .failure(let failure):
            return WriteSupport.report(failure, io: io, tool: tool)
        case .success(let result):
            WriteSupport.said("Declared group \(groupName) with \(members.joined(separator: ", ")) as options: any one of them done is the group done • \(WriteSupport.undoHint)", undoWarning: result.undoWarning, io: io, tool: tool)
            return .ok
        }
    }
}
