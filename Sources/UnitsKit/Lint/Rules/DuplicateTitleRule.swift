/// Two habits that show under the same name (title, or name when there is
/// no title), compared without case: views could not tell them apart.
struct DuplicateTitleRule: LintRule {
    let description = RuleDescription(
        id: "duplicate-title", severity: .warning,
        summary: "Two habits or groups that display under the same title (\"You already have a habit named Reading.\").",
        triggering: ["2025-09-01 habit Reading\n2025-09-02 habit Books\n  title: Reading\n",
                     "2025-09-01 habit Walk\n  title: Daily walk\n2025-09-01 habit Stroll\n  title: \"daily walk\"\n"],
        nonTriggering: ["2025-09-01 habit Reading\n2025-09-02 habit Books\n  title: Novels\n"])

    func check(_ context: inout LintContext) {
        // Ids, not copies of habits.
        let habits = context.journal.habits
        var seen: [String: Int] = [:]
        for id in habits.indices where !habits[id].isBuiltIn {
            let key = habits[id].displayName.lowercased()
            if let firstID = seen[key], let location = habits[id].location {
                let first = habits[firstID]
                let kind = first.isGroup ? "group" : "habit"
                context.report("You already have a \(kind) named \(first.displayName). Give '\(habits[id].name)' a different title",
                               at: location)
            } else {
                seen[key] = id
            }
        }
    }
}
