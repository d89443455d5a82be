/// One rule's findings in a capped lint run: for each file, only the first
/// `keep` by position are made; the others are counted, their messages never
/// built (suppressed ones dropped, as `Linter.lint` drops them).
struct LintKeep {
    /// Findings kept per file: the cap plus one (where `LintCap` places its notice).
    let keep: Int
    let suppressions: LintSuppressions
    /// Findings reported but not kept.
    private(set) var dropped = 0
    /// Per file, in order of each file's first finding.
    private var buckets: [Bucket] = []
    private var last = -1

    private struct Bucket {
        let file: ObjectIdentifier
        var findings: [Diagnostic] = []
        /// The largest start among `findings`.
        var maxStart = Int.min
    }

    init(keep: Int, suppressions: LintSuppressions) {
        self.keep = max(1, keep)
        self.suppressions = suppressions
    }

    /// Keeps or counts one finding; `message` is built only when it is kept.
    mutating func add(_ severity: Severity, rule: String, _ message: () -> String, at range: SourceRange) {
        if severity != .error, !suppressions.isEmpty, suppressions.silences(rule: rule, at: range) { return }
        let file = ObjectIdentifier(range.file)
        let b: Int
        if last >= 0, buckets[last].file == file { b = last } else if let known = buckets.firstIndex(where: { $0.file == file }) { b = known } else {
            b = buckets.count
            buckets.append(Bucket(file: file))
        }
        last = b
        // Full, and this one comes after every kept one: it is not among the first `keep`.
        if buckets[b].findings.count >= keep, range.start >= buckets[b].maxStart { dropped += 1; return }
        buckets[b].findings.append(Diagnostic(severity, rule: rule, message(), at: range))
        buckets[b].maxStart = max(buckets[b].maxStart, range.start)
        if buckets[b].findings.count >= 2 * keep { trim(b) }
    }

    /// Keeps a bucket's first `keep` findings by position (stably).
    private mutating func trim(_ b: Int) {
        let findings = buckets[b].findings
        let order = findings.indices.sorted { (findings[$0].range!.start, $0) < (findings[$1].range!.start, $1) }
        dropped += findings.count - keep
        var kept = order.prefix(keep).map { findings[$0] }
        kept.reserveCapacity(2 * keep)
        buckets[b].maxStart = kept.last!.range!.start
        buckets[b].findings = kept
    }

    /// The kept findings, file after file, appended to `target`.
    mutating func flush(into target: inout [Diagnostic]) {
        for b in buckets.indices {
            if buckets[b].findings.count > keep { trim(b) }
            var findings = buckets[b].findings
            buckets[b].findings = []
            Linter.move(&findings, into: &target)
        }
        buckets = []
        last = -1
    }
}
