/// Collects imported facts and writes them as journal lines: habits that
/// the journal does not know yet are declared (with a dated declaration on
/// the day of their first entry), and every line is put in date order,
/// keeping input order within a day.
struct ImportBuilder {
    struct PendingHabit {
        var name: String
        var kind: HabitKind
        var title: String?
        var unit: String?
        var size: String?
        var group: String?
        var isGroup = false
        var first: CivilDate
        /// Further attribute lines (`every: 3/week`, `color: #FF8F00`), in order.
        var attributes: [String] = []
        /// A comment line written above the declaration (harsh's heading).
        var comment: String?
    }

    /// What a tracker's habit list says about a habit before any entry
    /// names it (Loop's `Habits.csv`, harsh's and habitctl's `habits`).
    struct Definition {
        var kind: HabitKind
        var unit: String?
        var attributes: [String] = []
        var comment: String?
        /// Where the habit list says so, for problems.
        var line: Int
        var file: String?
        /// Archived in the tracker (Loop's `Archived?`): `archiveDefined`
        /// writes an `archive` line after the habit's last imported entry.
        var archived = false
    }

    private struct Item {
        var date: CivilDate
        /// 0 for declarations (they come first on their day), 1 for the rest.
        var rank: Int
        var sequence: Int
        var text: String
        var isEntry = false
        var isTask = false
    }

    let existing: Journal
    private(set) var problems: [ImportProblem] = []
    private var pending: [String: PendingHabit] = [:]
    private var pendingOrder: [String] = []
    private var items: [Item] = []
    /// Foreign names already mapped to journal names, so two spellings never collide.
    private var names: [String: String] = [:]
    /// The last day each journal name has an entry on, in this import.
    private var lastEntry: [String: CivilDate] = [:]
    private var definitions: [String: Definition] = [:]
    private var definitionOrder: [String] = []
    /// The input file being read, for problems when an import reads several.
    var file: String?

    init(existing: Journal) { self.existing = existing }

    mutating func problem(_ line: Int, _ message: String) {
        problems.append(ImportProblem(line: line, message: message, file: file))
    }

    /// Records a habit of the tracker's habit list: its first entry (or
    /// `declareDefined`) declares it with these attributes.
    mutating func define(_ foreign: String, _ definition: Definition) {
        if definitions[foreign] == nil { definitionOrder.append(foreign) }
        definitions[foreign] = definition
    }

    /// The journal name a foreign name was given, once an entry or
    /// `declareDefined` has named it.
    func journalName(_ foreign: String) -> String? { names[foreign] }

    /// The kind the habit list gives a habit, if it lists it.
    func definedKind(_ foreign: String) -> HabitKind? { definitions[foreign]?.kind }

    /// The first day of any line so far (where a habit list's unused habits go).
    var earliestDate: CivilDate? { items.lazy.map(\.date).min() }

    /// Declares, on `date`, every defined habit no entry named.
    mutating func declareDefined(on date: CivilDate) {
        let savedFile = file
        for foreign in definitionOrder where names[foreign] == nil {
            let definition = definitions[foreign]!
            file = definition.file
            _ = habit(foreign, kind: definition.kind, on: date, line: definition.line)
        }
        file = savedFile
    }

    /// Archives every defined habit the tracker calls archived: an
    /// `archive` line on the day of its last imported entry (after that
    /// entry, so the entry is not an archived one), or on its declaration
    /// day when it has none; nothing when the journal has it archived then
    /// (or already has the habit and this import adds none of its entries).
    mutating func archiveDefined() {
        for foreign in definitionOrder where definitions[foreign]!.archived {
            guard let name = names[foreign] else { continue }
            guard let date = lastEntry[name] ?? pending[name]?.first else { continue }
            if let habit = existing.habit(named: name), habit.isArchived(on: date) { continue }
            line(date, "\(date) archive \(name)")
        }
    }

    /// The journal name for a foreign habit name; declares it when neither
    /// the journal nor this import knows it. Returns nil (and reports) when
    /// the journal has it with another kind.
    mutating func habit(_ foreign: String, kind: HabitKind, on date: CivilDate, line: Int,
                        unit: String? = nil, size: String? = nil, group: String? = nil) -> String? {
        let name: String
        if let known = names[foreign] { name = known } else {
            var candidate = JournalText.name(from: foreign)
            var n = 2
            while names.values.contains(candidate) {
                candidate = JournalText.name(from: foreign) + "-\(n)"; n += 1
            }
            name = candidate
            names[foreign] = name
        }
        // The built-in count habit General is never declared (format.md 17).
        if name == Journal.generalHabitName && existing.habit(named: name) == nil {
            if kind == .count { return name }
            problem(line, "'General' is the built-in count habit; it cannot hold check-ins"); return nil
        }
        if let habit = existing.habit(named: name) {
            if habit.isGroup {
                problem(line, "'\(name)' is a group in the journal; log one of its members instead"); return nil
            }
            if habit.kind != kind {
                problem(line, "'\(name)' is a \(habit.kind.rawValue) habit in the journal, but this line is a \(kind == .check ? "check-in" : "count")")
                return nil
            }
            return name
        }
        if var habit = pending[name] {
            if habit.kind != kind {
                problem(line, "'\(name)' was imported as a \(habit.kind.rawValue) habit above, but this line is a \(kind == .check ? "check-in" : "count")")
                return nil
            }
            if date < habit.first { habit.first = date; pending[name] = habit }
            return name
        }
        if let group, existing.habit(named: JournalText.name(from: group)) == nil {
            let groupName = JournalText.name(from: group)
            if pending[groupName] == nil {
                pending[groupName] = PendingHabit(name: groupName, kind: .check, isGroup: true, first: date)
                pendingOrder.append(groupName)
            } else if date < pending[groupName]!.first { pending[groupName]!.first = date }
        }
        let definition = definitions[foreign]
        pending[name] = PendingHabit(name: name, kind: kind, title: name == foreign ? nil : foreign, unit: unit ?? definition?.unit, size: size,
                                     group: group.map(JournalText.name(from:)), first: date,
                                     attributes: definition?.attributes ?? [], comment: definition?.comment)
        pendingOrder.append(name)
        return name
    }

