import Foundation
import Testing
@testable import UnitsKit

@Suite struct LanguageServerTests {
    static let uri = "file:///tmp/units-lsp-test/habits.units"
    static let journal = """
        units 1
        2025-12-01 habit Reading
          unit: page
        2025-12-01 habit Meditate
          kind: check
        2025-12-01 habit Swim
        2025-12-02 group Exercise
        2025-12-10 archive Swim
        2025-12-12 task "Call mom" 1
        2025-12-14 Reading 3
        2025-12-14 Meditate yes

        """

    @Test func initializeAnnouncesEveryFeature() {
        let server = LanguageServer(today: CivilDate(iso: "2025-12-14")!)
        let before = server.handle(["jsonrpc": "2.0", "id": 1, "method": "textDocument/hover", "params": [:]])
        #expect(before.first?["error"]?["code"]?.int == -32002)
        let reply = server.handle(["jsonrpc": "2.0", "id": 2, "method": "initialize", "params": ["capabilities": [:]]])
        let capabilities = reply.first?["result"]?["capabilities"]
        #expect(capabilities?["positionEncoding"] == "utf-16")
        #expect(capabilities?["textDocumentSync"]?["change"]?.int == 2)
        for feature in ["hoverProvider", "definitionProvider", "referencesProvider", "documentSymbolProvider",
                        "documentFormattingProvider", "documentRangeFormattingProvider"] {
            #expect(capabilities?[feature] == true, "\(feature)")
        }
        #expect(capabilities?["completionProvider"] != nil && capabilities?["renameProvider"] != nil && capabilities?["codeActionProvider"] != nil)
    }

    @Test func unknownMethodsAndRequestsAfterShutdownAreErrorsNotCrashes() {
        let client = LSPTestClient()
        #expect(client.request("textDocument/semanticTokens/full", [:])["error"]?["code"]?.int == -32601)
        #expect(client.request("textDocument/hover", [:])["error"]?["code"]?.int == -32602)
        #expect(client.request("textDocument/hover", ["textDocument": ["uri": "file:///nope"], "position": LSPTestClient.position(0, 0)])["error"]?["code"]?.int == -32602)
        #expect(client.server.handle(["jsonrpc": "2.0", "id": 9]).first?["error"]?["code"]?.int == -32600)
        #expect(client.request("shutdown", .null)["result"] == .null)
        #expect(client.request("textDocument/hover", [:])["error"]?["code"]?.int == -32600)
        client.notify("exit", .null)
        #expect(client.server.exitCode == 0)
    }

    @Test func diagnosticsOnOpenWithUTF16RangesAndRuleIds() {
        let client = LSPTestClient()
        client.open(Self.uri, "units 1\n2025-12-01 habit 読書\n2025-12-14 読書 yes ; 😀\n2025-12-14 Readng 2\n")
        let found = client.diagnostics(Self.uri)
        let byCode = Dictionary(found.map { ($0["code"]!.string!, $0) }, uniquingKeysWith: { a, _ in a })
        // "2025-12-14 読書 " is 14 UTF-16 units (読 and 書 are one each).
        #expect(byCode["state-on-count-habit"]?["range"] == ["start": LSPTestClient.position(2, 14), "end": LSPTestClient.position(2, 17)])
        #expect(byCode["state-on-count-habit"]?["severity"]?.int == 1)
        #expect(byCode["undeclared-habit"]?["range"] == ["start": LSPTestClient.position(3, 11), "end": LSPTestClient.position(3, 17)])
        #expect(byCode["undeclared-habit"]?["source"] == "units")
    }

    @Test func incrementalChangesUpdateDiagnostics() {
        let client = LSPTestClient()
        client.open(Self.uri, Self.journal + "2025-12-14 Readng 2\n")
        let codes = { client.diagnostics(Self.uri).map { $0["code"]!.string! } }
        #expect(codes() == ["empty-group", "undeclared-habit"])
        // Insert the missing "i" (line 11, after "Read").
        client.notify("textDocument/didChange", ["textDocument": ["uri": .string(Self.uri), "version": 2],
            "contentChanges": [["range": ["start": LSPTestClient.position(11, 15), "end": LSPTestClient.position(11, 15)], "text": "i"]]])
        #expect(codes() == ["empty-group"])
        let published = client.notifications.last { $0["method"] == "textDocument/publishDiagnostics" }
        #expect(published?["params"]?["version"]?.int == 2)
        // A full-text change replaces everything.
        client.notify("textDocument/didChange", ["textDocument": ["uri": .string(Self.uri), "version": 3],
            "contentChanges": [["text": "units 1\n2025-12-14 Nope 1\n"]]])
        #expect(codes() == ["undeclared-habit"])
    }

