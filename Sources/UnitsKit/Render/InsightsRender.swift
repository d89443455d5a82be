extension InsightsReport {
    /// "in the last 30 days" or "from Dec 1, 2025 to Dec 14, 2025".
    public func windowPhrase(today: CivilDate) -> String {
        if window.last == today { return "in the last \(ReportText.count(window.dayCount, "day"))" }
        return "from \(ReportText.date(window.first)) to \(ReportText.date(window.last))"
    }

    /// The overall sentence, or nil when nothing was expected.
    public func overallSentence(today: CivilDate) -> String? {
        guard overall.expected > 0 else { return nil }
        return "You completed \(ReportText.percent(overall.share)) of your habits \(windowPhrase(today: today)). "
            + "That's \(overall.done) out of \(overall.expected) total habit instances."
    }

    /// The minimal spec's words: 'Your most consistent habit is "Morning
    /// run" at 87% completion over 30 days.'
    public var mostConsistentSentence: String? {
        guard let m = mostConsistent else { return nil }
        return "Your most consistent habit is \"\(m.habit.displayName)\" at \(ReportText.percent(m.tally.share)) completion "
            + "over \(ReportText.count(window.dayCount, "day"))."
    }

    /// '"Meditation" has been completed 3 times in the last 30 days (10%).'
    public func roomForGrowthSentence(today: CivilDate) -> String? {
        guard let r = roomForGrowth else { return nil }
        return "\"\(r.habit.displayName)\" has been completed \(ReportText.count(r.tally.done, "time")) "
            + "\(windowPhrase(today: today)) (\(ReportText.percent(r.tally.share)))."
    }

    /// A group's options, counted when done: "Options, counted when done: Run 3 days (Move)."
    public func optionsSentence(today: CivilDate) -> String? {
        guard !options.isEmpty else { return nil }
        let parts = options.map { l in
            "\(l.habit.displayName) \(ReportText.count(l.doneDays, "day")) (\(l.group.displayName))"
        }
        return "Options, counted when done, never missed: " + parts.joined(separator: ", ") + "."
    }

    /// "You were most consistent on Tuesdays (85%) and least on Sundays (42%)."
    public var weekdaySentence: String? {
        let rated = weekdays.filter { $0.tally.expected > 0 }
        guard rated.count >= 2 else { return nil }
        // Exact shares; ties to the earlier weekday (definitions.md D4).
        let best = rated.max { ($0.tally.exactRatio, -$0.weekday.rawValue) < ($1.tally.exactRatio, -$1.weekday.rawValue) }!
        let worst = rated.min { ($0.tally.exactRatio, $0.weekday.rawValue) < ($1.tally.exactRatio, $1.weekday.rawValue) }!
        guard best.tally.exactRatio > worst.tally.exactRatio else { return "You were equally consistent on every day of the week." }
        return "You were most consistent on \(best.weekday.name)s (\(ReportText.percent(best.tally.share))) "
            + "and least on \(worst.weekday.name)s (\(ReportText.percent(worst.tally.share)))."
    }

    /// Count habits: the weekday with the most and the fewest units per day.
    public var weekdayUnitsSentence: String? {
        let rated = weekdays.filter { $0.days > 0 }
        guard !countHabits.isEmpty, rated.count >= 2 else { return nil }
        func avg(_ l: WeekdayLine) -> Fraction { Fraction(l.units, over: l.days) }
        let best = rated.max { (avg($0), -$0.weekday.rawValue) < (avg($1), -$1.weekday.rawValue) }!
        let worst = rated.min { (avg($0), $0.weekday.rawValue) < (avg($1), $1.weekday.rawValue) }!
        guard avg(best) > avg(worst) else { return nil }
        return "Most units on \(best.weekday.name)s (\(ReportText.number(avg(best))) a day) "
            + "and fewest on \(worst.weekday.name)s (\(ReportText.number(avg(worst))) a day)."
    }

    /// The insights as terminal text, written in pieces.
    public func text(today: CivilDate, style: TerminalStyle = .plain, to output: ReportOutput) {
        let days = ReportText.count(window.dayCount, "day")
        var out = style.bold("Insights") + "  " + style.dim("\(ReportText.range(window)) (\(days))") + "\n"
        if let s = overallSentence(today: today) {
            out += s + "\n\n"
            output.write(out)
            let habits = self.habits
            ReportText.writeTable(count: habits.count, right: [2], to: output) { k in
                let l = habits[k]
                return [l.habit.displayName, ReportText.bar(l.tally.ratio), ReportText.percent(l.tally.share), "\(l.tally.done) of \(l.tally.expected)"]
            }
            out = habits.isEmpty ? "\n\n" : "\n"   // (an empty table was one empty line)
            if let s = optionsSentence(today: today) { out += s + "\n\n" }
            if let s = mostConsistentSentence { out += s + "\n" }
            if let s = roomForGrowthSentence(today: today) { out += s + "\n" }
            if let s = weekdaySentence { out += s + "\n" }
        } else if let s = optionsSentence(today: today) {
            out += s + "\n"
        }
        if !countHabits.isEmpty {
            if overall.expected > 0 { out += "\n" }
            out += "Days with units \(windowPhrase(today: today)):\n"
            output.write(out)
            out = ""
            let countHabits = self.countHabits
            ReportText.writeTable(count: countHabits.count, right: [3], to: output) { k in
                let l = countHabits[k]
                let ratio = l.days == 0 ? nil : Double(l.activeDays) / Double(l.days)
                return [l.habit.displayName, ReportText.bar(ratio), "\(l.activeDays) of \(l.days) days",
                        ReportText.count(l.units, l.habit.unit(on: today).name)]
            }
            if let s = weekdayUnitsSentence { out += s + "\n" }
        }
        if overall.expected == 0 && countHabits.isEmpty { out += Self.emptyState + "\n" }
        output.write(out)
    }

    /// The insights as JSON, written as it is made.
    public func json(today: CivilDate, to output: ReportOutput) {
        JSONWriter.report("insights", to: output) { w in
            w.field("from", window.first.description)
            w.field("through", window.last.description)
            w.field("overall", overall)
            w.objects("habits", habits) { l in
                w.field("name", l.habit.name)
                w.field("kind", l.habit.isGroup ? "group" : "check")
                w.field("consistency", l.tally)
            }
            w.field("mostConsistent", mostConsistent?.habit.name)
            w.field("roomForGrowth", roomForGrowth?.habit.name)
            w.objects("weekdays", weekdays) { l in
                w.field("weekday", l.weekday.name)
                w.field("consistency", l.tally)
                w.field("units", l.units)
                w.field("days", l.days)
            }
            w.objects("options", options) { l in
                w.field("name", l.habit.name)
                w.field("group", l.group.name)
                w.field("doneDays", l.doneDays)
            }
            w.objects("countHabits", countHabits) { l in
                w.field("name", l.habit.name)
                w.field("activeDays", l.activeDays)
                w.field("days", l.days)
                w.field("units", l.units)
            }
        }
    }

    /// The CSV written in pieces, a row at a time.
    public func csv(to output: ReportOutput) {
        var c = CSVWriter(output: output)
        c.row(["habit", "kind", "done", "expected", "percent"])
        for l in habits {
            c.row([l.habit.name, l.habit.isGroup ? "group" : "check", String(l.tally.done), String(l.tally.expected),
                   l.tally.share.map { String(ReportText.wholePercent($0)) } ?? ""])
        }
        for l in countHabits {
            c.row([l.habit.name, "count", String(l.activeDays), String(l.days),
                   l.days == 0 ? "" : String(ReportText.wholePercent(Fraction(Int128(l.activeDays), Int128(l.days))))])
        }
        c.close()
    }
}
