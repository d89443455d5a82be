/// `units habits` as text and JSON.
extension HabitsList {
    /// The minimal tracker's empty state, word for word.
    public static let emptyState = "Get started by adding your first habit."

    public func text(style: TerminalStyle = .plain, to output: ReportOutput) {
        guard !isEmpty else {
            output.write(Self.emptyState + "\n  units habit add NAME\n")
            return
        }
        func lines(_ rows: [Row], depth: Int) -> [(name: String, row: Row)] {
            rows.flatMap { row -> [(name: String, row: Row)] in
                let name = String(repeating: "  ", count: depth + 1) + row.habit.displayName
                    + (row.habit.title == nil ? "" : " (\(row.habit.name))")
                return [(name, row)] + lines(row.members, depth: depth + 1)
            }
        }
        let shownActive = lines(active, depth: 0), shownArchived = lines(archived, depth: 0)
        let column = (shownActive + shownArchived).map { DisplayWidth.of($0.name) }.max() ?? 0
        var out = ""
        func write(_ shown: [(name: String, row: Row)]) {
            for (name, row) in shown {
                var badges = row.badges
                if row.startsLater { badges.append("starts \(ReportText.shortDate(row.habit.declared))") }
                if row.isArchived && row.habit.group != nil { badges.append("archived") }
                out += name.padded(toWidth: column) + "  " + style.dim(badges.joined(separator: " · ")) + "\n"
                if let note = row.habit.note {
                    out += String(repeating: " ", count: column + 2) + style.dim(note) + "\n"
                }
            }
        }
        out += style.bold("My habits") + "\n"
        if active.isEmpty { out += "  No active habits.\n" }
        write(shownActive)
        if !archived.isEmpty {
            out += "\n" + style.bold("Archived") + style.dim(" (history kept; `units unarchive NAME` brings one back)") + "\n"
            write(shownArchived)
        }
        output.write(out)
    }

    public func json(to output: ReportOutput) {
        JSONWriter.report("habits", to: output) { w in
            func write(_ row: Row) {
                let habit = row.habit
                w.object {
                    w.field("name", habit.name)
                    w.field("title", habit.displayName)
                    w.field("description", habit.note)
                    w.field("kind", habit.isGroup ? "group" : habit.kind.rawValue)
                    w.field("priority", habit.priority.rawValue)
                    w.field("every", habit.kind == .check || habit.isGroup ? habit.every.description : nil)
                    w.field("type", habit.type.rawValue)
                    w.field("declared", habit.declared.description)
                    w.field("archived", row.isArchived)
                    w.field("badges", row.badges)
                    if habit.isGroup {
                        w.array("members") { for member in row.members { write(member) } }
                    }
                }
            }
            w.field("today", today.description)
            w.array("habits") { for row in active { write(row) } }
            w.array("archived") { for row in archived { write(row) } }
        }
    }
}
