import Foundation
import Testing
@testable import UnitsKit
import UnitsTestSupport

/// Seeded random sessions with the language server, each printing its seed:
/// bad frames among good requests, includes of FIFOs and devices, documents
/// with CR LF and lone CR line breaks edited at random, and a large journal
/// with a broken declaration.
@Suite struct LanguageServerFuzzTests {
    static let seed: UInt64 = 0x1A5F_2026

    // MARK: frames

    /// Bad frames of every kind, good requests among them, the bytes cut
    /// in random pieces: every good request is answered.
    @Test func badFramesAmongGoodRequests() {
        print("badFramesAmongGoodRequests: seed \(Self.seed)")
        var random = SplitMix64(state: Self.seed)
        for round in 0..<60 {
            var input = MessageFramer.frame(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}"#)
            var good: [Int] = []
            for id in 1...12 {
                let body = LanguageServerHardeningTests.request(id)
                if random.below(3) == 0 {
                    input += Self.badFrame(body, &random)
                } else {
                    input += MessageFramer.frame(body)
                    good.append(id)
                }
            }
            // The stream ends with a good request: a bad one last may wait for bytes that never come.
            input += MessageFramer.frame(LanguageServerHardeningTests.request(99))
            good.append(99)
            let chunk = [1, 2, 5, 13, 100, 4096][random.below(6)]
            let answered = Set(LanguageServerHardeningTests.answeredIDs(input, chunk: chunk))
            #expect(Set(good).isSubset(of: answered), "seed \(Self.seed) round \(round) chunks of \(chunk): not answered \(Set(good).subtracting(answered).sorted())")
        }
    }

    static func badFrame(_ body: String, _ random: inout SplitMix64) -> [UInt8] {
        let n = body.utf8.count
        switch random.below(8) {
        case 0: return Array("Content-Length: \(n + 1 + random.below(500))\r\n\r\n\(body)".utf8)
        case 1: return Array("Content-Length: \(max(0, n - 1 - random.below(n)))\r\n\r\n\(body)".utf8)
        case 2: return Array("Content-Length: \(n)\n\n\(body)".utf8)
        case 3: return Array("Content-Length: \(n)\r\n\n\(body)".utf8)
        case 4: return Array("Content-Length: \(n)\r\nContent-Length: \(n + random.below(9))\r\n\r\n\(body)".utf8)
        case 5: return Array("Content-Type: x\r\n\r\n\(body)".utf8)
        case 6:
            // Bytes with no header in them (no ':' then digits and a line break).
            return (0..<random.below(300)).map { _ in [0x7B, 0x22, 0x0D, 0x0A, 0x41, 0xFF, 0x00, 0x3A, 0x20][random.below(9)] }
        default: return Array("Content-Length: nope\r\n\r\n\(body)".utf8)
        }
    }

    // MARK: includes

    /// Journals including FIFOs and links to devices (standard input among
    /// them) are answered within a second, each such include one diagnostic.
    @Test func includesOfFIFOsAndDevices() throws {
        print("includesOfFIFOsAndDevices: seed \(Self.seed)")
        var random = SplitMix64(state: Self.seed &+ 1)
        let dir = try LanguageServerHardeningTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var targets = ["/dev/zero", "/dev/stdin", "/dev/null", "/dev/urandom", "/dev/tty", "/dev/fd/0"].enumerated().map { k, target in
            let name = "device\(k).units"
            try? FileManager.default.createSymbolicLink(atPath: dir + "/" + name, withDestinationPath: target)
            return name
        }
        for k in 0..<3 {
            #expect((try? SystemFile.makeFIFO(dir + "/pipe\(k).units")) != nil)
            targets.append("pipe\(k).units")
        }
        try FileManager.default.createSymbolicLink(atPath: dir + "/pipelink.units", withDestinationPath: dir + "/pipe0.units")
        targets.append("pipelink.units")
        try "2025-12-14 Reading 1\n".write(toFile: dir + "/real.units", atomically: true, encoding: .utf8)
        final class Shared: @unchecked Sendable { let client = LSPTestClient() }
        let shared = Shared()
        for round in 0..<12 {
            let chosen = targets.filter { _ in random.below(2) == 0 }
            var text = "units 1\n2025-12-01 habit Reading\n"
            for name in chosen { text += "include \"\(name)\"\n" }
            if random.below(2) == 0 { text += "include \"real.units\"\n" }
            let uri = TextDocument.uri(forPath: dir + "/main\(round).units")
            let opened = text
            let answered = LanguageServerHardeningTests.within(seconds: 1, unblocking: dir + "/pipe0.units") {
                shared.client.open(uri, opened, version: round)
                _ = shared.client.request("textDocument/hover", LSPTestClient.at(uri, 1, 18))
            }
            #expect(answered, "seed \(Self.seed) round \(round): not answered within a second with \(chosen)")
            let refused = shared.client.diagnostics(uri).filter { $0["code"] == "include" }
            #expect(refused.count == chosen.count, "seed \(Self.seed) round \(round): \(refused)")
            shared.client.notify("textDocument/didClose", ["textDocument": ["uri": .string(uri)]])
        }
    }

    // MARK: line breaks

