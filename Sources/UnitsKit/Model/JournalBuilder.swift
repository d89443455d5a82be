/// Reads the files a journal is made of. The default reads the file system;
/// tests pass an in-memory map.
public struct JournalLoader: Sendable {
    public var read: @Sendable (String) throws -> [UInt8]
    /// How an included file is read: stricter than the root (regular files
    /// only, never a device or a FIFO). Defaults to `read`.
    public var readInclude: @Sendable (String) throws -> [UInt8]

    public init(read: @escaping @Sendable (String) throws -> [UInt8]) {
        self.read = read
        self.readInclude = read
    }

    public init(read: @escaping @Sendable (String) throws -> [UInt8],
                readInclude: @escaping @Sendable (String) throws -> [UInt8]) {
        self.read = read
        self.readInclude = readInclude
    }

    public static let fileSystem = JournalLoader(
        read: { path in try FileReader.readBytes(atPath: path) },
        readInclude: { path in try FileReader.readBytes(atPath: path, regularFileOnly: true) })

    /// Files held in memory, by path; anything else is "no such file".
    public static func memory(_ files: [String: String]) -> JournalLoader {
        JournalLoader { path in
            guard let text = files[path] else { throw FileReadError(path: path, reason: "no such file") }
            return Array(text.utf8)
        }
    }
}

extension Journal {
    /// Loads the journal at `path` and its includes. Never throws: a file
    /// that cannot be read is a diagnostic, like every other problem.
    ///
    /// The root file is parsed a block at a time and its entry lines' tokens
    /// are not kept (`tokens(of:)` reads them again when asked), which is
    /// what a report or the linter wants of a million-line journal.
    /// `keepingTokens` keeps them all (one parse of the whole file, then
    /// the model), as `Journal(tree:)` does. `keepingTagsAndNotes` keeps
    /// them for the entry lines with tags or a note (`units export`).
    public static func load(path: String, loader: JournalLoader = .fileSystem, keepingTokens: Bool = false,
                            keepingTagsAndNotes: Bool = false) -> Journal {
        var builder = JournalBuilder(loader: loader)
        do {
            let bytes = try loader.read(path)
            let file = SourceFile(path: path, bytes: bytes)
            if keepingTokens {
                builder.add(tree: Parser.parse(file), canonicalPath: canonical(path, loader))
            } else {
                builder.addParsingInBlocks(file, canonicalPath: canonical(path, loader), keepingTagsAndNotes: keepingTagsAndNotes)
            }
        } catch {
            builder.journal.diagnostics.append(Diagnostic(.error, rule: JournalBuilder.Rule.io, reason(error), path: path))
        }
        return builder.finish()
    }

    /// Builds the journal of an already parsed file (standard input, tests).
    /// Includes are resolved relative to the tree's path with `loader`.
    public init(tree: SyntaxTree, loader: JournalLoader = .fileSystem) {
        var builder = JournalBuilder(loader: loader)
        builder.add(tree: tree, canonicalPath: Journal.canonical(tree.file.path, loader))
        self = builder.finish()
    }

    /// Builds the journal of a file already read (the write path reads it
    /// under its lock), a block at a time as `load` does: the entry lines'
    /// tokens are not kept, and `files[0]` is the file's tree.
    public init(file: SourceFile, loader: JournalLoader = .fileSystem) {
        var builder = JournalBuilder(loader: loader)
        builder.addParsingInBlocks(file, canonicalPath: Journal.canonical(file.path, loader))
        self = builder.finish()
    }

    /// Builds a journal from text (tests and examples).
    public init(parsing text: String, path: String = "<input>", loader: JournalLoader = .memory([:])) {
        self.init(tree: Parser.parse(text, path: path), loader: loader)
    }

    static func canonical(_ path: String, _ loader: JournalLoader) -> String {
        path.hasPrefix("<") ? path : FileReader.canonicalPath(path)
    }

    static func reason(_ error: any Error) -> String {
        if let e = error as? FileReadError { return "cannot read journal: \(e.reason)" }
        return "cannot read journal: \(error)"
    }
}

/// Turns syntax trees into a `Journal`, line by line in file order, so that
/// unit and floor changes take effect at their line.
struct JournalBuilder {
    /// Rule ids of the diagnostics the model reports.
    enum Rule {
        static let io = "io"
        static let include = "include"
        static let undeclaredHabit = "undeclared-habit"
        static let duplicateDeclaration = "duplicate-declaration"
        static let invalidAttribute = "invalid-attribute"
        static let duplicateAttribute = "duplicate-attribute"
        static let invalidOption = "invalid-option"
        static let version = "format-version"
        static let unknownTask = "unknown-task"
        static let unknownGroup = "unknown-group"
        static let nestedGroup = "nested-group"
        static let groupEntry = "group-entry"
        static let archiveState = "archive-state"
    }

