import Testing
@testable import UnitsKit

/// Per format: the exact lines an import appends, that they are canonical
/// and lint-clean, and that a broken file imports nothing.
@Suite struct ImportFormatTests {
    static let today = CivilDate(iso: "2025-12-14")!

    static func run(_ format: ImportFormat, _ text: String, existing: Journal = Journal()) -> ImportResult {
        format.importFiles([ImportFile(path: "input", bytes: Array(text.utf8))], source: "input",
            existing: existing, today: today)
    }

    /// The imported text as the one write path lays it out in a new
    /// journal: canonical (`units-fmt --check`) and without any lint
    /// finding (`units-lint --strict`).
    static func expectCanonicalAndClean(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let written = InteropFileWriter.laidOut(Parser.parse("units 1\n" + text, path: "habits.units"), existingCount: 0)
        let file = String(decoding: written, as: UTF8.self)
        #expect(Formatter.formatted(file) == file, "not canonical", sourceLocation: sourceLocation)
        let journal = Journal(parsing: file)
        let findings = Linter.lint(journal, configuration: LintConfiguration(today: today))
        #expect(findings.map { "\($0.rule): \($0.message)" } == [], sourceLocation: sourceLocation)
    }

    /// The entry lines (not declarations, not the source comment).
    static func entryLines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix(";") && !$0.hasPrefix(" ") && !$0.contains(" habit ") && !$0.contains(" group ") }
    }

    // MARK: harsh

    @Test(arguments: [
        ("2024-01-05 : Running : y : New personal record : 25\n", ["2024-01-05 Running 25 ; New personal record"]),
        ("2024-01-05 : Meditate : y\n", ["2024-01-05 Meditate yes"]),
        ("2024-01-05 : Meditate : s : travelling\n", ["2024-01-05 Meditate skip ; travelling"]),
        ("2024-01-05 : Meditate : n :  : \n", ["2024-01-05 Meditate no"]),
        // A colon without spaces is part of the name; ` : ` in a comment keeps the last field the amount.
        ("2024-01-05 : Read: books : y : ch. 1 : 2 : 12\n", ["2024-01-05 Read-books 12 ; ch. 1 : 2"]),
        // The last line for a habit and day stands, as in harsh.
        ("2024-01-05 : Pullups : y :  : 10\n2024-01-05 : Pullups : y : again : 12\n", ["2024-01-05 Pullups 12 ; again"]),
        // A count habit's `n` and `s` lines keep their result as a tag.
        ("2024-01-05 : Pullups : y :  : 10\n2024-01-06 : Pullups : n : sore : 0\n2024-01-07 : Pullups : s\n",
         ["2024-01-05 Pullups 10", "2024-01-06 Pullups 0 #no ; sore", "2024-01-07 Pullups 0 #skip"]),
        ("# comment\n\n2024-01-05 : Meditate : y :  : 0\n", ["2024-01-05 Meditate yes"]),
    ])
    func harshLines(input: String, expected: [String]) {
        let result = Self.run(.harsh, input)
        #expect(result.problems == [])
        #expect(Self.entryLines(result.text) == expected)
        Self.expectCanonicalAndClean(result.text)
    }

    @Test func harshKinds() {
        let result = Self.run(.harsh, "2024-01-05 : Running : y : New personal record : 25\n2024-01-05 : Meditate : y\n")
        #expect(result.text == """
            ; imported from input
            2024-01-05 habit Running
            2024-01-05 habit Meditate
              kind: check
            2024-01-05 Running 25 ; New personal record
            2024-01-05 Meditate yes

            """)
    }

    /// harsh's own test fixture (test/fixtures/test_log, MIT).
    @Test func harshRealFixture() throws {
        let bytes = try InteropFixtures.bytes(InteropFixtures.inputs + "/harsh/test_log")
        let result = ImportFormat.harsh.importFiles([ImportFile(path: "test_log", bytes: bytes)], source: "test_log",
            existing: Journal(), today: Self.today)
        #expect(result.problems == [])
        #expect(Self.entryLines(result.text) == [
            "2025-01-01 Daily-standup yes ; Great meeting",
            "2025-01-01 Code-review 3 ; Reviewed 3 PRs",
            "2025-01-01 Gym 1.5 ; Leg day",
            "2025-01-01 Running 0 #no ; Too tired",
            "2025-01-01 Water-intake 8 ; 8 glasses",
            "2025-01-01 Sleep-tracking yes ; Tracked with app",
            "2025-01-01 Reading 0.5 ; Tech book",
            "2025-01-01 Meditation 10 ; 10 minutes",
            "2025-01-02 Daily-standup yes ; Quick update",
            "2025-01-02 Code-review 0 #skip ; Skipped today",
            "2025-01-02 Gym 0 #no ; Rest day",
            "2025-01-02 Running 5 ; 5k run",
            "2025-01-02 Water-intake 0 #no ; Forgot to track",
            "2025-01-02 Reading 1 ; Fiction book",
            "2025-01-02 Meditation 0 #no ; Overslept",
            "2025-01-03 Daily-standup no ; Missed meeting",
            "2025-01-03 Water-intake 6 ; Better today",
            "2025-01-03 Reading 0.25 ; Articles",
            "2025-01-03 Call-family yes ; Talked to mom",
        ])
        Self.expectCanonicalAndClean(result.text)
    }

    @Test func harshBrokenFileListsEveryBadLine() {
        let result = Self.run(.harsh, """
            2024-01-05 : Meditate : y
            2024-02-30 : Meditate : y
            2024-01-06 : Meditate : Y
            2024-01-07:Meditate:y
            2024-01-08 : Pullups : y : fine : lots
            2024-01-09 :  : y

            """)
        #expect(result.problems.map(\.line) == [2, 3, 4, 5, 6])
    }

    // MARK: todo.txt (examples from the spec, github.com/todotxt/todo.txt README)

    @Test(arguments: [
        ("(A) Thank Mom for the meatballs @phone", ["2025-12-14 task \"Thank Mom for the meatballs @phone\" #pri-A #phone"]),
        ("(B) Schedule Goodwill pickup +GarageSale @phone", ["2025-12-14 task \"Schedule Goodwill pickup +GarageSale @phone\" #pri-B #GarageSale #phone"]),
        ("@GroceryStore Eskimo pies", ["2025-12-14 task \"@GroceryStore Eskimo pies\" #GroceryStore"]),
        ("(A) 2011-03-02 Call Mom", ["2011-03-02 task \"Call Mom\" #pri-A"]),
        ("Really gotta call Mom (A) @phone @someday", ["2025-12-14 task \"Really gotta call Mom (A) @phone @someday\" #phone #someday"]),
        ("(b) Get back to the boss", ["2025-12-14 task \"(b) Get back to the boss\""]),
        ("(B)->Submit TPS report", ["2025-12-14 task \"(B)->Submit TPS report\""]),
        ("2011-03-02 Document +TodoTxt task format", ["2011-03-02 task \"Document +TodoTxt task format\" #TodoTxt"]),
        ("(A) Call Mom 2011-03-02", ["2025-12-14 task \"Call Mom 2011-03-02\" #pri-A"]),
        ("Learn how to add 2+2", ["2025-12-14 task \"Learn how to add 2+2\""]),
        ("(A) Call Mom +Family +PeaceLoveAndHappiness @iphone @phone",
         ["2025-12-14 task \"Call Mom +Family +PeaceLoveAndHappiness @iphone @phone\" #pri-A #Family #PeaceLoveAndHappiness #iphone #phone"]),
        ("Pick up milk due:2010-01-02", ["2025-12-14 task \"Pick up milk due:2010-01-02\""]),
        ("x 2011-03-03 Call Mom", ["2011-03-03 task \"Call Mom\"", "2011-03-03 done \"Call Mom\""]),
        ("x 2011-03-02 2011-03-01 Review Tim's pull request +TodoTxtTouch @github",
         ["2011-03-01 task \"Review Tim's pull request +TodoTxtTouch @github\" #TodoTxtTouch #github", "2011-03-02 done \"Review Tim's pull request +TodoTxtTouch @github\""]),
        ("xylophone lesson", ["2025-12-14 task \"xylophone lesson\""]),
        ("X 2012-01-01 Make resolutions", ["2025-12-14 task \"X 2012-01-01 Make resolutions\""]),
        ("(A) x Find ticket prices", ["2025-12-14 task \"x Find ticket prices\" #pri-A"]),
        ("x (B) 2025-12-04 2025-12-02 Write the \"Q4\" report +Work",
         ["2025-12-02 task \"Write the \\\"Q4\\\" report +Work\" #pri-B #Work", "2025-12-04 done \"Write the \\\"Q4\\\" report +Work\""]),
    ])
    func todoTxtLines(input: String, expected: [String]) {
        let result = Self.run(.todotxt, input + "\n")
        #expect(result.problems == [])
        #expect(Self.entryLines(result.text) == expected)
        Self.expectCanonicalAndClean(result.text)
    }

    @Test func todoTxtBrokenFileListsEveryBadLine() {
        let result = Self.run(.todotxt, "Call Mom\nx 2025-12-01 2025-12-05 Backwards\n(A) \n2025-12-01\nx 2025-12-01\n")
        #expect(result.problems.map(\.line) == [2, 3, 4, 5])
    }

    // MARK: importing twice

    /// Every sample file, imported into the journal the first import wrote
    /// (as the write path laid it out), adds nothing; a later file with one
    /// more line adds only that line.
    @Test(arguments: [
        (ImportFormat.loop, "loop/Checkmarks.csv"), (.loop, "loop/003 Drink water/Checkmarks.csv"),
        (.harsh, "harsh.log"), (.harsh, "harsh/test_log"), (.habitctl, "habitctl.log"),
        (.timedot, "work.timedot"), (.todotxt, "todo.txt"),
    ])
    func secondImportAddsNothing(format: ImportFormat, input: String) throws {
        let bytes = try InteropFixtures.bytes(InteropFixtures.inputs + "/" + input)
        let first = format.importFiles([ImportFile(path: input, bytes: bytes)], source: input,
            existing: Journal(), today: Self.today)
        #expect(first.problems == [])
        let written = InteropFileWriter.laidOut(Parser.parse("units 1\n" + first.text, path: "habits.units"), existingCount: 0)
        let journal = Journal(parsing: String(decoding: written, as: UTF8.self))
        let second = format.importFiles([ImportFile(path: input, bytes: bytes)], source: input,
            existing: journal, today: Self.today)
        #expect(second.problems == [])
        #expect(second.text == "")
        #expect(second.entryCount == 0 && second.taskCount == 0 && second.declaredHabits == [])
        #expect(second.alreadyPresent == first.entryCount + first.text.split(separator: "\n").filter { $0.contains(" task ") || $0.contains(" done ") }.count)
    }

    @Test func aLaterExportAddsOnlyWhatIsNew() {
        let first = Self.run(.harsh, "2024-01-05 : Meditate : y\n2024-01-06 : Meditate : n\n")
        let journal = Journal(parsing: "units 1\n" + first.text)
        let later = Self.run(.harsh, "2024-01-05 : Meditate : y\n2024-01-06 : Meditate : n\n2024-01-07 : Meditate : y : new\n", existing: journal)
        #expect(later.text == "; imported from input\n2024-01-07 Meditate yes ; new\n")
        #expect(later.alreadyPresent == 2)
    }

    /// Lines are compared with multiplicity: a count logged twice in the file
    /// and once in the journal is appended once.
    @Test func linesAreComparedWithMultiplicity() {
        let journal = Journal(parsing: "units 1\n2025-12-01 habit water\n  unit: glass\n2025-12-01 water  1\n")
        let result = Self.run(.units, "date,habit,value,state\n2025-12-01,water,1,\n2025-12-01,water,1,\n", existing: journal)
        #expect(result.problems == [])
        #expect(Self.entryLines(result.text) == ["2025-12-01 water 1"])
        #expect(result.alreadyPresent == 1)
    }
}
