import Foundation
import Testing
@testable import UnitsCLI

/// `units '2 miles' km` typed to the habit tracker is answered: this is the
/// habit tracker, and the unit converter (GNU/BSD units) is there.
@Suite struct UnitConversionAnswerTests {
    /// A directory holding a stand-in GNU units (what `--version` prints).
    static func otherUnits() throws -> String {
        let dir = try CLIFixtures.temporaryDirectory()
        try "#!/bin/sh\necho 'GNU Units version 2.22'\n".write(toFile: dir + "/units", atomically: true, encoding: .utf8)
        try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir + "/units")
        return dir
    }

    @Test(arguments: [["2 miles", "km"], ["2miles", "km"], ["3.5kg", "lb"], ["miles", "km"], ["10 m/s"]])
    func aConversionNamesTheOtherUnits(words: [String]) throws {
        let dir = try Self.otherUnits()
        let run = CLI.units(words, environment: ["PATH": dir + ":/nonexistent"])
        #expect(run.code == .usage)
        #expect(run.out.isEmpty)
        #expect(run.err.contains("the plain-text habit tracker"), "\(run.err)")
        #expect(run.err.contains("The unit converter is \(dir)/units: run `\(dir)/units '\(words[0])'"), "\(run.err)")
    }

    @Test func withoutAnotherUnitsItSaysHowToGetOne() throws {
        guard !FileManager.default.fileExists(atPath: "/usr/bin/units") else {
            print("SKIPPED withoutAnotherUnitsItSaysHowToGetOne: /usr/bin/units is installed here")
            return
        }
        let run = CLI.units(["2 miles", "km"], environment: ["PATH": "/nonexistent"])
        #expect(run.code == .usage)
        #expect(run.err.contains("is not installed here"), "\(run.err)")
    }

    /// Words that are not conversions keep their own answers.
    @Test(arguments: ["statz", "2025-12-14", "Readng"])
    func otherWordsAreNotConversions(word: String) throws {
        let dir = try Self.otherUnits()
        let run = CLI.units(["-f", CLI.example("habits.units"), word], environment: ["PATH": dir])
        #expect(run.code == .usage)
        #expect(!run.err.contains("unit conversion"), "\(run.err)")
    }

    /// Through the built binary, first on PATH: it never names itself as
    /// the other units.
    @Test func theBinaryNamesTheOtherNotItself() throws {
        guard let units = unitsExecutable() else {
            print("SKIPPED theBinaryNamesTheOtherNotItself: the units executable is not built")
            return
        }
        let dir = try Self.otherUnits()
        let bin = (units as NSString).deletingLastPathComponent
        let process = Process()
        process.executableURL = URL(fileURLWithPath: units)
        process.arguments = ["2 miles", "km"]
        process.environment = ["PATH": "\(bin):\(dir):/usr/bin:/bin", "HOME": "/nonexistent"]
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(text.contains("The unit converter is \(dir)/units"), "\(text)")
    }

    /// Run by name, as a shell runs it (argv[0] `units`, found on PATH
    /// through a symbolic link, as `make install` and Homebrew leave it): still not
    /// itself. Without another units it says the converter is not installed.
    @Test func runByNameItDoesNotNameItself() throws {
        guard let units = unitsExecutable() else {
            print("SKIPPED runByNameItDoesNotNameItself: the units executable is not built")
            return
        }
        let link = FileManager.default.temporaryDirectory.appendingPathComponent("units-byname-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: link, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: link) }
        try FileManager.default.createSymbolicLink(atPath: link + "/units", withDestinationPath: units)
        let other = try Self.otherUnits()
        for (path, expected) in [("\(link):\(other)", "The unit converter is \(other)/units"),
                                 ("\(link)", FileManager.default.isExecutableFile(atPath: "/usr/bin/units")
                                    ? "The unit converter is /usr/bin/units" : "is not installed here")] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", "units '2 miles' km"]
            process.environment = ["PATH": path, "HOME": "/nonexistent"]
            let err = Pipe()
            process.standardError = err
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 2)
            #expect(text.contains(expected) && !text.contains(link), "PATH=\(path): \(text)")
        }
    }
}
