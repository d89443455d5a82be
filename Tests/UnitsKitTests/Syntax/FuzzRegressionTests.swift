import Testing
@testable import UnitsKit
/// Every input the fuzzer (Fuzz/fuzz.sh) found a crash with, run through the
/// same checks as the fuzz target: printing is lossless, the model builds,
/// every diagnostic points inside its file, and the queries answer.
@Suite struct FuzzRegressionTests {
    static let directory: String = {
        let here = "\(#filePath)"
        return String(here[..<here.lastIndex(of: "/")!]) + "/FuzzInputs"
    }()

    static var inputs: [String] {
        TestFiles.list(directory).filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test("the regression inputs are there")
    func inputsExist() {
        #expect(Self.inputs.count >= 1)
    }

    @Test("crash inputs found by the fuzzer", arguments: inputs)
    func replay(name: String) throws {
        let bytes = try FileReader.readBytes(atPath: "\(Self.directory)/\(name)")
        let tree = Parser.parse(SourceFile(path: "fuzz.units", bytes: bytes))
        #expect(tree.printed() == bytes)
        let loader = JournalLoader { path in
            if path == "fuzz.units" { return bytes }
            throw FileReadError(path: path, reason: "no such file")
        }
        let journal = Journal(tree: tree, loader: loader)
        for d in journal.diagnostics {
            if let r = d.range { #expect(r.start >= 0 && r.end <= r.file.bytes.count, "\(d.message)") }
        }
        var renderer = DiagnosticRenderer(useColor: false)
        _ = renderer.render(journal.diagnostics.sortedByPosition())
        for date in [journal.dateRange?.last ?? .minimum, .minimum, .maximum] {
            _ = ReportOutput.collect { sink in JournalSummary(journal, through: date).json(to: sink) }
        }
    }
}