    /// How deep includes may nest before we call it a runaway chain.
    static let maximumIncludeDepth = 100
    /// How many files one journal may read in all (the root included).
    static let maximumIncludedFiles = 1_000
    /// How many bytes all included files may hold together.
    static let maximumIncludedBytes = Parser.maximumFileSize

    var journal = Journal()
    /// The first value written for `week-start` and `day-start`, by option name.
    var optionValues: [String: String] = [:]
    let loader: JournalLoader
    /// Canonical paths of the files being included, innermost last.
    var includeStack: [String] = []
    /// Every file read so far, by canonical path: each is read once.
    var filesRead: Set<String> = []
    /// Bytes read from included files so far (the budget).
    var includedBytes = 0
    /// The habit whose attribute lines we are reading (nil after a duplicate).
    var currentDeclaration: Int?
    /// The declaration whose `unit:` or `size:` changed its unit table (`sealUnits`).
    var unitsChanged: Int?
    var unitTables: [UnitVersion: [UnitVersion]] = [:]
    var attributesSeen: Set<String> = []
    /// The most recent open task of each title; `previousOpenTask[k]` is the
    /// one opened before task `k` with its title, or -1 (a chain, not an
    /// array per title: a 100k-task todo.txt import opens 100k titles).
    var openTasks: [String: Int] = [:]
    var previousOpenTask: [Int] = []
    /// Entries whose habit was not declared above them: name and place.
    var unresolved: [(name: String, range: SourceRange)] = []
    var lineTables: [ObjectIdentifier: LineTable] = [:]
    /// The last canonical date an entry line spelled (10 bytes, packed) and
    /// its value: consecutive entries usually share their date.
    var lastDateKey: (UInt64, UInt16) = (0, 0)
    var lastDate = CivilDate.minimum

    init(loader: JournalLoader) { self.loader = loader }

    mutating func add(tree: SyntaxTree, canonicalPath: String) {
        let fileIndex = Int32(journal.files.count)
        journal.files.append(tree)
        journal.diagnostics.append(contentsOf: tree.diagnostics)
        includeStack.append(canonicalPath)
        filesRead.insert(canonicalPath)
        defer { includeStack.removeLast() }
        journal.entries.reserveCapacity(journal.entries.count + tree.lines.count)
        // The open-task table sized once (a 100k-task import would regrow
        // and rehash it seventeen times).
        var taskLines = 0
        for line in tree.lines where line.kind == .task { taskLines += 1 }
        if taskLines > 64 {
            openTasks.reserveCapacity(openTasks.count + taskLines)
            previousOpenTask.reserveCapacity(previousOpenTask.count + taskLines)
            journal.tasks.reserveCapacity(journal.tasks.count + taskLines)
        }
        consume(tree, lines: tree.lines.indices, file: fileIndex)
    }

    /// Reads the root file a block at a time (`Parser.parse(_:blockLines:consume:)`):
    /// the same lines, in the same order, with the same results as `add`,
    /// without the file's entry tokens all held at once.
    mutating func addParsingInBlocks(_ file: SourceFile, canonicalPath: String, blockLines: Int = JournalBuilder.blockLines,
                                     keepingTagsAndNotes: Bool = false) {
        let fileIndex = journal.files.count
        let diagnosticsIndex = journal.diagnostics.count
        // A stand-in until the tree is whole (includes take the next indexes).
        journal.files.append(SyntaxTree(file: file, byteOrderMarkLength: 0))
        includeStack.append(canonicalPath)
        filesRead.insert(canonicalPath)
        defer { includeStack.removeLast() }
        // At most one entry per line: counting the line feeds first means the
        // array is never regrown (and copied) at a million entries.
        let lineCount = Parser.lineCount(file.bytes)
        journal.entries.reserveCapacity(journal.entries.count + lineCount)
        let tree = Parser.parseEntries(file, blockLines: blockLines, lineCount: lineCount, keepingTagsAndNotes: keepingTagsAndNotes) { tree, lines, entries in
            consume(tree, lines: lines, entries: entries, file: Int32(fileIndex))
        }
        journal.files[fileIndex] = tree
        // The parser's findings come first, as `add` puts them.
        journal.diagnostics.insert(contentsOf: tree.diagnostics, at: diagnosticsIndex)
    }

    /// Lines per block of a block parse: small enough that a block's tokens
    /// stay in the cache, large enough that the hand-over costs nothing.
    static let blockLines = 4096

