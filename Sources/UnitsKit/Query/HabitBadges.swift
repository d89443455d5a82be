/// The small words a habit's screen and the habits list show beside its
/// name: "must do · 3/week" for check habits and groups, "lap = 0.25 miles ·
/// floor 5/week" for count habits.
extension Habit {
    public func badges(on today: CivilDate) -> [String] {
        var out: [String] = []
        if isGroup { out.append("group") }
        if kind == .check || isGroup {
            out.append(priority == .must ? "must do" : "nice to do")
            // An option of a group without `every:` of its own has no duty of its own.
            if group == nil || hasOwnSchedule { out.append(every.badge) }
            if type == .quit { out.append("quit") }
            return out
        }
        if priority == .must { out.append("must do") }
        let version = unit(on: today)
        let plain = version.size == .one && (version.measure ?? version.name) == version.name
        out.append(plain ? version.name : "\(version.name) = \(version.sizeDescription)")
        let weekly = floor(on: today)
        if weekly > .zero { out.append("floor \(weekly)/week") }
        return out
    }
}

extension Frequency {
    /// "every day", "3/week", "1/month", "mon wed fri".
    public var badge: String {
        if case .daily = self { return "every day" }
        return description
    }
}
