/// Collects imported facts as journal lines: habits the journal does not
/// know are declared on the day of their first entry, and the lines are put
/// in date order, input order within a day.
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
        /// Further attribute lines (`every: 3/week`), and a comment above (harsh's heading).
        var attributes: [String] = []
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
        /// Archived in the tracker (Loop's `Archived?`; see `archiveDefined`).
        var archived = false
    }

    /// One line to write: its text is `buffer[start..<end]` (no string a line).
    struct Item: Sendable {
        var date: CivilDate
        /// 0 for declarations (they come first on their day), 1 for the rest.
        var rank: UInt8
        var isEntry = false
        var isTask = false
        var start: Int
        var end: Int
    }

    /// A foreign name resolved once: its journal name, kind, pending
    /// declaration (nil for a habit the journal has) and last day of a line.
    private struct Resolved {
        var name: String
        var nameBytes: [UInt8]
        var kind: HabitKind
        var slot: Int?
        var last: CivilDate
    }

    let existing: Journal
    private(set) var problems: [ImportProblem] = []
    /// Declarations to write, in the order their habits were first named.
    private var pendingList: [PendingHabit] = []
    private var pendingSlot: [String: Int] = [:]
    private var items: [Item] = []
    private var buffer: [UInt8] = []
    /// Foreign names already mapped to journal names, so two spellings never collide.
    private var names: [String: String] = [:]
    private var taken: Set<String> = []
    /// Each foreign name's handle: its index in `resolvedList`.
    private var resolved: [String: Int] = [:]
    private var resolvedList: [Resolved] = []
    private var definitions: [String: Definition] = [:]
    private var definitionOrder: [String] = []
    /// The day an entry was last written for, spelled.
    private var lastDate: CivilDate?
    private var lastDateBytes: [UInt8] = []
    /// The input file being read, for problems when an import reads several.
    var file: String?

    init(existing: Journal) { self.existing = existing }

    /// Reads a tracker's files: its habit list (the file named `list`)
    /// first, then the others; problems name the file when there are several.
    mutating func read(_ files: [ImportFile], list: String, _ readList: (ImportFile, inout ImportBuilder) -> Void,
                       _ readLog: (ImportFile, inout ImportBuilder) -> Void) {
        for isList in [true, false] {
            for file in files where (file.name == list) == isList {
                self.file = files.count > 1 ? file.path : nil
                (isList ? readList : readLog)(file, &self)
            }
        }
    }

    mutating func problem(_ line: Int, _ message: String) {
        problems.append(ImportProblem(line: line, message: message, file: file))
    }

    /// Records a habit of the tracker's habit list, declared with its first entry (or `declareDefined`).
    mutating func define(_ foreign: String, _ definition: Definition) {
        if definitions[foreign] == nil { definitionOrder.append(foreign) }
        definitions[foreign] = definition
    }

    /// The journal name a foreign name was given, once named.
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

    /// An `archive` line for each defined habit the tracker calls archived,
    /// on the day of its last imported entry (after it) or of its declaration;
    /// none when the journal has it archived then.
    mutating func archiveDefined() {
        for foreign in definitionOrder where definitions[foreign]!.archived {
            guard let name = names[foreign] else { continue }
            guard let date = resolved[foreign].map({ resolvedList[$0].last })
                    ?? pendingSlot[name].map({ pendingList[$0].first }) else { continue }
            if let habit = existing.habit(named: name), habit.isArchived(on: date) { continue }
            line(date, "\(date) archive \(name)")
        }
    }

    /// The journal name for a foreign habit name, declared when new; nil
    /// (and a problem) when the journal has it with another kind.
    mutating func habit(_ foreign: String, kind: HabitKind, on date: CivilDate, line: Int,
                        unit: String? = nil, size: String? = nil, group: String? = nil) -> String? {
        if let handle = resolved[foreign], resolvedList[handle].kind == kind {
            use(handle, on: date)
            return resolvedList[handle].name
        }
        let name: String
        if let known = names[foreign] { name = known } else {
            var candidate = JournalText.name(from: foreign)
            var n = 2
            while taken.contains(candidate) {
                candidate = JournalText.name(from: foreign) + "-\(n)"; n += 1
            }
            name = candidate
            names[foreign] = name
            taken.insert(name)
        }
        guard let resolvedName = resolveSlow(foreign, name, kind: kind, on: date, line: line, unit: unit, size: size, group: group) else { return nil }
        if resolved[foreign] == nil {
            resolved[foreign] = resolvedList.count
            resolvedList.append(Resolved(name: resolvedName, nameBytes: Array(resolvedName.utf8), kind: kind, slot: pendingSlot[resolvedName], last: date))
        }
        return resolvedName
    }

    /// The handle of a foreign name `habit` resolved with this kind, for
    /// `use` and `entry(_:habit:_:note:)` (no lookup, no string a line).
    func handle(_ foreign: String, kind: HabitKind) -> Int? {
        guard let handle = resolved[foreign], resolvedList[handle].kind == kind else { return nil }
        return handle
    }

    /// What `habit` does for a name it resolved before: widens its first and last day to `date`.
    mutating func use(_ handle: Int, on date: CivilDate) {
        if let slot = resolvedList[handle].slot, date < pendingList[slot].first { pendingList[slot].first = date }
        if date > resolvedList[handle].last { resolvedList[handle].last = date }
    }

    /// Makes room for about `lines` more lines of `bytes` bytes in all.
    mutating func reserveCapacity(lines: Int, bytes: Int) {
        items.reserveCapacity(items.count + lines)
        buffer.reserveCapacity(buffer.count + bytes)
    }

    /// `entry` of a habit by its handle.
    mutating func entry(_ date: CivilDate, habit handle: Int, _ value: String, note: String? = nil) {
        appendEntry(date, resolvedList[handle].nameBytes, value, tags: [], note: note)
    }

    /// `habit`'s first lookup of a name: checked against the journal and the declarations so far.
    private mutating func resolveSlow(_ foreign: String, _ name: String, kind: HabitKind, on date: CivilDate, line: Int,
                                      unit: String?, size: String?, group: String?) -> String? {
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
        if let slot = pendingSlot[name] {
            let habit = pendingList[slot]
            if habit.kind != kind {
                problem(line, "'\(name)' was imported as a \(habit.kind.rawValue) habit above, but this line is a \(kind == .check ? "check-in" : "count")")
                return nil
            }
            if date < habit.first { pendingList[slot].first = date }
            return name
        }
        if let group, existing.habit(named: JournalText.name(from: group)) == nil {
            let groupName = JournalText.name(from: group)
            if let slot = pendingSlot[groupName] {
                if date < pendingList[slot].first { pendingList[slot].first = date }
            } else {
                pendingSlot[groupName] = pendingList.count
                pendingList.append(PendingHabit(name: groupName, kind: .check, isGroup: true, first: date))
            }
        }
        let definition = definitions[foreign]
        pendingSlot[name] = pendingList.count
        pendingList.append(PendingHabit(name: name, kind: kind, title: name == foreign ? nil : foreign, unit: unit ?? definition?.unit, size: size,
                                        group: group.map(JournalText.name(from:)), first: date,
                                        attributes: definition?.attributes ?? [], comment: definition?.comment))
        return name
    }

    /// An entry line: `DATE NAME VALUE [#tag...] [; note]`.
    mutating func entry(_ date: CivilDate, _ name: String, _ value: String, tags: [String] = [], note: String? = nil) {
        appendEntry(date, name.utf8, value, tags: tags, note: note)
    }

    private mutating func appendEntry(_ date: CivilDate, _ name: some Sequence<UInt8>, _ value: String, tags: [String], note: String?) {
        let start = buffer.count
        // Consecutive lines mostly share their day: spelled once.
        if date != lastDate {
            lastDate = date
            lastDateBytes.removeAll(keepingCapacity: true)
            date.appendCanonical(to: &lastDateBytes)
        }
        buffer += lastDateBytes
        buffer.append(0x20); buffer += name
        buffer.append(0x20); buffer += value.utf8
        for tag in tags { if let t = JournalText.tag(from: tag) { buffer += " #".utf8; buffer += t.utf8 } }
        if let note = note.map(JournalText.note), !note.isEmpty { buffer += " ; ".utf8; buffer += note.utf8 }
        items.append(Item(date: date, rank: 1, isEntry: true, start: start, end: buffer.count))
    }

    /// A comment line among the lines of `date` (a note the tracker kept on a day without an entry).
    mutating func comment(_ date: CivilDate, _ text: String) {
        line(date, "; " + JournalText.note(text))
    }

    /// Any other dated line (tasks, unit changes), written as given.
    mutating func line(_ date: CivilDate, _ text: String, isTask: Bool = false) {
        line(date, isTask: isTask) { $0.append(contentsOf: text.utf8) }
    }

    /// A dated line written straight into the buffer by `write`.
    mutating func line(_ date: CivilDate, isTask: Bool = false, _ write: (inout [UInt8]) -> Void) {
        let start = buffer.count
        write(&buffer)
        items.append(Item(date: date, rank: 1, isTask: isTask, start: start, end: buffer.count))
    }

    /// The journal text: a comment naming the source, then every line in order.
    func result(source: String) -> ImportResult {
        var all: [Item] = []
        // Lines the journal already holds are left out.
        var dedup = ImportDedup(existing)
        var alreadyPresent = 0
        if dedup.isEmpty { all = items } else {
            let texts = items.map { String(decoding: buffer[$0.start..<$0.end], as: UTF8.self) }
            for (item, key) in zip(items, ImportDedup.keys(texts)) {
                if let key, dedup.consume(key) { alreadyPresent += 1 } else { all.append(item) }
            }
        }
        var entryCount = 0, taskCount = 0
        for item in all {
            if item.isEntry { entryCount += 1 }
            if item.isTask { taskCount += 1 }
        }
        // Groups first so that members can name them; then habits in order.
        // Declarations have their own buffer and list (no copy of the lines').
        var declarations: [UInt8] = []
        var declared: [Item] = []
        var attributeStarts: [Int: Int] = [:]
        let ordered = pendingList.filter(\.isGroup) + pendingList.filter { !$0.isGroup }
        for habit in ordered {
            let start = declarations.count
            if let comment = habit.comment { declarations += Array(("; " + JournalText.note(comment) + "\n").utf8) }
            habit.first.appendCanonical(to: &declarations)
            var text = " \(habit.isGroup ? "group" : "habit") \(habit.name)"
            if let title = habit.title { text += "\n  title: " + JournalText.quoted(title) }
            if habit.kind == .check && !habit.isGroup { text += "\n  kind: check" }
            if let unit = habit.unit { text += "\n  unit: " + unit }
            if let size = habit.size { text += "\n  size: " + size }
            if let group = habit.group { text += "\n  group: " + group }
            for attribute in habit.attributes { text += "\n  " + attribute }
            let lineStart = declarations.count
            declarations += Array(text.utf8)
            // Where its attribute lines start (`ImportLines` aligns them).
            if let newline = declarations[lineStart...].firstIndex(of: 0x0A) { attributeStarts[declared.count] = newline + 1 }
            declared.append(Item(date: habit.first, rank: 0, start: start, end: declarations.count))
        }
        // One integer key a line (day, rank, position): declarations first on their day.
        func key(_ item: Item, _ k: Int) -> UInt64 {
            UInt64(UInt32(bitPattern: item.date.dayNumber) ^ 0x8000_0000) << 32 | UInt64(item.rank) << 31 | UInt64(k)
        }
        let keys = Self.sortedKeys(all, declared, key)
        let lines = ImportLines(header: Array("; imported from \(JournalText.note(source))\n".utf8), buffer: buffer,
                                declarations: declarations, lines: all, declared: declared, keys: keys, attributeStarts: attributeStarts)
        return ImportResult(lines: lines, problems: sortedProblems(), entryCount: entryCount, taskCount: taskCount,
                            declaredHabits: ordered.map(\.name), alreadyPresent: alreadyPresent)
    }

    /// The keys in ascending order: counted into place by day when the
    /// lines span few days for their number (cheaper than a sort of them all).
    private static func sortedKeys(_ all: [Item], _ declared: [Item], _ key: (Item, Int) -> UInt64) -> [UInt64] {
        let n = all.count + declared.count
        var low = Int32.max, high = Int32.min
        for item in all { low = min(low, item.date.dayNumber); high = max(high, item.date.dayNumber) }
        for item in declared { low = min(low, item.date.dayNumber); high = max(high, item.date.dayNumber) }
        guard n > 0, Int(high) - Int(low) < 4 * n + 1024 else {
            var keys: [UInt64] = []
            keys.reserveCapacity(n)
            for k in all.indices { keys.append(key(all[k], k)) }
            for k in declared.indices { keys.append(key(declared[k], k)) }
            keys.sort()
            return keys
        }
        var starts = [Int](repeating: 0, count: Int(high) - Int(low) + 2)
        for item in declared { starts[Int(item.date.dayNumber - low) + 1] += 1 }
        for item in all { starts[Int(item.date.dayNumber - low) + 1] += 1 }
        for d in 1..<starts.count { starts[d] += starts[d - 1] }
        var keys = [UInt64](repeating: 0, count: n)
        for k in declared.indices {
            let d = Int(declared[k].date.dayNumber - low)
            keys[starts[d]] = key(declared[k], k); starts[d] += 1
        }
        for k in all.indices {
            let d = Int(all[k].date.dayNumber - low)
            keys[starts[d]] = key(all[k], k); starts[d] += 1
        }
        return keys
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
