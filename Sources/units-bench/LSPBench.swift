import UnitsKit

/// The language server's rows, each in a child (`--child-lsp`) for its own
/// peak: keystrokes, one change of many edits, formatting a CR LF journal.
enum LSPBench {
    enum Work: String, CaseIterable {
        /// Types into the first declaration's name (breaking it, so every
        /// entry of that habit is undeclared); times each keystroke's answer.
        case keystrokes
        /// One `didChange` with an edit on each of the first 10,000 lines.
        case edits
        /// `textDocument/formatting` of a CR LF journal.
        case format
    }

    /// `--child-lsp WORK FILE RESULT`: does WORK on FILE in a server and writes
    /// the median and largest wall seconds, their count, median and largest CPU.
    static func child(_ arguments: [String]) -> Int32 {
        guard arguments.count == 3, let work = Work(rawValue: arguments[0]),
              let bytes = try? FileReader.readBytes(atPath: arguments[1]) else { return 2 }
        let server = LanguageServer(today: CivilDate(year: 2025, month: 12, day: 14)!)
        _ = server.handle(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [:]]])
        let uri = TextDocument.uri(forPath: arguments[1])
        _ = server.handle(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": [
            "textDocument": ["uri": .string(uri), "languageId": "units", "version": 1, "text": .string(String(decoding: bytes, as: UTF8.self))]]])
        let document = TextDocument(uri: uri, version: 1, bytes: bytes)
        func change(_ version: Int, _ edits: [JSONValue]) -> JSONValue {
            ["jsonrpc": "2.0", "method": "textDocument/didChange", "params": [
                "textDocument": ["uri": .string(uri), "version": .int(version)], "contentChanges": .array(edits)]]
        }
        func insert(_ line: Int, _ character: Int, _ text: String) -> JSONValue {
            let at: JSONValue = ["line": .int(line), "character": .int(character)]
            return ["range": ["start": at, "end": at], "text": .string(text)]
        }
        var times: [Double] = [], cpu: [Double] = []
        func timed(_ body: () -> Void) {
            let (wall, processor) = (SystemClock.monotonicSeconds(), SystemProcess.cpuSeconds())
            body()
            times.append(SystemClock.monotonicSeconds() - wall)
            cpu.append(SystemProcess.cpuSeconds() - processor)
        }
        switch work {
        case .keystrokes:
            guard let line = (0..<document.lineStarts.count).first(where: { k in
                String(decoding: document.bytes[document.lineStarts[k]...].prefix(17), as: UTF8.self).hasSuffix(" habit ")
            }) else { return 1 }
            for k in 0..<11 {
                var replies: [JSONValue] = []
                timed { replies = server.handle(change(2 + k, [insert(line, 17 + k, "x")])) }
                if replies.isEmpty { return 1 }
            }
        case .edits:
            // Each first character replaced by itself: the edits and one analysis.
            let lines = min(10_000, document.lineStarts.count - 1)
            let edits: [JSONValue] = (0..<lines).map { line in
                let start = document.lineStarts[line]
                let first = start < document.bytes.count && document.bytes[start] < 0x80 ? String(UnicodeScalar(document.bytes[start])) : ""
                let range: JSONValue = ["start": ["line": .int(line), "character": 0], "end": ["line": .int(line), "character": .int(first.isEmpty ? 0 : 1)]]
                return ["range": range, "text": .string(first)]
            }
            let message = change(2, edits)
            timed { _ = server.handle(message) }
        case .format:
            var reply: [JSONValue] = []
            timed { reply = server.handle(["jsonrpc": "2.0", "id": 2, "method": "textDocument/formatting",
                                           "params": ["textDocument": ["uri": .string(uri)], "options": [:]]]) }
            guard reply.first?["result"]?.array?.isEmpty == false else { return 1 }
        }
        let sorted = times.sorted(), sortedCPU = cpu.sorted()
        let report = "\(sorted[sorted.count / 2]) \(sorted.last!) \(times.count) \(sortedCPU[sortedCPU.count / 2]) \(sortedCPU.last!)\n"
        return Benchmark.writeFile(Array(report.utf8), to: arguments[2]) ? 0 : 1
    }
}

extension Benchmark {
    /// A keystroke answered within 100 ms CPU on 100k entries; formatting
    /// holds a line diff in linear space, not a square of the changed lines.
    static let lspKeystroke = Must(cpuSeconds: 0.1)
    static let lspEdits = Must(cpuSeconds: 1.0, peakMB: 256)
    static let lspFormat = Must(peakMB: 128)

    func lspRows() -> [Row] {
        var rows: [Row] = []
        let (broken, brokenJournal) = write(Self.generator(options, entries: 100_000, perDay: 50))
        rows.append(Row(work: "lsp keystroke", entries: 100_000, bytes: brokenJournal.bytes.count,
                        outcome: lspChild(.keystrokes, broken), must: Self.lspKeystroke, note: "declaration broken: the slowest of 11 keystrokes"))
        try? SystemFile.removeFile(broken)
        let (large, largeJournal) = write(Self.generator(options, entries: 50_000, perDay: 50))
        rows.append(Row(work: "lsp didChange ×10k", entries: 50_000, bytes: largeJournal.bytes.count,
                        outcome: lspChild(.edits, large), must: Self.lspEdits, note: "one change, 10,000 edits, one analysis"))
        try? SystemFile.removeFile(large)
        // About 10,000 CR LF lines, canonical (only the CRs go), then as generated.
        let (crlf, generated) = write(Self.generator(options, entries: 9_000, perDay: 50))
        let canonical: [UInt8]
        if case .formatted(let bytes) = Formatter.format(generated.bytes, path: crlf) { canonical = bytes } else { canonical = generated.bytes }
        for (text, what) in [(canonical, "canonical but CR LF"), (generated.bytes, "as generated, CR LF")] {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(text.count * 21 / 20)
            var lines = 0
            for b in text {
                if b == 0x0A { bytes.append(0x0D); lines += 1 }
                bytes.append(b)
            }
            _ = Self.writeFile(bytes, to: crlf)
            rows.append(Row(work: "lsp formatting", entries: 9_000, bytes: bytes.count,
                            outcome: lspChild(.format, crlf), must: Self.lspFormat, note: "\(Format.count(lines)) lines, \(what)"))
        }
        try? SystemFile.removeFile(crlf)
        return rows
    }

    private func lspChild(_ work: LSPBench.Work, _ path: String) -> Outcome {
        let exe = ChildProcess.currentExecutable()
        let resultPath = path + ".result"
        defer { try? SystemFile.removeFile(resultPath) }
        return repeated(options.runs) {
            var child = try spawn(exe, ["--child-lsp", work.rawValue, path, resultPath])
            guard child.status == 0, let numbers = ChildProcess.resultNumbers(resultPath) else { throw Failed("wrong: exit \(child.status)") }
            guard numbers.count == 5 else { throw Failed("wrong: no result") }
            // Keystrokes: the slowest of them (wall and CPU); else the median.
            (child.seconds, child.cpuSeconds) = work == .keystrokes ? (numbers[1], numbers[4]) : (numbers[0], numbers[3])
            return child
        }
    }
}
