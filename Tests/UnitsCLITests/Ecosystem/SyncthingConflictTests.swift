import Foundation
import Testing
@testable import UnitsCLI
import UnitsKit
import UnitsTestSupport

/// Sync without git, against the real thing: two Syncthing instances on
/// 127.0.0.1 (no discovery, relays or NAT; device IDs made with `syncthing
/// generate` and exchanged in the config) share one folder. Both devices
/// log while they are apart, then meet: Syncthing itself leaves a
/// `.sync-conflict-` copy, and `units resolve` on one device leaves one
/// journal with every entry of both, canonical and lint-clean, which
/// Syncthing then carries to the other device.
@Suite(.serialized) struct SyncthingConflictTests {
    static let syncthing = "/usr/bin/syncthing"

    static func available() -> Bool {
        guard FileManager.default.isExecutableFile(atPath: syncthing), CLIFixtures.unitsBinary != nil else {
            print("SKIPPED SyncthingConflictTests: needs \(syncthing) (Debian's syncthing, installed by .ci/run) and the built units executable")
            return false
        }
        return true
    }

    struct Device {
        var home: String
        var folder: String
        var state: String
        var listen: Int
        var gui: Int
        var id = ""
        var process: Process?
    }

    static func config(_ device: Device, ids: [String], peers: [Int]) -> String {
        let folderDevices = ids.map { "    <device id=\"\($0)\"></device>" }.joined(separator: "\n")
        let devices = zip(ids, peers).enumerated().map { index, pair in
            "  <device id=\"\(pair.0)\" name=\"device\(index + 1)\" compression=\"metadata\" introducer=\"false\"><address>tcp://127.0.0.1:\(pair.1)</address></device>"
        }.joined(separator: "\n")
        return """
            <configuration version="36">
              <folder id="units" label="units" path="\(device.folder)" type="sendreceive" rescanIntervalS="1" fsWatcherEnabled="false">
                <filesystemType>basic</filesystemType>
            \(folderDevices)
                <minDiskFree unit="%">0</minDiskFree>
                <maxConflicts>10</maxConflicts>
              </folder>
            \(devices)
              <gui enabled="true" tls="false"><address>127.0.0.1:\(device.gui)</address><apikey>units-test</apikey></gui>
              <options>
                <listenAddress>tcp://127.0.0.1:\(device.listen)</listenAddress>
                <globalAnnounceEnabled>false</globalAnnounceEnabled>
                <localAnnounceEnabled>false</localAnnounceEnabled>
                <relaysEnabled>false</relaysEnabled>
                <natEnabled>false</natEnabled>
                <startBrowser>false</startBrowser>
                <urAccepted>-1</urAccepted>
                <autoUpgradeIntervalH>0</autoUpgradeIntervalH>
                <crashReportingEnabled>false</crashReportingEnabled>
              </options>
            </configuration>

            """
    }

