import Foundation
import Testing
@testable import UnitsCLI
import UnitsKit

/// `units rename` reads the journal again, with its edits, before writing
/// (`RenameCommand.check`); an include read there is read as every include
/// is: a regular file or an error, never a device or a FIFO.
@Suite struct RenameIncludeCheckTests {
    @Test func theCheckRefusesAnIncludeThatBecameADevice() throws {
        let dir = NSTemporaryDirectory() + "units-rename-include-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/habits.units"
        try "units 1\ninclude \"notes.units\"\n2025-12-01 habit Reading\n2025-12-14 Reading 3\n".write(toFile: path, atomically: true, encoding: .utf8)
        try "; notes only\n".write(toFile: dir + "/notes.units", atomically: true, encoding: .utf8)
        let journal = Journal(tree: Parser.parse(SourceFile(path: path, text: try String(contentsOfFile: path, encoding: .utf8))))
        #expect(journal.diagnostics.filter { $0.severity == .error }.isEmpty)
        let plan = RenamePlan(journal: journal, renaming: "Reading", to: "Read")
        // Between the plan and the check the include becomes a link to a device.
        try FileManager.default.removeItem(atPath: dir + "/notes.units")
        try FileManager.default.createSymbolicLink(atPath: dir + "/notes.units", withDestinationPath: "/dev/null")
        let problems = RenameCommand.check(plan, journal: journal, path: path)
        #expect(problems?.contains { $0.message.contains("not a regular file") } == true, "\(problems ?? [])")
    }
}
