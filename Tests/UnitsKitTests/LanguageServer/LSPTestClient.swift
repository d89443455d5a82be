@testable import UnitsKit

/// Drives a `LanguageServer` in-process the way an editor does: requests
/// with ids, notifications, and the notifications the server sends back.
final class LSPTestClient {
    let server: LanguageServer
    private var nextID = 1
    /// Every notification the server sent, oldest first.
    var notifications: [JSONValue] = []

    init(today: String = "2025-12-14") {
        server = LanguageServer(today: CivilDate(iso: today)!)
        _ = request("initialize", ["capabilities": [:] as JSONValue])
        notify("initialized", [:])
    }

    /// Sends a request; returns its response (the whole message).
    @discardableResult
    func request(_ method: String, _ params: JSONValue) -> JSONValue {
        let id = nextID
        nextID += 1
        let replies = server.handle(["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": params])
        var response: JSONValue = .null
        for reply in replies {
            if reply["id"] == .int(id) { response = reply } else { notifications.append(reply) }
        }
        return response
    }

    func result(_ method: String, _ params: JSONValue) -> JSONValue { request(method, params)["result"] ?? .null }

    func notify(_ method: String, _ params: JSONValue) {
        notifications += server.handle(["jsonrpc": "2.0", "method": .string(method), "params": params])
    }

    func open(_ uri: String, _ text: String, version: Int = 1) {
        notify("textDocument/didOpen", ["textDocument": ["uri": .string(uri), "languageId": "units", "version": .int(version), "text": .string(text)]])
    }

    /// The diagnostics last published for a URI.
    func diagnostics(_ uri: String) -> [JSONValue] {
        let last = notifications.last { $0["method"] == "textDocument/publishDiagnostics" && $0["params"]?["uri"]?.string == uri }
        return last?["params"]?["diagnostics"]?.array ?? []
    }

    static func position(_ line: Int, _ character: Int) -> JSONValue { ["line": .int(line), "character": .int(character)] }

    static func at(_ uri: String, _ line: Int, _ character: Int) -> JSONValue {
        ["textDocument": ["uri": .string(uri)], "position": position(line, character)]
    }

    /// Applies a list of LSP text edits to a text (edits do not overlap).
    static func apply(_ edits: [JSONValue], to text: String) -> String {
        var document = TextDocument(uri: "x", version: 0, bytes: Array(text.utf8))
        let sorted = edits.sorted { a, b in
            LSPPosition(a["range"]?["start"])! > LSPPosition(b["range"]?["start"])!
        }
        for edit in sorted { document.apply([(LSPRange(edit["range"]), edit["newText"]!.string!)]) }
        return String(decoding: document.bytes, as: UTF8.self)
    }
}