    /// Builds from the lines `lines` of `tree`, file `file` of the journal.
    /// `entries` are the plain entry lines among them that the parser read
    /// into records instead of tokens (`Parser.parseEntries`), in order.
    mutating func consume(_ tree: SyntaxTree, lines: Range<Int>, entries: UnsafeBufferPointer<FastEntry> = .init(start: nil, count: 0),
                          file fileIndex: Int32) {
        // Entry lines (nearly all of a journal) take a path that reads the
        // bytes and tokens directly; every other line goes through `visit`.
        tree.file.bytes.withUnsafeBufferPointer { bytes in
            tree.tokens.withUnsafeBufferPointer { tokens in
                func line(_ index: Int) {
                    let line = tree.lines[index]
                    let reference = LineReference(file: fileIndex, line: Int32(index))
                    if line.kind == .entry {
                        currentDeclaration = nil
                        addEntry(tree, bytes, tokens, first: Int(line.firstToken), reference)
                    } else {
                        visit(tree, line: line, reference: reference)
                    }
                }
                var index = lines.lowerBound
                for entry in entries {
                    while index < Int(entry.line) { line(index); index += 1 }
                    currentDeclaration = nil
                    addEntry(tree, bytes, entry, file: fileIndex)
                    index += 1
                }
                while index < lines.upperBound { line(index); index += 1 }
            }
        }
    }

    /// How many name comparisons "did you mean" may make in all: a journal
    /// with 100,000 habits and thousands of misspelt names must not spend
    /// minutes on suggestions (past the budget, the hint is left out).
    static let suggestionBudget = 500_000

    mutating func finish() -> Journal {
        sealUnits()
        resolveGroups()
        // Each distinct unknown name is looked up once, within the budget.
        let habitNames = unresolved.isEmpty ? [] : journal.habits.map(\.name)
        var guesses: [String: String?] = [:]
        var budget = Self.suggestionBudget
        func guess(_ name: String) -> String? {
            if let known = guesses[name] { return known }
            guard budget >= habitNames.count else { return nil }
            budget -= max(1, habitNames.count)
            let found = Suggestion.closest(to: name, in: habitNames)
            guesses[name] = found
            return found
        }
        for (name, range) in unresolved {
            var message = "'\(name)' is not declared above this line"
            if journal.habitIndex[name] != nil {
                message += "; it is declared further down: move its declaration above its first use"
            } else if let guess = guess(name) {
                message += "; did you mean '\(guess)'?"
            } else {
                message += "; declare it with `DATE habit \(name)`"
            }
            journal.diagnostics.append(Diagnostic(.error, rule: Rule.undeclaredHabit, message, at: range))
        }
        return journal
    }

    // MARK: Lines

    mutating func visit(_ tree: SyntaxTree, line: SyntaxLine, reference: LineReference) {
        let tokens = tree.tokens(of: line)
        let t = Array(tokens)   // small: a handful of tokens
        switch line.kind {
        case .blank, .comment, .invalid:
            if line.kind == .invalid { currentDeclaration = nil }
            return
        case .attribute:
            applyAttribute(tree, t)
            return
        default:
            break
        }
        currentDeclaration = nil
        switch line.kind {
        case .version:
            let version = Int(tree.text(t[1])) ?? -1
            journal.options.formatVersion = version
            if version != 1 {
                report(.error, Rule.version, "unsupported format version \(tree.text(t[1])): this tool reads `units 1`", tree.range(t[1]))
            }
        case .option:
            applyOption(tree, t)
        case .include:
            include(tree, t)
        case .habit, .group:
            declare(tree, t, isGroup: line.kind == .group)
        case .entry:
            addEntry(tree, t, reference)   // `add` handles entries itself; kept for completeness
        case .unitChange:
            changeUnit(tree, t)
        case .floorChange:
            changeFloor(tree, t)
        case .goalChange:
            changeGoal(tree, t)
        case .task:
            openTask(tree, t)
        case .done, .drop:
            closeTask(tree, t, done: line.kind == .done, reference: reference)
        case .season:
            let name = tree.stringValue(t[2])
            let first = date(tree, t[0]), last = date(tree, t[3])
            journal.seasons.append(Season(name: name, days: DayRange(first: first, last: last), location: tree.range(line)))
        case .archive, .unarchive:
            guard let id = resolve(tree, t[2]) else { return }
            let when = date(tree, t[0]), archiving = line.kind == .archive
            // format.md 15: archiving an archived habit, or unarchiving one that is not, is a diagnostic.
            if journal.habits[id].isArchived(on: when) == archiving {
                let name = journal.habits[id].name
                report(.error, Rule.archiveState, archiving ? "'\(name)' is already archived here: remove this line, or unarchive it first"
                                                            : "'\(name)' is not archived here: remove this line", tree.range(t[2]))
            }
            journal.habits[id].archiveEvents.append(ArchiveEvent(date: when, archived: archiving, location: tree.range(line)))
        case .pause:
            guard let id = resolve(tree, t[2]) else { return }
            journal.habits[id].pauses.append(DayRange(first: date(tree, t[0]), last: date(tree, t[3])))
        default:
            break
        }
    }

    func date(_ tree: SyntaxTree, _ token: Token) -> CivilDate {
        // The parser only makes date tokens of valid dates.
        if case .valid(let d) = DateLexeme.parse(tree.bytes(token)) { return d }
        return .minimum
    }

    func amount(_ tree: SyntaxTree, _ token: Token) -> Amount? {
        if case .valid(let a) = NumberLexeme.parse(tree.bytes(token)) { return a }
        return nil
    }

