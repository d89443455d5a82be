import Foundation
import Testing
@testable import UnitsKit

/// An include reads journals and nothing else, each file
/// once, within a budget; what is refused is one diagnostic on the include
/// line, and the content of a file that is not a journal is never shown.
@Suite struct IncludeBoundsTests {
    /// A fresh folder with `root.units` including `target`.
    static func folder() throws -> String {
        let dir = NSTemporaryDirectory() + "units-include-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    static func includeMessages(_ journal: Journal) -> [String] {
        journal.diagnostics.filter { $0.rule == JournalBuilder.Rule.include }.map(\.message)
    }

    static func rendered(_ journal: Journal) -> String {
        var renderer = DiagnosticRenderer()
        return renderer.render(journal.diagnostics)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        /// Makes the include target inside `dir`; returns the path to write in the include line.
        var make: @Sendable (String) throws -> String
        var expected: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "a system file", make: { _ in "/etc/passwd" }, expected: "only journal files whose name ends in .units"),
        Case(name: "a credentials file above", make: { dir in
            try "aws_secret_access_key = SECRET-TOKEN\n".write(toFile: dir + "/credentials", atomically: true, encoding: .utf8)
            return "credentials"
        }, expected: "ends in .units"),
        Case(name: "/dev/zero behind a .units link", make: { dir in
            try FileManager.default.createSymbolicLink(atPath: dir + "/zero.units", withDestinationPath: "/dev/zero")
            return "zero.units"
        }, expected: "not a regular file"),
        Case(name: "a FIFO never blocks", make: { dir in
            #expect((try? SystemFile.makeFIFO(dir + "/pipe.units")) != nil)
            return "pipe.units"
        }, expected: "not a regular file"),
        Case(name: "a folder", make: { dir in
            try FileManager.default.createDirectory(atPath: dir + "/year.units", withIntermediateDirectories: true)
            return "year.units"
        }, expected: "is a directory"),
        Case(name: "a secret renamed to .units", make: { dir in
            try "aws_secret_access_key = SECRET-TOKEN\n[default]\nregion=SECRET-TOKEN\n".write(toFile: dir + "/creds.units", atomically: true, encoding: .utf8)
            return "creds.units"
        }, expected: "not a journal (no line of it parses)"),
        Case(name: "binary data renamed to .units", make: { dir in
            try Data([0x7F, 0x45, 0x4C, 0x46, 0, 0, 0xFF, 0x0A, 0x53, 0x45, 0x43, 0x52, 0x45, 0x54]).write(to: URL(fileURLWithPath: dir + "/bin.units"))
            return "bin.units"
        }, expected: "not a journal (it holds NUL bytes)"),
    ]

    @Test("an include that is not a journal is refused with one diagnostic and no content", arguments: cases)
    func refused(_ c: Case) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let target = try c.make(dir)
        try "2025-01-01 habit Reading\ninclude \"\(target)\"\n2025-01-02 Reading 1\n".write(toFile: dir + "/root.units", atomically: true, encoding: .utf8)
        let started = ContinuousClock.now
        let journal = Journal.load(path: dir + "/root.units")
        #expect(ContinuousClock.now - started < .seconds(30))   // a hang guard: a busy CI machine must not fail it
        let messages = Self.includeMessages(journal)
        #expect(messages.count == 1, "\(messages)")
        #expect(messages.first?.contains(c.expected) == true, "\(messages)")
        #expect(journal.files.count == 1)
        #expect(journal.entries.count == 1)
        let text = Self.rendered(journal)
        #expect(!text.contains("SECRET"))
        #expect(!text.contains("root:"))
    }

    @Test("a fan-out (each file including the next twice) reads each file once")
    func fanOut() throws {
        var files: [String: String] = [:]
        for i in 0..<31 {
            files["f\(i).units"] = "2025-01-01 habit H\(i)\ninclude \"f\(i + 1).units\"\ninclude \"f\(i + 1).units\"\n"
        }
        files["f31.units"] = "2025-01-02 H0 1\n"
        let started = ContinuousClock.now
        let journal = Journal.load(path: "f0.units", loader: .memory(files))
        #expect(ContinuousClock.now - started < .seconds(30))   // a hang guard: a busy CI machine must not fail it
        #expect(journal.files.count == 32)
        #expect(journal.entries.count == 1)
        let messages = Self.includeMessages(journal)
        #expect(messages.count == 31)
        #expect(messages.allSatisfy { $0.contains("already included; each file is read once") })
    }

    @Test("a journal reads at most the file budget, then says so once per refused include")
    func fileBudget() {
        var files: [String: String] = [:]
        var root = ""
        let count = JournalBuilder.maximumIncludedFiles + 5
        for i in 0..<count {
            root += "include \"f\(i).units\"\n"
            files["f\(i).units"] = "2025-01-01 habit H\(i)\n"
        }
        files["root.units"] = root
        let journal = Journal.load(path: "root.units", loader: .memory(files))
        #expect(journal.files.count == JournalBuilder.maximumIncludedFiles)
        let messages = Self.includeMessages(journal)
        #expect(messages.count == 6)
        #expect(messages.allSatisfy { $0.contains("at most \(JournalBuilder.maximumIncludedFiles) files") })
    }

    @Test("a real include still works, and the same include from two places is one diagnostic")
    func ordinaryInclude() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/archive", withIntermediateDirectories: true)
        try "2025-01-02 Reading 2\n".write(toFile: dir + "/archive/2025.units", atomically: true, encoding: .utf8)
        try "include \"archive/2025.units\"\n".write(toFile: dir + "/other.units", atomically: true, encoding: .utf8)
        try "2025-01-01 habit Reading\ninclude \"archive/2025.units\"\ninclude other.units\n".write(toFile: dir + "/root.units", atomically: true, encoding: .utf8)
        let journal = Journal.load(path: dir + "/root.units")
        #expect(journal.entries.count == 1)
        #expect(Self.includeMessages(journal) == ["'archive/2025.units' is already included; each file is read once"])
    }
}
