import Testing
import UnitsKit

@Suite struct UnifiedDiffTests {
    @Test func equalTextsHaveNoDiff() {
        #expect(UnifiedDiff.diff(old: Array("a\n".utf8), new: Array("a\n".utf8), oldName: "a", newName: "b") == "")
    }

    @Test func oneChangedLineWithContext() {
        let old = (1...10).map { "line \($0)\n" }.joined()
        let new = (1...10).map { $0 == 5 ? "line five\n" : "line \($0)\n" }.joined()
        let diff = UnifiedDiff.diff(old: Array(old.utf8), new: Array(new.utf8), oldName: "a/x", newName: "b/x")
        #expect(diff == """
            --- a/x
            +++ b/x
            @@ -2,7 +2,7 @@
             line 2
             line 3
             line 4
            -line 5
            +line five
             line 6
             line 7
             line 8

            """)
    }
}