    mutating func report(_ severity: Severity, _ rule: String, _ message: String, _ range: SourceRange) {
        journal.diagnostics.append(Diagnostic(severity, rule: rule, message, at: range))
    }

    /// The id of a declared habit or group named by `token`, reporting it if undeclared.
    mutating func resolve(_ tree: SyntaxTree, _ token: Token) -> Int? {
        let name = tree.text(token)
        if let id = journal.habitIndex[name] { return id }
        if name == Journal.generalHabitName { return generalHabit() }
        unresolved.append((name, tree.range(token)))
        return nil
    }

    /// The line table of a file, built once (duplicate declarations need
    /// positions; building a table per duplicate would be quadratic).
    mutating func lineTable(_ file: SourceFile) -> LineTable {
        if let table = lineTables[ObjectIdentifier(file)] { return table }
        let table = LineTable(file)
        lineTables[ObjectIdentifier(file)] = table
        return table
    }

    /// The built-in General habit, created on first use.
    mutating func generalHabit() -> Int {
        if let id = journal.habitIndex[Journal.generalHabitName] { return id }
        let id = journal.habits.count
        var habit = Habit(id: id, name: Journal.generalHabitName, isGroup: false, declared: .minimum, location: nil, isBuiltIn: true)
        habit.units = [UnitVersion(since: .minimum, name: "unit")]
        journal.habits.append(habit)
        journal.habitIndex[habit.name] = id
        return id
    }

    // MARK: Declarations

    mutating func declare(_ tree: SyntaxTree, _ t: [Token], isGroup: Bool) {
        sealUnits()
        let name = tree.text(t[2])
        let declared = date(tree, t[0])
        if name == Journal.generalHabitName {
            // format.md 17: General is declared implicitly before the first line.
            report(.error, Rule.duplicateDeclaration, "'\(name)' is built in (declared before the first line): log to it without declaring it", tree.range(t[2]))
            currentDeclaration = nil
            return
        }
        if let existing = journal.habitIndex[name], !journal.habits[existing].isBuiltIn || journal.habits[existing].location != nil {
            var previous = ""
            if let first = journal.habits[existing].location {
                previous = " (first declared at \(lineTable(first.file).location(of: first.start)))"
            }
            report(.error, Rule.duplicateDeclaration, "'\(name)' is already declared\(previous); change it with `unit`, `floor`, `archive` lines instead of declaring it again", tree.range(t[2]))
            currentDeclaration = nil
            return
        }
        let range = SourceRange(file: tree.file, start: Int(t[0].start), end: Int(t[2].end))
        do {
            let id = journal.habits.count
            var habit = Habit(id: id, name: name, isGroup: isGroup, declared: declared, location: range)
            if !isGroup { habit.units = sharedUnits(UnitVersion(since: declared, name: "unit")) }
            journal.habits.append(habit)
            journal.habitIndex[name] = id
            currentDeclaration = id
        }
        attributesSeen = []
    }

    /// One array per distinct declaration unit, shared by every habit
    /// declared with it: a million habits need not hold a million equal
    /// tables (issue 14).
    mutating func sharedUnits(_ version: UnitVersion) -> [UnitVersion] {
        if let shared = unitTables[version] { return shared }
        let table = [version]
        if unitTables.count < 10_000 { unitTables[version] = table }
        return table
    }

    /// After a declaration's `unit:` or `size:` made its own table: share an equal one instead.
    mutating func sealUnits() {
        guard let id = unitsChanged else { return }
        unitsChanged = nil
        guard journal.habits[id].units.count == 1 else { return }
        journal.habits[id].units = sharedUnits(journal.habits[id].units[0])
    }

    /// The attribute's value: a string's contents, or the words one space
    /// apart (a run of white space between fields is one space, format.md
    /// 3.2, so `units-fmt` may collapse it without changing the value).
    func valueText(_ tree: SyntaxTree, _ values: ArraySlice<Token>) -> String {
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
        let valueRange = SourceRange(file: tree.file, start: Int(values.first!.start), end: Int(values.last!.end))
        let text = valueText(tree, values)
        if !attributesSeen.insert(key).inserted {
            report(.warning, Rule.duplicateAttribute, "'\(key)' is given twice for '\(journal.habits[id].name)'; the last one counts", tree.range(t[0]))
        }
        func invalid(_ message: String) { report(.error, Rule.invalidAttribute, message, valueRange) }
        var habit = journal.habits[id]
        defer { journal.habits[id] = habit }
        if habit.isGroup, ["unit", "size", "floor", "kind", "goal", "min", "type"].contains(key) {
            invalid("a group has no '\(key)': set it on its member habits")
            return
        }
        switch key {
        case "title": habit.title = text
        case "note": habit.note = text
        case "icon": habit.icon = text
        case "color":
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
            unitsChanged = id
            habit.units[0].name = words[0]
            habit.units[0].shorthand = words.count == 2 ? words[1] : nil
        case "size":
            guard let (size, measure) = quantity(tree, values) else {
                invalid("expected `size: NUMBER [MEASURE]`, e.g. `size: 0.25 miles`"); return
            }
            unitsChanged = id
            habit.units[0].size = size
            habit.units[0].measure = measure
        case "floor":
            guard let floor = Self.parseFloor(text) else {
                invalid("expected a floor in units per week, e.g. `floor: 5/week`"); return
            }
            habit.floors = [FloorChange(since: habit.declared, unitsPerWeek: floor, location: valueRange)]
        case "kind":
            guard let kind = HabitKind(rawValue: text) else { invalid("expected `count` or `check`"); return }
            habit.kind = kind
        case "goal", "min":
            guard let (value, _) = quantity(tree, values) else {
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
                report(.error, Rule.nestedGroup, "groups cannot be nested: '\(habit.name)' is a group and cannot belong to '\(text)'", valueRange)
                return
            }
            habit.groupName = text
        default:
            break
        }
    }

