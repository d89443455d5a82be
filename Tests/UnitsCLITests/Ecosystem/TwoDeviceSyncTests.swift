import Foundation
import Testing
@testable import UnitsCLI

/// Sync as docs/sync.md sets it up (the driver set per clone here, the same
/// setting docs/sync.md makes once per device with --global): a bare remote and two (or three) clones,
/// each with `.gitattributes` `*.units merge=units` and the driver in its
/// git config, each writing with the real `units` executable, committing,
/// pushing and pulling with real `git`. Every case checks the merged
/// journal line by line (every entry of both sides, with multiplicity), and
/// with the real `units-lint` and `units-fmt --check`; conflicts must exit
/// non-zero with markers around the disputed lines only.
@Suite(.serialized) struct TwoDeviceSyncTests {
    static let git = "/usr/bin/git"

    static let base = """
        units 1

        2025-12-01 habit Walk
          unit: km
        2025-12-01 habit Reading
          unit: page
        2025-12-01 Walk 3
        2025-12-02 task "Return books"

        """

    /// A remote, and clones that sync through it.
    final class Remote {
        let root: String
        let units: String
        var devices: [String] = []

        init(_ journal: String) throws {
            units = try #require(CLIFixtures.unitsBinary, "build the units executable first (swift build)")
            root = try CLIFixtures.temporaryDirectory()
            try Self.git(["init", "-q", "--bare", "-b", "main", "remote.git"], in: root)
            let seed = try clone("seed")
            try ".units merge=units\n".replacingOccurrences(of: ".units", with: "*.units")
                .write(toFile: seed + "/.gitattributes", atomically: true, encoding: .utf8)
            try Data(journal.utf8).write(to: URL(fileURLWithPath: seed + "/habits.units"))
            try Self.git(["add", "."], in: seed)
            try Self.git(["commit", "-qm", "base"], in: seed)
            try Self.git(["push", "-q", "origin", "main"], in: seed)
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        /// A new device: a clone with the merge driver configured.
        @discardableResult
        func clone(_ name: String) throws -> String {
            try Self.git(["clone", "-q", "remote.git", name], in: root)
            let dir = root + "/" + name
            try Self.git(["config", "user.email", "\(name)@example.com"], in: dir)
            try Self.git(["config", "user.name", name], in: dir)
            try Self.git(["config", "pull.rebase", "false"], in: dir)
            try Self.git(["config", "merge.units.driver", "\(units) merge %O %A %B %P"], in: dir)
            devices.append(dir)
            return dir
        }

        @discardableResult
        static func git(_ arguments: [String], in dir: String, expect: Int32? = 0) throws -> (Int32, String) {
            let (status, output) = try CLIFixtures.run(TwoDeviceSyncTests.git, arguments, in: dir)
            if let expect { #expect(status == expect, "git \(arguments.joined(separator: " ")): \(output)") }
            return (status, output)
        }

        /// Runs the real `units` (or `units-lint`, `units-fmt`) in a device.
        @discardableResult
        func tool(_ name: String = "units", _ arguments: [String], in dir: String, expect: Int32? = 0) throws -> (Int32, String) {
            let path = URL(fileURLWithPath: units).deletingLastPathComponent().appendingPathComponent(name).path
            let (status, output) = try CLIFixtures.run(path, arguments, in: dir, environment: ["XDG_STATE_HOME": root + "/state", "NO_COLOR": "1"])
            if let expect { #expect(status == expect, "\(name) \(arguments.joined(separator: " ")): \(output)") }
            return (status, output)
        }

        /// `units ARGS` on the device's journal, as of 2025-12-14.
        func write(_ dir: String, _ arguments: String...) throws {
            try tool("units", arguments + ["--file", "habits.units", "--today", "2025-12-14"], in: dir)
        }

        func commitAndPush(_ dir: String, _ message: String) throws {
            try Self.git(["commit", "-qam", message], in: dir)
            try Self.git(["push", "-q", "origin", "main"], in: dir)
        }

        /// Two devices meet through the remote: `pusher` commits and pushes
        /// first, `puller` commits and pulls (the merge driver runs there);
        /// returns pull's status and output.
        func meet(pusher: (dir: String, message: String), puller: (dir: String, message: String)) throws -> (Int32, String) {
            try commitAndPush(pusher.dir, pusher.message)
            return try commitAndPull(puller.dir, puller.message)
        }

        /// Commits, then pulls (the merge driver runs); returns pull's status.
        func commitAndPull(_ dir: String, _ message: String) throws -> (Int32, String) {
            try Self.git(["commit", "-qam", message, "--allow-empty"], in: dir)
            return try Self.git(["pull", "-q", "--no-edit", "origin", "main"], in: dir, expect: nil)
        }

        func journal(_ dir: String) -> String {
            String(decoding: FileManager.default.contents(atPath: dir + "/habits.units") ?? Data(), as: UTF8.self)
        }

        /// The merged journal passes the real `units-lint` and `units-fmt --check`.
        func expectClean(_ dir: String, canonical: Bool = true) throws {
            try tool("units-lint", ["--today", "2025-12-31", "habits.units"], in: dir)
            if canonical { try tool("units-fmt", ["--check", "habits.units"], in: dir) }
        }
    }

    /// The lines of a journal that are entries (a date and a habit name).
    static func entries(_ text: String) -> [String] {
        // ("\r\n" is one Character in Swift: split the scalars.)
        text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            .filter { line in
                let words = line.split(separator: " ")
                return words.count >= 3 && words[0].first?.isNumber == true && words[1].first?.isUppercase == true
            }
            .map { $0.split(separator: " ").joined(separator: " ") }
    }

    static var available: Bool {
        if FileManager.default.isExecutableFile(atPath: git) { return true }
        print("SKIPPED: TwoDeviceSyncTests need git at \(git)")
        return false
    }

    @Test func aWalkLoggedOnBothDevicesIsTwoWalks() throws {
        guard Self.available else { return }
        let remote = try Remote(Self.base)
        let laptop = try remote.clone("laptop"), phone = try remote.clone("phone")
        try remote.write(laptop, "log", "Walk", "4")
        try remote.write(laptop, "log", "Reading", "12", "--date", "2025-12-13")
        try remote.commitAndPush(laptop, "laptop logs")
        try remote.write(phone, "log", "Walk", "4")
        try remote.write(phone, "log", "Reading", "5")
        let (status, output) = try remote.commitAndPull(phone, "phone logs")
        #expect(status == 0, "\(output)")
        let merged = remote.journal(phone)
        #expect(Self.entries(merged) == [
            "2025-12-01 Walk 3", "2025-12-13 Reading 12", "2025-12-14 Walk 4", "2025-12-14 Reading 5", "2025-12-14 Walk 4",
        ])
        try remote.expectClean(phone)
        // And back: the laptop pulls the merge commit (a fast-forward), same bytes.
        try Remote.git(["push", "-q", "origin", "main"], in: phone)
        try Remote.git(["pull", "-q", "--no-edit", "origin", "main"], in: laptop)
        #expect(remote.journal(laptop) == merged)
    }

