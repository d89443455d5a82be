import Testing
@testable import UnitsKit

/// `CSVWriter.copy` moves a row's short pieces with overlapping word loads
/// and stores instead of `memmove`. Every length, at every
/// alignment, must copy exactly its bytes and write nothing around them.
@Suite struct CSVWriterCopyTests {
    @Test("every length from 0 to 200, at every offset within a word, copies exactly")
    func copiesExactly() {
        let source = (0..<256).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        var checked = 0
        for length in 0...200 {
            for sourceOffset in 0..<8 {
                for targetOffset in 0..<8 {
                    // Guard bytes of 0xEE on both sides of the target.
                    var target = [UInt8](repeating: 0xEE, count: 8 + 200 + 8)
                    source.withUnsafeBufferPointer { s in
                        target.withUnsafeMutableBufferPointer { t in
                            CSVWriter.copy(s.baseAddress! + sourceOffset, to: t.baseAddress! + targetOffset, count: length)
                        }
                    }
                    let copied = Array(target[targetOffset..<(targetOffset + length)])
                    #expect(copied == Array(source[sourceOffset..<(sourceOffset + length)]), "length \(length)")
                    #expect(target[..<targetOffset].allSatisfy { $0 == 0xEE } && target[(targetOffset + length)...].allSatisfy { $0 == 0xEE },
                            "length \(length): wrote outside the target")
                    checked += 1
                }
            }
        }
        #expect(checked == 201 * 64)
    }

    @Test("a writer that grows while pieces are put keeps every byte in order")
    func growsInOrder() {
        var sink = CSVWriter(capacity: 1)
        var expected: [UInt8] = []
        for length in 0..<300 {
            let piece = (0..<length).map { UInt8(truncatingIfNeeded: $0 &+ length) }
            piece.withUnsafeBufferPointer { sink.put($0) }
            expected += piece
        }
        #expect(Array(sink.bytes) == expected)
    }
}
