/// The one line diff (merge driver, language server, `units-fmt --diff`): a
/// longest common subsequence as matched index pairs, in linear memory. The
/// common prefix and suffix are matched first, lines the other side lacks
/// set aside, and the rest goes to Myers' linear-space middle snake (1986,
/// 4b). A box costlier than `costLimit` edit steps is split where the forward
/// search got furthest, as GNU diff does: still a common subsequence, in bounded time.
enum LineDiff {
    static let costLimit = 4096

    /// Pairs `(i, j)` with `a[i] == b[j]`, increasing in both.
    static func matches<T: Hashable>(_ a: [T], _ b: [T], costLimit: Int = costLimit) -> [(Int, Int)] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        var result: [(Int, Int)] = []
        result.reserveCapacity(prefix + suffix)
        for i in 0..<prefix { result.append((i, i)) }
        let a1 = a.count - suffix, b1 = b.count - suffix
        if prefix < a1, prefix < b1 {
            // Number the lines by content; keep only lines the other side has.
            var ids: [T: Int32] = [:]
            ids.reserveCapacity(min(a1 - prefix, 1 << 20))
            // inB[id]: whether a line of `a` with that content is also in `b`.
            var inB: [Bool] = []
            var idsA: [Int32] = [], idsB: [Int32] = []
            idsA.reserveCapacity(a1 - prefix)
            idsB.reserveCapacity(b1 - prefix)
            for i in prefix..<a1 {
                let id: Int32
                if let known = ids[a[i]] { id = known } else {
                    id = Int32(inB.count); ids[a[i]] = id; inB.append(false)
                }
                idsA.append(id)
            }
            for j in prefix..<b1 {
                if let id = ids[b[j]] { idsB.append(id); inB[Int(id)] = true } else { idsB.append(-1) }
            }
            ids = [:]
            var keptA: [Int32] = [], keptB: [Int32] = []
            var indexA: [Int] = [], indexB: [Int] = []
            for (offset, id) in idsA.enumerated() where inB[Int(id)] { keptA.append(id); indexA.append(prefix + offset) }
            idsA = []
            for (offset, id) in idsB.enumerated() where id >= 0 { keptB.append(id); indexB.append(prefix + offset) }
            idsB = []
            for (x, y) in myers(keptA, keptB, costLimit: costLimit) { result.append((indexA[x], indexB[y])) }
        }
        for k in 0..<suffix { result.append((a1 + k, b1 + k)) }
        return result
    }

    /// Myers' diff in linear space on numbered lines: the matched pairs,
    /// increasing in both.
    static func myers(_ a: [Int32], _ b: [Int32], costLimit: Int = costLimit) -> [(Int, Int)] {
        if a.isEmpty || b.isEmpty { return [] }
        var pairs: [(Int, Int)] = []
        let size = (a.count + b.count + 1) / 2 + 1
        var forward = [Int](repeating: 0, count: 2 * size + 3)
        var backward = [Int](repeating: 0, count: 2 * size + 3)
        // Boxes still to diff (left, top, right, bottom), on a stack rather than the call stack.
        var boxes: [(Int, Int, Int, Int)] = [(0, 0, a.count, b.count)]
        while var (left, top, right, bottom) = boxes.popLast() {
            while left < right, top < bottom, a[left] == b[top] { pairs.append((left, top)); left += 1; top += 1 }
            while left < right, top < bottom, a[right - 1] == b[bottom - 1] { right -= 1; bottom -= 1; pairs.append((right, bottom)) }
            if left == right || top == bottom { continue }
            let split = middleSnake(a, b, left, top, right, bottom, &forward, &backward, costLimit: costLimit)
            for step in 0..<split.diagonal { pairs.append((split.start.0 + step, split.start.1 + step)) }
            boxes.append((left, top, split.head.0, split.head.1))
            boxes.append((split.tail.0, split.tail.1, right, bottom))
        }
        pairs.sort { $0.0 < $1.0 }
        return pairs
    }

    /// Where a box splits: the head box ends at `head`, the tail box starts
    /// at `tail`, and between them `diagonal` matched lines from `start`.
    struct Split {
        var head: (Int, Int)
        var start: (Int, Int)
        var diagonal: Int
        var tail: (Int, Int)
    }

    /// The middle snake of a box whose first and last lines differ (after
    /// the trim above): forward and backward searches meet on it.
    static func middleSnake(_ a: [Int32], _ b: [Int32], _ left: Int, _ top: Int, _ right: Int, _ bottom: Int,
                            _ vf: inout [Int], _ vb: inout [Int], costLimit: Int) -> Split {
        let width = right - left, height = bottom - top
        let delta = width - height
        let odd = delta & 1 != 0
        let most = (width + height + 1) / 2
        // vf[o + k]: the furthest x on diagonal k from the top left; vb[o + c]
        // the furthest-back y on diagonal c from the bottom right.
        let o = most + 1
        vf[o + 1] = left
        vb[o + 1] = bottom
        for d in 0...most {
            for k in stride(from: d, through: -d, by: -2) {
                var x: Int, px: Int
                if k == -d || (k != d && vf[o + k - 1] < vf[o + k + 1]) {
                    x = vf[o + k + 1]; px = x
                } else {
                    px = vf[o + k - 1]; x = px + 1
                }
                var y = top + (x - left) - k
                let py = (d == 0 || x != px) ? y : y - 1
                let sx = x
                while x < right, y < bottom, a[x] == b[y] { x += 1; y += 1 }
                vf[o + k] = x
                let c = k - delta
                if odd, c >= -(d - 1), c <= d - 1, y >= vb[o + c] {
                    return Split(head: (px, py), start: (sx, sx - left + top - k), diagonal: x - sx, tail: (x, y))
                }
            }
            for c in stride(from: d, through: -d, by: -2) {
                var y: Int, py: Int
                if c == -d || (c != d && vb[o + c - 1] > vb[o + c + 1]) {
                    y = vb[o + c + 1]; py = y
                } else {
                    py = vb[o + c - 1]; y = py - 1
                }
                let k = c + delta
                var x = left + (y - top) + k
                let px = (d == 0 || y != py) ? x : x + 1
                let ey = y
                while x > left, y > top, a[x - 1] == b[y - 1] { x -= 1; y -= 1 }
                vb[o + c] = y
                if !odd, k >= -d, k <= d, x <= vf[o + k] {
                    return Split(head: (x, y), start: (x, y), diagonal: ey - y, tail: (px, py))
                }
            }
            if d >= costLimit {
                // Too expensive: split where the forward search got furthest.
                var best = (left, top), reach = -1
                for k in stride(from: d, through: -d, by: -2) {
                    let x = min(vf[o + k], right), y = min(max(x - left - k + top, top), bottom)
                    if x - left + y - top > reach, x > left || y > top, x < right || y < bottom { reach = x - left + y - top; best = (x, y) }
                }
                if reach >= 0 { return Split(head: best, start: best, diagonal: 0, tail: best) }
                break
            }
        }
        // Only the heuristic, finding no point to split at, gets here.
        return Split(head: (left, top), start: (left, top), diagonal: 0, tail: (right, bottom))
    }
}
