/// A reminder is a time of day on the days a habit is expected (format.md
/// 9.13); `units calendar` refuses a journal with a bad one.
struct InvalidReminderRule: LintRule {
    let description = RuleDescription(
        id: "invalid-reminder", severity: .error,
        summary: "A `remind:` that is not `HH:MM [DAY...]` (a time of day, then weekday names), or one on a group's option.",
        triggering: ["2025-09-01 habit Walk\n  remind: 25:00\n",
                     "2025-09-01 habit Walk\n  remind: 8am\n",
                     "2025-09-01 habit Walk\n  remind: 08:00 mon fry\n",
                     "2025-09-01 habit Walk\n  remind: 08:00 mon monday\n",
                     "2025-09-01 group Exercise\n2025-09-01 habit Gym\n  kind: check\n  group: Exercise\n  remind: 07:00\n"],
        nonTriggering: ["2025-09-01 habit Walk\n  remind: 21:00\n",
                        "2025-09-01 habit Gym\n  kind: check\n  every: 3/week\n  remind: 07:30 mon wed fri\n",
                        "2025-09-01 group Exercise\n  remind: 07:00 weekdays\n2025-09-01 habit Swim\n  kind: check\n  group: Exercise\n  every: 1/week\n  remind: 18:00 sat\n"])

    func check(_ context: inout LintContext) {
        context.forEachLine([.attribute]) { tree, _, tokens in
            guard tree.text(tokens.first!) == "remind" else { return }
            let values = context.values(tokens)
            let words = values.map { $0.kind == .string ? tree.stringValue($0) : tree.text($0) }
            guard case .failure(let problem) = Reminder.parse(words) else { return }
            let at = values.isEmpty ? tree.range(tokens.first!) : tree.range(values[values.startIndex + problem.word])
            context.report(problem.message, at: at)
        }
        // A group's option is never expected on its own (format.md 10), so
        // its reminder would never fall: the group is where it belongs.
        let habits = context.journal.habits
        for habit in context.habits(where: { $0.isOption && $0.reminder != nil }) {
            let group = habit.group.map { habits[$0].name } ?? habit.groupName ?? "its group"
            guard let line = context.attribute("remind", of: habit) else { continue }
            context.report("'\(habit.name)' is an option of group '\(group)', never expected on its own, so this reminder would never come: put `remind:` on \(group), or give \(habit.name) an `every:` of its own",
                           at: line.keyRange)
        }
    }
}
