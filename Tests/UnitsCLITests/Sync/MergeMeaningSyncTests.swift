import Foundation
import Testing
@testable import UnitsCLI

/// The merge driver through real git, two clones of one remote (as
/// TwoDeviceSyncTests): an entry both devices logged is kept twice also
/// when one device formatted, changed an attribute or writes CRLF; an entry
/// logged the same day as a unit or goal change on the other device keeps
/// its meaning; a side that does not parse makes git stop with a conflict.
@Suite(.serialized) struct MergeMeaningSyncTests {
    typealias Remote = TwoDeviceSyncTests.Remote

    /// Not canonical (units-fmt changes it), lint-clean.
    static let base = """
        units 1

        2025-12-01 habit Walk
          unit: km
        2025-12-01 habit Reading
          unit: page
        2025-12-01 habit Read
          kind: check
          goal: 10 page
          min: 1 page
        2025-12-01 Walk    3   ; long
        2025-12-01 Reading\t7

        """

    /// The export's reading of every entry: date, habit, value, unit,
    /// measured value and state.
    static func meanings(_ remote: Remote, _ dir: String) throws -> [String] {
        let (_, csv) = try remote.tool("units", ["export", "--csv", "--file", "habits.units"], in: dir)
        return csv.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n").dropFirst().map { row in
            row.split(separator: ",", omittingEmptySubsequences: false).prefix(7).filter { !$0.isEmpty }.joined(separator: " ")
        }
    }

    @Test func anEntryBothDevicesLoggedIsTwoEntriesWhateverElseOneDeviceChanged() throws {
        guard TwoDeviceSyncTests.available else { return }
        for change in ["units-fmt", "attribute", "crlf"] {
            let remote = try Remote(Self.base)
            let laptop = try remote.clone("laptop"), phone = try remote.clone("phone")
            switch change {
            case "units-fmt": try remote.tool("units-fmt", ["habits.units"], in: laptop)
            case "attribute":
                try Remote.git(["config", "core.autocrlf", "false"], in: laptop)
                try Data(Self.base.replacingOccurrences(of: "  unit: km\n", with: "  unit: km\n  title: \"Walks\"\n").utf8)
                    .write(to: URL(fileURLWithPath: laptop + "/habits.units"))
            default:
                try Data(Self.base.replacingOccurrences(of: "\n", with: "\r\n").utf8).write(to: URL(fileURLWithPath: laptop + "/habits.units"))
            }
            try remote.write(laptop, "log", "Walk", "4")
            try remote.commitAndPush(laptop, "laptop: \(change) and a walk")
            try remote.write(phone, "log", "Walk", "4")
            let (status, output) = try remote.commitAndPull(phone, "phone: a walk")
            #expect(status == 0, "\(change): \(output)")
            let merged = remote.journal(phone)
            #expect(TwoDeviceSyncTests.entries(merged).filter { $0 == "2025-12-14 Walk 4" }.count == 2, "\(change): \(merged)")
            try remote.expectClean(phone, canonical: false)
        }
    }

    @Test func aSameDayUnitChangeOnOneDeviceKeepsTheOthersEntryInItsUnit() throws {
        guard TwoDeviceSyncTests.available else { return }
        for changerPulls in [false, true] {
            let remote = try Remote(Self.base)
            let laptop = try remote.clone("laptop"), phone = try remote.clone("phone")
            try remote.write(laptop, "unit", "Reading", "chapter", "--size", "20 page")
            try remote.write(laptop, "log", "Reading", "2")
            try remote.write(phone, "log", "Reading", "12")
            let (status, output) = try changerPulls
                ? remote.meet(pusher: (phone, "phone: 12 pages"), puller: (laptop, "laptop: chapters"))
                : remote.meet(pusher: (laptop, "laptop: chapters"), puller: (phone, "phone: 12 pages"))
            #expect(status == 0, "\(output)")
            let dir = changerPulls ? laptop : phone
            let meanings = try Self.meanings(remote, dir)
            #expect(meanings.contains("2025-12-14 Reading 12 page 12 page"), "\(meanings)\n\(remote.journal(dir))")
            #expect(meanings.contains("2025-12-14 Reading 2 chapter 40 page"), "\(meanings)\n\(remote.journal(dir))")
            try remote.expectClean(dir, canonical: false)
        }
    }

    @Test func aSameDayGoalChangeOnOneDeviceKeepsTheOthersJudgement() throws {
        guard TwoDeviceSyncTests.available else { return }
        for changerPulls in [false, true] {
            let remote = try Remote(Self.base)
            let laptop = try remote.clone("laptop"), phone = try remote.clone("phone")
            // `goal` changes are written by hand.
            try Data((Self.base + "2025-12-14 goal Read 5 page\n").utf8).write(to: URL(fileURLWithPath: laptop + "/habits.units"))
            try remote.write(phone, "log", "Read", "8")
            let (status, output) = try changerPulls
                ? remote.meet(pusher: (phone, "phone: 8 pages"), puller: (laptop, "laptop: goal 5"))
                : remote.meet(pusher: (laptop, "laptop: goal 5"), puller: (phone, "phone: 8 pages"))
            #expect(status == 0, "\(output)")
            let dir = changerPulls ? laptop : phone
            let meanings = try Self.meanings(remote, dir)
            #expect(meanings.contains("2025-12-14 Read 8 kinda"), "\(meanings)\n\(remote.journal(dir))")
            try remote.expectClean(dir, canonical: false)
        }
    }

    @Test func aSideThatDoesNotParseStopsTheMergeWithAConflict() throws {
        guard TwoDeviceSyncTests.available else { return }
        let bad = ["<<<<<<< ours\n2025-12-02 Walk 1\n=======\n2025-12-02 Walk 2\n>>>>>>> theirs\n", "2025-12-02 Walk 1 ; a \u{0} byte\n", "junk that is not a line\n"]
        for junk in bad {
            let remote = try Remote(Self.base)
            let laptop = try remote.clone("laptop"), phone = try remote.clone("phone")
            try Data((Self.base + junk).utf8).write(to: URL(fileURLWithPath: laptop + "/habits.units"))
            try remote.commitAndPush(laptop, "laptop: a broken journal")
            try remote.write(phone, "log", "Walk", "4")
            let (status, output) = try remote.commitAndPull(phone, "phone: a walk")
            #expect(status != 0, "git recorded a clean merge: \(output)")
            #expect(output.contains("CONFLICT"), "\(output)")
            #expect(output.contains("habits.units:") && output.contains("do not parse"), "\(output)")
            let (_, log) = try Remote.git(["log", "--oneline", "-1"], in: phone)
            #expect(!log.contains("Merge"), "no merge commit: \(log)")
        }
    }
}
