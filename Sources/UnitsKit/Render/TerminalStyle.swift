/// How reports and pictures are drawn on a terminal: colour or not, Unicode
/// or ASCII. A calm 256-colour palette by habit `color:` (hex in 24-bit),
/// nothing ever red; sequences marked (`TerminalText.sgr`) until the terminal.
public struct TerminalStyle: Sendable {
    public var color: Bool
    public var ascii: Bool

    public init(color: Bool, ascii: Bool = false) {
        self.color = color
        self.ascii = ascii
    }

    public static let plain = TerminalStyle(color: false)

    public func yellow(_ text: String) -> String { wrap(text, "33") }
    public func bold(_ text: String) -> String { wrap(text, "1") }
    /// Faint text (labels, empty cells).
    public func dim(_ text: String) -> String { wrap(text, "2") }
    /// A done item: dimmed and struck through (SGR 2 and 9), only with colour on.
    public func doneLine(_ text: String) -> String { wrap(text, "2;9") }
    /// The selected line of a list: reverse video (SGR 7).
    public func reversed(_ text: String) -> String { wrap(text, "7") }
    /// Black on white (SGR 30;47): a QR code stays dark on light whatever the terminal's colours.
    public func blackOnWhite(_ text: String) -> String { wrap(text, "30;47") }

    private func wrap(_ text: String, _ code: String) -> String {
        color && !text.isEmpty ? TerminalText.sgr(code) + text + TerminalText.reset : text
    }

    /// Muted tones: readable on dark and light backgrounds, nothing alarming.
    static let palette: [String: Int] = [
        "red": 174, "orange": 180, "yellow": 186, "green": 108, "mint": 115, "teal": 73,
        "cyan": 116, "blue": 110, "indigo": 104, "purple": 140, "pink": 175, "brown": 137, "gray": 247,
    ]
    /// A `#rgb` or `#rrggbb` colour brought into the palette's calm range (nil
    /// when it is not one): hue kept, channel spread at most 80, lightness in
    /// 120...200, so `#FF0000` is drawn like `red`. Integers: the same bytes everywhere.
    static func mutedRGB(_ colorName: String) -> (Int, Int, Int)? {
        let hex = Array(colorName.utf8.dropFirst())
        guard colorName.hasPrefix("#"), hex.count == 3 || hex.count == 6,
              hex.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) }) else { return nil }
        func value(_ s: [UInt8]) -> Int { Int(String(decoding: s, as: UTF8.self), radix: 16) ?? 128 }
        let rgb = hex.count == 3 ? hex.map { value([$0, $0]) } : [value(Array(hex[0..<2])), value(Array(hex[2..<4])), value(Array(hex[4..<6]))]
        let high = rgb.max()!, low = rgb.min()!
        let middle = min(200, max(120, (high + low) / 2))
        let spread = min(80, high - low)
        // Each channel keeps its place between weakest and strongest (the hue).
        let muted = rgb.map { high == low ? middle : middle - spread / 2 + ($0 - low) * spread / (high - low) }
        return (muted[0], muted[1], muted[2])
    }

    /// Colours for habits without one, in declaration order.
    static let rotation = ["blue", "green", "orange", "purple", "teal", "pink", "brown", "indigo", "mint", "cyan"]

    /// The colour of a habit: its `color:` or one from the rotation.
    public static func colorName(of habit: Habit) -> String {
        habit.color ?? HabitColors.colorName(ofHabit: habit.id, builtIn: habit.isBuiltIn)
    }

    /// The escape that starts drawing in a habit colour (name or #hex).
    static func escape(for colorName: String, dim: Bool = false) -> String {
        let prefix = dim ? "2;" : ""
        if colorName.hasPrefix("#") {
            let rgb = mutedRGB(colorName) ?? (128, 128, 128)
            return TerminalText.sgr("\(prefix)38;2;\(rgb.0);\(rgb.1);\(rgb.2)")
        }
        return TerminalText.sgr("\(prefix)38;5;\(palette[colorName] ?? 247)")
    }

    /// `text` in a colour when colour is on.
    public func paint(_ text: String, _ colorName: String?, dim: Bool = false) -> String {
        guard color, let colorName, !text.isEmpty else { return text }
        return TerminalStyle.escape(for: colorName, dim: dim) + text + TerminalText.reset
    }

    /// Display width of text that may hold ANSI colour escapes.
    public static func visibleWidth(_ text: String) -> Int { DisplayWidth.of(ReportText.stripped(text)) }

    /// Legend items on as many lines as `width` needs, two spaces apart;
    /// an item wider than the width alone is cut with `…`.
    public static func wrap(_ items: some Sequence<String>, width: Int) -> String {
        var out = "", line = "", lineWidth = 0
        for var item in items {
            if visibleWidth(item) > width { item = FitWidth.cut(Substring(item), width: width) }
            let w = visibleWidth(item)
            if lineWidth > 0, lineWidth + 2 + w > width {
                out += line + "\n"
                line = ""
                lineWidth = 0
            }
            if lineWidth > 0 { line += "  "; lineWidth += 2 }
            line += item
            lineWidth += w
        }
        if !line.isEmpty { out += line + "\n" }
        return out
    }

    // MARK: Glyphs

    public var block: String { ascii ? "#" : "■" }
    public var weekSeparator: String { ascii ? "|" : "│" }
    /// Shapes that tell habits apart without colour, in rotation.
    public var shapes: [String] {
        ascii ? ["#", "+", "o", "*", "x", "=", "%", "@", "&", "$", "v", "H",
                 "^", "~", ":", "!", "?", "<", ">", "{", "}", "/", "Z", "M"]
            : ["■", "▲", "●", "◆", "▼", "★", "✚", "▶", "✖", "◀", "◉", "✱",
               "□", "△", "○", "◇", "▽", "☆", "✛", "▷", "✕", "◁", "◎", "✣"]
    }

    /// The one shape of a habit, by its id: the same in the pile, the wall
    /// and every legend, with colour on or off (colour is never the only cue).
    public func shape(ofHabit id: Int) -> String {
        shapes[((id % shapes.count) + shapes.count) % shapes.count]
    }
}
