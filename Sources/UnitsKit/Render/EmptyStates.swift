/// The minimal tracker's empty states, in its own words.
extension HistoryMatrix {
    public static let emptyState = "Your history will appear here once you start tracking habits."
}

extension InsightsReport {
    public static let emptyState = "Complete a few habits to see insights about your patterns."
}

extension ShareCard {
    /// A check habit's card when no day in its window was expected (a new
    /// habit, or one expected on a day still ahead): the receipt's words
    /// ("No check-ins were due last week."), not "Showed up 0 of 0 days".
    public static let noneDue = "No check-ins were due"
}
