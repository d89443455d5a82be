import UnitsKit

/// Notices a run gives at most once, however many times a command finds
/// the journal.
final class SaidOnce {
    var said: Set<String> = []
}

/// Where a command reads and writes: captured in tests, the process's streams
/// for real. Every byte to standard output passes `send(_:as:)`, the terminal
/// guard (on a terminal, controls in data are shown escaped).
public struct CommandIO {
    /// How bytes on standard output are meant, for the terminal guard.
    public enum Content {
        /// Words and pictures of ours: colour sequences stay.
        case text
        /// Data written as it is (JSON, CSV, the journal's lines): colour
        /// sequences in it come from the journal, not from us.
        case data
    }

    /// Standard output: the one channel.
    public var output: (UnsafeBufferPointer<UInt8>) -> Void
    public var writeErr: (String) -> Void
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

    /// Output captured as text (tests, `units serve` running commands).
    public init(writeOut: @escaping (String) -> Void, writeErr: @escaping (String) -> Void,
                readStandardInput: @escaping () -> [UInt8] = { [] }, environment: [String: String] = [:],
                outputIsTerminal: Bool = false, errorIsTerminal: Bool = false, terminalWidth: Int? = nil,
                inputIsData: Bool = true) {
        self.output = { writeOut(String(decoding: $0, as: UTF8.self)) }
        self.writeErr = writeErr
        self.readStandardInput = readStandardInput
        self.environment = environment
        self.outputIsTerminal = outputIsTerminal
        self.errorIsTerminal = errorIsTerminal
        self.terminalWidth = terminalWidth
        self.inputIsData = inputIsData
    }

    /// The real process streams.
    public static func process() -> CommandIO {
        let inputKind = (try? SystemFile.status(0)).map { $0.st_mode & S_IFMT }
        let inputIsData = inputKind == S_IFIFO || inputKind == S_IFREG || inputKind == S_IFSOCK
        let errIsTerminal = RawTerminal.isTerminal(2)
        var io = CommandIO(
            writeOut: { _ in },
            writeErr: { text in
                var text = text
                // Standard error carries our words around journal text: guarded as text.
                text.withUTF8 { Self.writeAll(2, $0, guarding: errIsTerminal) }
            },
            readStandardInput: { FileReader.readStandardInput() },
            environment: SystemEnvironment.variables(),
            outputIsTerminal: RawTerminal.isTerminal(1),
            errorIsTerminal: errIsTerminal,
            terminalWidth: SystemProcess.terminalColumns(1),
            inputIsData: inputIsData)
        io.output = { Self.writeAll(1, $0) }
        io.inputIsTerminal = RawTerminal.isTerminal(0)
        io.errorTerminalWidth = SystemProcess.terminalColumns(2)
        io.readAnswer = { Swift.readLine(strippingNewline: true) }
        return io
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

    /// Every byte to standard output passes here: on a terminal, through
    /// the guard (`content` says whether colour sequences stay).
    public func send(_ buffer: UnsafeBufferPointer<UInt8>, as content: Content) {
        if outputIsTerminal, let safe = TerminalGuard.guarded(buffer, keepingColor: content == .text) {
            safe.withUnsafeBufferPointer { output($0) }
        } else {
            output(buffer)
        }
    }

    /// Text of ours on standard output.
    public func out(_ text: String) {
        var text = text
        text.withUTF8 { send($0, as: .text) }
    }

    public func err(_ text: String) { writeErr(text) }

    /// The terminal's bell (BEL): a control of ours, written past the guard,
    /// which shows any BEL in journal text escaped.
    public func bell() {
        let bell: [UInt8] = [0x07]
        bell.withUnsafeBufferPointer { output($0) }
    }

    /// Data written as it is (CSV, an export, the journal in a diff, an
    /// undo record): on a terminal with every control escaped, colour
    /// sequences too (they come from the journal, not from us).
    public func outData(_ text: String) {
        var text = text
        text.withUTF8 { send($0, as: .data) }
    }

    /// Standard output for data written in pieces as bytes (JSON, CSV),
    /// never as `String`s.
    public func dataOutput() -> ReportOutput {
        ReportOutput(bytes: { send($0, as: .data) })
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
