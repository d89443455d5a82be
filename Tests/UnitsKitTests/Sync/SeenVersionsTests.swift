import Foundation
import Testing
@testable import UnitsKit
import UnitsTestSupport

/// A version larger than the store's read buffer is copied and hashed a
/// piece at a time: what comes back is the file, byte for byte, under the
/// hash of the whole.
@Suite struct SeenVersionsTests {
    @Test func aVersionOfManyPiecesComesBackWhole() throws {
        let directory = TestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var generator = TestSeed.generator()
        let journal = directory + "/habits.units"
        let bytes = (0..<(5 << 19) + 12_345).map { _ in UInt8.random(in: 0...255, using: &generator) }
        try TestFiles.write(journal, bytes)
        let seen = SeenVersions(journal: journal, undoDirectory: directory + "/state/units/undo")
        seen.remember(journal)
        let versions = seen.versions()
        #expect(versions.count == 1)
        #expect(versions.first.map { $0 == bytes } == true, "the stored version differs from the file")
        #expect(seen.readIndex().versions.first?.hash == UndoRecord.hash(bytes))
    }
}
