// Task lines: open, done, dropped and pinned, matched by title.

extension JournalBuilder {
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
            reportNoOpenTask(tree, t, verb: done ? "done" : "drop")
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
}

extension JournalBuilder {
    /// `pin` puts the newest open task of the title on the line's day;
    /// `unpin` takes it off. Both need an open task, as `done` does.
    mutating func pinTask(_ tree: SyntaxTree, _ t: [Token], pin: Bool) {
        let title = tree.stringValue(t[2])
        guard let index = openTasks[title] else {
            reportNoOpenTask(tree, t, verb: pin ? "pin" : "unpin")
            return
        }
        let when = date(tree, t[0])
        let pinned = journal.tasks[index].pins.firstIndex { $0.date == when }
        if pin {
            // A second pin of the same day says nothing new.
            if pinned == nil {
                journal.tasks[index].pins.append(TaskPin(date: when, location: tree.range(t[2]), order: pinsRead))
                pinsRead += 1
            }
        } else if let pinned {
            journal.tasks[index].pins.remove(at: pinned)
        } else {
            report(.error, Rule.unknownTask, "task \"\(title)\" is not pinned on \(when); `unpin` needs a pin of that day", tree.range(t[2]))
        }
    }

    /// `done`, `drop`, `pin` or `unpin` of a title with no open task.
    mutating func reportNoOpenTask(_ tree: SyntaxTree, _ t: [Token], verb: String) {
        let title = tree.stringValue(t[2])
        let closedBefore = journal.tasks.contains { $0.title == title }
        // Sorted: among equally close titles the same one every run
        // (a dictionary's order changes from process to process).
        let message = closedBefore
            ? "task \"\(title)\" is already closed; `\(verb)` needs an open task"
            : "no open task \"\(title)\"" + (Suggestion.closest(to: title, in: openTasks.keys.sorted()).map { "; did you mean \"\($0)\"?" } ?? "")
        report(.error, Rule.unknownTask, message, tree.range(t[2]))
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
