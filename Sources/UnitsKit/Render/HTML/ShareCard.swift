/// `units card HABIT`: an SVG card of a habit's effort ("8,214 reading units",
/// "Avg 17 units/day in 2025", its last four weeks as a wall), as the Units spec's.
public struct ShareCard {
    public var context: ReportContext
    public var habit: Habit

    public init(_ context: ReportContext, habit: Habit) {
        self.context = context
        self.habit = habit
    }

    /// Units this calendar year (through today) and the days that average is over
    /// (from January 1st or the declaration, whichever is later).
    var yearFigures: (units: Amount, days: Int, year: Int) {
        let today = context.today
        let first = max(CivilDate(year: today.year, month: 1, day: 1) ?? today, habit.declared)
        let days = max(1, first.days(to: today) + 1)
        let grid = DayGrid(journal: context.journal, days: DayRange(first: min(first, today), last: today),
                           period: context.period, filter: context.filter)
        return (grid.units(habit.id, in: DayRange(first: min(first, today), last: today)), days, today.year)
    }

    public func svg(to output: ReportOutput) {
        let report = HabitReport(context, habit: habit.id)
        let year = yearFigures
        let color = HTMLPalette.hex(TerminalStyle.colorName(of: habit))
        // In units, as the Units spec's cards say it ("8,214 reading units"):
        // a lifetime may span unit changes, and units are what add up.
        let lifetime = "\(Self.grouped(report.lifetime)) \(habit.displayName) \(ReportText.plural("unit", report.lifetime))"
        let average = "Avg \(ReportText.number(year.units.divided(by: year.days))) units/day in \(year.year)"
        let title = "\(habit.displayName): \(lifetime). \(average)."
        var out = head(title: title, headline: lifetime, second: average, color: color)
        // The last 28 days as a small wall along the bottom.
        let days = DayRange(first: max(context.today.adding(days: -27), habit.declared), last: context.today)
        let wall = Wall(journal: context.journal, habits: [habit.id], days: days)
        let heights = (0..<wall.grid.dayCount).map { Wall.total(wall.column($0).blocks) }
        let tallest = max(1, heights.max() ?? 1)
        let scale = min(8.0, 110.0 / Double(tallest))
        for (k, h) in heights.enumerated() where h > 0 {
            let x = 28.0 + Double(k) * 19.5, height = Double(h) * scale
            out += "<rect x=\"\(HTMLText.number(x))\" y=\"\(HTMLText.number(285 - height))\" width=\"15\" height=\"\(HTMLText.number(height))\" rx=\"2\" fill=\"\(color)\"/>"
        }
        out += "<text x=\"572\" y=\"300\" text-anchor=\"end\" font-family=\"system-ui, sans-serif\" font-size=\"11\" fill=\"#5d6679\">units · \(context.today)</text>"
        output.write(out + "</svg>\n")
    }

    /// The card's frame: its title, the habit's swatch and name, a headline
    /// and a second line (a count habit's and a check habit's cards alike).
    func head(title: String, headline: String, second: String, color: String) -> String {
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" viewBox=\"0 0 600 315\" width=\"600\" height=\"315\">"
        out += "<title>\(HTMLText.escape(title))</title>"
        out += "<rect width=\"600\" height=\"315\" rx=\"18\" fill=\"#f7f3ea\"/>"
        out += "<rect x=\"28\" y=\"30\" width=\"14\" height=\"14\" rx=\"3\" fill=\"\(color)\"/>"
        out += "<text x=\"52\" y=\"43\" font-family=\"system-ui, sans-serif\" font-size=\"18\" fill=\"#5d6679\">\(HTMLText.escape(habit.displayName))</text>"
        out += "<text x=\"28\" y=\"110\" font-family=\"system-ui, sans-serif\" font-size=\"44\" font-weight=\"700\" fill=\"#1f2a44\">\(HTMLText.escape(headline))</text>"
        out += "<text x=\"28\" y=\"148\" font-family=\"system-ui, sans-serif\" font-size=\"20\" fill=\"#1f2a44\">\(HTMLText.escape(second))</text>"
        return out
    }

    /// `8,214` and `1,234.5`: thousands grouped, at most one decimal place.
    public static func grouped(_ amount: Amount) -> String {
        let text = ReportText.number(amount)
        let sign = text.hasPrefix("-") ? "-" : ""
        let whole = text.dropFirst(sign.count).prefix { $0 != "." }
        var out = sign
        for (k, digit) in whole.enumerated() {
            if k > 0, (whole.count - k) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return out + text.drop { $0 != "." }
    }
}