    /// Documents whose lines end in LF, CR LF or a lone CR, edited at
    /// random: the server's text is the spec-following client's text, every
    /// position names the same place in both, diagnostics' ranges are
    /// places a client can name, and formatting (when the document
    /// parses) gives `units-fmt`'s bytes and then no edits.
    @Test func crlfAndLoneCRDocuments() {
        print("crlfAndLoneCRDocuments: seed \(Self.seed)")
        var random = SplitMix64(state: Self.seed &+ 2)
        let uri = "file:///tmp/units-lsp-fuzz/habits.units"
        let pieces = ["2025-12-01 habit Reading", "  unit: page", "2025-12-14 Reading 3 ; 読書 😀", "2025-12-14   Reading   12",
                      "; a comment", "", "2025-12-14 Readng 2", "2025-12-13 Reading 1 #tag", "units 1"]
        for round in 0..<30 {
            let endings = round % 3 == 0 ? ["\r\n"] : round % 3 == 1 ? ["\r\n", "\n"] : ["\r\n", "\n", "\r"]
            var text = "units 1" + endings[random.below(endings.count)]
            for _ in 0..<(3 + random.below(12)) { text += pieces[random.below(pieces.count)] + endings[random.below(endings.count)] }
            let client = LSPTestClient()
            client.open(uri, text)
            var spec = SpecClient(text)
            for version in 2..<8 {
                Self.checkPositions(client.server.documents[uri]!, spec, "seed \(Self.seed) round \(round)")
                for diagnostic in client.diagnostics(uri) {
                    let start = LSPPosition(diagnostic["range"]?["start"])!
                    #expect(spec.position(ofUTF8: spec.offset(of: start)) == start, "seed \(Self.seed) round \(round): \(diagnostic)")
                }
                // An edit somewhere, with any of the line breaks in it.
                let lines = spec.text.utf8.count == 0 ? 1 : 8
                let start = LSPPosition(line: random.below(lines), character: random.below(12))
                let range = LSPRange(start: start, end: max(start, LSPPosition(line: start.line + random.below(2), character: random.below(12))))
                let inserted = ["x", "\r", "\n", "\r\n", " 読", "", "2025-12-14 Reading 4\r\n"][random.below(7)]
                spec.apply(change: range, inserted)
                client.notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": .int(version)],
                    "contentChanges": [["range": range.json, "text": .string(inserted)]]])
                #expect(String(decoding: client.server.documents[uri]!.bytes, as: UTF8.self) == spec.text, "seed \(Self.seed) round \(round) version \(version)")
            }
            let options: JSONValue = ["textDocument": ["uri": .string(uri)], "options": [:]]
            let reply = client.request("textDocument/formatting", options)
            guard let edits = reply["result"]?.array, case .formatted(let canonical) = Formatter.format(Parser.parse(spec.text, path: "x")) else { continue }
            spec.apply(edits: edits)
            #expect(Array(spec.text.utf8) == canonical, "seed \(Self.seed) round \(round)")
            client.open(uri, spec.text, version: 100)
            #expect(client.result("textDocument/formatting", options) == [], "seed \(Self.seed) round \(round)")
        }
    }

    /// Every offset a client can name converts both ways as the client converts it.
    static func checkPositions(_ document: TextDocument, _ spec: SpecClient, _ context: String) {
        for offset in 0...document.bytes.count {
            guard let expected = spec.position(ofUTF8: offset) else { continue }
            #expect(document.position(of: offset) == expected, "\(context): offset \(offset)")
            #expect(document.offset(of: expected) == offset, "\(context): \(expected)")
            #expect(document.offset(of: LSPPosition(line: expected.line, character: expected.character + 40)) == spec.offset(of: LSPPosition(line: expected.line, character: expected.character + 40)), "\(context): past the end of line \(expected.line)")
        }
    }

    // MARK: a large journal

    /// A large journal whose one declaration is being typed: every entry
    /// names an undeclared habit, and each keystroke publishes the first
    /// findings of each rule and a count of the rest, not one per entry.
    /// (Its speed is `units-bench`'s "lsp keystroke, broken declaration".)
    @Test func aBrokenDeclarationInALargeJournal() {
        let generated = JournalGenerator(seed: Self.seed, entries: 20_000, habits: 20, entriesPerDay: 40,
                                         start: CivilDate(year: 2024, month: 1, day: 1)!).generate()
        let text = String(decoding: generated.bytes, as: UTF8.self)
        let client = LSPTestClient()
        let uri = "file:///tmp/units-lsp-fuzz/large.units"
        client.open(uri, text)
        let document = client.server.documents[uri]!
        // Break the first declaration's name, a character at a time.
        guard let line = (0..<document.lineStarts.count).first(where: {
            String(decoding: document.bytes[document.lineStarts[$0]..<document.contentEnd(ofLine: $0)], as: UTF8.self).dropFirst(10).hasPrefix(" habit ")
        }) else { Issue.record("no declaration"); return }
        for k in 0..<3 {
            client.notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": .int(2 + k)],
                "contentChanges": [["range": ["start": LSPTestClient.position(line, 17), "end": LSPTestClient.position(line, 17)], "text": "x"]]])
            let published = client.diagnostics(uri)
            var perRule: [String: Int] = [:]
            for d in published { perRule[d["code"]!.string!, default: 0] += 1 }
            #expect(perRule.values.allSatisfy { $0 <= LintCap.perRule + 1 }, "\(perRule)")
            #expect(published.contains { $0["message"]?.string?.contains("more [undeclared-habit] findings not shown") == true }, "\(perRule) line \(line): \(String(decoding: client.server.documents[uri]!.bytes.prefix(300), as: UTF8.self))")
        }
    }
}
