import Foundation
import Testing
@testable import UnitsCLI
import UnitsKit

/// On a full disk (a small tmpfs, mounted when the machine
/// allows; otherwise the test prints SKIPPED) every writing command leaves
/// the journal as it was, with a clear error and exit 1, or complete.
@Suite(.serialized) struct DiskFullTests {
    static let rows: [[String]] = [
        ["log", "Walk", "3", "--note", String(repeating: "long note ", count: 18)],
        ["log", "Walk", "2", "--date", "2025-12-11"],
        ["log", "Meditate", "yes"],
        ["habit", "add", "Reading", "--unit", "page", "--title", String(repeating: "A title ", count: 24)],
        ["task", "add", String(repeating: "Task ", count: 39)],
        ["unit", "Walk", "mile"],
        ["floor", "Walk", "7"],
        ["archive", "Swim"],
        ["rename", "Walk", "Stroll"],
        ["FMT"],
        ["import", "--from", "timedot", "IMPORT"],
        ["UNDO"],
    ]

    static func journal() -> String {
        var text = WriteMatrixTests.journal
        var date = CivilDate(year: 2020, month: 1, day: 1)!
        var body = ""
        for _ in 0..<1500 {
            body += "\(date) Walk          3\n\(date) Weightlifting 2 ; set\n\n"
            date = date.adding(days: 1)
        }
        text = text.replacingOccurrences(of: "\n2025-12-10 Walk", with: "\n" + body + "2025-12-10 Walk")
        return text + "2025-12-14 Meditate      kinda\n"
    }

    struct Outcome { var code: ExitCode; var err: String }

    static func run(_ row: [String], file: String, state: String, input: String) -> Outcome {
        final class Box { var err = "" }
        let box = Box()
        let io = CommandIO(writeOut: { _ in }, writeErr: { box.err += $0 },
                           environment: ["UNITS_NOW": "2025-12-14T12:00", "XDG_STATE_HOME": state])
        let code: ExitCode
        switch row.first {
        case "FMT": code = FormatCommand.main([file], io: io, prefix: "units-fmt")
        case "UNDO": code = UnitsTool.main(["undo", "--file", file], io: io)
        default: code = UnitsTool.main(row.map { $0 == "IMPORT" ? input : $0 } + ["--file", file], io: io)
        }
        return Outcome(code: code, err: box.err)
    }

    static func shell(_ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Mounts a tmpfs of `size` at `directory/name` and returns its path, or
    /// prints SKIPPED for `test` and returns nil where mounting is not allowed.
    static func mountTmpfs(size: String, in directory: String, name: String, test: String) throws -> String? {
        let mountPoint = directory + "/" + name
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        guard shell(["/bin/mount", "-t", "tmpfs", "-o", "size=\(size)", "tmpfs", mountPoint]) == 0 else {
            print("SKIPPED: \(test): cannot mount a tmpfs here (needs root and mount permission)")
            return nil
        }
        return mountPoint
    }

    @Test func everyWriteOnAFullDiskLeavesTheJournalWhole() throws {
        let scratch = Scratch()
        guard let mountPoint = try Self.mountTmpfs(size: "400k", in: scratch.directory, name: "full", test: "disk-full test") else { return }
        defer { _ = Self.shell(["/bin/umount", mountPoint]) }
        let text = Self.journal()
        let messy = text.replacingOccurrences(of: "units 1", with: "units   1")
        let input = scratch.directory + "/in.timedot"
        // Big enough that its append cannot fit in the last page's slack:
        // the append fails part way and is cut back (ftruncate).
        let timedot = "2025-12-13\n" + String(repeating: "Walk  1\n", count: 300)
        scratch.write(timedot, to: "in.timedot")
        var failedCleanly = 0
        var refused: [String] = []
        for row in Self.rows {
            let original = row.first == "FMT" ? messy : text
            // The complete result, on a disk with room.
            let reference = scratch.directory + "/reference.units"
            let referenceState = scratch.directory + "/state-reference"
            _ = FileManager.default.createFile(atPath: reference, contents: Data(original.utf8))
            try? FileManager.default.removeItem(atPath: referenceState)
            if row.first == "UNDO" { _ = Self.run(["log", "Walk", "2", "--date", "2025-12-11"], file: reference, state: referenceState, input: input) }
            let before = FileManager.default.contents(atPath: reference)!
            #expect(Self.run(row, file: reference, state: referenceState, input: input).code == .ok, "\(row) on a disk with room")
            let complete = FileManager.default.contents(atPath: reference)!

            // The same on the full tmpfs (the undo stack lives elsewhere).
            let file = mountPoint + "/habits.units"
            let state = scratch.directory + "/state-full"
            try? FileManager.default.removeItem(atPath: state)
            _ = FileManager.default.createFile(atPath: file, contents: Data(original.utf8))
            if row.first == "UNDO" { _ = Self.run(["log", "Walk", "2", "--date", "2025-12-11"], file: file, state: state, input: input) }
            #expect(FileManager.default.contents(atPath: file) == before)
            let filler = mountPoint + "/filler"
            let handle = try SystemFile.openFile(filler, O_WRONLY | O_CREAT | O_TRUNC, mode: 0o600)
            let chunk = [UInt8](repeating: 0x78, count: 4096)
            while chunk.withUnsafeBytes({ SystemFile.writeSome(handle, $0.baseAddress!, 4096) }) > 0 {}
            let small: [UInt8] = [0x78]
            while small.withUnsafeBytes({ SystemFile.writeSome(handle, $0.baseAddress!, 1) }) > 0 {}
            SystemFile.closeDescriptor(handle)
            let outcome = Self.run(row, file: file, state: state, input: input)
            let after = FileManager.default.contents(atPath: file)
            if outcome.code == .ok {
                #expect(after == complete, "\(row): exit 0 but the journal is not the complete result")
            } else {
                failedCleanly += 1
                refused.append(row.prefix(2).joined(separator: " "))
                #expect(outcome.code == .failure, "\(row): \(outcome.err)")
                #expect(after == before, "\(row): the journal changed although the write failed")
                #expect(outcome.err.contains("No space left on device"), "\(row): \(outcome.err)")
            }
            let left = (try FileManager.default.contentsOfDirectory(atPath: mountPoint)).filter { $0.contains(".tmp-") }
            #expect(left.isEmpty, "\(row): temporaries left: \(left)")
            try? FileManager.default.removeItem(atPath: filler)
            try? FileManager.default.removeItem(atPath: file)
        }
        print("disk-full test: \(failedCleanly) of \(Self.rows.count) writes refused cleanly (\(refused.joined(separator: ", "))), the rest completed")
        #expect(failedCleanly >= 5)
    }
}
