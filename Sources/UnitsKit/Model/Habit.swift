/// Whether a habit sums units or records one state a day.
public enum HabitKind: String, Sendable, Hashable { case count, check }

/// must-dos count toward "3/5 must-dos done" and good days; nice ones don't.
public enum Priority: String, Sendable, Hashable { case must, nice }

/// A build habit is something to do; for a quit habit, `yes` means "stayed clean".
public enum HabitType: String, Sendable, Hashable { case build, quit }

/// How often a habit is expected.
public enum Frequency: Hashable, Sendable, CustomStringConvertible {
    case daily
    /// Any N days a week.
    case perWeek(Int)
    /// Any N days a month.
    case perMonth(Int)
    /// On these weekdays only.
    case weekdays(Set<Weekday>)

    /// Whether a given weekday is a scheduled day (for day-by-day schedules;
    /// N-per-week and N-per-month habits may be done on any day).
    public func isScheduled(on weekday: Weekday) -> Bool {
        if case .weekdays(let days) = self { return days.contains(weekday) }
        return true
    }

    public var description: String {
        switch self {
        case .daily: "day"
        case .perWeek(let n): "\(n)/week"
        case .perMonth(let n): "\(n)/month"
        case .weekdays(let days): days.sorted().map { $0.shortName.lowercased() }.joined(separator: " ")
        }
    }
}

/// A unit definition in force from a point in the file on. The first comes
/// from the declaration; each `unit` line adds one going forward.
public struct UnitVersion: Hashable, Sendable {
    /// The date of the line that introduced it.
    public var since: CivilDate
    /// Singular unit name: `page`.
    public var name: String
    /// Optional shorthand: `pg`.
    public var shorthand: String?
    /// What one unit is worth in `measure`: 0.25 (miles).
    public var size: Amount
    /// The measure of the size, if any: `miles`, `minutes`.
    public var measure: String?
    public var location: SourceRange?

    public init(since: CivilDate, name: String, shorthand: String? = nil, size: Amount = .one,
                measure: String? = nil, location: SourceRange? = nil) {
        self.since = since
        self.name = name
        self.shorthand = shorthand
        self.size = size
        self.measure = measure
        self.location = location
    }

    /// "0.25 miles", or "1 page" when the size has no measure.
    public var sizeDescription: String {
        let word = measure ?? name
        // "1 hour" for a size written `1 hours`, "0.25 miles", "2 pages".
        if size == .one { return word.count > 2 && word.hasSuffix("s") && !word.hasSuffix("ss") ? "1 \(word.dropLast())" : "1 \(word)" }
        return "\(size) \(word.hasSuffix("s") ? word : word + "s")"
    }
}

/// A soft floor (units per week) in force from `since` on.
public struct FloorChange: Hashable, Sendable {
    public var since: CivilDate
    public var unitsPerWeek: Amount
    /// The floor's value in its file. Nil for a declaration's `floor:` of
    /// a whole number 0 or more: such floors are shared between habits
    /// (`JournalBuilder.sharedFloors`), and nothing reports at them.
    public var location: SourceRange?
}

/// A `goal` or `min` line: from its line on, a quantitative check habit's
/// numbers are judged against these (format.md 11). Holds the whole pair in
/// force after the change.
public struct GoalChange: Hashable, Sendable {
    public var since: CivilDate
    public var goal: Amount?
    public var minimum: Amount?
    /// The changed value (with its measure).
    public var location: SourceRange?
}

/// An archive or unarchive event.
public struct ArchiveEvent: Hashable, Sendable {
    public var date: CivilDate
    public var archived: Bool
    public var location: SourceRange?
}

/// A habit or a group: a `DATE habit NAME` or `DATE group NAME` declaration
/// with its attributes and everything later lines changed about it.
///
/// Kept to 80 bytes (ids, `every:` and flags packed last): the attributes
/// most habits lack live in one side record (`Rare`), made only for a habit
/// that has one of them.
public struct Habit: Hashable, Sendable {
    public var name: String
    public var location: SourceRange?
    /// Unit versions in file order; never empty for a habit (the declaration's
    /// version has no `location`: it is the habit's).
    public var units: [UnitVersion] = []
    /// Floor changes in file order; empty means floor 0 (no indicator).
    public var floors: [FloorChange] = []
    /// The rarely given attributes: none (an empty array allocates nothing)
    /// or exactly one record.
    private var rare: [Rare] = []
    /// `every:` in 32 bits (see `every`).
    private var storedEvery: UInt32 = 0
    /// The index as stored (a journal holds far fewer than 2^31 habits:
    /// its file is under 2 GiB, and a declaration takes 19 bytes or more).
    private var storedID: Int32
    /// The group's index, or -1.
    private var storedGroup: Int32 = -1
    public var declared: CivilDate
    public var isGroup: Bool
    /// The built-in `General` habit that unlinked tasks log to.
    public var isBuiltIn: Bool
    public var kind: HabitKind = .count
    /// Whether `every:` was written on the habit (a group member without
    /// one is an option of its group, not a duty of its own).
    public var hasOwnSchedule = false
    public var priority: Priority = .nice
    public var type: HabitType = .build

