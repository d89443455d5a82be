import Testing
@testable import UnitsKit

@Suite struct MessageFramingTests {
    static func framed(_ body: String) -> [UInt8] { MessageFramer.frame(body) }

    @Test func splitAcrossEveryByteBoundary() {
        let bytes = Self.framed(#"{"a":"読書"}"#) + Self.framed(#"{"b":1}"#)
        for split in 0...bytes.count {
            var framer = MessageFramer()
            var bodies: [String] = []
            framer.append(bytes[..<split])
            while case .message(let body)? = framer.next() { bodies.append(String(decoding: body, as: UTF8.self)) }
            framer.append(bytes[split...])
            while case .message(let body)? = framer.next() { bodies.append(String(decoding: body, as: UTF8.self)) }
            #expect(bodies == [#"{"a":"読書"}"#, #"{"b":1}"#], "split at \(split)")
        }
    }

    @Test func contentLengthCountsBytesAndOtherHeadersAreAllowed() {
        var framer = MessageFramer()
        let body = #"{"x":"😀"}"#
        framer.append(Array("Content-Type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length: \(body.utf8.count)\r\n\r\n\(body)".utf8))
        #expect(framer.next() == .message(Array(body.utf8)))
        #expect(framer.next() == nil)
    }

    @Test func badHeadersAreReportedAndSkipped() {
        var framer = MessageFramer()
        framer.append(Array("Content-Length: nope\r\n\r\n".utf8) + Array("X-Other: 1\r\n\r\n".utf8) + Self.framed("{}"))
        guard case .badHeader(let first)? = framer.next() else { Issue.record("expected a bad header"); return }
        #expect(first.contains("nope"))
        guard case .badHeader(let second)? = framer.next() else { Issue.record("expected a bad header"); return }
        #expect(second.contains("no Content-Length"))
        #expect(framer.next() == .message(Array("{}".utf8)))
    }

    @Test func aShortBodyWaitsForMoreBytes() {
        var framer = MessageFramer()
        framer.append(Array("Content-Length: 10\r\n\r\n{}".utf8))
        #expect(framer.next() == nil)
        framer.append(Array("        ".utf8))
        #expect(framer.next() == .message(Array("{}        ".utf8)))
    }

    @Test func endlessHeaderGarbageIsDropped() {
        var framer = MessageFramer()
        framer.append([UInt8](repeating: UInt8(ascii: "x"), count: MessageFramer.maximumHeaderLength + 1))
        guard case .badHeader? = framer.next() else { Issue.record("expected a bad header"); return }
        framer.append(Self.framed("[]"))
        #expect(framer.next() == .message(Array("[]".utf8)))
    }

    @Test func serverLoopAnswersMalformedJSONAndKeepsServing() {
        let server = LanguageServer(today: CivilDate(iso: "2025-12-14")!)
        var input = [Self.framed(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#),
                     Self.framed("{not json"),
                     Array("Content-Length: x\r\n\r\n".utf8),
                     Self.framed(#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#),
                     Self.framed(#"{"jsonrpc":"2.0","method":"exit"}"#)]
        var sent: [String] = []
        let code = ServerLoop.run(server, read: { input.isEmpty ? nil : input.removeFirst() }, send: { sent.append($0) })
        #expect(code == 0)
        #expect(sent.count == 4)
        #expect(sent[1].contains("-32700"))
        #expect(sent[2].contains("bad message header"))
        #expect(sent[3].contains(#""id":2,"result":null"#))
    }

    @Test func exitWithoutShutdownIsOne() {
        let server = LanguageServer(today: CivilDate(iso: "2025-12-14")!)
        var input = [Self.framed(#"{"jsonrpc":"2.0","method":"exit"}"#)]
        #expect(ServerLoop.run(server, read: { input.isEmpty ? nil : input.removeFirst() }, send: { _ in }) == 1)
    }
}

@Suite struct JSONParserTests {
    @Test(arguments: [
        (#"{"a":[1,-2.5e3,true,false,null,"x\u00e9\ud83d\ude00\n"]}"#, true),
        ("[1,]", false), ("{\"a\" 1}", false), ("01", false), ("1.", false), ("\"\u{01}\"", false),
        ("\"\\ud800\"", false), ("[] x", false), ("", false), ("\"\\q\"", false), ("-", false),
    ])
    func acceptsExactlyJSON(text: String, valid: Bool) {
        let parsed = try? JSONParser.parse(text)
        #expect((parsed != nil) == valid, "\(text)")
    }

    @Test func decodesEscapesAndKeepsNumbersAsWritten() throws {
        let value = try JSONParser.parse(#"{"s":"a\"b\\c\u00e9\ud83d\ude00","n":-12.50,"k":{"k":1,"k":2}}"#)
        #expect(value["s"]?.string == "a\"b\\cé😀")
        #expect(value["n"] == .number("-12.50"))
        #expect(value["k"]?["k"]?.int == 2)
        #expect(try JSONParser.parse(value.encoded()) == value)
    }

    @Test func deepNestingIsRefusedNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONParseError.self) { try JSONParser.parse(deep) }
    }
}
