/// A growable buffer reused line after line: no uniqueness check or
/// generic call per append, as an array stored in the parser would make.
/// For plain values only (`removeAll` forgets them without deinitialising).
final class ScratchBuffer<Element> {
    // Allocated at the first append: a parser that reads one entry line
    // again (`tokens(of:)`) takes the fast path and never needs it.
    private var base: UnsafeMutablePointer<Element>?
    private var capacity = 0
    private(set) var count = 0

    init() {}
    deinit { base?.deallocate() }

    var isEmpty: Bool { count == 0 }
    var first: Element? { count > 0 ? base![0] : nil }
    var contents: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

    subscript(index: Int) -> Element {
        precondition(index >= 0 && index < count)
        return base![index]
    }

    @inline(__always) func append(_ element: Element) {
        if count == capacity { grow() }
        (base! + count).initialize(to: element)
        count += 1
    }

    /// Forgets the elements (they are plain values), keeping the memory.
    func removeAll() { count = 0 }

    private func grow() {
        let bigger = UnsafeMutablePointer<Element>.allocate(capacity: max(16, capacity * 2))
        if let base {
            bigger.moveInitialize(from: base, count: count)
            base.deallocate()
        }
        base = bigger
        capacity = max(16, capacity * 2)
    }
}