    @Test func journalSwitchesAndSuppressionsAreHonoured() {
        let client = LSPTestClient()
        client.open(Self.uri, "option lint-disable missing-version\n2025-12-01 habit A\n; units-lint: disable-next-line large-entry\n2025-12-14 A 5000\n")
        #expect(client.diagnostics(Self.uri) == [])
    }

    @Test func includedFilesAreReadRelativeToTheDocumentAndReported() throws {
        let dir = try SystemFile.makeTemporaryDirectory("/tmp/units-lsp-include-XXXXXX")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileCommit.overwrite(dir + "/other.units", bytes: Array("2025-12-14 Ghost 1\n".utf8), mode: 0o644)
        let client = LSPTestClient()
        let root = TextDocument.uri(forPath: dir + "/main.units")
        client.open(root, "units 1\ninclude \"other.units\"\n")
        let other = TextDocument.uri(forPath: dir + "/other.units")
        #expect(client.diagnostics(other).map { $0["code"]!.string! } == ["undeclared-habit"])
        #expect(client.diagnostics(root) == [])
        // Declaring the habit in the open document clears the included file's finding.
        client.notify("textDocument/didChange", ["textDocument": ["uri": .string(root), "version": 2],
            "contentChanges": [["text": "units 1\n2025-12-01 habit Ghost\ninclude \"other.units\"\n"]]])
        #expect(client.diagnostics(other) == [])
    }

    @Test func formattingReturnsMinimalEditsThatGiveUnitsFmtOutput() {
        let text = "units 1\n2025-12-01 habit Reading\n  unit:   page\n2025-12-14   Reading 3\n2025-12-14 Reading 12 ; 読書 😀\n"
        let client = LSPTestClient()
        client.open(Self.uri, text)
        let edits = client.result("textDocument/formatting", ["textDocument": ["uri": .string(Self.uri)], "options": ["tabSize": 2, "insertSpaces": true]]).array ?? []
        #expect(LSPTestClient.apply(edits, to: text) == Formatter.formatted(text))
        // Lines 0 and 1 are canonical already and are not touched.
        #expect(edits.allSatisfy { LSPPosition($0["range"]?["start"])!.line >= 2 })
        // Range formatting keeps to the lines asked for.
        let ranged = client.result("textDocument/rangeFormatting", ["textDocument": ["uri": .string(Self.uri)],
            "range": ["start": LSPTestClient.position(2, 0), "end": LSPTestClient.position(2, 5)], "options": [:]]).array ?? []
        #expect(ranged.count == 1 && LSPPosition(ranged[0]["range"]?["start"])!.line == 2)
        // Canonical text: no edits.
        client.open(Self.uri, Formatter.formatted(text)!, version: 2)
        #expect(client.result("textDocument/formatting", ["textDocument": ["uri": .string(Self.uri)], "options": [:]]) == [])
    }

    @Test func aDocumentThatDoesNotParseIsNotFormatted() {
        let client = LSPTestClient()
        client.open(Self.uri, "units 1\n2025-13-45 what is this\n")
        let reply = client.request("textDocument/formatting", ["textDocument": ["uri": .string(Self.uri)], "options": [:]])
        #expect(reply["error"]?["code"]?.int == -32803)
    }

    static func labels(_ result: JSONValue) -> [String] {
        (result.array ?? []).sorted { $0["sortText"]!.string! < $1["sortText"]!.string! }.map { $0["label"]!.string! }
    }

    @Test func pinAndUnpinCompleteAsKeywordsAndOpenTaskTitles() {
        let client = LSPTestClient()
        client.open(Self.uri, Self.journal + "\n2025-12-14 \n2025-12-14 pin \n")
        let afterDate = Self.labels(client.result("textDocument/completion", LSPTestClient.at(Self.uri, 12, 11)))
        #expect(afterDate.contains("pin") && afterDate.contains("unpin"))
        #expect(Self.labels(client.result("textDocument/completion", LSPTestClient.at(Self.uri, 13, 15))) == ["\"Call mom\""])
    }

