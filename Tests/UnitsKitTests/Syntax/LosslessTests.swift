import Foundation
import Testing
@testable import UnitsKit

/// Printing the tree gives the input back byte for byte, for every example
/// and a corpus of odd inputs.
struct LosslessTests {
    static let oddInputs: [String] = [
        "",
        "\n",
        "\n\n\n",
        "\u{FEFF}units 1\n",
        "\u{FEFF}",
        "units 1",                                   // no final newline
        "units 1\r\n2025-01-01 habit Reading\r\n  unit: page\r\n2025-01-02 Reading 3\r\n",
        "units 1\r\n\r\n",
        "2025-01-01 habit 読書\n2025-01-02 読書 3 ; 三ページ\n",
        "2025-01-01 habit Café\n2025-01-02 Café 1 #déjà ; naïve\n",
        "\t2025-01-01 habit X\n",
        "2025-01-01\thabit\tX\n\t unit:\tpage\t; tab\t\n",
        "   \n\t\n  ; indented comment\n",
        "2025-12-14 Reading 3\r",                   // lone CR at end
        "a\rb\rc",
        "\"unterminated\n2025-01-01 habit A\n",
        "2025-12-14 Reading \u{0} 3\n",
        "include \"a b.units\"   ; spaced path\n",
        String(repeating: "2025-12-14 Reading 1\n", count: 100),
        "2025-01-01 habit A\n  note: \"a; b\" ; real comment\n",
        ";;;;\n####\n# ; #\n",
    ]

    @Test(arguments: oddInputs)
    func oddInputRoundTrips(_ text: String) {
        let tree = Parser.parse(text)
        #expect(tree.printed() == Array(text.utf8))
        assertPartition(tree)
    }

    @Test func everyExampleRoundTrips() throws {
        let examples = Fixtures.examples
        #expect(examples.count >= 3)
        for url in examples {
            let bytes = try [UInt8](Data(contentsOf: url))
            let tree = Parser.parse(SourceFile(path: url.path, bytes: bytes))
            #expect(tree.printed() == bytes, "\(url.lastPathComponent)")
            #expect(tree.diagnostics.isEmpty, "\(url.lastPathComponent): \(tree.diagnostics.map(\.message))")
            assertPartition(tree)
        }
    }

    @Test func invalidBytesRoundTrip() {
        var bytes: [UInt8] = []
        for b in 0...255 { bytes.append(UInt8(b)); if b % 16 == 0 { bytes.append(0x0A) } }
        let tree = Parser.parse(SourceFile(path: "noise", bytes: bytes))
        #expect(tree.printed() == bytes)
        assertPartition(tree)
    }

    /// Lines tile the file, and each line's tokens lie inside it, in order.
    func assertPartition(_ tree: SyntaxTree) {
        var cursor = Int32(tree.byteOrderMarkLength)
        for line in tree.lines {
            #expect(line.start == cursor)
            #expect(line.start <= line.contentEnd && line.contentEnd <= line.end)
            var tokenCursor = line.start
            for token in tree.tokens(of: line) {
                #expect(token.start >= tokenCursor && token.end <= line.contentEnd && token.start < token.end)
                tokenCursor = token.end
            }
            cursor = line.end
        }
        #expect(Int(cursor) == tree.file.bytes.count)
    }
}
