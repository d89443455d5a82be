/// "Did you mean" suggestions, by edit distance over Unicode scalars (a swap
/// of neighbours is one edit: `stast` for `stats`).
public enum Suggestion {
    /// The candidate closest to `word` within a third of its length (1 to 3
    /// edits), or equal ignoring case.
    public static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        let target = Array(word.lowercased().unicodeScalars)
        let limit = min(3, max(1, target.count / 3))
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let d = distance(target, Array(candidate.lowercased().unicodeScalars), limit: limit)
            if d <= limit, best == nil || d < best!.distance { best = (candidate, d) }
        }
        return best?.name
    }

    /// For words a user types from memory (command names): a candidate the
    /// word begins (`hist` for `history`) when only one does, else the
    /// closest by edit distance.
    public static func closestCommand(to word: String, in candidates: [String]) -> String? {
        let lower = word.lowercased()
        if lower.unicodeScalars.count >= 2 {
            let starting = candidates.filter { $0.lowercased().hasPrefix(lower) }
            if starting.count == 1 { return starting[0] }
        }
        return closest(to: word, in: candidates)
    }

    /// Edit distance, giving up (returning `limit + 1`) once it must exceed `limit`.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        // Optimal string alignment: three rows, the oldest for swaps.
        var older = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMin = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], older[j - 2] + 1)
                }
                rowMin = min(rowMin, current[j])
            }
            if rowMin > limit { return limit + 1 }
            (older, previous, current) = (previous, current, older)
        }
        return previous[b.count]
    }
}
