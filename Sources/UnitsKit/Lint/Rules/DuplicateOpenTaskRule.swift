/// `done "TITLE"` closes the newest open task of that title; with two open,
/// it is easy to close the wrong one (format.md 13).
struct DuplicateOpenTaskRule: LintRule {
    let description = RuleDescription(
        id: "duplicate-open-task", severity: .warning,
        summary: "A task opened while another open task has the same title.",
        triggering: ["2025-09-01 task \"Call mum\"\n2025-09-03 task \"Call mum\"\n"],
        nonTriggering: ["2025-09-01 task \"Call mum\"\n2025-09-02 done \"Call mum\"\n2025-09-03 task \"Call mum\"\n"])

    func check(_ context: inout LintContext) {
        var byTitle: [String: [Int]] = [:]
        let tasks = context.journal.tasks
        for (index, task) in tasks.enumerated() {
            let earlier = byTitle[task.title, default: []]
            if earlier.contains(where: { tasks[$0].isOpen(on: task.opened) }), let location = task.location {
                context.report("a task \"\(task.title)\" is already open: give this one a distinct title, or close the other first", at: location)
            }
            byTitle[task.title, default: []].append(index)
        }
    }
}
