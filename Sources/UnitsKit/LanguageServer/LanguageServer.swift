/// `units lsp`: a Language Server Protocol server for journals, on the same
/// layers as the command-line tools; transport-free (feed it message bodies,
/// send what it returns). Each request is answered in a `Server*` file.
public final class LanguageServer {
    /// JSON-RPC and LSP error codes.
    enum ErrorCode: Int {
        case parseError = -32700, invalidRequest = -32600, methodNotFound = -32601, invalidParams = -32602
        case internalError = -32603, serverNotInitialized = -32002, requestFailed = -32803
    }

    struct RequestError: Error {
        var code: ErrorCode
        var message: String
    }

    /// Open documents by URI.
    var documents: [String: TextDocument] = [:]
    /// The latest analysis of each open document, made when it changed.
    var analyses: [String: DocumentAnalysis] = [:]
    /// URIs diagnostics were last published for, per open document (to clear them).
    var published: [String: Set<String>] = [:]
    private var initialized = false
    /// Whether `shutdown` was received.
    public private(set) var isShutDown = false
    /// Whether the client lets the server ask it to watch files.
    private var watchFiles = false
    /// Set by `exit`: 0 after `shutdown`, 1 without.
    public private(set) var exitCode: Int32?
    /// A fixed "today" (`units lsp --today`), else the clock each time.
    let fixedToday: CivilDate?
    let clock: @Sendable () -> (date: CivilDate, minutes: Int)
    let version: String

    public init(today: CivilDate? = nil, version: String = "", clock: @escaping @Sendable () -> (date: CivilDate, minutes: Int) = { SystemClock.now() }) {
        self.fixedToday = today
        self.clock = clock
        self.version = version
    }

    /// Handles one message body; returns the bodies to send back, in order.
    public func handle(body: [UInt8]) -> [String] {
        let message: JSONValue
        do {
            message = try JSONParser.parse(body)
        } catch {
            return [Self.errorResponse(id: .null, .parseError, "not JSON: \(error.message) at byte \(error.offset)").encoded()]
        }
        return handle(message).map { $0.encoded() }
    }

    /// Handles one parsed message; returns responses and notifications.
    public func handle(_ message: JSONValue) -> [JSONValue] {
        guard case .object = message, let method = message["method"]?.string else {
            // A response from the client (we send no requests) is ignored; anything else is invalid.
            if message["id"] != nil, message["result"] != nil || message["error"] != nil { return [] }
            return [Self.errorResponse(id: message["id"] ?? .null, .invalidRequest, "a message needs a method")]
        }
        let params = message["params"] ?? .null
        guard let id = message["id"] else {
            return notification(method, params)
        }
        do {
            return [["jsonrpc": "2.0", "id": id, "result": try request(method, params)]]
        } catch {
            return [Self.errorResponse(id: id, error.code, error.message)]
        }
    }

    /// A `window/logMessage` at error level: what a notification did wrong.
    static func logError(_ message: String) -> JSONValue {
        ["jsonrpc": "2.0", "method": "window/logMessage", "params": ["type": 1, "message": .string(message)]]
    }

    static func errorResponse(id: JSONValue, _ code: ErrorCode, _ message: String) -> JSONValue {
        ["jsonrpc": "2.0", "id": id, "error": ["code": .int(code.rawValue), "message": .string(message)]]
    }

    private func request(_ method: String, _ params: JSONValue) throws(RequestError) -> JSONValue {
        if method == "initialize" {
            initialized = true
            watchFiles = params["capabilities"]?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?.bool ?? false
            return capabilities()
        }
        guard initialized else { throw RequestError(code: .serverNotInitialized, message: "initialize first") }
        if isShutDown { throw RequestError(code: .invalidRequest, message: "the server is shutting down") }
        switch method {
        case "shutdown":
            isShutDown = true
            return .null
        case "textDocument/formatting": return try formatting(params, range: false)
        case "textDocument/rangeFormatting": return try formatting(params, range: true)
        case "textDocument/completion": return try completion(params)
        case "textDocument/hover": return try hover(params)
        case "textDocument/definition": return try definition(params)
        case "textDocument/references": return try references(params)
        case "textDocument/documentSymbol": return try symbols(params)
        case "textDocument/prepareRename": return try prepareRename(params)
        case "textDocument/rename": return try rename(params)
        case "textDocument/codeAction": return try codeActions(params)
        default:
            throw RequestError(code: .methodNotFound, message: "'\(method)' is not supported")
        }
    }

