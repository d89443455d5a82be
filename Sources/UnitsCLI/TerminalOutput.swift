import UnitsKit

extension CommandIO {
    /// A text report made safe for the terminal (issue 14): control
    /// characters and escape sequences from journal text are shown escaped;
    /// the colour sequences of the renderers stay when colour is on.
    /// JSON and CSV output never pass through here (they stay exact).
    /// On a terminal, no line is wider than it (or than `--width`): a
    /// longer one is cut with an ellipsis (issue 14: a 100,000-character
    /// name printed lines as long); into a file or a pipe, lines stay whole.
    func terminalSafe(_ text: String, _ arguments: ParsedArguments) -> String {
        let safe = TerminalText.sanitized(text, keepingColor: useColor(arguments.value("--color")))
        guard outputIsTerminal else { return safe }
        let width = arguments.value("--width").flatMap(Int.init) ?? terminalWidth ?? 80
        return FitWidth.lines(safe, width: width, ascii: arguments.flag("--ascii"))
    }

    /// The diagnostic printer for standard error (standard output with
    /// `onOutput`, as `units-lint` prints): colour as `color` (`--color`)
    /// and that stream allow; on a terminal, no source line shown wider
    /// than it (issue 14), else the renderer's 160 columns.
    func diagnosticRenderer(onOutput: Bool = false, color: String? = nil) -> DiagnosticRenderer {
        let terminal = onOutput ? outputIsTerminal : errorIsTerminal
        var renderer = DiagnosticRenderer(useColor: useColor(color, terminal: terminal))
        if terminal, let width = onOutput ? terminalWidth : errorTerminalWidth { renderer.maximumLineWidth = max(40, width) }
        return renderer
    }
}