    /// `NUMBER [MEASURE words]`.
    func quantity(_ tree: SyntaxTree, _ values: ArraySlice<Token>) -> (Amount, String?)? {
        guard let first = values.first, first.kind == .word, let value = amount(tree, first) else { return nil }
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
        var number = Substring(text)
        if number.hasSuffix("/week") { number = number.dropLast(5) }
        guard case .valid(let value) = NumberLexeme.parse(Array(number.utf8)[...]) else { return nil }
        return value
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

    // MARK: Options and includes

    /// Whether two spellings of a week-start or day-start value mean the same (`mon` and `monday`).
    static func sameOptionValue(_ key: String, _ a: String, _ b: String) -> Bool {
        guard key == "week-start" else { return a == b }
        guard let x = Weekday(name: Array(a.utf8)), let y = Weekday(name: Array(b.utf8)) else { return a == b }
        return x == y
    }

    static let optionNames = ["week-start", "day-start", "lint-disable"]

    mutating func applyOption(_ tree: SyntaxTree, _ t: [Token]) {
        let key = tree.text(t[1])
        let values = t[2...].filter { $0.kind == .word }
        let valueRange = SourceRange(file: tree.file, start: Int(values.first!.start), end: Int(values.last!.end))
        if key == "week-start" || key == "day-start" {
            // format.md 6: setting week-start or day-start twice to different values is a diagnostic.
            let text = values.map { tree.text($0).lowercased() }.joined(separator: " ")
            if let earlier = optionValues[key], earlier != text, Self.sameOptionValue(key, earlier, text) == false {
                report(.error, Rule.invalidOption, "\(key) is already set to '\(earlier)' above: a journal has one \(key)", valueRange)
                return
            }
            if optionValues[key] == nil { optionValues[key] = text }
        }
        switch key {
        case "week-start":
            guard values.count == 1, let day = Weekday(name: tree.bytes(values[0])) else {
                report(.error, Rule.invalidOption, "expected a weekday name, e.g. `option week-start monday`", valueRange); return
            }
            journal.options.weekStart = day
        case "day-start":
            let b = Array(tree.bytes(values[0]))
            guard values.count == 1, b.count == 5, b[2] == ASCII.colon,
                  [b[0], b[1], b[3], b[4]].allSatisfy(ASCII.isDigit) else {
                report(.error, Rule.invalidOption, "expected a time HH:MM, e.g. `option day-start 04:00`", valueRange); return
            }
            let hours = Int(b[0] - ASCII.zero) * 10 + Int(b[1] - ASCII.zero)
            let minutes = Int(b[3] - ASCII.zero) * 10 + Int(b[4] - ASCII.zero)
            guard hours < 24, minutes < 60 else {
                report(.error, Rule.invalidOption, "day-start must be a time from 00:00 to 23:59", valueRange); return
            }
            journal.options.dayStartMinutes = hours * 60 + minutes
        case "lint-disable":
            for value in values { journal.options.lintDisabled.insert(tree.text(value)) }
        default:
            let hint = Suggestion.closest(to: key, in: Self.optionNames).map { "; did you mean '\($0)'?" } ?? ""
            report(.error, Rule.invalidOption, "unknown option '\(key)'\(hint) (options: \(Self.optionNames.joined(separator: ", ")))", tree.range(t[1]))
        }
    }

    /// Includes are journals and nothing else (format.md 7): the path must
    /// end in `.units`, name a regular file, be read once, and stay within the
    /// budget of files and bytes. A file that turns out not to be a journal is
    /// one diagnostic on the include line, never its content echoed.
    mutating func include(_ tree: SyntaxTree, _ t: [Token]) {
        let written = tree.stringValue(t[1])
        let range = tree.range(t[1])
        let shown = TerminalText.escaped(written)
        guard written.hasSuffix(".units") else {
            report(.error, Rule.include, "cannot include '\(shown)': only journal files whose name ends in .units can be included", range)
            return
        }
        let path = tree.file.path.hasPrefix("<") && !written.hasPrefix("/") ? written : FileReader.resolve(written, against: tree.file.path)
        guard includeStack.count < Self.maximumIncludeDepth else {
            report(.error, Rule.include, "includes nest deeper than \(Self.maximumIncludeDepth) files; is there a runaway chain?", range)
            return
        }
        let canonical = Journal.canonical(path, loader)
        if includeStack.contains(canonical) {
            report(.error, Rule.include, "include cycle: '\(shown)' is already being read (\(includeStack.count) files deep)", range)
            return
        }
        if filesRead.contains(canonical) {
            report(.error, Rule.include, "'\(shown)' is already included; each file is read once", range)
            return
        }
        guard filesRead.count < Self.maximumIncludedFiles else {
            report(.error, Rule.include, "cannot include '\(shown)': a journal may read at most \(Self.maximumIncludedFiles) files", range)
            return
        }
        let bytes: [UInt8]
        do {
            bytes = try loader.readInclude(path)
        } catch {
            let reason = (error as? FileReadError)?.reason ?? "\(error)"
            report(.error, Rule.include, "cannot include '\(shown)': \(TerminalText.escaped(reason))", range)
            return
        }
        filesRead.insert(canonical)
        includedBytes += bytes.count
        guard includedBytes <= Self.maximumIncludedBytes else {
            report(.error, Rule.include, "cannot include '\(shown)': the included files hold more than \(Self.maximumIncludedBytes) bytes together", range)
            return
        }
        let included = Parser.parse(SourceFile(path: path, bytes: bytes))
        if let why = Self.notAJournal(included) {
            report(.error, Rule.include, "cannot include '\(shown)': it is not a journal (\(why)); its content is not shown", range)
            return
        }
        add(tree: included, canonicalPath: canonical)
    }

    /// Why a parsed file is not a journal at all, or nil when it may be one:
    /// a NUL byte or invalid UTF-8, or lines of which none parses.
    static func notAJournal(_ tree: SyntaxTree) -> String? {
        let bytes = tree.file.bytes
        if bytes.contains(0) { return "it holds NUL bytes" }
        if !TerminalText.isValidUTF8(bytes) { return "it is not UTF-8 text" }
        var invalid = 0, meaningful = 0
        for line in tree.lines {
            switch line.kind {
            case .blank, .comment: continue
            case .invalid: invalid += 1
            default: meaningful += 1
            }
        }
        return invalid > 0 && meaningful == 0 ? "no line of it parses" : nil
    }

    // MARK: Facts

    mutating func addEntry(_ tree: SyntaxTree, _ t: [Token], _ reference: LineReference) {
        guard let id = resolve(tree, t[1]) else { return }
        if journal.habits[id].isGroup {
            report(.error, Rule.groupEntry, "'\(journal.habits[id].name)' is a group: log one of its members instead", tree.range(t[1]))
            return
        }
        let value: EntryValue
        if t[2].kind == .state {
            value = .state(CheckState(rawValue: tree.text(t[2]))!)
        } else {
            value = .units(amount(tree, t[2]) ?? .zero)
        }
        journal.entries.append(Entry(date: date(tree, t[0]), habit: Int32(id),
                                     unitVersion: Int32(journal.habits[id].units.count - 1),
                                     goalVersion: Int32(journal.habits[id].goalChanges.count),
                                     value: value, source: reference))
    }

    /// `addEntry` over raw bytes and tokens: the same checks and result,
    /// without a `String` or an array per line.
    mutating func addEntry(_ tree: SyntaxTree, _ bytes: UnsafeBufferPointer<UInt8>, _ tokens: UnsafeBufferPointer<Token>,
                           first: Int, _ reference: LineReference) {
        let dateToken = tokens[first], nameToken = tokens[first + 1], valueToken = tokens[first + 2]
        let name = UnsafeBufferPointer(rebasing: bytes[Int(nameToken.start)..<Int(nameToken.end)])
        // A miss (undeclared, General, or a name spelled in another Unicode
        // normalisation form) takes the String path, which decides.
        guard let id = journal.habitIndex.lookup(name) ?? resolve(tree, nameToken) else { return }
        if journal.habits[id].isGroup {
            report(.error, Rule.groupEntry, "'\(journal.habits[id].name)' is a group: log one of its members instead", tree.range(nameToken))
            return
        }
        let valueBytes = UnsafeBufferPointer(rebasing: bytes[Int(valueToken.start)..<Int(valueToken.end)])
        let value: EntryValue
        if valueToken.kind == .state {
            value = .state(Self.checkState(valueBytes))
        } else if case .valid(let amount) = NumberLexeme.parse(valueBytes) {
            value = .units(amount)
        } else {
            value = .units(.zero)
        }
        journal.entries.append(Entry(date: date(bytes, dateToken), habit: Int32(id),
                                     unitVersion: Int32(journal.habits[id].units.count - 1),
                                     goalVersion: Int32(journal.habits[id].goalChanges.count),
                                     value: value, source: reference))
    }

    /// `addEntry` of a line the parser read into a record: the same checks
    /// and result, straight into the journal's packed entries.
    mutating func addEntry(_ tree: SyntaxTree, _ bytes: UnsafeBufferPointer<UInt8>, _ entry: FastEntry, file: Int32) {
        let name = UnsafeBufferPointer(start: bytes.baseAddress! + Int(entry.nameStart), count: Int(entry.nameEnd - entry.nameStart))
        guard let id = journal.habitIndex.lookup(name) ?? resolve(tree, Token(kind: .name, start: entry.nameStart, end: entry.nameEnd)) else { return }
        let (isGroup, unitCount, goalCount) = journal.habits.withUnsafeBufferPointer { habits in
            (habits[id].isGroup, habits[id].units.count, habits[id].goalChanges.count)
        }
        if isGroup {
            report(.error, Rule.groupEntry, "'\(journal.habits[id].name)' is a group: log one of its members instead",
                   SourceRange(file: tree.file, start: Int(entry.nameStart), end: Int(entry.nameEnd)))
            return
        }
        let source = LineReference(file: file, line: entry.line)
        let unitVersion = Int32(unitCount - 1), goalVersion = Int32(goalCount)
        switch entry.kind {
        case FastEntry.narrowKind:
            if journal.entries.appendNarrow(date: entry.date, habit: Int32(id), unitVersion: unitVersion, goalVersion: goalVersion,
                                            thousandths: entry.payload, source: source) { return }
            journal.entries.append(Entry(date: entry.date, habit: Int32(id), unitVersion: unitVersion, goalVersion: goalVersion,
                                         value: .units(Amount(billionths: Int128(entry.payload) * 1_000_000)), source: source))
        case FastEntry.stateKind:
            journal.entries.append(Entry(date: entry.date, habit: Int32(id), unitVersion: unitVersion, goalVersion: goalVersion,
                                         value: .state(Self.checkState(count: Int(entry.payload))), source: source))
        default:
            let valueBytes = UnsafeBufferPointer(start: bytes.baseAddress! + Int(entry.valueStart), count: Int(entry.valueEnd - entry.valueStart))
            var amount = Amount.zero
            if case .valid(let a) = NumberLexeme.parse(valueBytes) { amount = a }
            journal.entries.append(Entry(date: entry.date, habit: Int32(id), unitVersion: unitVersion, goalVersion: goalVersion,
                                         value: .units(amount), source: source))
        }
    }

    /// A state token's value (the parser made sure it is one of the four).
    static func checkState(_ b: UnsafeBufferPointer<UInt8>) -> CheckState { checkState(count: b.count) }

    /// A state word's value by its length: no, yes, skip, kinda.
    static func checkState(count: Int) -> CheckState {
        switch count {
        case 2: return .no
        case 3: return .yes
        case 4: return .skip
        default: return .kinda
        }
    }

    /// The date of a date token, remembering the last canonical spelling.
    mutating func date(_ bytes: UnsafeBufferPointer<UInt8>, _ token: Token) -> CivilDate {
        let b = UnsafeBufferPointer(rebasing: bytes[Int(token.start)..<Int(token.end)])
        guard b.count == 10, let base = b.baseAddress else {
            if case .valid(let d) = DateLexeme.parse(b) { return d }
            return .minimum
        }
        let raw = UnsafeRawPointer(base)
        let key = (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: 8, as: UInt16.self))
        if key == lastDateKey { return lastDate }
        guard case .valid(let d) = DateLexeme.parse(b) else { return .minimum }
        lastDateKey = key
        lastDate = d
        return d
    }

