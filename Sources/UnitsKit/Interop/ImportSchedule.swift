/// A tracker's "T times in I days" as an `every:` value, as Grammar/export.md
/// ("What each import writes") maps it; `exact: false` when it only
/// approximates (the importer keeps the tracker's words in a note).
enum ImportSchedule {
    static func every(times: Int, days: Int) -> (value: String?, exact: Bool) {
        guard times > 0, days > 1, times < days else { return (nil, true) }
        if days % 7 == 0, (7 * times) % days == 0 {
            let perWeek = 7 * times / days
            return (perWeek >= 7 ? nil : "\(perWeek)/week", true)
        }
        if days == 30 || days == 31 { return ("\(times)/month", true) }
        let perWeek = (14 * times + days) / (2 * days)          // 7T/I rounded half up
        if 7 * times >= days {
            return (perWeek >= 7 ? nil : "\(max(perWeek, 1))/week", false)
        }
        let perMonth = max(1, (60 * times + days) / (2 * days))  // 30T/I rounded half up
        return ("\(min(perMonth, 31))/month", false)
    }

    /// A whole weekly floor for "at least V in I days" (Loop's numerical
    /// target): 7·V/I rounded (half to even), at least 1 when V > 0; nil for none.
    static func weeklyFloor(_ value: Amount, days: Int) -> (value: String?, exact: Bool) {
        guard value > .zero, days > 0 else { return (nil, true) }
        let weekly = value * Amount(7)
        let whole = max(Amount.one, weekly.divided(by: days).rounded(toPlaces: 0))
        return (whole.description, whole * Amount(days) == weekly)
    }
}
