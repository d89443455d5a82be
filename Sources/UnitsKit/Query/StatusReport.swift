/// `units status`: one short line for a shell prompt or a status bar:
/// `12u · 3/5 must · Reading under pace`. Parts with nothing to say are
/// left out (no must-dos, nothing under pace).
public struct StatusReport: Sendable {
    public var totalUnits: Amount
    public var mustDos: (done: Int, due: Int)
    public var underPace: [Habit]

    public init(_ context: ReportContext) {
        let report = TodayReport(context)
        totalUnits = report.totalUnits
        mustDos = report.mustDos
        underPace = report.counts.filter(\.isUnderPace).map(\.habit)
    }

    public var line: String {
        var parts = ["\(totalUnits)u"]
        if mustDos.due > 0 { parts.append("\(mustDos.done)/\(mustDos.due) must") }
        if let first = underPace.first {
            parts.append(underPace.count == 1 ? "\(first.name) under pace" : "\(first.name) +\(underPace.count - 1) under pace")
        }
        return parts.joined(separator: " · ")
    }
}
