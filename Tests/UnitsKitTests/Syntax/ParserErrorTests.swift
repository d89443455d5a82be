import Testing
@testable import UnitsKit

/// Table-driven: each bad line gives one diagnostic at the right column,
/// with a message that says what was expected.
struct ParserErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var text: String
        var column: Int
        var message: String
        var rule = Parser.syntaxRule
        var testDescription: String { text.debugDescription }
    }

    static let cases: [Case] = [
        Case(text: "2025-02-30 Reading 1", column: 1, message: "day 30 does not exist in February 2025"),
        Case(text: "2025-13-01 Reading 1", column: 1, message: "month 13 does not exist"),
        Case(text: "0000-01-01 Reading 1", column: 1, message: "year 0000 does not exist"),
        Case(text: "2025-12-14 Reading", column: 19, message: "expected a value after the habit name"),
        Case(text: "2025-12-14 Reading lots", column: 20, message: "expected a number of units, or yes, kinda, no or skip"),
        Case(text: "2025-12-14 Reading 1234567890123456", column: 20, message: "number too large"),
        Case(text: "2025-12-14 Reading 0.1234567891", column: 20, message: "too many decimal places"),
        Case(text: "2025-12-14 Reading 3 extra", column: 22, message: "expected tags (#word) or a note after ';'"),
        Case(text: "2025-12-14 Reading 3 # note", column: 22, message: "a tag is '#' followed by"),
        Case(text: "2025-12-14 5k-run 3", column: 12, message: "a name starts with a letter"),
        Case(text: "2025-12-14 Read!ng 3", column: 16, message: "'!' cannot appear in a habit name"),
        Case(text: "2025-12-14 habit task", column: 18, message: "'task' is a keyword"),
        Case(text: "2025-12-15 task \"Finish outline", column: 17, message: "unterminated string"),
        Case(text: "2025-12-15 task Finish", column: 17, message: "expected the task's title in double quotes"),
        Case(text: "2025-12-15 task \"a\\nb\"", column: 19, message: "unknown escape in string"),
        Case(text: "2025-12-15 unit Reading", column: 24, message: "expected the new unit's name"),
        Case(text: "2025-12-15 unit Walk lap 0.25 miles", column: 26, message: "expected '=' and the unit's size"),
        Case(text: "2025-12-15 unit Walk lap = far", column: 28, message: "expected the unit's size as a number"),
        Case(text: "2025-12-15 season \"Exam prep\"", column: 30, message: "expected the season's last day"),
        Case(text: "2025-12-15 pause Gym soon", column: 22, message: "expected a date (YYYY-MM-DD)"),
        Case(text: "2025-12-15", column: 11, message: "expected a habit name, or a keyword"),
        Case(text: "habit Reading", column: 1, message: "a line must start with a date"),
        Case(text: "frobnicate", column: 1, message: "unknown directive 'frobnicate'"),
        // git's conflict markers, left by a merge, are named as such.
        Case(text: "<<<<<<< ours", column: 1, message: "merge conflict left in the file"),
        Case(text: "=======", column: 1, message: "merge conflict left in the file"),
        Case(text: ">>>>>>> theirs (Piano declared two ways)", column: 1, message: "merge conflict left in the file"),
        Case(text: "||||||| base", column: 1, message: "merge conflict left in the file"),
        Case(text: "units one", column: 7, message: "expected the format version as a whole number"),
        Case(text: "option", column: 7, message: "expected an option name"),
        Case(text: "include", column: 8, message: "expected a file to include"),
        Case(text: "  unit: page", column: 3, message: "attribute line with no declaration above it"),
        Case(text: "2025-01-01 habit Reading\n  colour: blue", column: 3, message: "unknown attribute 'colour'; did you mean 'color'?"),
        Case(text: "2025-01-01 habit Reading\n  unit:", column: 8, message: "expected a value after 'unit:'"),
        Case(text: "2025-01-01 habit Reading\n\n  unit: page", column: 3, message: "attribute line with no declaration above it"),
        Case(text: "2025-12-14 Reading \u{0}3", column: 20, message: "NUL byte", rule: Parser.encodingRule),
        Case(text: "2025-12-14 Reading 3\rmore", column: 21, message: "stray carriage return", rule: Parser.encodingRule),
    ]

    @Test(arguments: cases)
    func reportsOneDiagnostic(_ c: Case) throws {
        let tree = Parser.parse(c.text, path: "bad.units")
        #expect(tree.diagnostics.count == 1, "\(tree.diagnostics.map(\.message))")
        let d = try #require(tree.diagnostics.first)
        #expect(d.severity == .error)
        #expect(d.rule == c.rule)
        #expect(d.message.contains(c.message), "\(d.message)")
        let at = LineTable(d.range!.file).location(of: d.range!.start)
        #expect(at.column == c.column, "\(d.message)")
        // The bad line is kept, so the tree still prints the input back.
        #expect(tree.printed() == Array(c.text.utf8))
    }

    @Test func invalidUTF8IsAnError() {
        let bytes: [UInt8] = Array("2025-12-14 Reading 3 ; caf".utf8) + [0xC3, 0x28] + [0x0A] + Array("2025-12-14 Reading 1\n".utf8)
        let tree = Parser.parse(SourceFile(path: "latin1.units", bytes: bytes))
        #expect(tree.diagnostics.count == 1)
        #expect(tree.diagnostics[0].rule == Parser.encodingRule)
        #expect(tree.diagnostics[0].message.contains("invalid UTF-8 (byte 0xC3)"))
        #expect(LineTable(tree.file).location(of: tree.diagnostics[0].range!.start) == LineColumn(line: 1, column: 27))
        #expect(tree.lines[1].kind == .entry)   // parsing goes on with the next line
        #expect(tree.printed() == bytes)
    }

    @Test func overlongAndSurrogateEncodingsAreInvalid() {
        for bad: [UInt8] in [[0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF]] {
            let tree = Parser.parse(SourceFile(path: "x", bytes: Array("; ".utf8) + bad))
            #expect(tree.diagnostics.count == 1, "\(bad)")
        }
    }

    @Test func oneBadLineDoesNotStopParsing() {
        let text = "2025-12-14 Reading lots\n2025-12-14 Reading 2\nnonsense here\n2025-12-15 Reading 1\n"
        let tree = Parser.parse(text)
        #expect(tree.diagnostics.count == 2)
        #expect(tree.lines.map(\.kind) == [.invalid, .entry, .invalid, .entry])
    }

    @Test func aMegabyteLineIsOneDiagnosticNotACrash() {
        let long = "2025-12-14 Reading 3 " + String(repeating: "x", count: 1 << 20)
        let tree = Parser.parse(long)
        #expect(tree.diagnostics.count == 1)
        #expect(tree.printed().count == long.utf8.count)
        let note = "2025-12-14 Reading 3 ; " + String(repeating: "y", count: 1 << 20)
        #expect(Parser.parse(note).diagnostics.isEmpty)
    }
}
