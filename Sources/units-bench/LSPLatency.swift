import UnitsKit

extension Benchmark {
    /// `units lsp` as an editor meets it: from a character typed at the end
    /// of the open journal to the fresh diagnostics, in this process.
    func lspEditLatency(_ path: String, runs: Int) -> Outcome {
        guard let bytes = try? FileReader.readBytes(atPath: path) else { return .unavailable("cannot read \(path)") }
        let server = LanguageServer(today: CivilDate(year: 2025, month: 12, day: 14)!)
        _ = server.handle(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [:]]])
        let uri = TextDocument.uri(forPath: path)
        _ = server.handle(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": [
            "textDocument": ["uri": .string(uri), "languageId": "units", "version": 1, "text": .string(String(decoding: bytes, as: UTF8.self))]]])
        let lastLine = bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        var times: [Double] = []
        for run in 0..<max(runs, 3) {
            // Type a comment character at the end, as a user adds a line.
            let change: JSONValue = ["jsonrpc": "2.0", "method": "textDocument/didChange", "params": [
                "textDocument": ["uri": .string(uri), "version": .int(run + 2)],
                "contentChanges": [["range": ["start": ["line": .int(lastLine + run), "character": 0],
                                              "end": ["line": .int(lastLine + run), "character": 0]], "text": ";\n"]]]]
            let started = SystemClock.monotonicSeconds()
            let replies = server.handle(change)
            times.append(SystemClock.monotonicSeconds() - started)
            if replies.isEmpty { return .unavailable("no diagnostics were published") }
        }
        return .measured(median: median(times), peakBytes: SystemProcess.peakResidentBytes())
    }
}
