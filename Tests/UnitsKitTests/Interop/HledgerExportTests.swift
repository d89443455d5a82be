import Foundation
import Testing
@testable import UnitsKit
import UnitsTestSupport

/// `units export --timedot` / `--ledger` read by the real hledger: per habit
/// and day, hledger's register equals the journal's totals (the numbers
/// `units export --csv` holds); and the timedot imported back gives them too.
@Suite struct HledgerExportTests {
    static func hledger(_ args: [String]) -> String? {
        let path = ["/usr/bin/hledger", "/usr/local/bin/hledger"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let path else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = args
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
    }

    /// The journal's totals as hledger amounts: count sums, check 1/0.5/0.
    static func expected(_ journal: Journal) -> [String: Amount] {
        var result: [String: Amount] = [:]
        for (key, value) in DailyTotals.of(journal) {
            switch value {
            case "yes": result[key] = Amount(1)
            case "kinda": result[key] = JournalText.amount("0.5")
            case "no": result[key] = .zero
            case "skip": continue
            default: result[key] = JournalText.amount(value)
            }
        }
        return result
    }

    @Test(arguments: InteropFixtures.examples)
    func hledgerRegisterMatchesTheJournal(path: String) throws {
        let journal = Journal.load(path: path)
        let expected = Self.expected(journal)
        let export = HledgerExport(journal)
        for (name, text, prefix) in [("t.timedot", export.timedot(), "timedot:"), ("t.journal", export.ledger(), "")] {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("units-hledger-\(UUID().uuidString)-\(name)").path
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            guard let csv = Self.hledger(["-f", prefix + file, "reg", "-O", "csv"]) else {
                print("SKIPPED: hledger is not installed (apt-get install hledger); \(name) not checked"); return
            }
            var got: [String: Amount] = [:]
            let rows = try CSV.parse(Array(csv.utf8)).dropFirst()
            for row in rows {
                let account = row.fields[4].trimmingCharacters(in: CharacterSet(charactersIn: "()"))
                got["\(account) \(row.fields[1])", default: .zero] += JournalText.amount(row.fields[5])!
            }
            #expect(got == expected, "\(name) of \(path)")
        }
    }

    @Test(arguments: InteropFixtures.examples)
    func timedotExportImportsBackWithTheSameTotals(path: String) throws {
        let journal = Journal.load(path: path)
        let result = TimedotImporter.parse(Array(HledgerExport(journal).timedot().utf8), path: "t.timedot", existing: Journal())
        #expect(result.problems == [])
        let back = Journal(parsing: "units 1\n" + result.text)
        #expect(back.diagnostics.filter { $0.severity == .error }.map(\.message) == [])
        #expect(DailyTotals.of(back).mapValues { JournalText.amount($0)! } == Self.expected(journal))
    }
}
