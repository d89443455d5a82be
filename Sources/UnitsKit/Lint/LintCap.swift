/// Repeated findings, capped: the first 100 of each rule, then how many
/// more there are (`--all` shows every one; exit status and JSON count all).
public struct LintCap: Sendable {
    /// How many findings of one rule are shown by default.
    public static let perRule = 100

    /// The findings shown, in their order.
    public var shown: [Diagnostic]
    /// Findings left out, per rule, in the order the rules first appear.
    public var omitted: [(rule: String, count: Int)]

    /// Keeps the first `limit` findings of each rule (nil: keep all);
    /// `notMade` counts, by rule, findings a capped run did not make.
    public init(_ diagnostics: [Diagnostic], notMade: [String: Int] = [:], limit: Int? = LintCap.perRule) {
        guard let limit else { shown = diagnostics; omitted = []; return }
        var seen: [String: Int] = [:], order: [String] = []
        shown = diagnostics.filter { d in
            let n = seen[d.rule, default: 0]
            if n == limit { order.append(d.rule) }
            seen[d.rule] = n + 1
            return n < limit
        }
        omitted = order.map { ($0, seen[$0]! - limit + (notMade[$0] ?? 0)) }
    }

    /// The lines that say what was left out (empty when nothing was).
    public var notice: String {
        omitted.map { rule, count in
            "units-lint: \(count) more [\(rule)] finding\(count == 1 ? "" : "s") not shown (first \(LintCap.perRule) above; --all shows every one)\n"
        }.joined()
    }
}

/// A lint run's findings, and how many of each rule a capped run did not make.
public struct LintFindings: Sendable {
    /// Sorted by file and position.
    public var findings: [Diagnostic]
    /// By rule id: findings counted but not made (past the kept ones).
    public var notMade: [String: Int]

    public init(findings: [Diagnostic], notMade: [String: Int] = [:]) {
        self.findings = findings
        self.notMade = notMade
    }

    /// How many findings of a severity there are, made or not.
    public func count(_ severity: Severity) -> Int {
        findings.reduce(0) { $0 + ($1.severity == severity ? 1 : 0) }
            + notMade.reduce(0) { $0 + (Linter.rule($1.key)?.severity == severity ? $1.value : 0) }
    }

    /// Adds another journal's findings after these.
    public mutating func append(_ other: LintFindings) {
        if findings.isEmpty { findings = other.findings } else { findings.append(contentsOf: other.findings) }
        notMade.merge(other.notMade, uniquingKeysWith: +)
    }
}
