/// The check-in half of `units today`, as the product documents' day view:
/// progress, ★ Must do (done ones stay, marked), Nice to do, ◇ Today only,
/// Done ✓; a group not done lists its options under it.
extension TodayReport {
    /// "3 of 7 completed · 4 things left today", the all-done line, or nil
    /// when nothing is due (a journal of count habits only).
    public var progressLine: String? {
        guard hasActiveHabits, completion.total > 0 || thingsLeft > 0 else { return nil }
        if completion.total > 0, completion.completed == completion.total, thingsLeft == 0 {
            return "✓ All habits completed for today. Well done. See you tomorrow."
        }
        var parts: [String] = []
        if completion.total > 0 { parts.append("\(completion.completed) of \(completion.total) completed") }
        if thingsLeft > 0 { parts.append("\(ReportText.count(thingsLeft, "thing")) left today") }
        return parts.joined(separator: " · ")
    }

    /// "Streak: 5 good days — keep it going!" (the redesign's streak bar),
    /// only with `--streak`.
    static func streakLine(_ streaks: StreaksReport) -> String {
        guard streaks.hasMustDos else { return "Streak: none yet (a good day is one with every must-do done; mark a habit `priority: must`)" }
        let n = streaks.goodDays.current
        if n == 0 { return "Streak: 0 good days — today can start one" }
        return "Streak: \(ReportText.count(n, "good day")) — keep it going!"
    }

    /// The must-do banner: "1/2 must-dos done", or the good-day line.
    public var mustDoLine: String? {
        guard mustDos.due > 0 else { return nil }
        return mustDos.done == mustDos.due ? "Good day! All must-dos done" : "\(mustDos.done)/\(mustDos.due) must-dos done"
    }

    /// The day view's sections, the same for the terminal, the page and `units check`.
    public struct Sections {
        public var mustDo: [CheckRow] = []
        public var niceToDo: [CheckRow] = []
        public var notToday: [CheckRow] = []
        public var done: [CheckRow] = []
    }

    public var sections: Sections {
        var out = Sections()
        for row in checks {
            let open = row.isDue || row.isCompleted
            if !open { out.notToday.append(row) } else if row.habit.priority == .must { out.mustDo.append(row) }
            else if row.isCompleted { out.done.append(row) } else { out.niceToDo.append(row) }
        }
        out.done = inCompletionOrder(out.done)
        return out
    }

    /// What an open task is worth: "reminder", or "2 units → Writing".
    public func taskWorth(_ row: TaskRow) -> String {
        row.task.estimate == 0 ? "reminder" : ReportText.count(Amount(row.task.estimate), "unit") + " → " + row.habitName
    }

    /// The mark of a task pinned to the day, on the terminal and the page.
    public static let pinMark = "📌"

    /// "new today" or "open since Dec 3".
    public func taskSince(_ row: TaskRow) -> String {
        row.daysOpen == 0 ? "new today" : "open since \(ReportText.shortDate(row.task.opened))"
    }

    /// Due habits and groups not yet answered today, must-dos first: what
    /// a check-in still asks.
    public var unanswered: [CheckRow] { checks.filter { $0.isDue && !$0.isCompleted && $0.state == nil } }

    /// What a check row says about today.
    public func stateText(_ row: CheckRow) -> String {
        if let state = row.state, row.isDone || state == .no || state == .skip { return state.rawValue }
        if row.isDone { return "done" }
        if let span = row.quotaMet { return "done this \(span)" }
        if !row.options.isEmpty { return ReportText.count(row.options.count, "option") }
        return row.isDue ? "not yet" : "not today"
    }

    public func checkRow(_ row: CheckRow) -> [String] {
        var name = (row.isCompleted ? "✓ " : "○ ") + row.habit.displayName
        if !row.satisfiedBy.isEmpty { name += " — " + row.satisfiedBy.map(\.displayName).joined(separator: ", ") }
        return [name, stateText(row)]
    }

    func checkInSections(style: TerminalStyle) -> String {
        if !hasActiveHabits && journal.habits.contains(where: { !$0.isBuiltIn && $0.declared <= today }) {
            return "\nYou have no active habits.\n"
        }
        guard !checks.isEmpty else { return "" }
        var out = ""
        let sections = sections
        let musts = sections.mustDo, nice = sections.niceToDo
        if !musts.isEmpty || mustDoLine != nil {
            out += "\n" + style.bold("★ Must do") + (mustDoLine.map { "  " + $0 } ?? "") + "\n"
            out += rows(musts, style: style)
        }
        if !nice.isEmpty {
            out += "\n" + style.bold("Nice to do") + "\n" + rows(nice, style: style)
        }
        let resting = sections.notToday
        if !resting.isEmpty {
            out += style.dim("  Not today: " + resting.map(\.habit.displayName).joined(separator: ", ")) + "\n"
        }
        return out
    }

    /// Rows of a section, each group's options indented under it until one is done.
    private func rows(_ list: [CheckRow], style: TerminalStyle) -> String {
        let lines = ReportText.table(list.map(checkRow))
        var out = ""
        for (k, row) in list.enumerated() {
            // Done items dimmed and struck through where colour is on.
            out += (row.isCompleted ? style.doneLine(lines[k]) : lines[k]) + "\n"
            if !row.isCompleted && !row.options.isEmpty {
                out += style.dim("      " + row.options.map(\.displayName).joined(separator: " · ")) + "\n"
            }
        }
        return out
    }

    /// ◇ Today only: open tasks, then "Completed (n)" for tasks done today.
    func taskSection(style: TerminalStyle) -> String {
        var out = "\n" + style.bold("◇ Today only") + (tasks.isEmpty ? "" : "  \(tasks.count)") + "\n"
        if tasks.isEmpty && tasksDoneToday.isEmpty { return out + "  Tasks are optional. Keep it light.\n" }
        if !tasks.isEmpty {
            let rows = tasks.map { ["○ " + ($0.isPinned ? Self.pinMark + " " : "") + $0.task.title, taskWorth($0), taskSince($0)] }
            out += ReportText.table(rows).joined(separator: "\n") + "\n"
        }
        if !tasksDoneToday.isEmpty {
            out += "  Completed (\(tasksDoneToday.count))\n"
            for task in tasksDoneToday { out += "  ✓ " + task.title + "\n" }
        }
        return out
    }
}
