import Testing
@testable import UnitsKit

/// Table-driven: each valid line form parses to its line kind and tokens.
struct ParserLineTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var line: String
        var kind: LineKind
        var tokens: [TokenKind]
        var testDescription: String { line }
    }

    static let cases: [Case] = [
        Case(line: "", kind: .blank, tokens: []),
        Case(line: "   \t ", kind: .blank, tokens: []),
        Case(line: "; a comment", kind: .comment, tokens: [.comment]),
        Case(line: "# also a comment", kind: .comment, tokens: [.comment]),
        Case(line: "units 1", kind: .version, tokens: [.keyword, .number]),
        Case(line: "units 1   ; format version", kind: .version, tokens: [.keyword, .number, .comment]),
        Case(line: "option week-start monday", kind: .option, tokens: [.keyword, .key, .word]),
        Case(line: "option day-start 04:00", kind: .option, tokens: [.keyword, .key, .word]),
        Case(line: "option lint-disable future-date long-name", kind: .option, tokens: [.keyword, .key, .word, .word]),
        Case(line: "include \"2024.units\"", kind: .include, tokens: [.keyword, .string]),
        Case(line: "include old/2024.units", kind: .include, tokens: [.keyword, .word]),
        Case(line: "2025-01-01 habit Reading", kind: .habit, tokens: [.date, .keyword, .name]),
        Case(line: "2025-01-01 habit Reading   ; why", kind: .habit, tokens: [.date, .keyword, .name, .comment]),
        Case(line: "2025-01-01 group Exercise", kind: .group, tokens: [.date, .keyword, .name]),
        Case(line: "2025-12-15 unit Reading chapter ch = 1 chapter", kind: .unitChange,
             tokens: [.date, .keyword, .name, .word, .word, .equals, .number, .word]),
        Case(line: "2025-12-15 unit Walk lap = 0.25 miles", kind: .unitChange,
             tokens: [.date, .keyword, .name, .word, .equals, .number, .word]),
        Case(line: "2025-12-15 unit Reading chapter", kind: .unitChange, tokens: [.date, .keyword, .name, .word]),
        Case(line: "2025-12-15 floor Reading 7/week", kind: .floorChange, tokens: [.date, .keyword, .name, .word]),
        Case(line: "2025-12-15 task \"Finish outline\" 2 Writing", kind: .task,
             tokens: [.date, .keyword, .string, .number, .name]),
        Case(line: "2025-12-15 task \"Call \\\"Mom\\\"\" #family", kind: .task, tokens: [.date, .keyword, .string, .tag]),
        Case(line: "2025-12-15 task \"Tidy desk\"", kind: .task, tokens: [.date, .keyword, .string]),
        Case(line: "2025-12-16 done \"Finish outline\"", kind: .done, tokens: [.date, .keyword, .string]),
        Case(line: "2025-12-16 drop \"Tidy desk\" ; not needed", kind: .drop, tokens: [.date, .keyword, .string, .comment]),
        Case(line: "2025-12-16 pin \"Finish outline\"", kind: .pin, tokens: [.date, .keyword, .string]),
        Case(line: "2025-12-16 unpin \"Tidy desk\" ; later", kind: .unpin, tokens: [.date, .keyword, .string, .comment]),
        Case(line: "2025-12-16 pin Tidy", kind: .invalid, tokens: [.word, .word, .word]),
        Case(line: "2025-11-01 season \"Exam prep\" 2025-12-20", kind: .season, tokens: [.date, .keyword, .string, .date]),
        Case(line: "2025-11-01 season Winter 2026-02-28", kind: .season, tokens: [.date, .keyword, .name, .date]),
        Case(line: "2026-01-03 archive Swim", kind: .archive, tokens: [.date, .keyword, .name]),
        Case(line: "2026-02-03 unarchive Swim", kind: .unarchive, tokens: [.date, .keyword, .name]),
        Case(line: "2025-12-20 pause Gym 2025-12-27 ; holiday", kind: .pause, tokens: [.date, .keyword, .name, .date, .comment]),
        Case(line: "2025-12-14 Reading 3", kind: .entry, tokens: [.date, .name, .number]),
        Case(line: "2025-12-14 Reading -1", kind: .entry, tokens: [.date, .name, .number]),
        Case(line: "2025-12-14 Walk 0.25", kind: .entry, tokens: [.date, .name, .number]),
        Case(line: "2025-12-14 Meditate yes", kind: .entry, tokens: [.date, .name, .state]),
        Case(line: "2025-12-14 Meditate kinda", kind: .entry, tokens: [.date, .name, .state]),
        Case(line: "2025-12-14 Meditate no", kind: .entry, tokens: [.date, .name, .state]),
        Case(line: "2025-12-14 Meditate skip ; ill", kind: .entry, tokens: [.date, .name, .state, .comment]),
        Case(line: "2025-12-14 Gym 5 #legs #heavy ; squats", kind: .entry, tokens: [.date, .name, .number, .tag, .tag, .comment]),
        Case(line: "2025/12/14 Reading 3", kind: .entry, tokens: [.date, .name, .number]),
        Case(line: "2025.1.4 Reading +3", kind: .entry, tokens: [.date, .name, .number]),
        Case(line: "2025-12-14\tReading\t3", kind: .entry, tokens: [.date, .name, .number]),
        Case(line: "2025-12-14 読書 3", kind: .entry, tokens: [.date, .name, .number]),
        Case(line: "2025-12-14 Read-30 12;no comment here", kind: .invalid, tokens: [.word, .word, .word, .word, .word]),
    ]

    @Test(arguments: cases)
    func parsesLine(_ c: Case) {
        let tree = Parser.parse(c.line)
        #expect(tree.lines.count == (c.line.isEmpty ? 0 : 1))
        guard let line = tree.lines.first else { return }
        #expect(line.kind == c.kind, "\(tree.diagnostics.map(\.message))")
        #expect(tree.tokens(of: line).map(\.kind) == c.tokens)
        if c.kind != .invalid { #expect(tree.diagnostics.isEmpty, "\(tree.diagnostics.map(\.message))") }
    }

    @Test func attributeLinesFollowADeclaration() {
        let tree = Parser.parse("2025-01-01 habit Walk\n  unit: lap\n\tsize:0.25 miles\n    floor : 8/week ; pace\n")
        #expect(tree.diagnostics.isEmpty, "\(tree.diagnostics.map(\.message))")
        #expect(tree.lines.map(\.kind) == [.habit, .attribute, .attribute, .attribute])
        #expect(tree.tokens(of: tree.lines[1]).map(\.kind) == [.key, .colon, .word])
        #expect(tree.tokens(of: tree.lines[2]).map(\.kind) == [.key, .colon, .word, .word])
        #expect(tree.tokens(of: tree.lines[3]).map(\.kind) == [.key, .colon, .word, .comment])
        #expect(tree.text(tree.tokens(of: tree.lines[2]).last!) == "miles")
    }

    @Test func commentsDoNotEndADeclarationBlock() {
        let tree = Parser.parse("2025-01-01 habit Walk\n  ; the park loop\n  unit: lap\n")
        #expect(tree.diagnostics.isEmpty)
        #expect(tree.lines.map(\.kind) == [.habit, .comment, .attribute])
    }

    @Test func stringValues() {
        let tree = Parser.parse("2025-12-15 task \"Call \\\"Mom\\\" \\\\ now\"")
        let title = tree.tokens(of: tree.lines[0])[2]
        #expect(tree.stringValue(title) == "Call \"Mom\" \\ now")
    }

    @Test func notesAreTrimmedComments() {
        let tree = Parser.parse("2025-12-14 Walk 4   ;  round the park  ")
        #expect(tree.commentText(tree.tokens(of: tree.lines[0]).last!) == "round the park")
    }
}
