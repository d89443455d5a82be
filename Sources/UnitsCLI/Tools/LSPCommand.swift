import UnitsKit

/// `units lsp`: the language server on standard input and output.
public enum LSPCommand: Command {
    public static let name = "lsp"
    public static let summary = "Run the language server (LSP over stdin/stdout) for editors."
    public static let usage = "lsp [--today DATE]"
    public static let options: [OptionSpec] = [GlobalOptions.today.spec]
    public static let discussion = """
        Speaks the Language Server Protocol (JSON-RPC 2.0 with Content-Length
        framing) on standard input and output, for Neovim, VS Code, Helix,
        Emacs (eglot), Sublime and Zed: diagnostics from the parser and the
        linter as you type, formatting as `units-fmt` does it, completion of
        names, keywords, attributes and states, hover with a habit's figures,
        go to definition, references, symbols, rename and quick fixes.
        Editor set-up: docs/editors.md in the source repository. `--today` fixes the date
        that hover figures and `future-date` use (default: the clock).
        """

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        guard arguments.positionals.isEmpty else {
            throw UsageError("unexpected argument '\(arguments.positionals[0])'; the server reads its messages from standard input")
        }
        let today = arguments[GlobalOptions.today] == nil ? nil : try JournalLocator.today(arguments, io: io, tool: "units lsp")
        // The clock, unless `UNITS_NOW` fixes it (as for every command).
        let fixedNow = io.environment["UNITS_NOW"].flatMap(LogDay.parseClock)
        let server = LanguageServer(today: today, version: "units", clock: { fixedNow ?? SystemClock.now() })
        let code = ServerLoop.run(server, read: readStandardInputChunk, send: { io.out($0) })
        return code == 0 ? .ok : .failure
    }
}

/// The next bytes on standard input as they arrive; nil at end of input.
private func readStandardInputChunk() -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: 65536)
    let n = (try? SystemFile.readSome(0, into: &buffer)) ?? 0
    return n > 0 ? Array(buffer[0..<n]) : nil
}
