/// The longest common subsequence of two line sequences, as matched index
/// pairs, by Myers' O((N+M)·D) algorithm after trimming the common prefix
/// and suffix, so that two versions of a large journal that differ in a few
/// lines cost little more than comparing them.
enum LineDiff {
    /// Pairs `(i, j)` with `a[i] == b[j]`, increasing in both.
    static func matches<T: Equatable>(_ a: [T], _ b: [T]) -> [(Int, Int)] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        var result = (0..<prefix).map { ($0, $0) }
        let middleA = Array(a[prefix..<(a.count - suffix)])
        let middleB = Array(b[prefix..<(b.count - suffix)])
        result += myers(middleA, middleB).map { ($0 + prefix, $1 + prefix) }
        result += (0..<suffix).map { (a.count - suffix + $0, b.count - suffix + $0) }
        return result
    }

    private static func myers<T: Equatable>(_ a: [T], _ b: [T]) -> [(Int, Int)] {
        let n = a.count, m = b.count
        if n == 0 || m == 0 { return [] }
        let max = n + m
        let offset = max
        var v = [Int](repeating: 0, count: 2 * max + 2)
        var trace: [[Int]] = []
        search: for d in 0...max {
            trace.append(v)
            for k in stride(from: -d, through: d, by: 2) {
                var x: Int
                if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
                    x = v[offset + k + 1]
                } else {
                    x = v[offset + k - 1] + 1
                }
                var y = x - k
                while x < n, y < m, a[x] == b[y] { x += 1; y += 1 }
                v[offset + k] = x
                if x >= n && y >= m { trace.append(v); break search }
            }
        }
        // Walk back through the trace, collecting the diagonal (matching) moves.
        var pairs: [(Int, Int)] = []
        var x = n, y = m
        for d in stride(from: trace.count - 2, through: 0, by: -1) {
            let v = trace[d]
            let k = x - y
            let previousK: Int
            if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) { previousK = k + 1 } else { previousK = k - 1 }
            let previousX = d == 0 ? 0 : v[offset + previousK]
            let previousY = previousX - previousK
            while x > previousX && y > previousY { x -= 1; y -= 1; pairs.append((x, y)) }
            if d > 0 { x = previousX; y = previousY }
        }
        return pairs.reversed()
    }
}
