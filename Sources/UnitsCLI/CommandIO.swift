import UnitsKit

/// Exit codes, the same for every tool.
public enum ExitCode: Int32, Sendable, Error {
    /// Nothing wrong.
    case ok = 0
    /// Findings (lint errors, files not canonical) or a failed operation.
    case failure = 1
    /// A usage error, or input that cannot be read or parsed.
    case usage = 2
}

/// Notices a run gives at most once, however many times a command finds
/// the journal.
final class SaidOnce {
    var said: Set<String> = []
}

/// Where a command reads and writes, so commands run in-process in tests
/// with captured output, and for real with the process's streams.
public struct CommandIO {
    public var writeOut: (String) -> Void
    public var writeErr: (String) -> Void
    /// Bytes to standard output as they are (large outputs skip `String`).
    public var writeOutBytes: ([UInt8]) -> Void
    /// Bytes to standard output straight from a buffer the caller owns
    /// (no copy into an array); nil means through `writeOutBytes`.
    public var writeOutBuffer: ((UnsafeBufferPointer<UInt8>) -> Void)?
    public var readStandardInput: () -> [UInt8]
    public var environment: [String: String]
    /// Whether standard output is a terminal (colour is for terminals only).
    public var outputIsTerminal: Bool
    /// Whether standard error is a terminal.
    public var errorIsTerminal: Bool
    /// The terminal's width in columns, if known.
    public var terminalWidth: Int?
    /// The width of standard error's terminal, if it is one.
    public var errorTerminalWidth: Int?
    /// Whether standard input carries data (a pipe or a file), rather than
    /// being a terminal or a device such as /dev/null: `units-fmt` and
    /// `units-lint` without FILE read it only then.
    public var inputIsData: Bool
    /// Whether standard input is a terminal (a question may be asked).
    public var inputIsTerminal = false
    /// Reads one line of an answer from standard input (nil at its end).
    public var readAnswer: () -> String? = { nil }
    /// The journal as last read, kept by a long-running caller (`units
    /// serve`) so an unchanged file is not parsed again; nil: none.
    public var journalMemo: JournalMemo?
    /// What has been said once in this run (shared by copies of this value).
    let saidOnce = SaidOnce()

    public init(writeOut: @escaping (String) -> Void, writeErr: @escaping (String) -> Void,
                readStandardInput: @escaping () -> [UInt8] = { [] }, environment: [String: String] = [:],
                outputIsTerminal: Bool = false, errorIsTerminal: Bool = false, terminalWidth: Int? = nil,
                inputIsData: Bool = true) {
        self.writeOut = writeOut
        self.writeErr = writeErr
        self.writeOutBytes = { writeOut(String(decoding: $0, as: UTF8.self)) }
        self.readStandardInput = readStandardInput
        self.environment = environment
        self.outputIsTerminal = outputIsTerminal
        self.errorIsTerminal = errorIsTerminal
        self.terminalWidth = terminalWidth
        self.inputIsData = inputIsData
    }

    /// The real process streams.
    public static func process() -> CommandIO {
        let environment = SystemEnvironment.variables()
        let width = SystemProcess.terminalColumns(1)
        let errorWidth = SystemProcess.terminalColumns(2)
        let inputKind = (try? SystemFile.status(0)).map { $0.st_mode & S_IFMT }
        let inputIsData = inputKind == S_IFIFO || inputKind == S_IFREG || inputKind == S_IFSOCK
        // Every byte to a terminal passes the last guard (issue 14); to a
        // file or a pipe, every byte goes as it is.
        let outIsTerminal = RawTerminal.isTerminal(1), errIsTerminal = RawTerminal.isTerminal(2)
        var io = CommandIO(
            writeOut: { text in Self.writeAll(1, text, guarding: outIsTerminal) },
            writeErr: { text in Self.writeAll(2, text, guarding: errIsTerminal) },
            readStandardInput: { FileReader.readStandardInput() },
            environment: environment,
            outputIsTerminal: outIsTerminal,
            errorIsTerminal: errIsTerminal,
            terminalWidth: width,
            inputIsData: inputIsData)
        io.writeOutBytes = { bytes in bytes.withUnsafeBufferPointer { Self.writeAll(1, $0, guarding: outIsTerminal) } }
        io.writeOutBuffer = { buffer in Self.writeAll(1, buffer, guarding: outIsTerminal) }
        io.inputIsTerminal = RawTerminal.isTerminal(0)
        io.errorTerminalWidth = errorWidth
        io.readAnswer = { Swift.readLine(strippingNewline: true) }
        return io
    }

    private static func writeAll(_ fd: Int32, _ text: String, guarding: Bool) {
        var text = text
        text.withUTF8 { writeAll(fd, $0, guarding: guarding) }
    }

    /// Writes `buffer`, through `TerminalGuard` when `guarding` (a terminal).
    private static func writeAll(_ fd: Int32, _ buffer: UnsafeBufferPointer<UInt8>, guarding: Bool) {
        if guarding, let safe = TerminalGuard.guarded(buffer, keepingColor: true) {
            safe.withUnsafeBufferPointer { writeAll(fd, $0) }
        } else {
            writeAll(fd, buffer)
        }
    }

    private static func writeAll(_ fd: Int32, _ buffer: UnsafeBufferPointer<UInt8>) {
        try? SystemFile.writeAll(fd, UnsafeRawBufferPointer(buffer))
    }

    public func out(_ text: String) { writeOut(text) }
    public func out(bytes: [UInt8]) { writeOutBytes(bytes) }
    /// Bytes the caller owns, written before this returns.
    public func out(buffer: UnsafeBufferPointer<UInt8>) {
        if let writeOutBuffer { writeOutBuffer(buffer) } else { writeOutBytes(Array(buffer)) }
    }
    public func err(_ text: String) { writeErr(text) }

    /// Standard output for data written as it is (JSON, CSV): in pieces
    /// as bytes, never as `String`s; on a terminal, as `outData` shows it.
    public func dataOutput() -> ReportOutput {
        guard outputIsTerminal else { return ReportOutput(bytes: { out(buffer: $0) }) }
        return ReportOutput(bytes: { piece in
            if let shown = TerminalGuard.guarded(piece, keepingColor: false) { out(bytes: shown) } else { out(buffer: piece) }
        })
    }

    /// Data written as it is (CSV, an export, the journal in a diff, an
    /// undo record), shown on a terminal with every control escaped, colour
    /// sequences too (issue 14: they come from the journal, not from us);
    /// to a file or a pipe, exact.
    public func outData(_ text: String) {
        out(outputIsTerminal ? TerminalGuard.guarded(text, keepingColor: false) : text)
    }

    /// Colour on standard output: `--color always|never|auto`; auto means a
    /// terminal and no `NO_COLOR` (https://no-color.org).
    public func useColor(_ setting: String?, terminal: Bool? = nil) -> Bool {
        switch setting {
        case "always": return true
        case "never": return false
        default:
            if let value = environment["NO_COLOR"], !value.isEmpty { return false }
            return terminal ?? outputIsTerminal
        }
    }
}
