import Foundation
import Testing
@testable import UnitsCLI
import UnitsKit

/// Sync is git: a bare remote and two clones (a laptop and a
/// phone) that each write with the real `units` binary, commit, push and
/// pull through `units merge` as git's merge driver. Every entry of both
/// sides survives with its multiplicity, and the result lints and is
/// canonical; what cannot be merged with certainty is a conflict.
@Suite(.serialized) struct GitSyncTests {
    static let git = "/usr/bin/git"
    static let base = """
        units 1

        2025-12-01 habit Walk
          unit:  lap
          floor: 10/week

        2025-12-01 habit Meditate
          kind: check

        2025-12-01 task "Call mom"
        2025-12-01 Walk 3

        """

    struct Devices {
        var remote: String
        var laptop: String
        var phone: String
        var state: String
    }

    static func available() -> Bool {
        if FileManager.default.isExecutableFile(atPath: git) && unitsExecutable() != nil { return true }
        print("SKIPPED GitSyncTests: needs \(git) and the built units executable")
        return false
    }

    @discardableResult
    static func run(_ arguments: [String], in directory: String) throws -> (Int32, String) {
        try CLIFixtures.run(git, arguments, in: directory)
    }

    /// The remote with the base journal, cloned twice, the driver set up in each.
    static func devices(base text: String = base, crlf: Bool = false) throws -> Devices {
        let binary = try #require(unitsExecutable())
        let root = try CLIFixtures.temporaryDirectory()
        let devices = Devices(remote: root + "/remote.git", laptop: root + "/laptop", phone: root + "/phone", state: root + "/state")
        try run(["init", "-q", "--bare", "-b", "main", devices.remote], in: root)
        for clone in [devices.laptop, devices.phone] {
            try run(["clone", "-q", devices.remote, clone], in: root)
            // Each device its own author, as in life (two identical commits
            // made in the same second would otherwise be one object).
            try run(["config", "user.email", "\((clone as NSString).lastPathComponent)@example.com"], in: clone)
            try run(["config", "user.name", (clone as NSString).lastPathComponent], in: clone)
            try run(["config", "pull.rebase", "false"], in: clone)
            try run(["config", "merge.units.driver", "\(binary) merge %O %A %B %P"], in: clone)
        }
        let journal = crlf ? text.replacingOccurrences(of: "\n", with: "\r\n") : text
        try "*.units merge=units -text\n".write(toFile: devices.laptop + "/.gitattributes", atomically: true, encoding: .utf8)
        try journal.write(toFile: devices.laptop + "/habits.units", atomically: true, encoding: .utf8)
        try run(["add", "."], in: devices.laptop)
        try run(["commit", "-qm", "base"], in: devices.laptop)
        try run(["push", "-q", "origin", "main"], in: devices.laptop)
        try run(["pull", "-q", "origin", "main"], in: devices.phone)
        return devices
    }

