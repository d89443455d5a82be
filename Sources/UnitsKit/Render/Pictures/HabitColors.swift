/// The colour a habit without `color:` is drawn in. The first habits take
/// the named rotation (`TerminalStyle.rotation`); past it, each habit gets
/// a hue of its own, stepped round the colour wheel by 137° (a step that
/// meets no earlier hue for 360 habits), in the named palette's calm range
/// and muted as every `#hex` colour is. The built-in General habit, the
/// catch-all, is gray: a colour no other habit takes by default.
enum HabitColors {
    static func colorName(ofHabit id: Int, builtIn: Bool) -> String {
        if builtIn { return "gray" }
        let named = TerminalStyle.rotation
        if id >= 0 && id < named.count { return named[id] }
        let step = ((id - named.count) % 360 + 360) % 360
        return hex(hue: step * 137 % 360)
    }

    /// `#rrggbb` of a hue (degrees) at the palette's tones: the strongest
    /// channel 190, the weakest 120, the third between them by the hue.
    static func hex(hue: Int) -> String {
        let high = 190, low = 120
        let sector = hue / 60, within = hue % 60
        let rising = low + (high - low) * within / 60, falling = high - (high - low) * within / 60
        let rgb: [Int] = switch sector {
        case 0: [high, rising, low]
        case 1: [falling, high, low]
        case 2: [low, high, rising]
        case 3: [low, falling, high]
        case 4: [rising, low, high]
        default: [high, low, falling]
        }
        return HTMLPalette.hexString(rgb)
    }
}
