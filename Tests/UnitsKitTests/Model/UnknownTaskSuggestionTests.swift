import Testing
import UnitsKit

/// Found by the differential run (scripts/differential.sh): the "did you
/// mean" of an unknown task came from a dictionary's order, so two runs of
/// the same build named different tasks among equally close titles.
@Suite struct UnknownTaskSuggestionTests {
    @Test func amongEquallyCloseTitlesTheFirstInOrderIsSuggested() {
        var text = "units 1\n"
        for n in [39, 34, 32, 37, 30, 33, 31, 36, 35] { text += "2025-01-01 task \"Task \(n)\" 1\n" }
        text += "2025-01-02 done \"Task 38\"\n"
        let journal = Journal(tree: Parser.parse(SourceFile(path: "t.units", text: text)))
        let messages = journal.diagnostics.filter { $0.rule == "unknown-task" }.map(\.message)
        #expect(messages == ["no open task \"Task 38\"; did you mean \"Task 30\"?"])
    }
}
