/// A check-in state. `skip` marks a day on which the habit is not expected.
public enum CheckState: String, Sendable, Hashable, CaseIterable {
    case yes, kinda, no, skip

    /// The day score of the product docs: yes 1, kinda 0.5, no 0.
    public var score: Double {
        switch self { case .yes: 1; case .kinda: 0.5; case .no, .skip: 0 }
    }

    /// KINDA counts as showing up.
    public var isDone: Bool { self == .yes || self == .kinda }

    /// The state a number means under a goal and a minimum: >= goal YES,
    /// >= min KINDA, else NO; a positive number without either YES.
    public init(_ amount: Amount, goal: Amount?, minimum: Amount?) {
        if let goal, amount >= goal { self = .yes; return }
        if let minimum, amount >= minimum { self = .kinda; return }
        self = goal == nil && minimum == nil && amount > .zero ? .yes : .no
    }
}

/// What an entry records: a number of units, or a state.
public enum EntryValue: Hashable, Sendable {
    case units(Amount)
    case state(CheckState)
}

/// Where a fact came from: a line of a file in `Journal.files`.
public struct LineReference: Hashable, Sendable {
    /// Index into `Journal.files`.
    public var file: Int32
    /// Index into that tree's `lines`.
    public var line: Int32
}

/// One dated fact about a habit: an entry line, or the units a `done` task
/// line logged.
public struct Entry: Hashable, Sendable {
    public var date: CivilDate
    /// Index into `Journal.habits`.
    public var habit: Int32
    /// Index into the habit's `units`: the version in force at this line.
    public var unitVersion: Int32
    /// Goal version in force at this line (`Habit.goals(version:)`); the
    /// default, `Int32.max`, means the latest. (Declared here to fill the
    /// padding before `value`: an entry stays 48 bytes.)
    public var goalVersion: Int32 = .max
    public var value: EntryValue
    public var source: LineReference
    /// Index into `Journal.tasks` when a `done` line produced this entry.
    public var task: Int32 = -1

    public var isFromTask: Bool { task >= 0 }

    /// The units, or zero for a state.
    public var units: Amount {
        if case .units(let amount) = value { return amount }
        return .zero
    }
}
