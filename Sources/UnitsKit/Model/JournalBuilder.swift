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
    /// Unit and floor tables shared by the declarations with equal ones
    /// (`sharedUnits`, `sharedFloors`).
    var unitTables: [UnitVersion: [UnitVersion]] = [:]
    var floorTables: [FloorChange: [FloorChange]] = [:]
    /// The tokens of the line `visit` reads, in a buffer it reuses.
    var lineTokens: [Token] = []
    /// The attribute keys given so far under the current declaration.
    var attributesSeen: [String] = []
    /// The most recent open task of each title; `previousOpenTask[k]` is the
    /// one opened before task `k` with its title, or -1 (a chain, not an
    /// array per title: a 100k-task todo.txt import opens 100k titles).
    var openTasks: [String: Int] = [:]
    var previousOpenTask: [Int] = []
    /// Pins read so far (each `TaskPin.order`).
    var pinsRead = 0
    /// Entries whose habit was not declared above them: name and place.
    var unresolved: [(name: String, range: SourceRange)] = []
    var lineTables: [ObjectIdentifier: LineTable] = [:]
    /// The last canonical date an entry line spelled (10 bytes, packed) and
    /// its value: consecutive entries usually share their date.
    var lastDateKey: (UInt64, UInt16) = (0, 0)
    var lastDate = CivilDate.minimum

    init(loader: JournalLoader) { self.loader = loader }

    mutating func add(tree: SyntaxTree, canonicalPath: String) {
        // The journal's own bytes count towards the limit its includes share.
        if journal.files.isEmpty { includedBytes = tree.file.count }
        let fileIndex = Int32(journal.files.count)
        journal.files.append(tree)
        journal.diagnostics.append(contentsOf: tree.diagnostics)
        includeStack.append(canonicalPath)
        filesRead.insert(canonicalPath)
        defer { includeStack.removeLast() }
        journal.entries.reserveCapacity(journal.entries.count + tree.lines.count)
        // The open-task table sized once for the file's tasks.
        var taskLines = 0
        for line in tree.lines where line.kind == .task { taskLines += 1 }
        if taskLines > 64 {
            openTasks.reserveCapacity(openTasks.count + taskLines)
            previousOpenTask.reserveCapacity(previousOpenTask.count + taskLines)
            journal.tasks.reserveCapacity(journal.tasks.count + taskLines)
        }
        consume(tree, lines: tree.lines.indices, file: fileIndex)
    }

    /// Reads the root file a block at a time (`Parser.parse(_:in:consume:)`):
    /// the same lines, in the same order, with the same results as `add`,
    /// without the file's entry tokens all held at once.
    mutating func addParsingInBlocks(_ file: SourceFile, canonicalPath: String, blockLines: Int = JournalBuilder.blockLines,
                                     droppingDeclarations: Bool = false) {
        let fileIndex = journal.files.count
        // The journal's own bytes count towards the limit its includes share.
        if journal.files.isEmpty { includedBytes = file.count }
        let diagnosticsIndex = journal.diagnostics.count
        // A stand-in until the tree is whole (includes take the next indexes).
        journal.files.append(SyntaxTree(file: file, byteOrderMarkLength: 0))
        includeStack.append(canonicalPath)
        filesRead.insert(canonicalPath)
        defer { includeStack.removeLast() }
        // At most one entry per line: the entries are never regrown.
        let lineCount = file.withBytes(Parser.lineCount)
        journal.entries.reserveCapacity(journal.entries.count + lineCount)
        let blocks = Parser.Blocks(lines: blockLines, collectingEntries: true,
                                   droppingDeclarations: droppingDeclarations, lineCount: lineCount)
        let tree = Parser.parse(file, in: blocks) { block in
            consume(block.tree, lines: block.lines, entries: block.entries, file: Int32(fileIndex))
            return true
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
    /// into records instead of tokens (`Parser.Blocks.collectingEntries`), in order.
    mutating func consume(_ tree: SyntaxTree, lines: Range<Int>, entries: UnsafeBufferPointer<FastEntry> = .init(start: nil, count: 0),
                          file fileIndex: Int32) {
        // Entry lines (nearly all of a journal) take a path that reads the
        // bytes and tokens directly; every other line goes through `visit`.
        tree.file.withBytes { bytes in
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
        // Nothing to read on a blank or comment line (a block parse keeps no
        // token for a comment line: reading it again would cost a parse).
        if line.kind == .blank || line.kind == .comment { return }
        lineTokens.removeAll(keepingCapacity: true)
        lineTokens.append(contentsOf: tree.tokens(of: line))
        let t = lineTokens   // small: a handful of tokens (indexed from 0)
        if line.kind == .attribute { applyAttribute(tree, t); return }
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
        case .pin, .unpin:
            pinTask(tree, t, pin: line.kind == .pin)
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
        // The parser only makes date tokens of valid dates. (Read in place:
        // `tree.bytes` copies the bytes of a mapped file.)
        let parsed = tree.file.withBytes { DateLexeme.parse(UnsafeBufferPointer(rebasing: $0[token.range])) }
        if case .valid(let d) = parsed { return d }
        return .minimum
    }

    func amount(_ tree: SyntaxTree, _ token: Token) -> Amount? {
        let parsed = tree.file.withBytes { NumberLexeme.parse(UnsafeBufferPointer(rebasing: $0[token.range])) }
        if case .valid(let a) = parsed { return a }
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
}