    mutating func changeUnit(_ tree: SyntaxTree, _ t: [Token]) {
        guard let id = resolve(tree, t[2]) else { return }
        guard !journal.habits[id].isGroup else {
            report(.error, Rule.invalidAttribute, "'\(tree.text(t[2]))' is a group and has no unit", tree.range(t[2])); return
        }
        let body = t[3...].prefix { $0.kind != .comment }
        let words = body.prefix { $0.kind == .word }
        var version = UnitVersion(since: date(tree, t[0]), name: tree.text(words.first!),
                                  shorthand: words.count > 1 ? tree.text(words[words.startIndex + 1]) : nil,
                                  location: SourceRange(file: tree.file, start: Int(t[0].start), end: Int(body.last!.end)))
        if let eq = body.firstIndex(where: { $0.kind == .equals }) {
            version.size = amount(tree, t[eq + 1]) ?? .one
            let measure = t[(eq + 2)...].prefix { $0.kind == .word }
            version.measure = measure.isEmpty ? nil : valueText(tree, measure)
        } else {
            // No size given: one unit is one of itself.
            version.size = .one
            version.measure = nil
        }
        journal.habits[id].units.append(version)
    }

    /// `DATE goal NAME N [MEASURE]` / `DATE min NAME N [MEASURE]`: the pair
    /// in force from this line on. Check habits only (lint says so otherwise).
    mutating func changeGoal(_ tree: SyntaxTree, _ t: [Token]) {
        guard let id = resolve(tree, t[2]), let value = amount(tree, t[3]) else { return }
        let habit = journal.habits[id]
        let current = habit.goals(version: .max)
        var change = GoalChange(since: date(tree, t[0]), goal: current.goal, minimum: current.minimum,
                                location: SourceRange(file: tree.file, start: Int(t[3].start), end: Int((t.last { $0.kind == .word } ?? t[3]).end)))
        if tree.text(t[1]) == "goal" { change.goal = value } else { change.minimum = value }
        journal.habits[id].goalChanges.append(change)
    }