    /// The real `units` on a device's journal, then a commit.
    static func units(_ arguments: [String], on device: String, _ devices: Devices, commit: Bool = true, today: Bool = true) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(unitsExecutable()))
        process.arguments = ["-f", device + "/habits.units"] + (today ? ["--today", "2025-12-14"] : []) + arguments
        process.environment = ["XDG_STATE_HOME": devices.state, "HOME": "/nonexistent", "PATH": "/usr/bin:/bin"]
        process.standardOutput = FileHandle.nullDevice
        let err = Pipe()
        process.standardError = err
        try process.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "units \(arguments.joined(separator: " ")): \(message)")
        if commit { try run(["commit", "-qam", arguments.joined(separator: " ")], in: device) }
    }

    /// Laptop pushes, phone pulls (merging) and pushes, laptop pulls.
    @discardableResult
    static func sync(_ devices: Devices) throws -> (status: Int32, output: String) {
        try run(["push", "-q", "origin", "main"], in: devices.laptop)
        let pulled = try run(["pull", "--no-edit", "origin", "main"], in: devices.phone)
        guard pulled.0 == 0 else { return pulled }
        try run(["push", "-q", "origin", "main"], in: devices.phone)
        try run(["pull", "-q", "--no-edit", "origin", "main"], in: devices.laptop)
        return pulled
    }

    static func text(_ device: String) throws -> String {
        try String(contentsOfFile: device + "/habits.units", encoding: .utf8)
    }

    /// Lines with their spacing collapsed (the merge may align a block).
    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.split(separator: " ").joined(separator: " ") }
    }

    static func expectCleanAndCanonical(_ device: String) {
        let lint = runTool(LintCommand.self, [device + "/habits.units", "--today", "2025-12-14"])
        #expect(lint.code == .ok, "lint: \(lint.out)")
        let fmt = runTool(FormatCommand.self, ["--check", device + "/habits.units"])
        #expect(fmt.code == .ok, "fmt: \(fmt.out)\(fmt.err)")
    }

    @Test func aWalkLoggedOnBothDevicesIsTwoWalks() throws {
        guard Self.available() else { return }
        let d = try Self.devices()
        try Self.units(["log", "Walk", "4"], on: d.laptop, d)
        try Self.units(["log", "Walk", "4"], on: d.phone, d)
        try Self.units(["log", "Meditate", "yes"], on: d.phone, d)
        let synced = try Self.sync(d)
        #expect(synced.status == 0, "\(synced.output)")
        for device in [d.laptop, d.phone] {
            let lines = Self.lines(try Self.text(device))
            #expect(lines.filter { $0 == "2025-12-14 Walk 4" }.count == 2, "\(lines)")
            #expect(lines.contains("2025-12-14 Meditate yes"))
            Self.expectCleanAndCanonical(device)
        }
        #expect(try Self.text(d.laptop) == Self.text(d.phone))
    }

    @Test func twoDifferentDeclarationsAreAConflictNotABrokenJournal() throws {
        guard Self.available() else { return }
        let d = try Self.devices()
        try Self.units(["habit", "add", "Piano", "--unit", "piece"], on: d.laptop, d)
        try Self.units(["habit", "add", "Piano", "--unit", "minute"], on: d.phone, d)
        try Self.units(["log", "Walk", "2"], on: d.phone, d)
        try Self.run(["push", "-q", "origin", "main"], in: d.laptop)
        let (status, output) = try Self.run(["pull", "--no-edit", "origin", "main"], in: d.phone)
        #expect(status != 0)
        #expect(output.contains("CONFLICT"), "\(output)")
        #expect(output.contains("habits.units"), "the message names the journal: \(output)")
        #expect(!output.contains(".merge_file"), "\(output)")
        let text = try Self.text(d.phone)
        #expect(text.contains("<<<<<<<") && text.contains(">>>>>>>"))
        // The markers hold only the lines in dispute: both Piano declarations.
        let inside = Self.lines(text.components(separatedBy: "<<<<<<<")[1].components(separatedBy: ">>>>>>>")[0]).joined(separator: "\n")
        #expect(inside.contains("unit: piece") && inside.contains("unit: minute"), "\(inside)")
        #expect(!inside.contains("Walk"), "\(inside)")
        #expect(Self.lines(text).contains("2025-12-14 Walk 2"))
        let (statusCheck, _) = try Self.run(["status", "--porcelain"], in: d.phone)
        #expect(statusCheck == 0)
    }

    @Test func aCRLFJournalStaysCRLF() throws {
        guard Self.available() else { return }
        let d = try Self.devices(crlf: true)
        try Self.units(["log", "Walk", "4"], on: d.laptop, d)
        try Self.units(["log", "Walk", "5"], on: d.phone, d)
        let synced = try Self.sync(d)
        #expect(synced.status == 0, "\(synced.output)")
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: d.phone + "/habits.units")))
        let lfs = bytes.enumerated().filter { $0.element == 0x0A }.map(\.offset)
        #expect(lfs.count > 10)
        #expect(lfs.allSatisfy { $0 > 0 && bytes[$0 - 1] == 0x0D }, "every line ends in CRLF")
    }

    @Test func aRenameOnOneDeviceTakesTheOtherDevicesNewLinesAlong() throws {
        guard Self.available() else { return }
        let d = try Self.devices()
        try Self.units(["rename", "Walk", "Hike"], on: d.laptop, d, today: false)
        try Self.units(["log", "Walk", "4"], on: d.phone, d)
        let synced = try Self.sync(d)
        #expect(synced.status == 0, "\(synced.output)")
        let lines = Self.lines(try Self.text(d.phone))
        #expect(lines.contains("2025-12-14 Hike 4"), "\(lines)")
        #expect(!lines.contains { $0.contains("Walk") }, "\(lines)")
        Self.expectCleanAndCanonical(d.phone)
    }

    @Test func formattingOnOneDeviceAndLoggingOnTheOtherLoseNothing() throws {
        guard Self.available() else { return }
        let messy = Self.base.replacingOccurrences(of: "2025-12-01 Walk 3", with: "2025-12-01   Walk   3.0")
        let d = try Self.devices(base: messy)
        let fmt = runTool(FormatCommand.self, [d.laptop + "/habits.units"], environment: ["XDG_STATE_HOME": d.state])
        #expect(fmt.code == .ok, "\(fmt.err)")
        try Self.run(["commit", "-qam", "units-fmt"], in: d.laptop)
        try Self.units(["log", "Walk", "4"], on: d.phone, d)
        let synced = try Self.sync(d)
        #expect(synced.status == 0, "\(synced.output)")
        let lines = Self.lines(try Self.text(d.phone))
        #expect(lines.contains("2025-12-01 Walk 3") && lines.contains("2025-12-14 Walk 4"), "\(lines)")
        Self.expectCleanAndCanonical(d.phone)
    }

    @Test func aTaskDoneOnBothDevicesIsDoneOnce() throws {
        guard Self.available() else { return }
        let d = try Self.devices()
        try Self.units(["task", "done", "Call mom"], on: d.laptop, d)
        try Self.units(["task", "done", "Call mom"], on: d.phone, d)
        let synced = try Self.sync(d)
        #expect(synced.status == 0, "\(synced.output)")
        let lines = Self.lines(try Self.text(d.phone))
        #expect(lines.filter { $0.contains("done \"Call mom\"") }.count == 1, "\(lines)")
        Self.expectCleanAndCanonical(d.phone)
    }

    @Test func archivingOnOneDeviceAndLoggingOnTheOtherMergeCleanly() throws {
        guard Self.available() else { return }
        let d = try Self.devices()
        try Self.units(["archive", "Walk"], on: d.laptop, d)
        try Self.units(["log", "Walk", "2"], on: d.phone, d)
        let synced = try Self.sync(d)
        #expect(synced.status == 0, "\(synced.output)")
        let lines = Self.lines(try Self.text(d.phone))
        #expect(lines.contains("2025-12-14 Walk 2") && lines.contains("2025-12-14 archive Walk"), "\(lines)")
        let lint = runTool(LintCommand.self, [d.phone + "/habits.units", "--today", "2025-12-14"])
        #expect(lint.code == .ok, "no lint error (an archived-entry warning at most): \(lint.out)")
    }

    @Test func threeDevicesInTurnKeepEveryEntry() throws {
        guard Self.available() else { return }
        let d = try Self.devices()
        let tablet = (d.remote as NSString).deletingLastPathComponent + "/tablet"
        try Self.run(["clone", "-q", d.remote, tablet], in: (d.remote as NSString).deletingLastPathComponent)
        try Self.run(["config", "user.email", "t@example.com"], in: tablet)
        try Self.run(["config", "user.name", "T"], in: tablet)
        try Self.run(["config", "pull.rebase", "false"], in: tablet)
        try Self.run(["config", "merge.units.driver", "\(try #require(unitsExecutable())) merge %O %A %B %P"], in: tablet)
        // Each device logs its own walk each round (devices whose journals
        // came out byte-identical would be merged by git without the driver).
        let devices = [d.laptop, d.phone, tablet]
        for round in 1...3 {
            for (n, device) in devices.enumerated() {
                try Self.units(["log", "Walk", "\(round)"], on: device, d)
                try Self.units(["log", "Walk", "\(10 * round + n)"], on: device, d)
            }
            for device in [d.laptop, d.phone, tablet] {
                let pulled = try Self.run(["pull", "--no-edit", "origin", "main"], in: device)
                #expect(pulled.0 == 0, "\(pulled.1)")
                try Self.run(["push", "-q", "origin", "main"], in: device)
            }
        }
        for device in [d.laptop, d.phone, tablet] { try Self.run(["pull", "-q", "--no-edit", "origin", "main"], in: device) }
        let lines = Self.lines(try Self.text(tablet))
        for round in 1...3 {
            #expect(lines.filter { $0 == "2025-12-14 Walk \(round)" }.count == 3, "round \(round): \(lines)")
            for n in 0..<3 { #expect(lines.filter { $0 == "2025-12-14 Walk \(10 * round + n)" }.count == 1) }
        }
        Self.expectCleanAndCanonical(tablet)
    }
}
