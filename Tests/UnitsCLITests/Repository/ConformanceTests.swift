import Foundation
import Testing
import UnitsCLI
import UnitsTestSupport
import UnitsKit

/// The conformance corpus (Grammar/conformance/): every case's journal is
/// run through the reports it names, in-process, and every expected field
/// must agree (the same partial match as Grammar/conformance/run.py).
/// Expected outputs are written from the spec, never recorded from units.
@Suite struct ConformanceTests {
    static let root = URL(fileURLWithPath: PackageRoot.of(#filePath))
    static let directory = root.appendingPathComponent("Grammar/conformance/cases")

    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var today: String
        var journal: String
        var sections: [(header: [String], body: String)]
        var description: String { name }
    }

    static var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasSuffix(".case") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// Reads the case format of Grammar/conformance/README.md.
    static func load(_ name: String) throws -> Case {
        let text = try String(contentsOf: directory.appendingPathComponent(name + ".case"), encoding: .utf8)
        var c = Case(name: name, today: "", journal: "", sections: [])
        var header: [String]?
        var body = ""
        func close() {
            guard let header else { return }
            if header == ["journal"] { c.journal = body } else { c.sections.append((header, body)) }
        }
        // Split on LF bytes only: a journal line may end in CR LF, kept as written.
        for line in text.utf8.split(separator: 10, omittingEmptySubsequences: false).map({ String(decoding: $0, as: UTF8.self) }) {
            if line.hasPrefix("=== ") {
                close()
                header = words(String(line.dropFirst(4)))
                body = ""
            } else if header == nil {
                if line.hasPrefix("today:") { c.today = line.dropFirst(6).trimmingCharacters(in: .whitespaces) }
            } else {
                body += line + "\n"
            }
        }
        close()
        return c
    }

    /// Splits a header like a shell: spaces separate, quotes group.
    static func words(_ line: String) -> [String] {
        var result: [String] = [], word = "", quote: Character?, inWord = false
        for ch in line {
            if let q = quote {
                if ch == q { quote = nil } else { word.append(ch) }
            } else if ch == "'" || ch == "\"" {
                quote = ch; inWord = true
            } else if ch == " " || ch == "\t" {
                if inWord { result.append(word); word = ""; inWord = false }
            } else {
                word.append(ch); inWord = true
            }
        }
        if inWord { result.append(word) }
        return result
    }

    /// Every key written in `expected` must agree; arrays in length and
    /// order; numbers as exact decimals.
    static func match(_ expected: JSONValue, _ actual: JSONValue?, _ path: String, _ problems: inout [String]) {
        guard let actual else { problems.append("\(path): missing"); return }
        switch (expected, actual) {
        case (.object(let members), .object(let found)):
            for (key, value) in members { match(value, actual[key], "\(path).\(key)", &problems) }
            // The keys written must also come in the report's order (reports.md).
            let expectedKeys = members.map(\.key)
            let order = found.map(\.key).filter { expectedKeys.contains($0) }
            if Set(order) == Set(expectedKeys), order != expectedKeys {
                problems.append("\(path): keys in the order \(order), expected \(expectedKeys)")
            }
        case (.array(let e), .array(let a)):
            guard e.count == a.count else {
                problems.append("\(path): expected \(e.count) elements, got \(actual.encoded())"); return
            }
            for k in e.indices { match(e[k], a[k], "\(path)[\(k)]", &problems) }
        case (.number(let e), .number(let a)):
            let same = if let x = Amount(e), let y = Amount(a) { x == y } else { e == a }
            if !same { problems.append("\(path): expected \(e), got \(a)") }
        default:
            if expected != actual { problems.append("\(path): expected \(expected.encoded()), got \(actual.encoded())") }
        }
    }

    static func run(_ command: (([String], CommandIO) -> ExitCode), _ arguments: [String]) -> (out: String, err: String) {
        var out = "", err = ""
        let io = CommandIO(writeOut: { out += $0 }, writeErr: { err += $0 }, readStandardInput: { [] },
                           environment: ["XDG_STATE_HOME": "/tmp/units-test-state"])
        _ = command(arguments, io)
        return (out, err)
    }

    /// The differences between a case's expectations and units' answers.
    static func differences(_ c: Case) throws -> [String] {
        let dir = FmtLintScratch.directory()
        let file = dir + "/habits.units"
        try FmtLintScratch.write(file, c.journal)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var problems: [String] = []
        for (header, body) in c.sections {
            let expected = try JSONParser.parse(body)
            if header == ["lint"] {
                let result = run({ LintCommand.main($0, io: $1, prefix: "units-lint") }, ["--format", "json", "--today", c.today, file])
                guard let diagnostics = (try? JSONParser.parse(result.out))?["diagnostics"]?.array else {
                    problems.append("lint: no diagnostics JSON: \(result.err)"); continue
                }
                let found = JSONValue.array(diagnostics.map { d in
                    .object([("line", d["start"]?["line"] ?? .null), ("column", d["start"]?["column"] ?? .null),
                             ("rule", d["rule"] ?? .null), ("severity", d["severity"] ?? .null)])
                })
                match(expected, found, "lint", &problems)
            } else {
                let arguments = header + ["--file", file, "--today", c.today, "--json"]
                let result = run({ UnitsTool.main($0, io: $1) }, arguments)
                guard let actual = try? JSONParser.parse(result.out) else {
                    problems.append("\(header.joined(separator: " ")): not JSON: \(result.err)"); continue
                }
                match(expected, actual, header.joined(separator: " "), &problems)
            }
        }
        return problems
    }

    @Test func corpusIsLargeAndWellFormed() throws {
        let names = Self.names
        #expect(names.count >= 150, "the corpus has \(names.count) cases")
        for name in names {
            let c = try Self.load(name)
            #expect(CivilDate(iso: c.today) != nil, "\(name): no today")
            #expect(!c.journal.isEmpty && !c.sections.isEmpty, "\(name): no journal or no expectation")
        }
    }

    /// The partial match can fail: a wrong number, a missing key, a longer array.
    @Test func matcherReportsDifferences() throws {
        let actual = try JSONParser.parse(#"{"a": 1.50, "b": [1, 2], "c": "x"}"#)
        var problems: [String] = []
        Self.match(try JSONParser.parse(#"{"a": 1.5, "c": "x"}"#), actual, "$", &problems)
        #expect(problems.isEmpty)
        Self.match(try JSONParser.parse(#"{"a": 1.4}"#), actual, "$", &problems)
        Self.match(try JSONParser.parse(#"{"d": null}"#), actual, "$", &problems)
        Self.match(try JSONParser.parse(#"{"b": [1]}"#), actual, "$", &problems)
        Self.match(try JSONParser.parse(#"{"c": "x", "a": 1.5}"#), actual, "$", &problems)
        #expect(problems == ["$.a: expected 1.4, got 1.50", "$.d: missing", "$.b: expected 1 elements, got [1,2]",
                             #"$: keys in the order ["a", "c"], expected ["c", "a"]"#])
    }

    @Test(arguments: names) func conformance(_ name: String) throws {
        let problems = try Self.differences(try Self.load(name))
        #expect(problems.isEmpty, "\(name) differs from Grammar/conformance:\n\(problems.joined(separator: "\n"))")
    }

    /// The runner a second implementation uses, run for real (python3)
    /// against the built `units` the other tests run (`unitsExecutable()`:
    /// the build beside the test bundle, debug or release) and the
    /// `units-lint` beside it.
    @Test func runnerScriptAgreesWithUnits() throws {
        let units = unitsExecutable()
        let bin = units.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path } ?? ""
        let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let python, units != nil, FileManager.default.isExecutableFile(atPath: bin + "/units-lint") else {
            print("SKIPPED runnerScriptAgreesWithUnits: python3 or the built units/units-lint not found")
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [Self.root.appendingPathComponent("Grammar/conformance/run.py").path,
                             "--units", "\(bin)/units {report} {args} --file {file} --today {today} --json",
                             "--lint", "\(bin)/units-lint --format json --today {today} {file}"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(output)")
        #expect(output.contains("\(Self.names.count) of \(Self.names.count) cases agree"), "\(output)")
    }
}