    /// An entry line: `DATE NAME VALUE [#tag...] [; note]`.
    mutating func entry(_ date: CivilDate, _ name: String, _ value: String, tags: [String] = [], note: String? = nil) {
        var text = "\(date) \(name) \(value)"
        if let last = lastEntry[name], last >= date {} else { lastEntry[name] = date }
        for tag in tags { if let t = JournalText.tag(from: tag) { text += " #" + t } }
        if let note {
            let clean = JournalText.note(note)
            if !clean.isEmpty { text += " ; " + clean }
        }
        add(date, text, isEntry: true)
    }

    /// A comment line among the lines of `date` (a note the tracker kept
    /// on a day that writes no entry). Compared like any line when
    /// importing again (`ImportDedup`).
    mutating func comment(_ date: CivilDate, _ text: String) {
        add(date, "; " + JournalText.note(text))
    }

    /// Any other dated line (tasks, unit changes), written as given.
    mutating func line(_ date: CivilDate, _ text: String, isTask: Bool = false) {
        add(date, text, isTask: isTask)
    }

    private mutating func add(_ date: CivilDate, _ text: String, isEntry: Bool = false, isTask: Bool = false) {
        items.append(Item(date: date, rank: 1, sequence: items.count, text: text, isEntry: isEntry, isTask: isTask))
    }

    /// The journal text: a comment naming the source, then every line in order.
    func result(source: String) -> ImportResult {
        // Lines the journal already holds are left out (`ImportDedup`).
        var all: [Item] = []
        var dedup = ImportDedup(existing)
        var alreadyPresent = 0
        if dedup.isEmpty { all = items } else {
            for (item, key) in zip(items, ImportDedup.keys(items.map(\.text))) {
                if let key, dedup.consume(key) { alreadyPresent += 1 } else { all.append(item) }
            }
        }
        let entryCount = all.filter(\.isEntry).count
        let taskCount = all.filter(\.isTask).count
        // Groups first so that members can name them; then habits in order.
        let ordered = pendingOrder.filter { pending[$0]!.isGroup } + pendingOrder.filter { !pending[$0]!.isGroup }
        for (k, name) in ordered.enumerated() {
            let habit = pending[name]!
            var text = habit.comment.map { "; " + JournalText.note($0) + "\n" } ?? ""
            text += "\(habit.first) \(habit.isGroup ? "group" : "habit") \(habit.name)"
            if let title = habit.title { text += "\n  title: " + JournalText.quoted(title) }
            if habit.kind == .check && !habit.isGroup { text += "\n  kind: check" }
            if let unit = habit.unit { text += "\n  unit: " + unit }
            if let size = habit.size { text += "\n  size: " + size }
            if let group = habit.group { text += "\n  group: " + group }
            for attribute in habit.attributes { text += "\n  " + attribute }
            all.append(Item(date: habit.first, rank: 0, sequence: k, text: text))
        }
        all.sort { ($0.date, $0.rank, $0.sequence) < ($1.date, $1.rank, $1.sequence) }
        var text = ""
        if !all.isEmpty {
            text = "; imported from \(JournalText.note(source))\n"
            // A comment above a run of declarations is written once.
            var lastComment: Substring?
            for item in all {
                var line = Substring(item.text)
                if item.rank == 0, line.hasPrefix("; "), let newline = line.firstIndex(of: "\n") {
                    let comment = line[..<newline]
                    if comment == lastComment { line = line[line.index(after: newline)...] }
                    lastComment = comment
                } else {
                    lastComment = nil
                }
                text += line
                text += "\n"
            }
        }
        return ImportResult(text: text, problems: sortedProblems(),
                            entryCount: entryCount, taskCount: taskCount, declaredHabits: ordered,
                            alreadyPresent: alreadyPresent)
    }

    /// Problems by file (in the order the files were read), then line.
    private func sortedProblems() -> [ImportProblem] {
        var fileOrder: [String: Int] = [:]
        for problem in problems where fileOrder[problem.file ?? ""] == nil { fileOrder[problem.file ?? ""] = fileOrder.count }
        return problems.enumerated().sorted {
            (fileOrder[$0.element.file ?? ""]!, $0.element.line, $0.offset) < (fileOrder[$1.element.file ?? ""]!, $1.element.line, $1.offset)
        }.map(\.element)
    }
}