    @Test func completionByPlace() {
        let client = LSPTestClient()
        let text = Self.journal + "\n2025-12-14 \n2025-12-14 Meditate \n2025-12-14 done \n  \n  kind: \n"
        client.open(Self.uri, text)
        // An empty line: today's date first.
        #expect(Self.labels(client.result("textDocument/completion", LSPTestClient.at(Self.uri, 11, 0))).first == "2025-12-14 ")
        // After a date: names declared above (archived Swim last), then keywords.
        let afterDate = Self.labels(client.result("textDocument/completion", LSPTestClient.at(Self.uri, 12, 11)))
        #expect(afterDate.prefix(3) == ["Reading", "Meditate", "Exercise"])
        #expect(afterDate.last == "Swim")
        #expect(afterDate.contains("habit") && afterDate.contains("done"))
        #expect(Self.labels(client.result("textDocument/completion", LSPTestClient.at(Self.uri, 13, 20))) == ["yes", "kinda", "no", "skip"])
        #expect(Self.labels(client.result("textDocument/completion", LSPTestClient.at(Self.uri, 14, 16))) == ["\"Call mom\""])
        #expect(Self.labels(client.result("textDocument/completion", LSPTestClient.at(Self.uri, 15, 2))).contains("every:"))
        #expect(Self.labels(client.result("textDocument/completion", LSPTestClient.at(Self.uri, 16, 8))) == ["count", "check"])
    }

    @Test func hoverDefinitionReferencesAndSymbols() {
        let client = LSPTestClient()
        client.open(Self.uri, Self.journal + "2025-12-14 done \"Call mom\"\n")
        let hover = client.result("textDocument/hover", LSPTestClient.at(Self.uri, 9, 12))
        let text = hover["contents"]?["value"]?.string ?? ""
        #expect(text.contains("**Reading**") && text.contains("Today 3"))
        let definition = client.result("textDocument/definition", LSPTestClient.at(Self.uri, 9, 12))
        #expect(definition["uri"]?.string == Self.uri)
        #expect(LSPPosition(definition["range"]?["start"])?.line == 1)
        let task = client.result("textDocument/definition", LSPTestClient.at(Self.uri, 11, 18))
        #expect(LSPPosition(task["range"]?["start"])?.line == 8)
        let references = client.result("textDocument/references", ["textDocument": ["uri": .string(Self.uri)],
            "position": LSPTestClient.position(5, 18), "context": ["includeDeclaration": true]]).array ?? []
        #expect(references.map { LSPPosition($0["range"]?["start"])!.line } == [5, 7])
        let symbols = client.result("textDocument/documentSymbol", ["textDocument": ["uri": .string(Self.uri)]]).array ?? []
        #expect(symbols.map { $0["name"]!.string! } == ["Reading", "Meditate", "Swim", "Exercise"])
        #expect(symbols[0]["range"]?["end"]?["line"]?.int == 2)
        #expect(client.result("textDocument/hover", LSPTestClient.at(Self.uri, 0, 0)) == .null)
    }

    @Test func renameFollowsUnitsRename() {
        let client = LSPTestClient()
        let text = Self.journal + "2025-12-14 Reading 2\n"
        client.open(Self.uri, text)
        let prepared = client.result("textDocument/prepareRename", LSPTestClient.at(Self.uri, 9, 12))
        #expect(prepared["placeholder"] == "Reading")
        let edit = client.result("textDocument/rename", ["textDocument": ["uri": .string(Self.uri)], "position": LSPTestClient.position(9, 12), "newName": "Read"])
        let edits = edit["changes"]?[Self.uri]?.array ?? []
        #expect(LSPTestClient.apply(edits, to: text) == text.replacingOccurrences("Reading", "Read"))
        let taken = client.request("textDocument/rename", ["textDocument": ["uri": .string(Self.uri)], "position": LSPTestClient.position(9, 12), "newName": "Meditate"])
        #expect(taken["error"]?["message"]?.string?.contains("already exists") == true)
        let invalid = client.request("textDocument/rename", ["textDocument": ["uri": .string(Self.uri)], "position": LSPTestClient.position(9, 12), "newName": "habit"])
        #expect(invalid["error"] != nil)
    }

    @Test func codeActionsFixTyposDeclareAndFormat() {
        let client = LSPTestClient()
        let text = Self.journal + "2025-12-14   Readng 2\n"
        client.open(Self.uri, text)
        let actions = client.result("textDocument/codeAction", ["textDocument": ["uri": .string(Self.uri)],
            "range": ["start": LSPTestClient.position(11, 14), "end": LSPTestClient.position(11, 14)], "context": ["diagnostics": []]]).array ?? []
        #expect(actions.map { $0["title"]!.string! } == ["Change 'Readng' to 'Reading'", "Declare habit 'Readng'", "Format document (units-fmt)"])
        guard actions.count == 3 else { return }
        let fix = actions[0]["edit"]?["changes"]?[Self.uri]?.array ?? []
        #expect(LSPTestClient.apply(fix, to: text).hasSuffix("2025-12-14   Reading 2\n"))
        let declare = actions[1]["edit"]?["changes"]?[Self.uri]?.array ?? []
        #expect(LSPTestClient.apply(declare, to: text).hasSuffix("2025-12-14 habit Readng\n2025-12-14   Readng 2\n"))
    }

