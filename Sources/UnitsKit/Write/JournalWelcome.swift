/// The words `units init` greets with: the philosophy of the product
/// document each starter family comes from, and the minimal tracker's when
/// a journal starts without starters.
extension JournalTemplate {
    /// The welcome line for a new journal with `starters`, one sentence per
    /// family in the order they were picked; at most two lines.
    public static func welcome(_ starters: [Starter]) -> String {
        var families: [Family] = []
        for starter in starters where !families.contains(starter.family) { families.append(starter.family) }
        let words = families.isEmpty ? [bareWelcome] : families.map(\.philosophy)
        let first = "Welcome to units. " + words[0]
        return words.count == 1 ? first : first + "\n" + words.dropFirst().joined(separator: " ")
    }

    /// The minimal tracker's onboarding: a journal without starters.
    static let bareWelcome = "No streaks, just data."
}

extension JournalTemplate.Family {
    /// The document's own line: the Units welcome screen's subtitle, the
    /// daily PRD's "never zero", the redesign's must-dos first.
    public var philosophy: String {
        switch self {
        case .units: "Count effort. Watch it pile up."
        case .picks: "Must-dos first: a day is good when they are done."
        case .presets: "YES, KINDA or NO each day: never zero."
        }
    }
}
