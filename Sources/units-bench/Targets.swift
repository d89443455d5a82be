/// A row's "must" in the speed budget (at 1M entries unless the row sets its size).
struct Must {
    var cpuSeconds: Double?
    var wallSeconds: Double?
    var peakMB: Int?

    /// `≤ 0.25 s / ≤ 64 MB`, as the issue writes it.
    var text: String {
        var parts: [String] = []
        if let cpuSeconds { parts.append("≤ \(Self.spelled(cpuSeconds))") }
        if let wallSeconds { parts.append("≤ \(Self.spelled(wallSeconds)) wall") }
        if let peakMB { parts.append("≤ \(peakMB) MB") }
        return parts.joined(separator: " / ")
    }

    /// `0.25 s`, `1 s`, `25 ms`: as the issue spells its targets.
    static func spelled(_ seconds: Double) -> String {
        if seconds < 0.1 { return "\(Format.fixed(seconds * 1000, 0)) ms" }
        let text = Format.fixed(seconds, 2)
        return (text.hasSuffix(".00") ? String(text.dropLast(3)) : text.hasSuffix("0") ? String(text.dropLast()) : text) + " s"
    }

    func passes(wall: Double, cpu: Double, peakBytes: Int) -> Bool {
        if let cpuSeconds, cpu > cpuSeconds { return false }
        if let wallSeconds, wall > wallSeconds { return false }
        if let peakMB, peakBytes > peakMB * 1_048_576 { return false }
        return true
    }

    /// lint, fmt --check, stats, today and export at 1M entries.
    static let wholeFile = Must(cpuSeconds: 0.25, peakMB: 64)
    /// merge of two 1M-entry sides.
    static let merge = Must(cpuSeconds: 0.5, peakMB: 128)
    /// merge after one side renamed a habit with 10,000 entries.
    static let mergeAfterRename = Must(cpuSeconds: 0.5, peakMB: 32)
    /// import of a 100k-line export.
    static let importExport = Must(cpuSeconds: 0.5)
    /// units-lint on a journal with 400k warnings.
    static let manyWarnings = Must(cpuSeconds: 1.0)
    /// A backfill into the middle of a 100k-line journal.
    static let backfill = Must(cpuSeconds: 0.1)
    /// units serve: a tap written and confirmed on a 100k-line journal (median).
    static let serveTap = Must(wallSeconds: 0.05)
    /// units today on ten years (73k entries), wall, start-up included.
    static let todayTenYears = Must(wallSeconds: 0.025)

    /// The size at which the per-size rows' musts are set.
    static let size = 1_000_000
}
