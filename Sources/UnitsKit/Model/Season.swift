/// A labelled, inclusive date range that reports can be filtered to.
public struct Season: Hashable, Sendable {
    public var name: String
    public var days: DayRange
    public var location: SourceRange?
}
