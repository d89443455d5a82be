/// "Pin today's 3" (the Units document): a short list of a day's tasks.
/// More than three pinned on one day is no longer a short list.
struct TooManyPinsRule: LintRule {
    private static let fourTasks = "2025-09-01 task \"A\"\n2025-09-01 task \"B\"\n2025-09-01 task \"C\"\n2025-09-01 task \"D\"\n"

    let description = RuleDescription(
        id: "too-many-pins", severity: .warning,
        summary: "More than 3 tasks pinned on one day.",
        triggering: [LintExample(fourTasks + """
            2025-09-01 pin "A"
            2025-09-01 pin "B"
            2025-09-01 pin "C"
            2025-09-01 pin "D"

            """)],
        nonTriggering: [LintExample(fourTasks + """
            2025-09-01 pin "A"
            2025-09-01 pin "B"
            2025-09-01 pin "C"
            2025-09-01 unpin "C"
            2025-09-01 pin "D"
            2025-09-02 pin "C"

            """)])

    func check(_ context: inout LintContext) {
        let journal = context.journal
        var days = Set<CivilDate>()
        for task in journal.tasks { for pin in task.pins { days.insert(pin.date) } }
        for day in days.sorted() {
            let pinned = journal.pinnedTasks(on: day)
            guard pinned.count > TaskPin.dailyLimit else { continue }
            for index in pinned.dropFirst(TaskPin.dailyLimit) {
                guard let location = journal.tasks[index].pins.first(where: { $0.date == day })?.location else { continue }
                context.report("\(pinned.count) tasks are pinned on \(day): pin at most \(TaskPin.dailyLimit) a day, unpin one", at: location)
            }
        }
    }
}
