/// A growable buffer reused line after line, without an array's uniqueness
/// check per append. For plain values only (`removeAll` does not deinitialise).
final class ScratchBuffer<Element> {
    // Allocated at the first append.
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
