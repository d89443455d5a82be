/// Names are typed on every entry line; over 50 characters they stop being
/// names (format.md 4.3). A long display name goes in `title`.
struct NameLengthRule: LintRule {
    static let limit = 50

    let description = RuleDescription(
        id: "name-length", severity: .warning,
        summary: "A habit or group name longer than 50 characters.",
        triggering: ["2025-09-01 habit Read_something_every_single_day_even_when_it_is_very_late\n"],
        nonTriggering: ["2025-09-01 habit Reading\n  title: \"Read something every single day, even when it is very late\"\n"])

    func check(_ context: inout LintContext) {
        // (A name of `limit` bytes or fewer has no more characters.)
        for habit in context.habits(where: { !$0.isBuiltIn && $0.name.utf8.count > Self.limit }) {
            let count = LintContext.characterCount(habit.name.utf8)
            guard count > Self.limit, let location = habit.location else { continue }
            context.report("the name '\(habit.name.prefix(20))…' is \(count) characters, over \(Self.limit): use a short name and put the long one in `title:`", at: location)
        }
    }
}