    mutating func changeFloor(_ tree: SyntaxTree, _ t: [Token]) {
        guard let id = resolve(tree, t[2]) else { return }
        guard let floor = Self.parseFloor(tree.text(t[3])) else {
            report(.error, Rule.invalidAttribute, "expected a floor in units per week, e.g. `7/week`", tree.range(t[3])); return
        }
        journal.habits[id].floors.append(FloorChange(since: date(tree, t[0]), unitsPerWeek: floor, location: tree.range(t[3])))
    }

    mutating func openTask(_ tree: SyntaxTree, _ t: [Token]) {
        let title = tree.stringValue(t[2])
        var task = JournalTask(title: title, estimate: 1, habitName: nil, habit: nil, tags: [], opened: date(tree, t[0]),
                               location: SourceRange(file: tree.file, start: Int(t[0].start), end: Int(t[2].end)))
        for token in t[3...] {
            switch token.kind {
            case .number: task.estimate = amount(tree, token)?.integerPart ?? 1
            case .name:
                task.habitName = tree.text(token)
                task.habit = resolve(tree, token)
            case .tag: task.tags.append(String(tree.text(token).dropFirst()))
            default: break
            }
        }
        previousOpenTask.append(openTasks.updateValue(journal.tasks.count, forKey: title) ?? -1)
        journal.tasks.append(task)
    }

