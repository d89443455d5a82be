import Foundation
import Testing
@testable import UnitsKit
import UnitsTestSupport

/// The language server against hostile input: bad frames, includes that
/// are no files, huge finding counts, huge edit lists, CR line breaks,
/// malformed changes and journal text that looks like Markdown.
@Suite struct LanguageServerHardeningTests {
    static let uri = "file:///tmp/units-lsp-hardening/habits.units"

    static func folder() throws -> String {
        let dir = NSTemporaryDirectory() + "units-lsp-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    // MARK: includes

    /// An include that is no regular file (a device behind a link, a FIFO)
    /// is one diagnostic, read as `units-lint` reads it; nothing is read
    /// from it, and opening the document does not wait on it.
    @Test func includesThatAreNoFilesAreRefused() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createSymbolicLink(atPath: dir + "/null.units", withDestinationPath: "/dev/null")
        try FileManager.default.createSymbolicLink(atPath: dir + "/zero.units", withDestinationPath: "/dev/zero")
        try FileManager.default.createSymbolicLink(atPath: dir + "/stdin.units", withDestinationPath: "/dev/stdin")
        #expect((try? SystemFile.makeFIFO(dir + "/pipe.units")) != nil)
        let root = TextDocument.uri(forPath: dir + "/main.units")
        let text = "units 1\ninclude \"null.units\"\ninclude \"zero.units\"\ninclude \"stdin.units\"\ninclude \"pipe.units\"\n"
        final class Shared: @unchecked Sendable { let client = LSPTestClient() }
        let shared = Shared()
        let client = shared.client
        let answered = Self.within(seconds: 5, unblocking: dir + "/pipe.units") { shared.client.open(root, text) }
        #expect(answered, "opening a journal that includes a FIFO did not return")
        let includes = client.diagnostics(root).filter { $0["code"] == "include" }
        #expect(includes.map { LSPPosition($0["range"]?["start"])!.line } == [1, 2, 3, 4])
        // Standard input may be a device, a pipe or closed: refused either way.
        let refusals = includes.map { $0["message"]?.string ?? "" }
        #expect(refusals.enumerated().allSatisfy { k, message in message.contains("not a regular file") || (k == 2 && message.contains("cannot include")) }, "\(refusals)")
    }

    /// Runs `work` on a thread; false when it has not finished in time. A
    /// FIFO the work may wait on is then opened for writing and closed, so
    /// the thread ends and the test with it.
    static func within(seconds: Double, unblocking fifo: String, _ work: @escaping @Sendable () -> Void) -> Bool {
        let done = DispatchSemaphore(value: 0)
        Thread { work(); done.signal() }.start()
        if done.wait(timeout: .now() + seconds) == .success { return true }
        let fd = SystemFile.openDescriptor(fifo, O_WRONLY | O_NONBLOCK)
        if fd >= 0 { SystemFile.closeDescriptor(fd) }
        done.wait()
        return false
    }

    // MARK: framing

    static func request(_ id: Int) -> String {
        #"{"jsonrpc":"2.0","id":\#(id),"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"file:///nope.units"}}}"#
    }

    /// Runs the loop over `input` fed in chunks of `chunk` bytes; the ids answered.
    static func answeredIDs(_ input: [UInt8], chunk: Int) -> [Int] {
        let server = LanguageServer(today: CivilDate(iso: "2025-12-14")!)
        var at = 0
        var ids: [Int] = []
        _ = ServerLoop.run(server, read: {
            guard at < input.count else { return nil }
            defer { at = min(input.count, at + chunk) }
            return Array(input[at..<min(input.count, at + chunk)])
        }, send: { reply in
            guard let body = reply.range(of: "\r\n\r\n").map({ String(reply[$0.upperBound...]) }),
                  let id = (try? JSONParser.parse(body))?["id"]?.int else { return }
            ids.append(id)
        })
        return ids
    }

    /// Each kind of bad frame costs only itself: the good requests after
    /// it are all answered, whether the bytes come at once or one by one.
    static func badFrame(_ kind: String, _ body: String) -> [UInt8] {
        switch kind {
        case "a Content-Length too large": Array("Content-Length: \(body.utf8.count + 40)\r\n\r\n\(body)".utf8)
        case "a Content-Length too small": Array("Content-Length: \(body.utf8.count - 7)\r\n\r\n\(body)".utf8)
        case "a header ended by LF alone": Array("Content-Length: \(body.utf8.count)\n\n\(body)".utf8)
        case "the length given twice": Array("Content-Length: \(body.utf8.count)\r\nContent-Length: \(body.utf8.count + 3)\r\n\r\n\(body)".utf8)
        default: Array("}}]garbage: not a header\r\nx".utf8)
        }
    }

