import UnitsKit

/// A seeded, deterministic generator of realistic, error-free journals, for
/// benchmarks and property tests, with what they must mean worked out from
/// its own choices (`GeneratedJournal.Expected`), never by reading them back.
public struct JournalGenerator: Sendable {
    public var seed: UInt64
    /// How many entry lines (`DATE HABIT VALUE`) to write.
    public var entries: Int
    /// How many habits to declare (groups come on top).
    public var habits: Int
    /// The mean number of entry lines a day.
    public var entriesPerDay: Int
    /// The date of the declarations and the first entries.
    public var start: CivilDate

    public init(seed: UInt64, entries: Int, habits: Int = 20, entriesPerDay: Int = 12,
                start: CivilDate = CivilDate(year: 1990, month: 1, day: 1)!) {
        self.seed = seed
        self.entries = max(0, entries)
        self.habits = max(1, habits)
        self.entriesPerDay = max(1, entriesPerDay)
        self.start = start
    }

    public func generate() -> GeneratedJournal {
        var writer = GeneratorState(self)
        writer.run()
        return writer.result
    }
}

/// A generated journal and what it must mean.
public struct GeneratedJournal: Sendable {
    /// What the generator knows the journal means, from its own choices.
    public struct Expected: Sendable {
        /// Per count habit name: the sum of its entries and done-task
        /// estimates, in hundredths of a unit.
        public var hundredths: [String: Int] = [:]
        /// Per habit name: entries in the model (entry lines plus done tasks).
        public var entries: [String: Int] = [:]
        /// Per check habit: days by the state that stands at the end of the day.
        public var checkDays: [String: [CheckState: Int]] = [:]
        /// Groups and their members' names.
        public var groupMembers: [String: [String]] = [:]
        public var openTasks = 0, doneTasks = 0, droppedTasks = 0
        public var firstDate: CivilDate?
        public var lastDate: CivilDate?
        /// Total of all count units, in hundredths.
        public var totalHundredths: Int { hundredths.values.reduce(0, +) }
        /// Total model entries (entry lines plus done tasks).
        public var totalEntries: Int { entries.values.reduce(0, +) }
    }

    public var bytes: [UInt8]
    /// Habit names in declaration order (groups not included).
    public var habitNames: [String]
    /// Entry lines written (done tasks not included).
    public var entryLines: Int
    public var expected: Expected

    public var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// SplitMix64: tiny, fast and fully determined by its seed.
public struct SplitMix64: RandomNumberGenerator {
    public var state: UInt64
    public init(state: UInt64) { self.state = state }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// Uniform in `0..<n` (0 when n <= 0); the tiny modulo bias does not matter here.
    public mutating func below(_ n: Int) -> Int { n <= 0 ? 0 : Int(next() % UInt64(n)) }
    /// True with probability 1/n.
    public mutating func oneIn(_ n: Int) -> Bool { below(n) == 0 }
}

private struct GeneratedHabit {
    var name: String
    var isCheck: Bool
    /// For check habits with thresholds: goal and minimum in hundredths.
    var goal: Int?
    var minimum: Int?
    var group: Int?
    /// Never archived, so tasks may link to it (their units stay with it).
    var linkable: Bool
}

private struct GeneratorState {
    let config: JournalGenerator
    var random: SplitMix64
    var out: [UInt8] = []
    var habits: [GeneratedHabit] = []
    var groups: [String] = []
    var expected = GeneratedJournal.Expected()
    var entryLines = 0
    /// Open tasks: title as written (escaped) and as meant, estimate, linked habit.
    var openTasks: [(written: String, title: String, estimate: Int, habit: Int?)] = []
    var taskCounter = 0
    /// Check habits: the state standing today, per habit index.
    var todayStates: [Int: CheckState] = [:]
    var archived: Int?
    var isArchived = false
    /// Paused habits and their last paused day: not logged until then.
    var pausedUntil: [Int: CivilDate] = [:]
    /// Per habit: the index into `units` in force, and the floor in force.
    var currentUnit: [Int: Int] = [:]
    var currentFloor: [Int: Int] = [:]

