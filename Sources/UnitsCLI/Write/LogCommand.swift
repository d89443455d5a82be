import UnitsKit

/// `units log HABIT [N | yes | kinda | no | skip] [#tag...] [--note TEXT] [--date DATE]`:
/// appends one entry line.
public enum LogCommand: Command {
    public static let name = "log"
    public static let summary = "Log units (or a check-in) for a habit: appends one entry line."
    public static let usage = "log HABIT [N | yes | kinda | no | skip] [#tag...] [options]"
    static let note = Option<String>("--note", value: "TEXT", help: "A note for the entry (written after ' ; ').")
    static let tag = Option<String>("--tag", value: "NAME", repeatable: true,
                                    help: "A tag for the entry, as '#NAME' (repeatable; needs no quotes in the shell).")
    public static let options: [OptionSpec] = WriteOptions.dated + [note.spec, tag.spec, WriteOptions.force.spec]
    public static let discussion = """
        N defaults to 1 for a count habit (a negative N is a correction); a
        check habit takes yes, kinda, no or skip (default yes), or a number when
        it has a goal. The date is today's, where today starts at `option
        day-start`: logging at 01:30 with day-start 04:00 writes yesterday.

        Examples:
          units log Reading 12 '#train' --note "on the train"
          units log Reading 12 --tag train
          units log Meditate kinda
          units log Walk 4 --date 2025-12-13

        Quote a tag ('#train'): in the shell an unquoted # starts a comment,
        and the rest of the line never reaches units. The confirmation shows
        what was written, tags and note included.

        A line dated before later lines is inserted in date order. A second
        check-in on the same day replaces the first ("Changed Meditate today:
        kinda → yes").

        Refused (nothing written, exit 1): an unknown habit, a group, a date
        before the habit's declaration or in the future, 0 units, more than 999
        units at once, a state for a count habit, a number for a check habit
        without a goal, a correction that would take the day below zero, a day
        on which the habit is paused or archived (unless --force), and any line
        that would give the journal a new lint finding. `units undo` takes the
        write back.
        """

