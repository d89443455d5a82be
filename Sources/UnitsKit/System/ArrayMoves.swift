/// Moving the elements of an array instead of copying them (a copy of an
/// element that holds references costs a retain and a release).
extension Array {
    /// Appends every element of `source` to `target` by moving it, leaving
    /// `placeholder`s behind in `source`.
    static func move(_ source: inout [Element], into target: inout [Element], placeholder: Element) {
        if target.isEmpty, source.count >= target.capacity { swap(&source, &target); return }
        source.withUnsafeMutableBufferPointer { buffer in
            for index in buffer.indices {
                var taken = placeholder
                swap(&taken, &buffer[index])
                target.append(consume taken)
            }
        }
    }

    /// Puts the element at `order[j]` at position `j`, for every `j`,
    /// moving each element once along the permutation's cycles.
    mutating func permute(by order: [Int]) {
        let n = count
        var placed = [Bool](repeating: false, count: n)
        withUnsafeMutableBufferPointer { elements in
            let base = elements.baseAddress!
            for k in 0..<n where !placed[k] {
                placed[k] = true
                guard order[k] != k else { continue }
                let held = (base + k).move()
                var j = k
                while order[j] != k {
                    (base + j).moveInitialize(from: base + order[j], count: 1)
                    j = order[j]
                    placed[j] = true
                }
                (base + j).initialize(to: held)
            }
        }
    }
}
