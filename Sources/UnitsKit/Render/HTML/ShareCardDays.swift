/// A check habit's share card: "Showed up 23 of 28 days", its 30-day
/// consistency and its last four weeks as the history matrix's cells.
extension ShareCard {
    public static let cardDays = 28

    public func daysSVG(to output: ReportOutput) {
        let report = HabitReport(context, habit: habit.id)
        var selected = Array(repeating: false, count: context.journal.habits.count)
        selected[habit.id] = true
        let days = DayRange(first: context.today.adding(days: 1 - Self.cardDays), last: context.today)
        let matrix = HistoryMatrix(journal: context.journal, today: context.today, range: days, selected: selected)
        let cells: [HistoryMatrix.Cell] = matrix.ids.isEmpty ? [] : Array(matrix.cells[0]).reversed()
        let done = cells.filter { $0 == .done || $0 == .kinda }.count
        let expected = done + cells.filter { $0 == .missed }.count
        let color = HTMLPalette.hex(TerminalStyle.colorName(of: habit))
        let headline = expected == 0 ? Self.noneDue : "Showed up \(done) of \(ReportText.count(expected, "day"))"
        var second = "in the last \(Self.cardDays) days"
        if let tally = report.consistency, tally.expected > 0 {
            second += " · \(ReportText.percent(tally.share)) over 30 days"
        }
        let title = "\(habit.displayName): \(headline) \(second)."
        var out = head(title: title, headline: headline, second: second, color: color)
        for (k, cell) in cells.enumerated() {
            let x = HTMLText.number(28.0 + Double(k) * 19.5)
            let day = HTMLText.escape(days.first.adding(days: k).description)
            switch cell {
            case .done: out += "<rect x=\"\(x)\" y=\"250\" width=\"15\" height=\"30\" rx=\"2\" fill=\"\(color)\"><title>\(day): YES</title></rect>"
            case .kinda: out += "<rect x=\"\(x)\" y=\"250\" width=\"15\" height=\"30\" rx=\"2\" fill=\"\(color)\" fill-opacity=\".55\"><title>\(day): KINDA</title></rect>"
            case .missed: out += "<rect x=\"\(x)\" y=\"276\" width=\"15\" height=\"4\" rx=\"1\" fill=\"#c9c2b4\"><title>\(day): NO</title></rect>"
            default: break
            }
        }
        out += "<text x=\"572\" y=\"300\" text-anchor=\"end\" font-family=\"system-ui, sans-serif\" font-size=\"11\" fill=\"#5d6679\">units · \(context.today)</text>"
        output.write(out + "</svg>\n")
    }
}