    private func notification(_ method: String, _ params: JSONValue) -> [JSONValue] {
        switch method {
        case "exit":
            exitCode = isShutDown ? 0 : 1
            return []
        case "initialized":
            // Included journals change on disk behind the editor's back: ask to be told.
            guard watchFiles else { return [] }
            return [["jsonrpc": "2.0", "id": "units-watch-1", "method": "client/registerCapability", "params": [
                "registrations": [["id": "units-watch", "method": "workspace/didChangeWatchedFiles",
                                   "registerOptions": ["watchers": [["globPattern": "**/*.units"]]]]]]]]
        default: break
        }
        guard initialized, !isShutDown else { return [] }
        switch method {
        case "textDocument/didOpen":
            guard let item = params["textDocument"], let uri = item["uri"]?.string, let text = item["text"]?.string else { return [] }
            documents[uri] = TextDocument(uri: uri, version: item["version"]?.int ?? 0, bytes: Array(text.utf8))
            return reanalyse()
        case "textDocument/didChange":
            guard let uri = params["textDocument"]?["uri"]?.string, var document = documents[uri],
                  let changes = params["contentChanges"]?.array else { return [] }
            // Only a change without a range is the whole text; a malformed one
            // leaves the document as it was, and says so.
            var edits: [(range: LSPRange?, text: String)] = []
            for (k, change) in changes.enumerated() {
                let range = change["range"].map { LSPRange($0) }
                guard let text = change["text"]?.string, range != .some(nil) else {
                    return [Self.logError("didChange of '\(uri)' ignored: contentChanges[\(k)] has \(change["text"]?.string == nil ? "no text" : "a range that is not a range"); the document is unchanged")]
                }
                edits.append((range ?? nil, text))
            }
            document.apply(edits)
            document.version = params["textDocument"]?["version"]?.int ?? document.version + 1
            documents[uri] = document
            return reanalyse()
        case "textDocument/didClose":
            guard let uri = params["textDocument"]?["uri"]?.string else { return [] }
            documents[uri] = nil
            analyses[uri] = nil
            let cleared = (published.removeValue(forKey: uri) ?? []).union([uri])
            let stillShown = Set(published.values.flatMap { $0 })
            return cleared.subtracting(stillShown).sorted().map { Self.publish(uri: $0, [], version: nil) } + reanalyse()
        case "textDocument/didSave", "workspace/didChangeWatchedFiles":
            // An included file may have changed on disk.
            return reanalyse()
        default:
            return []   // `$/cancelRequest`, `$/setTrace` and other notifications need nothing
        }
    }

    private func capabilities() -> JSONValue {
        [
            "capabilities": [
                "positionEncoding": "utf-16",
                "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]],
                "completionProvider": ["triggerCharacters": [" ", ":", "\""]],
                "hoverProvider": true,
                "definitionProvider": true,
                "referencesProvider": true,
                "documentSymbolProvider": true,
                "renameProvider": ["prepareProvider": true],
                "codeActionProvider": ["codeActionKinds": ["quickfix", "source.format"]],
                "documentFormattingProvider": true,
                "documentRangeFormattingProvider": true,
            ],
            "serverInfo": ["name": "units", "version": .string(version)],
        ]
    }

    /// The open document a request names, analysed.
    func analysis(_ params: JSONValue) throws(RequestError) -> DocumentAnalysis {
        guard let uri = params["textDocument"]?["uri"]?.string else {
            throw RequestError(code: .invalidParams, message: "params.textDocument.uri is missing")
        }
        guard let analysis = analyses[uri] else {
            throw RequestError(code: .invalidParams, message: "'\(uri)' is not open")
        }
        return analysis
    }

    func position(_ params: JSONValue) throws(RequestError) -> LSPPosition {
        guard let position = LSPPosition(params["position"]) else {
            throw RequestError(code: .invalidParams, message: "params.position is missing or not a position")
        }
        return position
    }
}
