import UnitsKit

extension CommandIO {
    /// A text report made safe for the terminal (issue 14): control
    /// characters and escape sequences from journal text are shown escaped;
    /// the colour sequences of the renderers stay when colour is on.
    /// JSON and CSV output never pass through here (they stay exact).
    func terminalSafe(_ text: String, _ arguments: ParsedArguments) -> String {
        TerminalText.sanitized(text, keepingColor: useColor(arguments.value("--color")))
    }
}
