/// How serious a finding is. Errors fail `units-lint`; warnings fail it only
/// with `--strict`; info never does.
public enum Severity: String, Sendable, Comparable, CaseIterable {
    case info, warning, error

    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
    private var rank: Int { switch self { case .info: 0; case .warning: 1; case .error: 2 } }
}

/// A suggested edit that would fix a finding: replace `range` with `replacement`.
public struct FixIt: Hashable, Sendable {
    public var message: String
    public var range: SourceRange
    public var replacement: String

    public init(message: String, range: SourceRange, replacement: String) {
        self.message = message
        self.range = range
        self.replacement = replacement
    }
}

/// One finding about a journal, from the parser, the model or a lint rule.
/// Every tool reports problems with this one type.
public struct Diagnostic: Hashable, Sendable {
    public var severity: Severity
    /// A stable, kebab-case id (`syntax`, `undeclared-habit`, ...) that
    /// `--select`, `--ignore` and `option lint-disable` refer to.
    public var rule: String
    public var message: String
    /// Where it is; `nil` for problems with no place in a file (a file that
    /// cannot be read is reported against its path instead).
    public var range: SourceRange?
    /// The path a range-less diagnostic is about.
    public var path: String?
    public var fixIt: FixIt?

    public init(_ severity: Severity, rule: String, _ message: String, at range: SourceRange?,
                fixIt: FixIt? = nil) {
        self.severity = severity
        self.rule = rule
        self.message = message
        self.range = range
        self.path = range?.file.path
        self.fixIt = fixIt
    }

    /// A diagnostic about a whole file that could not be read.
    public init(_ severity: Severity, rule: String, _ message: String, path: String) {
        self.severity = severity
        self.rule = rule
        self.message = message
        self.range = nil
        self.path = path
        self.fixIt = nil
    }
}

extension Array where Element == Diagnostic {
    public var hasErrors: Bool { contains { $0.severity == .error } }

    /// Sorted by file (in order of first appearance), then position, stably.
    public func sortedByPosition() -> [Diagnostic] {
        var fileOrder: [String: Int] = [:]
        for d in self where fileOrder[d.path ?? ""] == nil { fileOrder[d.path ?? ""] = fileOrder.count }
        return enumerated().sorted { a, b in
            let fa = fileOrder[a.element.path ?? ""]!, fb = fileOrder[b.element.path ?? ""]!
            if fa != fb { return fa < fb }
            let sa = a.element.range?.start ?? -1, sb = b.element.range?.start ?? -1
            if sa != sb { return sa < sb }
            return a.offset < b.offset
        }.map(\.element)
    }
}
