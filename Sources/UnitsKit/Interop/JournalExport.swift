/// `units export`: the journal as CSV or JSON, a stable interface
/// (Grammar/export.md): fields are added at the end, never renamed or reordered.
public struct JournalExport {
    public let journal: Journal

    public init(_ journal: Journal) { self.journal = journal }

    /// The CSV header, in order.
    public static let csvColumns = ["date", "habit", "group", "value", "unit", "measure", "state", "tags", "note", "file", "line"]

    /// The whole model as JSON (schema version 1).
    public func json() -> String {
        let w = JSONWriter()
        let journal = self.journal
        func name(_ id: Int?) -> String? { id.map { journal.habits[$0].name } }
        w.object {
            w.field("schema", "units-export")
            w.field("version", 1)
            w.key("files"); w.array { for tree in journal.files { w.value(tree.file.path) } }
            w.key("options"); w.object {
                w.field("weekStart", journal.options.weekStart.name.lowercased())
                w.field("dayStart", ClockTime.text(journal.options.dayStartMinutes))
                w.field("remindMorning", journal.options.morningReminder.map(ClockTime.text))
                w.field("remindEvening", journal.options.eveningReminder.map(ClockTime.text))
                w.key("lintDisabled"); w.array { for rule in journal.options.lintDisabled.sorted() { w.value(rule) } }
                w.key("formatVersion"); if let v = journal.options.formatVersion { w.value(v) } else { w.null() }
            }
            w.key("habits"); w.array {
                for habit in journal.habits { writeHabit(habit, to: w, name: name) }
            }
            w.key("entries"); w.array {
                for entry in journal.entries {
                    let (tree, _) = journal.line(entry.source)
                    w.object {
                        w.field("date", entry.date.description)
                        w.field("habit", journal.habits[Int(entry.habit)].name)
                        w.key("value")
                        switch entry.value {
                        case .units(let amount): w.value(amount)
                        case .state(let state): w.value(state.rawValue)
                        }
                        w.key("state")
                        if journal.habits[Int(entry.habit)].kind == .check { w.value(journal.checkState(of: entry).rawValue) } else { w.null() }
                        w.field("unitVersion", Int(entry.unitVersion))
                        w.key("task"); if entry.isFromTask { w.value(Int(entry.task)) } else { w.null() }
                        w.key("tags"); w.array { for tag in journal.tags(of: entry) { w.value(tag) } }
                        w.field("note", journal.note(of: entry))
                        w.field("file", tree.file.path)
                        w.field("line", Int(entry.source.line) + 1)
                    }
                }
            }
            w.key("tasks"); w.array {
                for task in journal.tasks {
                    w.object {
                        w.field("title", task.title)
                        w.field("estimate", task.estimate)
                        w.field("habit", task.habitName)
                        w.key("tags"); w.array { for tag in task.tags { w.value(tag) } }
                        w.field("opened", task.opened.description)
                        switch task.status {
                        case .open: w.field("status", "open"); w.key("closed"); w.null()
                        case .done(let d): w.field("status", "done"); w.field("closed", d.description)
                        case .dropped(let d): w.field("status", "dropped"); w.field("closed", d.description)
                        }
                    }
                }
            }
            w.key("seasons"); w.array {
                for season in journal.seasons {
                    w.object {
                        w.field("name", season.name)
                        w.field("first", season.days.first.description)
                        w.field("last", season.days.last.description)
                    }
                }
            }
        }
        return w.finish()
    }

    private func writeHabit(_ habit: Habit, to w: JSONWriter, name: (Int?) -> String?) {
        w.object {
            w.field("name", habit.name)
            w.field("isGroup", habit.isGroup)
            w.field("builtIn", habit.isBuiltIn)
            w.field("declared", habit.declared.description)
            w.field("title", habit.title)
            w.field("kind", habit.kind.rawValue)
            w.key("goal"); if let g = habit.goal { w.value(g) } else { w.null() }
            w.key("min"); if let m = habit.minimum { w.value(m) } else { w.null() }
            w.field("every", habit.every.description)
            w.field("priority", habit.priority.rawValue)
            w.field("type", habit.type.rawValue)
            w.field("color", habit.color)
            w.field("icon", habit.icon)
            w.field("note", habit.note)
            w.field("group", name(habit.group))
            w.field("remind", habit.reminder?.description)
            w.key("members"); w.array { for id in habit.members { w.value(name(id)) } }
            w.key("units"); w.array {
                for unit in habit.units {
                    w.object {
                        w.field("since", unit.since.description)
                        w.field("name", unit.name)
                        w.field("shorthand", unit.shorthand)
                        w.field("size", unit.size)
                        w.field("measure", unit.measure)
                    }
                }
            }
            w.key("floors"); w.array {
                for floor in habit.floors {
                    w.object { w.field("since", floor.since.description); w.field("perWeek", floor.unitsPerWeek) }
                }
            }
            w.key("archive"); w.array {
                for event in habit.archiveEvents {
                    w.object { w.field("date", event.date.description); w.field("archived", event.archived) }
                }
            }
            w.key("pauses"); w.array {
                for pause in habit.pauses {
                    w.object { w.field("first", pause.first.description); w.field("last", pause.last.description) }
                }
            }
        }
    }
}