    /// Index into `Journal.habits`.
    public var id: Int {
        get { Int(storedID) }
        set { storedID = Int32(newValue) }
    }

    /// How often the habit is expected. Kept in 32 bits (the
    /// enum's 9 bytes would pad every habit by 8): the kind in the top
    /// two bits (0 daily, 1 per week, 2 per month, 3 weekdays), the count or
    /// the weekdays' bits (Monday lowest) below; `wideEvery` marks one kept
    /// in the rare record.
    public var every: Frequency {
        get {
            let payload = Int(storedEvery & Habit.everyPayload)
            switch storedEvery >> 30 {
            case 0: return .daily
            case 1: return .perWeek(payload)
            case 2: return .perMonth(payload)
            default:
                if storedEvery == Habit.wideEvery, !rare.isEmpty, let wide = rare[0].wideEvery { return wide }
                return .weekdays(Set(Weekday.allCases.filter { payload & 1 << ($0.rawValue - 1) != 0 }))
            }
        }
        set {
            if !rare.isEmpty, rare[0].wideEvery != nil { rare[0].wideEvery = nil }
            switch newValue {
            case .daily: storedEvery = 0
            case .perWeek(let n) where n >= 0 && n <= Int(Habit.everyPayload): storedEvery = 1 << 30 | UInt32(n)
            case .perMonth(let n) where n >= 0 && n <= Int(Habit.everyPayload): storedEvery = 2 << 30 | UInt32(n)
            case .weekdays(let days): storedEvery = days.reduce(3 << 30) { $0 | 1 << UInt32($1.rawValue - 1) }
            default:
                storedEvery = Habit.wideEvery
                record.wideEvery = newValue
            }
        }
    }

    private static let everyPayload: UInt32 = 1 << 30 - 1
    /// Weekdays past the seven: an `every:` kept in the rare record.
    private static let wideEvery = UInt32.max

    /// Whether a weekday is a scheduled day (`Frequency.isScheduled`),
    /// read from the packed `every:` without making its set of weekdays.
    public func isScheduled(on weekday: Weekday) -> Bool {
        guard storedEvery >> 30 == 3 else { return true }
        if storedEvery == Habit.wideEvery { return every.isScheduled(on: weekday) }
        return storedEvery & 1 << UInt32(weekday.rawValue - 1) != 0
    }

    /// Index of the group in `Journal.habits`, once resolved.
    public var group: Int? {
        get { storedGroup < 0 ? nil : Int(storedGroup) }
        set { storedGroup = newValue.map { Int32($0) } ?? -1 }
    }

    /// The attributes most habits lack.
    struct Rare: Hashable, Sendable {
        var title: String?
        var color: String?
        var icon: String?
        var note: String?
        var goal: Amount?
        var minimum: Amount?
        var goalChanges: [GoalChange] = []
        var groupName: String?
        var members: [Int] = []
        var archiveEvents: [ArchiveEvent] = []
        var pauses: [DayRange] = []
        /// An `every:` that does not fit `storedEvery` (a count below 0 or
        /// past 2^30: no journal's, but the type allows it).
        var wideEvery: Frequency?
        /// `remind:`: when the phone's calendar nudges (format.md 9.13).
        var reminder: Reminder?
    }

    private static let noRare = Rare()

    /// The record, made on the first write (lists are changed in place: a
    /// builder appends to them one line at a time).
    private var record: Rare {
        get { rare.isEmpty ? Habit.noRare : rare[0] }
        _modify {
            if rare.isEmpty { rare = [Rare()] }
            yield &rare[0]
        }
    }

