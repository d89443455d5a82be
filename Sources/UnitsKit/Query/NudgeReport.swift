/// `units nudge`: at most one calm reminder, in the words of the Units
/// spec's templates: the soft floor of the count habit closest to its
/// floor, else "Drop 1 unit into today’s pile?" (in a check-in journal, the
/// habits left today). With nothing worth saying there is none (exit 1).
public struct NudgeReport: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case floor, daily
    }

    public struct Nudge: Sendable, Equatable {
        public var kind: Kind
        public var text: String
        /// The habit a floor nudge is about.
        public var habit: String?
        /// How far below the week's (scaled) floor it is, in its unit,
        /// rounded half to even to 2 places.
        public var remaining: Amount?
        public var unit: String?
    }

    public var today: CivilDate
    public var nudge: Nudge?

    /// The nudge for `context`, considering only `kinds` (both by default;
    /// the floor nudge comes first, being the more specific).
    public init(_ context: ReportContext, kinds: [Kind] = Kind.allCases) {
        today = context.today
        let report = TodayReport(context)
        for kind in Kind.allCases where kinds.contains(kind) {
            switch kind {
            case .floor:
                // The first of the smallest gaps, exact (10 × 5/7 is a fraction), rounded only to be printed.
                var closest: (row: TodayReport.CountRow, gap: Fraction)?
                for row in report.counts {
                    guard let pace = row.pace, pace.isUnderPace else { continue }
                    let gap = pace.scaledFloor - pace.units.fraction
                    if closest.map({ gap < $0.gap }) ?? true { closest = (row, gap) }
                }
                if let closest {
                    let habit = closest.row.habit
                    let unit = habit.unit(on: context.today).name   // a change dated later is not yet in force
                    let remaining = closest.gap.rounded(toPlaces: 2)
                    nudge = Nudge(kind: .floor, text: NudgeReport.floorText(gap: closest.gap, unit: unit, habit: habit.name),
                                  habit: habit.name, remaining: remaining, unit: unit)
                }
            case .daily:
                if !report.countsUnits {
                    // A check-in journal: what is left to answer today, whatever was answered already.
                    let left = report.unanswered
                    if !left.isEmpty {
                        let names = left.map(\.habit.displayName).joined(separator: ", ")
                        nudge = Nudge(kind: .daily, text: "\(ReportText.count(left.count, "habit")) left today: \(names).")
                    }
                } else if NudgeReport.nothingLoggedToday(report) {
                    nudge = Nudge(kind: .daily, text: NudgeReport.dropText())
                }
            }
            if nudge != nil { return }
        }
    }

    /// The Units spec's soft-floor template: "You’re 3 pages from your
    /// Reading soft floor." (the gap exact, rounded only here).
    public static func floorText(gap: Fraction, unit: String, habit: String) -> String {
        "You’re \(ReportText.count(gap.rounded(toPlaces: 1), unit)) from your \(habit) soft floor."
    }

    /// The Units spec's daily template, "Drop 1 unit into today’s pile?",
    /// or with a habit's own unit ("Drop 1 page into today’s pile?").
    public static func dropText(unit: String = "unit") -> String { "Drop 1 \(unit) into today’s pile?" }

    /// What the daily nudge waits for: some habit is active and nothing at
    /// all is logged today.
    public static func nothingLoggedToday(_ report: TodayReport) -> Bool {
        report.hasActiveHabits && report.totalUnits == .zero && !report.checks.contains(where: { $0.state != nil })
    }

    /// The line to print, or the empty string.
    public var text: String { nudge.map { $0.text + "\n" } ?? "" }

    /// Schema in Grammar/reports.md (`nudge`).
    public func json(to output: ReportOutput) {
        JSONWriter.report("nudge", to: output) { w in
            w.field("today", today.description)
            w.field("nudge", nudge) { nudge in
                w.object {
                    w.field("kind", nudge.kind.rawValue)
                    w.field("text", nudge.text)
                    w.field("habit", nudge.habit)
                    w.field("remaining", nudge.remaining)
                    w.field("unit", nudge.unit)
                }
            }
        }
    }
}