    static let baseNames = ["Reading", "Gym", "Writing", "Walk", "Coding", "Meditate", "Guitar", "Swim",
                            "Run", "Journal", "Lesen", "読書", "Чтение", "Deep.work", "No-phone-in-bed",
                            "Stretch", "Piano", "Spanish", "Fajr_on_time", "Cook"]
    static let groupBaseNames = ["Exercise", "Mind", "Craft", "Languages", "Home"]
    static let colors = ["red", "orange", "yellow", "green", "mint", "teal", "cyan", "blue", "indigo", "purple"]
    static let tags = ["#park", "#train", "#morning", "#late", "#with-friends", "#travel"]
    static let notes = ["; on the train", "; felt good", "; rainy, short one", "; with Sam — great",
                        "; 読んだ", "; tired; still did it"]
    static let units = [("chapter", "ch", "20 pages"), ("session", "s", "45 minutes"), ("lap", "lp", "0.25 miles"),
                        ("page", "pg", "1 page"), ("block", "", "25 minutes")]

    init(_ config: JournalGenerator) {
        self.config = config
        random = SplitMix64(state: config.seed)
        out.reserveCapacity(config.entries * 26 + config.habits * 80 + 256)
    }

    var result: GeneratedJournal {
        GeneratedJournal(bytes: out, habitNames: habits.map(\.name), entryLines: entryLines, expected: expected)
    }

    // MARK: Writing bytes

