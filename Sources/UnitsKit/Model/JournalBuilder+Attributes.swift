// Attribute lines under a declaration (`unit:`, `goal:`, `color:`, ...).

extension JournalBuilder {
    /// The attribute's value: a string's contents, or the words one space
    /// apart (a run of white space between fields is one space, format.md
    /// 3.2, so `units-fmt` may collapse it without changing the value).
    static func valueText(_ tree: SyntaxTree, _ values: ArraySlice<Token>) -> String {
        guard let first = values.first else { return "" }
        if values.count == 1, first.kind == .string { return tree.stringValue(first) }
        if values.count == 1 { return tree.text(first) }
        // Several tokens: each by the text it stands for (a string by its
        // value), one space apart, as `FormatCheck` reads them: the formatter
        // may write a word as the string of the same text (`title:# "x"`).
        return values.map { $0.kind == .string ? tree.stringValue($0) : tree.text($0) }.joined(separator: " ")
    }

    mutating func applyAttribute(_ tree: SyntaxTree, _ t: [Token]) {
        guard let id = currentDeclaration else { return }
        let key = tree.text(t[0])
        let values = t[2...].prefix { $0.kind != .comment }
        if !firstSight(ofAttribute: key) {
            report(.warning, Rule.duplicateAttribute, "'\(key)' is given twice for '\(journal.habits[id].name)'; the last one counts", tree.range(t[0]))
        }
        // The habit is changed where it lies; what the builder must do comes
        // back: a problem, or a changed unit or floor, which takes a shared table.
        var problem: (rule: String, message: String)?
        var changedUnit: UnitVersion?
        var floor: FloorChange?
        Self.apply(key, tree, values, to: &journal.habits[id], problem: &problem, unit: &changedUnit, floor: &floor)
        if let changedUnit { journal.habits[id].units = sharedUnits(changedUnit) }
        if let floor { journal.habits[id].floors = sharedFloors(floor) }
        if let problem {
            report(.error, problem.rule, problem.message, SourceRange(file: tree.file, start: Int(values.first!.start), end: Int(values.last!.end)))
        }
    }

    /// Whether this is the first `key` line of the current declaration.
    mutating func firstSight(ofAttribute key: String) -> Bool {
        if attributesSeen.contains(key) { return false }
        attributesSeen.append(key)
        return true
    }

    /// One attribute line's change to `habit`, or the problem with its value;
    /// a `unit:`, `size:` or `floor:` line gives its change in `unit` or `floor`.
    static func apply(_ key: String, _ tree: SyntaxTree, _ values: ArraySlice<Token>, to habit: inout Habit,
                      problem: inout (rule: String, message: String)?, unit: inout UnitVersion?, floor changedFloor: inout FloorChange?) {
        func invalid(_ message: String) { problem = (Rule.invalidAttribute, message) }
        // The value as text, for the keys that read it so.
        var text: String { valueText(tree, values) }
        if habit.isGroup, ["unit", "size", "floor", "kind", "goal", "min", "type"].contains(key) {
            invalid("a group has no '\(key)': set it on its member habits")
            return
        }
        switch key {
        case "title": habit.title = text
        case "note": habit.note = text
        case "icon": habit.icon = text
        case "color":
            let text = text
            if Self.isColor(text) { habit.color = text } else {
                invalid("unknown colour '\(text)': use one of \(Self.colorNames.joined(separator: ", ")), or #rgb / #rrggbb")
            }
        case "unit":
            // A quoted word is the same word (attribute values may be quoted,
            // format.md 4.4): `units-fmt` writes `unit:"ap` as `unit: "\"ap"`.
            let words = values.map { $0.kind == .string ? tree.stringValue($0) : tree.text($0) }
            guard words.count <= 2, values.allSatisfy({ $0.kind == .word || $0.kind == .string }),
                  words.allSatisfy({ !$0.isEmpty && !$0.unicodeScalars.contains(where: { $0 == " " || $0 == "\t" }) }) else {
                invalid("expected `unit: NAME [SHORTHAND]`, e.g. `unit: page pg`"); return
            }
            var version = habit.units[0]
            version.name = words[0]
            version.shorthand = words.count == 2 ? words[1] : nil
            unit = version
        case "size":
            guard let (size, measure) = Self.quantity(tree, values) else {
                invalid("expected `size: NUMBER [MEASURE]`, e.g. `size: 0.25 miles`"); return
            }
            var version = habit.units[0]
            version.size = size
            version.measure = measure
            unit = version
        case "floor":
            guard let floor = Self.parseFloor(text) else {
                invalid("expected a floor in units per week, e.g. `floor: 5/week`"); return
            }
            // A whole number 0 or more (all a linter accepts) needs no place
            // of its own: the table is shared (`sharedFloors`). Any other
            // keeps its place, where `invalid-floor` reports it.
            let valid = !floor.isNegative && floor.isInteger
            changedFloor = FloorChange(since: habit.declared, unitsPerWeek: floor,
                                       location: valid ? nil : SourceRange(file: tree.file, start: Int(values.first!.start), end: Int(values.last!.end)))
        case "kind":
            guard let kind = HabitKind(rawValue: text) else { invalid("expected `count` or `check`"); return }
            habit.kind = kind
        case "goal", "min":
            guard let (value, _) = Self.quantity(tree, values) else {
                invalid("expected `\(key): NUMBER [MEASURE]`, e.g. `\(key): 10 pages`"); return
            }
            if key == "goal" { habit.goal = value } else { habit.minimum = value }
        case "every":
            guard let frequency = Self.parseFrequency(values.map { tree.text($0) }) else {
                invalid("expected `day`, `N/week`, `N/month`, `weekdays`, `weekends` or weekday names like `mon wed fri`"); return
            }
            habit.every = frequency
            habit.hasOwnSchedule = true
        case "priority":
            guard let priority = Priority(rawValue: text) else { invalid("expected `must` or `nice`"); return }
            habit.priority = priority
        case "type":
            guard let type = HabitType(rawValue: text) else { invalid("expected `build` or `quit`"); return }
            habit.type = type
        case "group":
            guard values.count == 1, NameLexeme.isName(tree.bytes(values.first!)) else { invalid("expected the name of a group"); return }
            if habit.isGroup {
                problem = (Rule.nestedGroup, "groups cannot be nested: '\(habit.name)' is a group and cannot belong to '\(text)'")
                return
            }
            habit.groupName = text
        case "remind":
            // A value that is not a reminder sets none; `invalid-reminder`
            // (a linter rule) says where it is wrong, and `units calendar`
            // refuses the journal until it is fixed.
            if case .success(let reminder) = Reminder.parse(values.map { $0.kind == .string ? tree.stringValue($0) : tree.text($0) }) {
                habit.reminder = reminder
            }
        default:
            break
        }
    }