    public var title: String? { get { rare.isEmpty ? nil : rare[0].title } set { record.title = newValue } }
    public var color: String? { get { rare.isEmpty ? nil : rare[0].color } set { record.color = newValue } }
    public var icon: String? { get { rare.isEmpty ? nil : rare[0].icon } set { record.icon = newValue } }
    public var note: String? { get { rare.isEmpty ? nil : rare[0].note } set { record.note = newValue } }
    /// The declaration's `goal:` and `min:`; later `goal`/`min` lines are in `goalChanges`.
    public var goal: Amount? { get { rare.isEmpty ? nil : rare[0].goal } set { record.goal = newValue } }
    public var minimum: Amount? { get { rare.isEmpty ? nil : rare[0].minimum } set { record.minimum = newValue } }
    /// Goal and minimum changes in file order (format.md 11).
    public var goalChanges: [GoalChange] {
        get { rare.isEmpty ? [] : rare[0].goalChanges }
        _modify { yield &record.goalChanges }
    }
    /// `goalChanges.count`, without copying the list out (the load asks it per entry).
    @inline(__always) var goalChangeCount: Int {
        rare.withUnsafeBufferPointer { rare in rare.isEmpty ? 0 : rare[0].goalChanges.count }
    }
    /// The group this habit belongs to, by name as written.
    public var groupName: String? { get { rare.isEmpty ? nil : rare[0].groupName } set { record.groupName = newValue } }
    /// For a group: its members' ids, in declaration order.
    public var members: [Int] { get { rare.isEmpty ? [] : rare[0].members } _modify { yield &record.members } }
    public var archiveEvents: [ArchiveEvent] {
        get { rare.isEmpty ? [] : rare[0].archiveEvents }
        _modify { yield &record.archiveEvents }
    }
    public var pauses: [DayRange] { get { rare.isEmpty ? [] : rare[0].pauses } _modify { yield &record.pauses } }
    /// `remind:`, when given and well formed (the linter reports one that is not).
    public var reminder: Reminder? { get { rare.isEmpty ? nil : rare[0].reminder } set { record.reminder = newValue } }

    public init(id: Int, name: String, isGroup: Bool, declared: CivilDate, location: SourceRange?, isBuiltIn: Bool = false) {
        self.storedID = Int32(id)
        self.name = name
        self.isGroup = isGroup
        self.declared = declared
        self.location = location
        self.isBuiltIn = isBuiltIn
    }

    // Equal habits are equal whether or not a record of defaults was made.
    public static func == (a: Habit, b: Habit) -> Bool {
        a.id == b.id && a.name == b.name && a.declared == b.declared && a.isGroup == b.isGroup && a.isBuiltIn == b.isBuiltIn
            && a.kind == b.kind && a.hasOwnSchedule == b.hasOwnSchedule && a.priority == b.priority && a.type == b.type
            && a.location == b.location && a.every == b.every && a.group == b.group && a.units == b.units && a.floors == b.floors
            && (a.rare.first ?? noRare) == (b.rare.first ?? noRare)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(name)
        hasher.combine(declared)
        hasher.combine(rare.first ?? Habit.noRare)
    }

    /// The title to show: `title:` if given, else the name.
    public var displayName: String { title ?? name }

    /// The last unit version, whatever its date. Reports name the unit in
    /// force on their day with `unit(on:)` instead (format.md 12: a change
    /// takes effect at its line, going forward).
    public var currentUnit: UnitVersion { units.last ?? UnitVersion(since: declared, name: "unit") }

    /// The unit in force on a date: the last version dated on or before it
    /// (the first version before the habit's declaration).
    public func unit(on date: CivilDate) -> UnitVersion {
        units.last { $0.since <= date } ?? units.first ?? UnitVersion(since: declared, name: "unit")
    }

    /// The soft floor in force on a date: the last change dated on or before it.
    public func floor(on date: CivilDate) -> Amount {
        var result = Amount.zero
        for change in floors where change.since <= date { result = change.unitsPerWeek }
        return result
    }

    /// Whether the habit is archived on a date (the last event on or before it wins).
    public func isArchived(on date: CivilDate) -> Bool {
        guard !rare.isEmpty else { return false }
        var archived = false
        for event in archiveEvents where event.date <= date { archived = event.archived }
        return archived
    }

    /// Whether the habit was declared and not archived on some day of
    /// `days`; one not archived at its end counts, whenever declared.
    public func wasActive(during days: DayRange) -> Bool {
        guard isArchived(on: days.last) else { return true }
        guard declared <= days.last else { return false }
        if !isArchived(on: max(days.first, declared)) { return true }
        return archiveEvents.contains { !$0.archived && days.contains($0.date) }
    }

    /// Whether a pause covers the date.
    public func isPaused(on date: CivilDate) -> Bool { !rare.isEmpty && rare[0].pauses.contains { $0.contains(date) } }

    /// A member of a group with no `every:` of its own: one of the ways to
    /// do the group, never expected (or missed) on its own (format.md 10).
    public var isOption: Bool { group != nil && !hasOwnSchedule }

    /// A check habit with goal/min turns numbers into states.
    public var isQuantitative: Bool { !rare.isEmpty && (goal != nil || minimum != nil || goalChanges.contains { $0.goal != nil || $0.minimum != nil }) }

    /// The goal and minimum of a version: 0 is the declaration's, k the
    /// pair after the k-th change (clamped, so `Int32.max` is the latest).
    public func goals(version: Int32) -> (goal: Amount?, minimum: Amount?) {
        let k = min(Int(max(0, version)), goalChangeCount)
        return k == 0 ? (goal, minimum) : (goalChanges[k - 1].goal, goalChanges[k - 1].minimum)
    }
}