    @Test(arguments: ["a Content-Length too large", "a Content-Length too small", "a header ended by LF alone", "the length given twice", "garbage"])
    func aBadFrameCostsOnlyItself(kind: String) {
        let initialize = MessageFramer.frame(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#)
        let input = initialize + Self.badFrame(kind, Self.request(2)) + MessageFramer.frame(Self.request(3)) + MessageFramer.frame(Self.request(4))
        for chunk in [1, 7, 65536] {
            let ids = Self.answeredIDs(input, chunk: chunk)
            #expect(ids.contains(3) && ids.contains(4), "\(kind), chunks of \(chunk): answered \(ids)")
        }
    }

    // MARK: diagnostics

    /// A journal whose every entry names an undeclared habit: the first
    /// findings of the rule are published, and one more says how many were left out.
    @Test func diagnosticsAreCappedPerRule() {
        var text = "units 1\n2025-12-01 habit Reading\n"
        for day in 0..<300 { text += "2025-11-\(String(format: "%02d", 1 + day % 28)) Readin \(day + 1)\n" }
        let client = LSPTestClient()
        client.open(Self.uri, text)
        let found = client.diagnostics(Self.uri).filter { $0["code"] == "undeclared-habit" }
        #expect(found.count == LintCap.perRule + 1)
        #expect(found.contains { $0["message"]?.string?.contains("200 more [undeclared-habit] findings not shown") == true })
    }

    /// A finding past the cap is not published, but its quick fixes are
    /// still offered where the cursor is.
    @Test func quickFixesPastTheCap() {
        var text = "units 1\n2025-12-01 habit Reading\n"
        for day in 0..<300 { text += "2025-11-\(String(format: "%02d", 1 + day % 28)) Readin \(day + 1)\n" }
        let client = LSPTestClient()
        client.open(Self.uri, text)
        let actions = client.result("textDocument/codeAction", ["textDocument": ["uri": .string(Self.uri)],
            "range": ["start": LSPTestClient.position(290, 12), "end": LSPTestClient.position(290, 12)], "context": ["diagnostics": []]]).array ?? []
        #expect(actions.map { $0["title"]!.string! }.prefix(2) == ["Change 'Readin' to 'Reading'", "Declare habit 'Readin'"])
    }

    // MARK: changes

    /// A change list applied at once gives what applying each change in
    /// turn gives, for edits running down the text, up it, and in no order.
    @Test(arguments: [0, 1, 2] as [Int])
    func manyEditsInOneChange(order: Int) {
        let seed = UInt64(0x5EED_0016 + order)
        print("manyEditsInOneChange: seed \(seed)")
        var random = SplitMix64(state: seed)
        var base = ""
        for k in 0..<400 { base += "2025-12-\(String(format: "%02d", 1 + k % 28)) Reading \(k) ; 読書 😀\(k % 5 == 0 ? "\r\n" : "\n")" }
        var reference = SpecClient(base)
        var changes: [JSONValue] = []
        var line = order == 1 ? 399 : 0
        for _ in 0..<600 {
            switch order {
            case 0: line += random.below(2)
            case 1: line -= random.below(2)
            default: line = random.below(400)
            }
            line = max(0, min(399, line))
            let start = LSPPosition(line: line, character: random.below(30))
            let end = LSPPosition(line: line + random.below(2), character: random.below(30))
            let range = LSPRange(start: start, end: max(start, end))
            let text = ["", "x", "読\n", "😀", "\r\n", "ab\ncd"][random.below(6)]
            reference.apply(change: range, text)
            changes.append(["range": range.json, "text": .string(text)])
        }
        let client = LSPTestClient()
        client.open(Self.uri, base)
        client.notify("textDocument/didChange", ["textDocument": ["uri": .string(Self.uri), "version": 2], "contentChanges": .array(changes)])
        let document = client.server.documents[Self.uri]!
        #expect(String(decoding: document.bytes, as: UTF8.self) == reference.text, "seed \(seed)")
        #expect(document.lineStarts == TextDocument.lineStarts(of: document.bytes))
    }

    /// A range that is present but not a range is an error, logged; the
    /// document stays as it was (only a missing range means the whole text).
    @Test func aMalformedRangeLeavesTheDocumentUnchanged() {
        let client = LSPTestClient()
        let text = "units 1\n2025-12-01 habit Reading\n"
        client.open(Self.uri, text)
        for range: JSONValue in [["start": ["line": "0", "character": 0], "end": ["line": 0, "character": 0]],
                                 ["start": ["line": 0, "character": -1], "end": ["line": 0, "character": 0]],
                                 ["start": ["line": 0, "character": 0]], .null, "0:0"] {
            client.notifications = []
            client.notify("textDocument/didChange", ["textDocument": ["uri": .string(Self.uri), "version": 2],
                "contentChanges": [["range": range, "text": "replaced"]]])
            #expect(String(decoding: client.server.documents[Self.uri]!.bytes, as: UTF8.self) == text, "\(range)")
            #expect(client.notifications.first?["method"] == "window/logMessage", "\(range)")
            #expect(client.notifications.first?["params"]?["type"]?.int == 1)
        }
    }

    // MARK: rename

    /// A NUL or a lone CR in a note is an error `units rename` refuses on;
    /// so does the server.
    @Test(arguments: ["\u{0}", "\r"])
    func renameRefusesAJournalWithAnEncodingError(bad: String) {
        let client = LSPTestClient()
        let text = "units 1\n2025-12-01 habit Reading\n2025-12-14 Reading 3 ; a\(bad)b Reading\n2025-12-14 Reading 2\n"
        client.open(Self.uri, text)
        let reply = client.request("textDocument/rename", ["textDocument": ["uri": .string(Self.uri)], "position": LSPTestClient.position(1, 20), "newName": "Read"])
        #expect(reply["error"]?["code"]?.int == -32803, "\(reply)")
    }

    // MARK: line breaks

    /// After a lone CR, positions are those of a client that follows the
    /// specification (the CR ends a line).
    @Test func positionsAfterALoneCRFollowTheSpecification() {
        let text = "units 1\n2025-12-01 habit Reading ; a\rb\n2025-12-14 Readng 2\n"
        let client = LSPTestClient()
        client.open(Self.uri, text)
        let spec = SpecClient(text)
        let undeclared = client.diagnostics(Self.uri).first { $0["code"] == "undeclared-habit" }
        let offset = text.utf8.count - "Readng 2\n".utf8.count
        #expect(LSPPosition(undeclared?["range"]?["start"]) == spec.position(ofUTF8: offset), "\(client.diagnostics(Self.uri))")
        #expect(spec.position(ofUTF8: offset) == LSPPosition(line: 3, character: 11))
    }

    /// On a CR LF journal, "Format document" gives, in a spec-following
    /// client, what `units-fmt` writes; formatting that again changes nothing.
    @Test func formattingACRLFJournalConverges() {
        let text = "units 1\r\n2025-12-01 habit Reading\r\n  unit:   page\r\n2025-12-14   Reading 3\r\n2025-12-14 Reading 12 ; 読書 😀\r\n"
        let client = LSPTestClient()
        client.open(Self.uri, text)
        let options: JSONValue = ["textDocument": ["uri": .string(Self.uri)], "options": [:]]
        var spec = SpecClient(text)
        spec.apply(edits: client.result("textDocument/formatting", options).array ?? [])
        #expect(spec.text == Formatter.formatted(text))
        client.open(Self.uri, spec.text, version: 2)
        #expect(client.result("textDocument/formatting", options) == [])
    }

    // MARK: hover

    /// A title or a note is shown as text: no image, link or HTML of it
    /// reaches the editor's Markdown, and a fence holds any backticks.
    @Test func hoverEscapesJournalText() {
        let client = LSPTestClient()
        let text = "units 1\n2025-12-01 habit Reading\n  title: \"![](https://example.com/t.png) <img src=x> *b* [l](http://x)\"\n2025-12-14 Reading 3 ; ```` fence\n"
        client.open(Self.uri, text)
        let value = client.result("textDocument/hover", LSPTestClient.at(Self.uri, 3, 12))["contents"]?["value"]?.string ?? ""
        #expect(value.contains(#"\!\[\]\(https\:\/\/example\.com\/t\.png\)"#), "\(value)")
        // Outside the fenced report, nothing of the title is Markdown.
        let heading = value.components(separatedBy: "```")[0]
        #expect(heading.contains(#"\<img src\=x\>"#) && !heading.contains("![") && !heading.contains("](http"), "\(value)")
        #expect(LanguageServer.fenced("a ```` b") == "`````text\na ```` b\n`````\n")
    }
}
