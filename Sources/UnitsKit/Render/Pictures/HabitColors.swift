/// The colour of a habit without `color:`: the named rotation, then a hue
/// each, stepped by 137° (no repeat for 360 habits) in the palette's calm
/// range; the built-in General habit gray, which no other takes by default.
enum HabitColors {
    static func colorName(ofHabit id: Int, builtIn: Bool) -> String {
        if builtIn { return "gray" }
        let named = TerminalStyle.rotation
        if id >= 0 && id < named.count { return named[id] }
        let step = ((id - named.count) % 360 + 360) % 360
        return hex(hue: step * 137 % 360)
    }

    /// `#rrggbb` of a hue (degrees): strongest channel 190, weakest 120.
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