    mutating func closeTask(_ tree: SyntaxTree, _ t: [Token], done: Bool, reference: LineReference) {
        let title = tree.stringValue(t[2])
        let when = date(tree, t[0])
        guard let index = openTasks.popLastOpen(title, previous: previousOpenTask) else {
            let closedBefore = journal.tasks.contains { $0.title == title }
            let verb = done ? "done" : "drop"
            // Sorted: among equally close titles the same one every run
            // (a dictionary's order changes from process to process).
            let message = closedBefore
                ? "task \"\(title)\" is already closed; `\(verb)` needs an open task"
                : "no open task \"\(title)\"" + (Suggestion.closest(to: title, in: openTasks.keys.sorted()).map { "; did you mean \"\($0)\"?" } ?? "")
            report(.error, Rule.unknownTask, message, tree.range(t[2]))
            return
        }
        journal.tasks[index].status = done ? .done(when) : .dropped(when)
        journal.tasks[index].closeLocation = tree.range(t[2])
        // A reminder (estimate 0) logs nothing: it never reaches the stats.
        guard done, journal.tasks[index].estimate > 0 else { return }
        // The units land in the linked habit, or in General when there is no
        // link, the link is a group, or the habit is archived by then.
        var target = journal.tasks[index].habit
        if let id = target, journal.habits[id].isGroup || journal.habits[id].isArchived(on: when) { target = nil }
        let habit = target ?? generalHabit()
        var entry = Entry(date: when, habit: Int32(habit), unitVersion: Int32(journal.habits[habit].units.count - 1),
                          value: .units(Amount(journal.tasks[index].estimate)), source: reference)
        entry.task = Int32(index)
        journal.entries.append(entry)
    }

    mutating func resolveGroups() {
        for id in journal.habits.indices {
            guard let name = journal.habits[id].groupName, let range = journal.habits[id].location else { continue }
            guard let group = journal.habitIndex[name], journal.habits[group].isGroup else {
                let exists = journal.habitIndex[name] != nil
                let hint = Suggestion.closest(to: name, in: journal.habits.filter(\.isGroup).map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
                report(.error, exists ? Rule.nestedGroup : Rule.unknownGroup,
                       exists ? "'\(name)' is a habit, not a group: a habit can only belong to a group"
                              : "'\(journal.habits[id].name)' belongs to unknown group '\(name)'\(hint)", range)
                continue
            }
            journal.habits[id].group = group
            journal.habits[group].members.append(id)
        }
    }
}

extension [String: Int] {
    /// Takes the most recent open task of `title` off its chain (`JournalBuilder.openTasks`).
    fileprivate mutating func popLastOpen(_ title: String, previous: [Int]) -> Int? {
        guard let index = self[title] else { return nil }
        self[title] = previous[index] >= 0 ? previous[index] : nil
        return index
    }
}
