import Testing
import UnitsCLI
import UnitsKit

/// units-lint on limit inputs: a clear message with file, line and column,
/// and exit 1, rather than a crash.
@Suite struct LintLimitsTests {
    func lint(_ text: String) -> (code: ExitCode, out: String) {
        var out = ""
        let io = CommandIO(writeOut: { out += $0 }, writeErr: { out += $0 }, readStandardInput: { Array(text.utf8) })
        let code = LintCommand.main(["-"], io: io, prefix: "units-lint")
        return (code, out)
    }

    @Test("a 40-digit number is reported at its line and column")
    func fortyDigits() {
        let digits = String(repeating: "4", count: 40)
        let result = lint("units 1\n2025-01-01 habit Reading\n2025-01-02 Reading \(digits)\n")
        #expect(result.code == .failure)
        #expect(result.out.contains("<stdin>:3:20: error: number too large"))
    }

    @Test("a generated journal lints without errors")
    func generatedJournal() {
        let generated = JournalGenerator(seed: 3, entries: 2_000).generate()
        let result = lint(generated.text)
        #expect(result.code == .ok, "\(result.out.prefix(400))")
    }
}