    mutating func put(_ s: String) { out.append(contentsOf: s.utf8) }
    mutating func putInt(_ value: Int) {
        if value < 0 { out.append(UInt8(ascii: "-")); putInt(-value); return }
        if value >= 10 { putInt(value / 10) }
        out.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
    /// `hundredths / 100` in its shortest spelling (`3`, `0.25`, `2.5`).
    mutating func putHundredths(_ value: Int) {
        putInt(value / 100)
        let fraction = value % 100
        guard fraction != 0 else { return }
        out.append(UInt8(ascii: "."))
        out.append(UInt8(ascii: "0") + UInt8(fraction / 10))
        if fraction % 10 != 0 { out.append(UInt8(ascii: "0") + UInt8(fraction % 10)) }
    }
    mutating func putDate(_ date: CivilDate, plain: Bool = true) {
        if plain { put(date.description); return }
        let (y, m, d) = date.components
        putInt(y); put("/"); putInt(m); put("/"); putInt(d)
    }
    mutating func newline() { out.append(0x0A) }

    // MARK: The journal

    mutating func run() {
        put("; A generated journal (seed "); put(String(config.seed)); put(").\n")
        put("units 1\n")
        put("option week-start monday\n")
        put("option day-start 04:00 ; late nights count for the day before\n\n")
        declareGroups()
        declareHabits()
        writeDays()
        expected.openTasks = openTasks.count
    }

    mutating func declareGroups() {
        let count = max(1, config.habits / 7)
        for g in 0..<count {
            let name = g < Self.groupBaseNames.count ? Self.groupBaseNames[g] : "Group-\(g)"
            groups.append(name)
            expected.groupMembers[name] = []
            putDate(config.start); put(" group "); put(name); newline()
            put("  title: \""); put(name); put(" habits\"\n")
            put("  every: 5/week\n")
            put("  color: "); put(Self.colors[g % Self.colors.count]); newline()
            newline()
        }
    }

    mutating func declareHabits() {
        for i in 0..<config.habits {
            let name = i < Self.baseNames.count ? Self.baseNames[i] : "Habit-\(i)"
            let isCheck = i % 5 == 4
            var habit = GeneratedHabit(name: name, isCheck: isCheck, group: nil, linkable: true)
            if i % 3 == 1 { habit.group = (i / 3) % groups.count }
            putDate(config.start); put(" habit "); put(name)
            if random.oneIn(4) { put("   ; declared on day one") }
            newline()
            if isCheck {
                put("  kind: check\n")
                if i % 10 == 9 {
                    habit.goal = 1000; habit.minimum = 100
                    put("  goal: 10 pages\n  min: 1 page\n")
                }
                put("  every: "); put(["daily", "3/week", "mon wed fri", "weekdays"][i % 4]); newline()
                put("  priority: "); put(i % 2 == 0 ? "must" : "nice"); newline()
                if i % 20 == 14 { put("  type: quit\n") }
                expected.checkDays[name] = [:]
            } else {
                let unit = Self.units[i % Self.units.count]
                put("  unit: "); put(unit.0)
                if !unit.1.isEmpty { put(" "); put(unit.1) }
                newline()
                put("  size: "); put(unit.2); newline()
                put("  floor: "); putInt(5 + i % 20); put("/week\n")
                expected.hundredths[name] = 0
            }
            if i % 6 == 0 { put("  ; colours are only for the app\n") }
            put("  color: "); put(Self.colors[i % Self.colors.count]); newline()
            if i % 4 == 0 { put("  note: \"Habit number "); putInt(i); put(", \\\"quoted\\\" note\"\n") }
            if i % 7 == 3 { put("  title: Habit "); putInt(i); put(" with a title\n") }
            if let g = habit.group {
                put("  group: "); put(groups[g]); newline()
                expected.groupMembers[groups[g], default: []].append(name)
            }
            newline()
            expected.entries[name] = 0
            habits.append(habit)
        }
        // One check habit gets archived and unarchived along the way.
        archived = habits.indices.first { habits[$0].isCheck }
        if let a = archived { habits[a].linkable = false }
    }

    mutating func writeDays() {
        var date = config.start
        var remaining = config.entries
        var day = 0
        while remaining > 0 {
            let spread = config.entriesPerDay
            let today = min(remaining, max(1, spread / 2 + random.below(spread + 1)))
            writeEvents(on: date, day: day)
            for _ in 0..<today { writeEntry(on: date) }
            endDay(date)
            remaining -= today
            day += 1
            date = date.adding(days: 1)
            if day % 7 == 0 {
                newline()
                if random.oneIn(3) { put("; week "); putInt(day / 7); put(" done\n") }
            }
        }
        // Close a few tasks on the last day so every kind of close appears.
        let last = date.adding(days: -1)
        while openTasks.count > 3 { closeTask(on: last) }
    }

    mutating func endDay(_ date: CivilDate) {
        for (h, state) in todayStates {
            expected.checkDays[habits[h].name, default: [:]][state, default: 0] += 1
        }
        todayStates.removeAll(keepingCapacity: true)
    }

    mutating func noteDate(_ date: CivilDate) {
        if expected.firstDate == nil { expected.firstDate = date }
        expected.lastDate = date
    }

    /// A count habit chosen at random (there is always one: habit 0).
    mutating func countHabit() -> Int {
        for _ in 0..<8 {
            let h = random.below(habits.count)
            if !habits[h].isCheck { return h }
        }
        return 0
    }

    mutating func writeEvents(on date: CivilDate, day: Int) {
        if random.oneIn(40) { put("; "); put(["slept badly", "new book", "holiday", "sick day"][random.below(4)]); newline() }
        if random.oneIn(300) {
            let h = countHabit()
            let current = currentUnit[h] ?? (h % Self.units.count)
            let next = (current + 1 + random.below(Self.units.count - 1)) % Self.units.count
            currentUnit[h] = next
            let unit = Self.units[next]
            putDate(date); put(" unit "); put(habits[h].name); put(" "); put(unit.0)
            if !unit.1.isEmpty { put(" "); put(unit.1) }
            put(" = "); put(unit.2); newline()
        }
        if random.oneIn(250) {
            let h = countHabit()
            let current = currentFloor[h] ?? (5 + h % 20)
            let floor = (current + 1 + random.below(29)) % 30   // never the floor in force
            currentFloor[h] = floor
            putDate(date); put(" floor "); put(habits[h].name); put(" "); putInt(floor); put("/week\n")
        }
        if random.oneIn(20) { openTask(on: date) }
        if !openTasks.isEmpty, random.oneIn(25) { closeTask(on: date) }
        if random.oneIn(500) {
            putDate(date); put(" season \"Term "); putInt(day); put("\" "); putDate(date.adding(days: 90)); newline()
        }
        if random.oneIn(700), habits.count > 1 {
            // Never habit 0: it stays available for every day's entries.
            let h = 1 + random.below(habits.count - 1)
            if pausedUntil[h] == nil {
                putDate(date); put(" pause "); put(habits[h].name); put(" ")
                putDate(date.adding(days: 7)); put(" ; away\n")
                pausedUntil[h] = date.adding(days: 7)
            }
        }
        for (h, until) in pausedUntil where until < date { pausedUntil[h] = nil }
        if let a = archived, day == 60 { putDate(date); put(" archive "); put(habits[a].name); newline(); isArchived = true }
        if let a = archived, day == 90 { putDate(date); put(" unarchive "); put(habits[a].name); newline(); isArchived = false }
    }

    mutating func openTask(on date: CivilDate) {
        taskCounter += 1
        let quoted = random.oneIn(10)
        let title = quoted ? "Fix the \"login\" bug \(taskCounter)" : "Task \(taskCounter)"
        let written = quoted ? "Fix the \\\"login\\\" bug \(taskCounter)" : title
        let estimate = 1 + random.below(5)
        var link: Int?
        if random.oneIn(2) {
            let h = countHabit()
            if habits[h].linkable { link = h }
        }
        putDate(date); put(" task \""); put(written); put("\" "); putInt(estimate)
        if let link { put(" "); put(habits[link].name) }
        if random.oneIn(3) { put(" #errand") }
        newline()
        openTasks.append((written, title, estimate, link))
    }

    mutating func closeTask(on date: CivilDate) {
        let task = openTasks.remove(at: random.below(openTasks.count))
        let done = !random.oneIn(5)
        putDate(date); put(done ? " done \"" : " drop \""); put(task.written); put("\"\n")
        noteDate(date)
        guard done else { expected.droppedTasks += 1; return }
        expected.doneTasks += 1
        let name = task.habit.map { habits[$0].name } ?? Journal.generalHabitName
        expected.hundredths[name, default: 0] += task.estimate * 100
        expected.entries[name, default: 0] += 1
    }

    /// Whether an entry for `h` today would be one a person would not write
    /// (lint would warn): a second check-in, or a paused or archived habit.
    func unlikely(_ h: Int) -> Bool {
        (habits[h].isCheck && todayStates[h] != nil) || pausedUntil[h] != nil || (isArchived && h == archived)
    }

    mutating func writeEntry(on date: CivilDate) {
        var h = random.below(habits.count)
        for _ in 0..<4 where unlikely(h) { h = random.below(habits.count) }
        if unlikely(h) { h = 0 }   // habit 0 counts units and is never paused
        let habit = habits[h]
        putDate(date, plain: !random.oneIn(100)); put(" "); put(habit.name); put(" ")
        entryLines += 1
        noteDate(date)
        expected.entries[habit.name, default: 0] += 1
        if habit.isCheck {
            let state: CheckState
            if let goal = habit.goal, let minimum = habit.minimum, random.oneIn(2) {
                let value = random.below(15) * 100 + (random.oneIn(4) ? 50 : 0)
                putHundredths(value)
                state = value >= goal ? .yes : value >= minimum ? .kinda : .no
            } else {
                state = [CheckState.yes, .yes, .yes, .kinda, .no, .skip][random.below(6)]
                put(state.rawValue)
            }
            todayStates[h] = state
        } else {
            var value = (1 + random.below(30)) * 100
            switch random.below(10) {
            case 0: value += 25
            case 1: value += 50
            case 2: value = random.below(100)   // under one unit, maybe zero
            default: break
            }
            if random.oneIn(50) { put("+") }
            putHundredths(value)
            expected.hundredths[habit.name, default: 0] += value
        }
        if random.oneIn(10) { put(" "); put(Self.tags[random.below(Self.tags.count)]) }
        if random.oneIn(12) { put(" "); put(Self.notes[random.below(Self.notes.count)]) }
        newline()
    }
}
