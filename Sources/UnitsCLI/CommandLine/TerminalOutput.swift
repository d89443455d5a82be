import UnitsKit

extension CommandIO {
    /// A text report made safe: journal text's controls shown escaped, the
    /// renderers' colour kept when colour is on; on a terminal, lines cut to
    /// its width (or `--width`) with an ellipsis. JSON and CSV never pass here.
    func terminalSafe(_ text: String, _ arguments: ParsedArguments) -> String {
        let safe = TerminalText.sanitized(text, keepingColor: useColor(arguments[GlobalOptions.color]))
        guard outputIsTerminal else { return safe }
        let width = arguments[GlobalOptions.width] ?? terminalWidth ?? 80
        return FitWidth.lines(safe, width: width, ascii: arguments[PictureOptions.ascii])
    }

    /// A usage problem in one word on standard error: `tool: what: message`,
    /// the word, and a caret under the byte `offset` into it.
    func errPointing(at offset: Int, in text: String, tool: String, what: String, _ message: String) {
        let before = String(decoding: Array(text.utf8).prefix(offset), as: UTF8.self)
        err("\(tool): \(what): \(message)\n  \(text)\n  \(String(repeating: " ", count: DisplayWidth.of(before)))^\n")
    }

    /// Diagnostics on standard error, as `units-lint` prints them.
    func errDiagnostics(_ diagnostics: [Diagnostic]) {
        var renderer = diagnosticRenderer()
        err(renderer.render(diagnostics))
    }

    /// The diagnostic printer for standard error (standard output with
    /// `onOutput`, as `units-lint` prints): colour as `color` (`--color`)
    /// and that stream allow; on a terminal, no source line shown wider
    /// than it, else the renderer's 160 columns.
    func diagnosticRenderer(onOutput: Bool = false, color: String? = nil) -> DiagnosticRenderer {
        let terminal = onOutput ? outputIsTerminal : errorIsTerminal
        var renderer = DiagnosticRenderer(useColor: useColor(color, terminal: terminal))
        if terminal, let width = onOutput ? terminalWidth : errorTerminalWidth { renderer.maximumLineWidth = max(40, width) }
        return renderer
    }
}
