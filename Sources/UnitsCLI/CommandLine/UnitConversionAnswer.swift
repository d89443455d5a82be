import UnitsKit

/// `units '2 miles' km` was meant for the unit converter that shares our
/// name (GNU units, BSD units). Say so, and where that one is.
enum UnitConversionAnswer {
    /// The answer for a command line that looks like a unit conversion
    /// (a number followed by a unit, or two unit-looking words), else nil.
    static func answer(for words: [String], environment: [String: String]) -> String? {
        guard let first = words.first, looksLikeQuantity(first) || (words.count == 2 && words.allSatisfy(looksLikeUnit)) else { return nil }
        var text = "units: this is units, the plain-text habit tracker; '\(words.joined(separator: " "))' looks like a unit conversion.\n"
        if let other = otherUnits(environment: environment) {
            text += "  The unit converter is \(other): run `\(other) '\(first)'\(words.count > 1 ? " '\(words[1])'" : "")`.\n"
        } else {
            text += "  The unit converter (GNU units) is not installed here: `apt-get install units`, then run it by its full path, /usr/bin/units.\n"
        }
        text += "Try 'units --help' for the habit tracker.\n"
        return text
    }

    /// `2 miles`, `3.5kg`, `10 m/s`: starts with a number and goes on with letters.
    static func looksLikeQuantity(_ word: String) -> Bool {
        let scalars = Array(word.unicodeScalars)
        guard let firstLetter = scalars.firstIndex(where: { !("0"..."9").contains($0) && $0 != "." && $0 != " " && $0 != "-" }),
              firstLetter > 0, scalars[..<firstLetter].contains(where: { ("0"..."9").contains($0) }) else { return false }
        return scalars[firstLetter...].allSatisfy { $0.properties.isAlphabetic || "/^*· ".unicodeScalars.contains($0) || ("0"..."9").contains($0) }
    }

    /// Short lowercase unit names with no capital (habit names usually have one).
    static func looksLikeUnit(_ word: String) -> Bool {
        ["km", "mi", "miles", "mile", "m", "ft", "feet", "kg", "lb", "lbs", "g", "oz", "l", "gal", "gallons", "c", "f",
         "tempC", "tempF", "inch", "inches", "cm", "mm", "yards", "yd", "hours", "minutes", "seconds", "s", "h"].contains(word)
    }

    /// A `units` on the PATH that is not this program, or the usual places.
    static func otherUnits(environment: [String: String]) -> String? {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        let me = SystemProcess.executablePath() ?? selfPath(CommandLine.arguments.first ?? "", path: path)
        let candidates = path.split(separator: ":").map { "\($0)/units" } + ["/usr/bin/units", "/usr/local/bin/gunits", "/opt/homebrew/bin/gunits"]
        for candidate in candidates where SystemFile.isExecutable(candidate) {
            if let me, SystemFile.resolvedPath(candidate) == me { continue }
            return candidate
        }
        return nil
    }

    /// This program's real path. Run by name (`units`, no slash), the shell
    /// took the first match on PATH, so that is where it is.
    static func selfPath(_ arg0: String, path: String) -> String? {
        if arg0.contains("/") { return SystemFile.resolvedPath(arg0) }
        for directory in path.split(separator: ":") where SystemFile.isExecutable("\(directory)/\(arg0)") {
            return SystemFile.resolvedPath("\(directory)/\(arg0)")
        }
        return nil
    }
}