    @Test func twoDifferentDeclarationsOfOneHabitAreAConflict() throws {
        guard Self.available else { return }
        let remote = try Remote(Self.base)
        let laptop = try remote.clone("laptop"), phone = try remote.clone("phone")
        try remote.write(laptop, "habit", "add", "Piano", "--unit", "piece")
        try remote.write(laptop, "log", "Walk", "2")
        try remote.commitAndPush(laptop, "laptop")
        try remote.write(phone, "habit", "add", "Piano", "--unit", "minute")
        try remote.write(phone, "log", "Reading", "7")
        let (status, output) = try remote.commitAndPull(phone, "phone")
        #expect(status != 0)
        #expect(output.contains("CONFLICT"), "\(output)")
        #expect(output.contains("units merge: habits.units: 1 conflict left with markers"), "the message names the journal: \(output)")
        let (_, state) = try Remote.git(["status", "--porcelain"], in: phone)
        #expect(state.contains("UU habits.units"), "\(state)")
        let merged = remote.journal(phone)
        #expect(merged.contains("""
            <<<<<<< ours
            2025-12-14 habit Piano
              unit:  minute
              floor: 5/week
            =======
            2025-12-14 habit Piano
              unit:  piece
              floor: 5/week
            >>>>>>> theirs (Piano declared two ways)

            """), "\(merged)")
        // Outside the markers, both sides' entries are there.
        #expect(Self.entries(merged) == ["2025-12-01 Walk 3", "2025-12-14 Reading 7", "2025-12-14 Walk 2"])
        #expect(merged.components(separatedBy: "<<<<<<<").count == 2)
    }

    @Test func theSameDeclarationOnBothDevicesIsKeptOnce() throws {
        guard Self.available else { return }
        let remote = try Remote(Self.base)
        let laptop = try remote.clone("laptop"), phone = try remote.clone("phone")
        try remote.write(laptop, "habit", "add", "Piano", "--unit", "piece")
        try remote.write(laptop, "log", "Piano", "1")
        try remote.commitAndPush(laptop, "laptop")
        try remote.write(phone, "habit", "add", "Piano", "--unit", "piece")
        try remote.write(phone, "log", "Piano", "2")
        let (status, output) = try remote.commitAndPull(phone, "phone")
        #expect(status == 0, "\(output)")
        let merged = remote.journal(phone)
        #expect(merged.components(separatedBy: "habit Piano").count == 2, "\(merged)")
        #expect(Self.entries(merged) == ["2025-12-01 Walk 3", "2025-12-14 Piano 2", "2025-12-14 Piano 1"])
        try remote.expectClean(phone)
    }

    @Test func aCRLFJournalStaysCRLFThroughout() throws {
        guard Self.available else { return }
        let crlf = (Self.base + (1...55).map { "2025-12-03 Walk \($0)\n" }.joined()).replacingOccurrences(of: "\n", with: "\r\n")
        let remote = try Remote(crlf)
        let laptop = try remote.clone("laptop"), phone = try remote.clone("phone")
        try remote.write(laptop, "log", "Walk", "4")
        try remote.write(laptop, "log", "Reading", "9")
        try remote.commitAndPush(laptop, "laptop")
        try remote.write(phone, "log", "Walk", "4")
        let (status, output) = try remote.commitAndPull(phone, "phone")
        #expect(status == 0, "\(output)")
        let bytes = Array(FileManager.default.contents(atPath: phone + "/habits.units") ?? Data())
        let lineEnds = bytes.indices.filter { bytes[$0] == 0x0A }
        #expect(lineEnds.count == 63 + 3)
        #expect(lineEnds.allSatisfy { $0 > 0 && bytes[$0 - 1] == 0x0D }, "every line ends in CRLF")
        #expect(Self.entries(remote.journal(phone)).suffix(3) == ["2025-12-14 Walk 4", "2025-12-14 Walk 4", "2025-12-14 Reading 9"], "ours (the phone) first on a date")
        try remote.expectClean(phone, canonical: false)
    }

    @Test func aRenameOnOneDeviceCarriesOverToTheOthersEntries() throws {
        guard Self.available else { return }
        let remote = try Remote(Self.base)
        let laptop = try remote.clone("laptop"), phone = try remote.clone("phone")
        try remote.tool("units", ["rename", "Walk", "Hike", "--file", "habits.units"], in: laptop)
        try remote.commitAndPush(laptop, "laptop renames")
        try remote.write(phone, "log", "Walk", "4")
        let (status, output) = try remote.commitAndPull(phone, "phone logs")
        #expect(status == 0, "\(output)")
        let merged = remote.journal(phone)
        #expect(!merged.contains("Walk"), "\(merged)")
        #expect(merged.contains("2025-12-01 habit Hike\n"))
        #expect(Self.entries(merged) == ["2025-12-01 Hike 3", "2025-12-14 Hike 4"])
        try remote.expectClean(phone)
    }

    @Test func aFormatOnOneDeviceAndAppendsOnTheOther() throws {
        guard Self.available else { return }
        let messy = Self.base.replacingOccurrences(of: "Walk 3", with: "Walk    3   ; long\n2025-12-01 Reading\t7 ; x")
        for formatterPulls in [true, false] {
            let remote = try Remote(messy)
            let laptop = try remote.clone("laptop"), phone = try remote.clone("phone")
            try remote.tool("units-fmt", ["habits.units"], in: laptop)
            try remote.write(phone, "log", "Walk", "4")
            try remote.write(phone, "log", "Walk", "1", "--date", "2025-12-01")
            let (status, output) = try formatterPulls
                ? remote.meet(pusher: (phone, "phone logs"), puller: (laptop, "laptop formats"))
                : remote.meet(pusher: (laptop, "laptop formats"), puller: (phone, "phone logs"))
            #expect(status == 0, "\(output)")
            let merged = remote.journal(formatterPulls ? laptop : phone)
            #expect(Self.entries(merged) == ["2025-12-01 Walk 3 ; long", "2025-12-01 Reading 7 ; x", "2025-12-01 Walk 1", "2025-12-14 Walk 4"], "\(merged)")
            #expect(!merged.contains("\t"), "the formatting side's change is kept: \(merged)")
            try remote.expectClean(formatterPulls ? laptop : phone, canonical: false)
        }
    }

    @Test func theSameTaskCompletedOnBothDevicesIsCompletedOnce() throws {
        guard Self.available else { return }
        let remote = try Remote(Self.base)
        let laptop = try remote.clone("laptop"), phone = try remote.clone("phone")
        try remote.write(laptop, "task", "done", "Return books")
        try remote.commitAndPush(laptop, "laptop")
        try remote.write(phone, "task", "done", "Return books")
        try remote.write(phone, "log", "Walk", "1")
        let (status, output) = try remote.commitAndPull(phone, "phone")
        #expect(status == 0, "\(output)")
        let merged = remote.journal(phone)
        #expect(merged.components(separatedBy: "done \"Return books\"").count == 2, "\(merged)")
        try remote.expectClean(phone)
    }

    /// An entry after an archive is a lint *warning* (`archived-entry`), not
    /// an error: the merge keeps the walk (nothing lost) and exits 0, and
    /// `units-lint` still passes (it shows the warning).
    @Test func anArchiveOnOneDeviceAndALogOnTheOtherKeepsTheEntry() throws {
        guard Self.available else { return }
        let remote = try Remote(Self.base)
        let laptop = try remote.clone("laptop"), phone = try remote.clone("phone")
        try remote.write(laptop, "archive", "Walk", "--date", "2025-12-10")
        try remote.write(laptop, "log", "Reading", "3")
        try remote.commitAndPush(laptop, "laptop archives Walk")
        try remote.write(phone, "log", "Walk", "4")
        let (status, output) = try remote.commitAndPull(phone, "phone logs Walk")
        #expect(status == 0, "\(output)")
        let merged = remote.journal(phone)
        #expect(merged.contains("2025-12-10 archive Walk\n"))
        #expect(Self.entries(merged) == ["2025-12-01 Walk 3", "2025-12-14 Walk 4", "2025-12-14 Reading 3"])
        let (_, lint) = try remote.tool("units-lint", ["--today", "2025-12-31", "habits.units"], in: phone)
        #expect(lint.contains("[archived-entry]"), "\(lint)")
        try remote.tool("units-fmt", ["--check", "habits.units"], in: phone)
    }

    @Test func threeDevicesInSequenceLoseNothing() throws {
        guard Self.available else { return }
        let remote = try Remote(Self.base)
        let devices = try ["laptop", "phone", "tablet"].map { try remote.clone($0) }
        var expected = ["2025-12-01 Walk 3"]
        for round in 1...2 {
            for (n, device) in devices.enumerated() {
                try remote.write(device, "log", "Walk", "\(round * 10 + n)")
                expected.append("2025-12-14 Walk \(round * 10 + n)")
                let (status, output) = try remote.commitAndPull(device, "round \(round)")
                #expect(status == 0, "\(output)")
                try Remote.git(["push", "-q", "origin", "main"], in: device)
            }
        }
        for device in devices { _ = try remote.commitAndPull(device, "last") }
        for device in devices {
            #expect(Self.entries(remote.journal(device)).sorted() == expected.sorted())
            try remote.expectClean(device)
        }
    }
}
