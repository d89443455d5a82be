/// The minimal tracker's empty states, in its own words.
extension HistoryMatrix {
    public static let emptyState = "Your history will appear here once you start tracking habits."
}

extension InsightsReport {
    public static let emptyState = "Complete a few habits to see insights about your patterns."
}
