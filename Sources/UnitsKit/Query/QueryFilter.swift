/// The query language of report arguments (Grammar/queries.md): name and
/// group terms select habits, tag, note, value and date terms select entries;
/// terms on one field are ORed, fields ANDed, and a `not:` term must not match.
public struct QueryFilter: Sendable {
    public enum Field: String, Sendable, CaseIterable {
        case name, group, tag, note, value, date
        /// Whether the field is decided by the habit alone.
        public var isHabitField: Bool { self == .name || self == .group }
    }

    public enum Comparison: String, Sendable {
        case less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">=", equal = "="
    }

    public struct Term: Sendable {
        public var field: Field
        public var negated: Bool
        /// The text after `field:` (without a leading `#` for tags).
        public var text: String
        var comparison: (Comparison, Amount)?
        var period: Period?
    }

    public var terms: [Term] = []

    public init() {}

    /// No terms: everything matches.
    public var isEmpty: Bool { terms.isEmpty }

    /// Whether any term looks at entries (tags, notes, values, dates).
    public var hasEntryTerms: Bool { terms.contains { !$0.field.isHabitField } }

    /// Parses one term per argument; `date:` terms use `periods` to resolve.
    public init(parsing arguments: [String], periods: PeriodParser) throws(QueryError) {
        for (index, argument) in arguments.enumerated() {
            terms.append(try QueryFilter.term(argument, index: index, periods: periods))
        }
    }

    static func term(_ argument: String, index: Int, periods: PeriodParser) throws(QueryError) -> Term {
        var rest = Substring(argument)
        var negated = false
        var offset = 0
        if rest.hasPrefix("not:") { negated = true; rest = rest.dropFirst(4); offset = 4 }
        guard !rest.isEmpty else { throw QueryError("expected a term after 'not:'", argument: index, offset: offset) }
        var field = Field.name
        if let colon = rest.firstIndex(of: ":") {
            let key = rest[..<colon].lowercased()
            guard let known = Field(rawValue: key), known != .name else {
                let guess = Suggestion.closest(to: key, in: ["group", "tag", "note", "value", "date", "not"]).map { "; did you mean '\($0):'?" } ?? ""
                throw QueryError("unknown query field '\(key):' (expected group:, tag:, note:, value:, date: or not:)\(guess)",
                                 argument: index, offset: offset)
            }
            field = known
            offset += rest[..<colon].utf8.count + 1
            rest = rest[rest.index(after: colon)...]
        }
        var text = String(rest)
        guard !text.isEmpty else { throw QueryError("expected text after '\(field.rawValue):'", argument: index, offset: offset) }
        var term = Term(field: field, negated: negated, text: text)
        switch field {
        case .tag:
            if text.hasPrefix("#") { text.removeFirst(); term.text = text }
        case .value:
            var op = Comparison.equal
            for candidate in [Comparison.lessOrEqual, .greaterOrEqual, .less, .greater, .equal] where text.hasPrefix(candidate.rawValue) {
                op = candidate
                text.removeFirst(candidate.rawValue.count)
                offset += candidate.rawValue.count
                break
            }
            guard let amount = Amount(text) else {
                throw QueryError("expected a number after 'value:' and an optional <, <=, >, >= or =, got '\(text)'",
                                 argument: index, offset: offset)
            }
            term.comparison = (op, amount)
        case .date:
            do { term.period = try periods.parse(text) } catch {
                throw QueryError(error.message, argument: index, offset: offset + error.offset)
            }
        case .name, .group, .note:
            break
        }
        return term
    }

    /// Which habits the name and group terms select, indexed by habit id.
    public func habitMask(_ journal: Journal) -> [Bool] {
        // No name or group term: every habit (without a copy of each habit).
        guard terms.contains(where: \.field.isHabitField) else { return Array(repeating: true, count: journal.habits.count) }
        return journal.habits.map { habit in
            passes(habitFields: true) { term in QueryFilter.matches(term, habit: habit, journal: journal) }
        }
    }

    /// Whether an entry passes the tag, note, value and date terms (its
    /// habit is checked by `habitMask`).
    public func matches(entry: Entry, in journal: Journal) -> Bool {
        passes(habitFields: false) { term in
            switch term.field {
            case .tag: return journal.tags(of: entry).contains(term.text)
            case .note:
                guard let note = journal.note(of: entry) else { return false }
                return note.lowercased().contains(term.text.lowercased())
            case .value:
                guard case .units(let amount) = entry.value, let (op, bound) = term.comparison else { return false }
                switch op {
                case .less: return amount < bound
                case .lessOrEqual: return amount <= bound
                case .greater: return amount > bound
                case .greaterOrEqual: return amount >= bound
                case .equal: return amount == bound
                }
            case .date: return term.period?.contains(entry.date) ?? false
            case .name, .group: return true
            }
        }
    }

    /// The name and group terms that select no habit or group of `journal`
    /// (a typo such as `Readng`): a report must refuse them rather than
    /// quietly count nothing.
    public func termsNamingNothing(in journal: Journal) -> [Term] {
        terms.filter { term in
            guard term.field.isHabitField else { return false }
            return !journal.habits.contains { habit in
                if term.field == .group { return habit.isGroup && habit.name.lowercased() == term.text.lowercased() }
                return QueryFilter.matches(term, habit: habit, journal: journal)
            }
        }
    }

    /// ORs positive terms per field, ANDs fields, and requires every
    /// negated term to fail.
    private func passes(habitFields: Bool, _ test: (Term) -> Bool) -> Bool {
        for field in Field.allCases where field.isHabitField == habitFields {
            let positive = terms.filter { $0.field == field && !$0.negated }
            if !positive.isEmpty && !positive.contains(where: test) { return false }
            if terms.contains(where: { $0.field == field && $0.negated && test($0) }) { return false }
        }
        return true
    }

    static func matches(_ term: Term, habit: Habit, journal: Journal) -> Bool {
        let needle = term.text.lowercased()
        switch term.field {
        case .name:
            if habit.name.lowercased().contains(needle) { return true }
            // A word naming a group selects its members too.
            if let group = habit.group { return journal.habits[group].name.lowercased().contains(needle) }
            return false
        case .group:
            if habit.isGroup { return habit.name.lowercased() == needle }
            guard let group = habit.group else { return false }
            return journal.habits[group].name.lowercased() == needle
        default:
            return true
        }
    }
}

/// A query term that could not be read: which argument, and the byte
/// offset in it.
public struct QueryError: Error, Sendable, Equatable {
    public var message: String
    public var argument: Int
    public var offset: Int
    public init(_ message: String, argument: Int, offset: Int) {
        self.message = message
        self.argument = argument
        self.offset = offset
    }
}