    /// `NUMBER [MEASURE words]`.
    static func quantity(_ tree: SyntaxTree, _ values: ArraySlice<Token>) -> (Amount, String?)? {
        guard let first = values.first, first.kind == .word,
              case .valid(let value) = tree.file.withBytes({ NumberLexeme.parse(UnsafeBufferPointer(rebasing: $0[first.range])) }) else { return nil }
        let rest = values.dropFirst()
        return (value, rest.isEmpty ? nil : valueText(tree, rest))
    }

    static let colorNames = ["red", "orange", "yellow", "green", "mint", "teal", "cyan", "blue",
                             "indigo", "purple", "pink", "brown", "gray"]

    static func isColor(_ text: String) -> Bool {
        if colorNames.contains(text) { return true }
        let bytes = Array(text.utf8)
        guard bytes.first == ASCII.hash, bytes.count == 4 || bytes.count == 7 else { return false }
        return bytes.dropFirst().allSatisfy { ASCII.isDigit($0) || (($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x66) }
    }

    /// `N` or `N/week`; any decimal (negative or fractional floors are a lint finding).
    static func parseFloor(_ text: String) -> Amount? {
        // Over the bytes (a million floors: `Substring.hasSuffix` compared
        // Characters through a reversed view). The same answer: a number
        // before `/week` is ASCII, so no cluster can span the `/`.
        var text = text
        return text.withUTF8 { bytes -> Amount? in
            var number = bytes
            if bytes.count >= 5, bytes[(bytes.count - 5)...].elementsEqual("/week".utf8) {
                number = UnsafeBufferPointer(rebasing: bytes[..<(bytes.count - 5)])
            }
            guard case .valid(let value) = NumberLexeme.parse(number) else { return nil }
            return value
        }
    }

    static func parseFrequency(_ words: [String]) -> Frequency? {
        guard let first = words.first else { return nil }
        if words.count == 1 {
            switch first {
            case "day", "daily": return .daily
            case "weekdays": return .weekdays([.monday, .tuesday, .wednesday, .thursday, .friday])
            case "weekends": return .weekdays([.saturday, .sunday])
            default: break
            }
            for (suffix, make) in [("/week", Frequency.perWeek), ("/month", Frequency.perMonth)] where first.hasSuffix(suffix) {
                let count = first.dropLast(suffix.count)
                let limit = suffix == "/week" ? 7 : 31
                guard let n = Int(count), (1...limit).contains(n), count.allSatisfy(\.isASCII) else { return nil }
                return make(n)
            }
        }
        var days = Set<Weekday>()
        for word in words {
            guard let day = Weekday(name: Array(word.utf8)) else { return nil }
            days.insert(day)
        }
        return .weekdays(days)
    }
}
