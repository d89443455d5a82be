/// The text of a new journal (`units init`): the format version, the
/// options spelled out with their defaults, and optionally starter habits.
public enum JournalTemplate {
    /// Where a template comes from in the product documents.
    public enum Family: String, Sendable, CaseIterable {
        /// The Units spec's onboarding cards: count habits with unit sizes.
        case units
        /// The redesign brief's quick picks: check habits with preset frequencies.
        case picks
        /// The daily PRD's quantitative presets: check habits with goal and min.
        case presets

        public var title: String {
            switch self {
            case .units: "Units starters (count habits, floor 5/week)"
            case .picks: "Quick picks (check habits with a preset frequency)"
            case .presets: "Quantitative presets (check habits: a goal is YES, a min is KINDA)"
            }
        }
    }

    /// A starter habit: its name and its attribute lines.
    public struct Starter: Sendable, Equatable {
        public var name: String
        public var family: Family
        /// `key: value` pairs in the order they are written.
        public var attributes: [[String]]

        public init(_ name: String, _ family: Family, _ attributes: [[String]]) {
            self.name = name
            self.family = family
            self.attributes = attributes
        }

        public func value(_ key: String) -> String? { attributes.first { $0[0] == key }?[1] }

        /// One line for `--starter list`: "unit page, size 1 page, floor 5/week".
        public var summary: String {
            attributes.map { "\($0[0]) \($0[1])" }.joined(separator: ", ")
        }
    }

    /// Every template; names are distinct across families, so any one can be
    /// picked by name.
    public static let templates: [Starter] = [
        Starter("Reading", .units, [["unit", "page"], ["size", "1 page"], ["floor", "\(defaultFloor)/week"]]),
        Starter("Gym", .units, [["unit", "set"], ["size", "1 set"], ["floor", "\(defaultFloor)/week"]]),
        Starter("Writing", .units, [["unit", "paragraph"], ["size", "1 paragraph"], ["floor", "\(defaultFloor)/week"]]),
        Starter("Study", .units, [["unit", "block"], ["size", "5 minutes"], ["floor", "\(defaultFloor)/week"]]),
        Starter("Walk", .units, [["unit", "lap"], ["size", "0.25 miles"], ["floor", "\(defaultFloor)/week"]]),
        Starter("Coding", .units, [["unit", "commit"], ["size", "1 commit"], ["floor", "\(defaultFloor)/week"]]),

        Starter("Read", .picks, [["kind", "check"], ["every", "day"], ["priority", "must"], ["icon", "book"]]),
        Starter("Exercise", .picks, [["kind", "check"], ["every", "3/week"], ["priority", "must"], ["icon", "figure.run"]]),
        Starter("Meditate", .picks, [["kind", "check"], ["every", "day"], ["priority", "must"], ["icon", "brain.head.profile"]]),
        Starter("Journal", .picks, [["kind", "check"], ["every", "day"], ["priority", "must"], ["icon", "pencil"]]),
        Starter("No-scrolling", .picks, [["title", "No scrolling"], ["kind", "check"], ["type", "quit"], ["every", "day"],
                                         ["priority", "must"], ["icon", "iphone.slash"]]),
        Starter("Drink-water", .picks, [["title", "Drink water"], ["kind", "check"], ["every", "day"], ["priority", "must"], ["icon", "drop"]]),
        Starter("Cook", .picks, [["title", "Cook a meal"], ["kind", "check"], ["every", "3/week"], ["priority", "must"], ["icon", "fork.knife"]]),
        Starter("Call-family", .picks, [["title", "Call family"], ["kind", "check"], ["every", "1/week"], ["priority", "must"], ["icon", "phone"]]),

        Starter("Pages", .presets, [["title", "Read 10 pages"], ["kind", "check"], ["goal", "10 pages"], ["min", "1 page"]]),
        Starter("Movement", .presets, [["kind", "check"], ["goal", "30 minutes"], ["min", "10 minutes"]]),
        Starter("Sleep", .presets, [["kind", "check"], ["goal", "8 hours"], ["min", "7 hours"]]),
        Starter("Deep-work", .presets, [["title", "Deep work"], ["kind", "check"], ["goal", "120 minutes"], ["min", "30 minutes"]]),
    ]

    /// The Units spec's onboarding cards (`--starter all`).
    public static var starters: [Starter] { templates.filter { $0.family == .units } }

    /// The template called `name` (any case), or nil.
    public static func template(named name: String) -> Starter? {
        templates.first { $0.name.lowercased() == name.lowercased() }
    }

    /// What `--starter WORD` means: one template, a family (`units`,
    /// `picks`, `presets`), or `all` (the Units cards); nil when unknown.
    public static func pick(_ word: String) -> [Starter]? {
        if word.lowercased() == "all" { return starters }
        if let family = Family(rawValue: word.lowercased()) { return templates.filter { $0.family == family } }
        return template(named: word).map { [$0] }
    }

    /// The list `units init --starter list` prints.
    public static var listing: String {
        var text = ""
        for family in Family.allCases {
            text += "\(family.title); --starter \(family.rawValue) adds them all:\n"
            let rows = templates.filter { $0.family == family }
            let width = rows.map { $0.name.count }.max() ?? 0
            for row in rows {
                text += "  \(row.name)\(String(repeating: " ", count: width - row.name.count))  \(row.summary)\n"
            }
            text += "\n"
        }
        return text + "--starter all adds the Units starters. `units habit add --from-template NAME` adds one to an existing journal.\n"
    }

    /// The soft floor new count habits get unless told otherwise.
    public static let defaultFloor = 5

    public static func text(date: CivilDate, weekStart: Weekday = .monday, dayStart: String = "00:00",
                            starters: [Starter] = []) -> String {
        var lines = [
            "; habits.units: your habits, one line per fact. `units --help` to start,",
            "; `units man units.5` for the format.",
            "units 1",
            "option week-start \(weekStart.name.lowercased())",
            "option day-start \(dayStart)",
        ]
        for starter in starters {
            lines.append("")
            lines += CanonicalLine.declaration(date: date, name: starter.name, attributes: starter.attributes.map { ($0[0], $0[1]) })
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