    static let maximumUnits = Amount(999)

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let tool = "units log"
        var positionals = arguments.positionals
        guard !positionals.isEmpty else { throw UsageError("which habit? e.g. `units log Reading 3`") }
        let habitName = positionals.removeFirst()
        let (value, typedTags) = try valueAndTags(positionals, second: "one value per log line",
                                                  expected: "expected a number or yes, kinda, no, skip")
        var tags = typedTags
        for text in arguments.all(Self.tag) { tags.append(try tag(text)) }
        let note = arguments[Self.note]
        if let note, let problem = WriteValidation.textProblem(note, what: "a note") {
            throw UsageError(problem)
        }
        let force = arguments[WriteOptions.force]
        var logged: (habit: Habit, date: CivilDate, value: EntryValue, today: CivilDate)?
        var changed: String?
        var written = ""
        return try WriteFrontend(arguments, io: io, tool: tool).append(offersForce: true, decide: { (journal, dates) throws(WriteRefusal) in
            let habit = try WriteSupport.habit(habitName, in: journal)
            let date = try dates.lineDate(journal)
            let today = dates.today(journal)
            let entryValue = try check(value, for: habit, on: date, force: force)
            try checkDayTotal(entryValue, habit: habit, on: date, today: today, in: journal)
            logged = (habit, date, entryValue, today)
            written = CanonicalLine.annotation(tags: tags, note: note)
            let line = CanonicalLine.entry(date: date, habit: habit.name, value: entryValue, tags: tags, note: note)
            if let earlier = try earlierCheckIn(of: habit, on: date, in: journal) {
                let day = date == today ? "today" : "on \(date)"
                changed = "Changed \(habit.name) \(day): \(CanonicalLine.text(of: earlier.value)) → \(CanonicalLine.text(of: entryValue))\(written)"
                return JournalChange(lines: [line], summary: changed!, placement: .replace(Int(earlier.source.line)..<Int(earlier.source.line) + 1))
            }
            return JournalChange(lines: [line], summary: describe(habit, entryValue, on: date))
        }, done: { result in
            guard let (habit, date, entryValue, today) = logged else { return "" }
            if let changed { return "\(changed) • \(WriteSupport.undoHint)" }
            return message(result.before, habit, date, entryValue, today: today, written: written)
        })
    }

    /// A tag as typed (`#train`, or `train` for `--tag`), without its `#`.
    static func tag(_ text: String) throws(UsageError) -> String {
        let tag = text.hasPrefix("#") ? String(text.dropFirst()) : text
        if let problem = WriteValidation.tagProblem(tag) { throw UsageError(problem) }
        return tag
    }

    /// A value and #tags as typed (`3 '#train'`), for `log` and `amend`;
    /// `second` and `expected` word their usage errors.
    static func valueAndTags(_ words: [String], second: String,
                             expected: String) throws(UsageError) -> (EntryValue?, [String]) {
        var value: EntryValue?
        var tags: [String] = []
        for word in words {
            if word.hasPrefix("#") {
                tags.append(try tag(word))
                continue
            }
            guard value == nil else { throw UsageError("\(second); '\(word)' is a second one") }
            guard let read = entryValue(word) else { throw UsageError("\(expected); got '\(word)'") }
            value = read
        }
        return (value, tags)
    }

    /// A value as typed: a number, or yes, kinda, no or skip.
    static func entryValue(_ word: String) -> EntryValue? {
        if let state = CheckState(rawValue: word) { return .state(state) }
        return Amount(word).map { .units($0) }
    }

    /// The check-in a new one for the same habit and day replaces (the
    /// format keeps one a day; the last would win anyway). Only one in the
    /// main file can be replaced; one in an included file is refused.
    static func earlierCheckIn(of habit: Habit, on date: CivilDate, in journal: Journal) throws(WriteRefusal) -> Entry? {
        guard habit.kind == .check, habit.id >= 0 else { return nil }
        guard let earlier = journal.entries.last(where: { $0.habit == habit.id && $0.date == date && !$0.isFromTask }) else { return nil }
        if earlier.source.file != 0 {
            throw WriteRefusal("'\(habit.name)' already has a check-in on \(date) in \(journal.files[Int(earlier.source.file)].file.path); change it there")
        }
        return earlier
    }

    /// A correction may not take the day's total below zero; `replacing`:
    /// the entry `units amend` rewrites, left out of the total.
    static func checkDayTotal(_ value: EntryValue, habit: Habit, on date: CivilDate, today: CivilDate,
                              in journal: Journal, replacing: Entry? = nil) throws(WriteRefusal) {
        guard habit.kind == .count, case .units(let amount) = value, amount.isNegative || replacing != nil else {
            return
        }
        var total = Amount.zero
        for entry in journal.entries where entry.habit == habit.id && entry.date == date && entry != replacing {
            total = total + entry.units
        }
        let result = total + amount
        if result.isNegative {
            let day = replacing != nil ? "on \(date) without this entry" : date == today ? "today" : "on \(date)"
            throw WriteRefusal("\(habit.name) has \(total) \(day); \(amount) would make it \(result)")
        }
    }

    /// The value to write, or why this value cannot be logged for this habit then.
    static func check(_ value: EntryValue?, for habit: Habit, on date: CivilDate, force: Bool = false) throws(WriteRefusal) -> EntryValue {
        if !habit.isBuiltIn, date < habit.declared {
            throw WriteRefusal("'\(habit.name)' is declared on \(habit.declared); cannot log it on \(date), before it exists. \(startEarlier(habit, date))")
        }
        if habit.isArchived(on: date), !force {
            let event = habit.archiveEvents.last { $0.archived && $0.date <= date }
            let line = event?.location.map { range in
                let table = LineTable(range.file)
                let index = table.lineIndex(of: range.start)
                return " (line \(index + 1): `\(String(decoding: table.lineBytes(index), as: UTF8.self))`)"
            } ?? ""
            throw WriteRefusal("'\(habit.name)' is archived on \(date)\(line); `units unarchive \(habit.name)` to log it again, or --force to log it anyway")
        }
        if let pause = habit.pauses.first(where: { $0.contains(date) }), !force {
            throw WriteRefusal("'\(habit.name)' is paused from \(pause.first) to \(pause.last) (a `pause \(habit.name)` line); `units resume \(habit.name)` ends the pause, or --force logs it anyway")
        }
        switch habit.kind {
        case .count:
            let value = value ?? .units(.one)
            guard case .units(let amount) = value else {
                throw WriteRefusal("'\(habit.name)' counts units: log a number, e.g. `units log \(habit.name) 3`")
            }
            if amount.isZero { throw WriteRefusal("0 units: nothing to log") }
            if amount > maximumUnits || -amount > maximumUnits { throw WriteRefusal("Max 999 per add.") }
            return value
        case .check:
            let value = value ?? .state(.yes)
            if case .units = value, !habit.isQuantitative {
                throw WriteRefusal("'\(habit.name)' is a check habit: log yes, kinda, no or skip (a number needs a `goal:`)")
            }
            return value
        }
    }

    /// How to let a habit take days before its declaration: the write that
    /// moves its declaration earlier.
    static func startEarlier(_ habit: Habit, _ date: CivilDate) -> String {
        "`units habit set \(habit.name) since=\(date)` starts it then (`units undo` takes that back); next time, `units habit add \(habit.name) --since DATE`."
    }

    /// "Added 3 pages to Reading on 2025-12-14", kept by `units undo`.
    static func describe(_ habit: Habit, _ value: EntryValue, on date: CivilDate) -> String {
        switch value {
        case .units(let amount) where habit.kind == .count:
            return "\(added(amount, to: habit, on: date)) on \(date)"
        default:
            return "Checked in \(habit.name): \(CanonicalLine.text(of: value)) on \(date)"
        }
    }

    /// "Added 3 pages to Reading", "Took 2 pages off Reading".
    static func added(_ amount: Amount, to habit: Habit, on date: CivilDate) -> String {
        amount.isNegative ? "Took \(count(-amount, of: habit, on: date)) off \(habit.name)" : "Added \(count(amount, of: habit, on: date)) to \(habit.name)"
    }

    /// "3 pages": the amount in the habit's unit in force that day.
    static func count(_ amount: Amount, of habit: Habit, on date: CivilDate) -> String {
        "\(amount) \(ReportText.plural(habit.unit(on: date).name, amount))"
    }

    /// "Added 12 pages to Reading #train ; on the train • Today 15 • Week 22 •
    /// `units undo` to take it back": what was written (the amount in the
    /// habit's unit, the tags and the note, so a tag the shell took as a
    /// comment shows by its absence), then the numbers of the journal after
    /// the append.
    static func message(_ journal: Journal, _ habit: Habit, _ date: CivilDate, _ value: EntryValue, today: CivilDate, written: String = "") -> String {
        let dayLabel = date == today ? "Today" : "\(date)"
        let on = date == today ? "" : " on \(date)"
        let tally: LogTally? = habit.id >= 0 ? LogTally(journal: journal, habit: habit.id, date: date, extra: value) : nil
        switch value {
        case .units(let amount) where habit.kind == .count:
            let day = tally?.day ?? amount, week = tally?.week ?? amount
            return "\(added(amount, to: habit, on: date))\(written)\(on) • \(dayLabel) \(day) • Week \(week) • \(WriteSupport.undoHint)"
        default:
            // A number against a goal: the state it gives the day.
            var stateText = ""
            if case .units = value, let state = tally?.dayState { stateText = " (\(state.rawValue))" }
            let shown = CanonicalLine.text(of: value)
            let days = tally?.weekDaysDone ?? 0
            return "Checked in \(habit.name)\(on): \(shown)\(stateText)\(written) • Week \(days) day\(days == 1 ? "" : "s") done • \(WriteSupport.undoHint)"
        }
    }
}