    static func start(_ device: inout Device) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: syncthing)
        process.arguments = ["serve", "--home=\(device.home)", "--no-browser", "--no-restart", "--logflags=0"]
        var environment = ProcessInfo.processInfo.environment
        environment["STNOUPGRADE"] = "1"
        process.environment = environment
        let log = FileHandle(forWritingAtPath: device.home + "/log") ?? FileHandle.nullDevice
        process.standardOutput = log
        process.standardError = log
        try process.run()
        device.process = process
    }

    static func stop(_ device: inout Device) {
        guard let process = device.process else { return }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        device.process = nil
    }

    /// Waits up to `seconds` for `done`, polling every half second.
    static func wait(_ seconds: Double, _ done: () -> Bool) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if done() { return true }
            Thread.sleep(forTimeInterval: 0.5)
        }
        return done()
    }

    static func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    static func copies(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.contains(".sync-conflict-") }.sorted()
    }

    @Test func syncthingConflictCopyIsFoldedWithEveryEntry() throws {
        guard Self.available() else { return }
        let units = try #require(CLIFixtures.unitsBinary)
        let root = try CLIFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        // Ports of our own, printed so a clash can be told from a failure.
        var random = TestSeed.generator()
        let port = Int.random(in: 20_000...50_000, using: &random)
        print("SyncthingConflictTests ports \(port)...\(port + 3)")
        var devices = (1...2).map { n in
            Device(home: root + "/home\(n)", folder: root + "/folder\(n)", state: root + "/state\(n)", listen: port + n - 1, gui: port + n + 1)
        }
        defer { for i in devices.indices { Self.stop(&devices[i]) } }
        for i in devices.indices {
            try FileManager.default.createDirectory(atPath: devices[i].folder, withIntermediateDirectories: true)
            let (status, output) = try CLIFixtures.run(Self.syncthing, ["generate", "--home=\(devices[i].home)", "--no-default-folder", "--skip-port-probing"], in: root)
            try #require(status == 0, "syncthing generate: \(output)")
            let (_, id) = try CLIFixtures.run(Self.syncthing, ["--home=\(devices[i].home)", "--device-id"], in: root)
            devices[i].id = id.trimmingCharacters(in: .whitespacesAndNewlines)
            FileManager.default.createFile(atPath: devices[i].home + "/log", contents: nil)
        }
        for device in devices {
            try Self.config(device, ids: devices.map(\.id), peers: devices.map(\.listen))
                .write(toFile: device.home + "/config.xml", atomically: true, encoding: .utf8)
        }
        let journal = devices.map { $0.folder + "/habits.units" }
        let base = """
            units 1

            2025-12-01 habit Walk
              unit: km
            2025-12-01 habit Reading
              unit: page
            2025-12-02 Walk 3

            """
        try base.write(toFile: journal[0], atomically: true, encoding: .utf8)

        // 1. Both running: the journal reaches the second device.
        for i in devices.indices { try Self.start(&devices[i]) }
        let synced = Self.wait(90) { Self.read(journal[1]) == base }
        try #require(synced, "Syncthing did not copy the journal; log: \(Self.read(devices[0].home + "/log") ?? "")")

        // 2. Apart (both stopped), each device logs: the laptop a walk
        // (and its undo stack keeps the version before), the phone reading.
        for i in devices.indices { Self.stop(&devices[i]) }
        func log(_ device: Int, _ arguments: [String]) throws {
            let (status, output) = try CLIFixtures.run(units, ["log"] + arguments + ["--file", journal[device], "--today", "2025-12-03"],
                                                      in: root, environment: ["XDG_STATE_HOME": devices[device].state])
            try #require(status == 0, "\(output)")
        }
        try log(0, ["Walk", "5"])
        try log(0, ["Reading", "12", "--date", "2025-12-02"])
        try log(1, ["Reading", "30"])
        try log(1, ["Walk", "2"])

        // 3. They meet: Syncthing keeps one version and leaves the other as
        // a conflict copy, on both devices.
        for i in devices.indices { try Self.start(&devices[i]) }
        let conflicted = Self.wait(120) {
            let one = Self.copies(in: devices[0].folder), two = Self.copies(in: devices[1].folder)
            return !one.isEmpty && one == two && Self.read(journal[0]) == Self.read(journal[1])
        }
        try #require(conflicted, "no conflict copy from Syncthing: \(Self.copies(in: devices[0].folder)), \(Self.copies(in: devices[1].folder))")
        let copyName = try #require(Self.copies(in: devices[0].folder).first)
        #expect(ConflictCopies.service(of: copyName, copyOf: "habits.units") == .syncthing)

        // Every command says so, and still answers.
        let (todayStatus, todayOutput) = try CLIFixtures.run(units, ["today", "--file", journal[0], "--today", "2025-12-03"], in: root,
                                                             environment: ["XDG_STATE_HOME": devices[0].state])
        #expect(todayStatus == 0 && todayOutput.contains("units resolve"), "\(todayOutput)")

        // 4. `units resolve` on the laptop (each device's undo stack is its own).
        let (status, output) = try CLIFixtures.run(units, ["resolve", "--file", journal[0]], in: root,
                                                   environment: ["XDG_STATE_HOME": devices[0].state])
        #expect(status == 0, "\(output)")
        let merged = try #require(Self.read(journal[0]))
        let entries = merged.split(separator: "\n").filter { $0.hasPrefix("2025-12-0") && !$0.contains(" habit ") }.map { $0.split(separator: " ").joined(separator: " ") }.sorted()
        #expect(entries == ["2025-12-02 Reading 12", "2025-12-02 Walk 3", "2025-12-03 Reading 30", "2025-12-03 Walk 2", "2025-12-03 Walk 5"],
                "\(merged)\n\(output)")
        #expect(Self.copies(in: devices[0].folder).isEmpty)
        // Whichever version Syncthing kept, this device's undo stack holds
        // the version both devices had.
        #expect(!output.contains("without a known common version"), "\(output)")
        let (fmtStatus, fmtOutput) = try CLIFixtures.run(units + "-fmt", ["--check", journal[0]], in: root)
        #expect(fmtStatus == 0, "not canonical: \(fmtOutput)\n\(merged)")
        let (lintStatus, lintOutput) = try CLIFixtures.run(units + "-lint", [journal[0], "--today", "2025-12-03"], in: root)
        #expect(lintStatus == 0, "\(lintOutput)")

        // 5. Syncthing carries the resolved journal and the removal to the phone.
        let carried = Self.wait(90) { Self.read(journal[1]) == merged && Self.copies(in: devices[1].folder).isEmpty }
        #expect(carried, "the phone did not get the resolved journal")
    }
}
