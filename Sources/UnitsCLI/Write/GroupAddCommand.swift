import UnitsKit

/// `units group add Exercise Gym Swim Run [--every day] [--priority must]`
public enum GroupAddCommand: Command {
    public static let name = "add"
    public static let summary = "Declare a group: writes `DATE group NAME` before its members and `group: NAME` on each."
    public static let usage = "add NAME MEMBER... [--members A,B] [options]"
    static let attributes: [(option: Option<String>, key: String)] = [
        (Option("--title", value: "TEXT", help: "Display name (may have spaces)."), "title"),
        (Option("--priority", value: "P", help: "must or nice (default)."), "priority"),
        (Option("--every", value: "FREQ", help: "How often the group is expected: day (default), N/week, N/month, weekdays, ..."), "every"),
        (Option("--color", value: "COLOR", help: "A colour name or #rrggbb."), "color"),
        (Option("--icon", value: "ICON", help: "An icon name, e.g. figure.run."), "icon"),
        (Option("--note", value: "TEXT", help: "What the group means to you."), "note"),
    ]
    static let members = Option<String>("--members", value: "A,B,...", help: "The members, comma-separated (or as words after NAME).")
    public static let options: [OptionSpec] = WriteOptions.undated + [members.spec] + attributes.map(\.option.spec)
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

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let tool = "units group add"
        var words = arguments.positionals
        guard !words.isEmpty else { throw UsageError("what is the group called? e.g. `units group add Exercise Gym Swim`") }
        let groupName = words.removeFirst()
        if let problem = WriteValidation.nameProblem(groupName) { throw UsageError(problem) }
        if let list = arguments[Self.members] {
            words += list.split(separator: ",", omittingEmptySubsequences: false).map { TextLine.trimmed(String($0)) }
        }
        var members: [String] = []
        for word in words {
            if let problem = WriteValidation.nameProblem(word) { throw UsageError("member '\(word)': \(problem)") }
            if word == groupName { throw UsageError("'\(word)' cannot be a member of itself") }
            if members.contains(word) { throw UsageError("member '\(word)' is given twice") }
            members.append(word)
        }
        if members.isEmpty {
            throw UsageError("a group needs at least one member: `units group add \(groupName) Gym Swim`")
        }
        var values: [(key: String, value: String)] = []
        for (option, key) in attributes {
            guard let value = arguments[option] else { continue }
            if let problem = WriteValidation.textProblem(value, what: option.spec.name) { throw UsageError(problem) }
            values.append((key, value))
        }
        return try WriteFrontend(arguments, io: io, tool: tool).edit(decide: { (journal, _) throws(WriteRefusal) in
            try WriteSupport.refuseTaken(groupName, in: journal, then: "pick another name")
            let tree = journal.files[0]
            var blocks: [JournalLines.Declaration] = []
            for member in members {
                let habit = try WriteSupport.habit(member, in: journal, allowGroup: true,
                                                   builtIn: "cannot join a group")
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
        }, done: { _ in
            "Declared group \(groupName) with \(members.joined(separator: ", ")) as options: any one of them done is the group done • \(WriteSupport.undoHint)"
        })
    }
}
