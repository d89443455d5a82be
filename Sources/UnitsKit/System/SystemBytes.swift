/// Byte comparison and search on raw memory (the C library's memcmp and
/// memchr, vectorised), for the formatter's and the write path's hot loops.
public enum SystemBytes {
    /// Whether the `count` bytes at `a` and at `b` are the same.
    @inline(__always)
    public static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
        memcmp(a, b, count) == 0
    }

    /// The first `byte` in the `count` bytes from `start`; nil when none.
    @inline(__always)
    public static func first(_ byte: UInt8, from start: UnsafeRawPointer, count: Int) -> UnsafeRawPointer? {
        memchr(start, Int32(byte), count).map { UnsafeRawPointer($0) }
    }

    /// `count` times `size` bytes of zeros, given page by page as they are
    /// first used (calloc); release them with `free`.
    public static func allocateZeroed(_ count: Int, _ size: Int) -> UnsafeMutableRawPointer? { calloc(count, size) }

    /// Gives back memory from `allocateZeroed`.
    public static func free(_ pointer: UnsafeMutableRawPointer?) { cFree(pointer) }
}

private func cFree(_ pointer: UnsafeMutableRawPointer?) { free(pointer) }

extension SystemMemory {
    /// A private read-only mapping of `count` bytes of the open file `fd`;
    /// nil if the system refuses.
    static func mapReadOnly(_ fd: Int32, count: Int) -> UnsafeRawPointer? {
        let address = mmap(nil, count, PROT_READ, MAP_PRIVATE, fd, 0)
        guard let address, address != MAP_FAILED else { return nil }
        return UnsafeRawPointer(address)
    }

    /// Ends a mapping from `mapReadOnly`.
    static func unmap(_ address: UnsafeRawPointer, count: Int) {
        munmap(UnsafeMutableRawPointer(mutating: address), count)
    }
}