    @Test func hostileDocumentsGiveDiagnosticsNeverACrash() {
        let client = LSPTestClient()
        var state: UInt64 = 42
        for round in 0..<30 {
            var bytes: [UInt8] = []
            for _ in 0..<(round * 37 % 500) {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                bytes.append(UInt8(truncatingIfNeeded: state >> 33))
            }
            let text = String(decoding: bytes, as: UTF8.self)
            client.open(Self.uri, text, version: round)
            for line in 0..<3 {
                for method in ["textDocument/hover", "textDocument/completion", "textDocument/definition", "textDocument/references", "textDocument/prepareRename"] {
                    _ = client.request(method, LSPTestClient.at(Self.uri, line, round % 7))
                }
            }
            _ = client.request("textDocument/formatting", ["textDocument": ["uri": .string(Self.uri)], "options": [:]])
            _ = client.request("textDocument/documentSymbol", ["textDocument": ["uri": .string(Self.uri)]])
        }
        // A change with a range past the end is clamped, not a crash.
        client.notify("textDocument/didChange", ["textDocument": ["uri": .string(Self.uri), "version": 99],
            "contentChanges": [["range": ["start": LSPTestClient.position(500, 3), "end": LSPTestClient.position(900, 0)], "text": "x"]]])
    }
}

@Suite struct LanguageServerClockTests {
    /// At 01:30 with `option day-start 04:00` it is still yesterday, for the
    /// server as for `units log` and every report.
    @Test func todayFollowsTheJournalsDayStart() {
        let server = LanguageServer(clock: { (CivilDate(iso: "2025-12-15")!, 90) })
        _ = server.handle(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]]]])
        let registration = server.handle(["jsonrpc": "2.0", "method": "initialized", "params": [:]])
        #expect(registration.first?["method"] == "client/registerCapability")
        let uri = "file:///tmp/units-lsp-clock.units"
        let text = "units 1\noption day-start 04:00\n2025-12-01 habit Reading\n2025-12-14 Reading 3\n\n"
        _ = server.handle(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": ["uri": .string(uri), "version": 1, "text": .string(text)]]])
        let completion = server.handle(["jsonrpc": "2.0", "id": 2, "method": "textDocument/completion", "params": LSPTestClient.at(uri, 4, 0)])
        #expect(completion.first?["result"]?[0]?["label"] == "2025-12-14 ")
        let hover = server.handle(["jsonrpc": "2.0", "id": 3, "method": "textDocument/hover", "params": LSPTestClient.at(uri, 3, 12)])
        #expect(hover.first?["result"]?["contents"]?["value"]?.string?.contains("Today 3") == true)
    }
}

@Suite struct TextDocumentPositionTests {
    @Test func utf16PositionsRoundTripThroughBytes() {
        let document = TextDocument(uri: "u", version: 0, bytes: Array("a😀b読\r\nx".utf8))
        #expect(document.offset(of: LSPPosition(line: 0, character: 1)) == 1)
        #expect(document.offset(of: LSPPosition(line: 0, character: 3)) == 5)   // after the emoji (2 units, 4 bytes)
        #expect(document.offset(of: LSPPosition(line: 0, character: 2)) == 1)   // inside the pair: its start
        #expect(document.offset(of: LSPPosition(line: 0, character: 99)) == 9)  // clamped before CRLF
        #expect(document.position(of: 9) == LSPPosition(line: 0, character: 5))
        #expect(document.position(of: 11) == LSPPosition(line: 1, character: 0))
        #expect(document.offset(of: LSPPosition(line: 7, character: 0)) == 12)
    }

    @Test func uriAndPathConvertBothWays() {
        let path = "/tmp/my habits/読書.units"
        let uri = TextDocument.uri(forPath: path)
        #expect(uri.hasPrefix("file:///tmp/my%20habits/%E8%AA%AD"))
        #expect(TextDocument.path(fromURI: uri) == path)
        #expect(TextDocument.path(fromURI: "untitled:1") == nil)
    }
}

extension String {
    func replacingOccurrences(_ a: String, _ b: String) -> String {
        split(separator: a, omittingEmptySubsequences: false).joined(separator: b)
    }
}
