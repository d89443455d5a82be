/// Builds the words of journal lines, laid out by the formatter's printer
/// (`Formatter.canonicalLines`), without a line ending; the inputs are
/// checked before (`WriteValidation`).
public enum CanonicalLine {
    /// `2025-12-14 Reading 3 #train #commute ; on the train`
    public static func entry(date: CivilDate, habit: String, value: EntryValue, tags: [String] = [], note: String? = nil) -> String {
        laidOut("\(date) \(habit) \(text(of: value))\(annotation(tags: tags, note: note))")
    }

    /// What follows an entry's value: ` #train #commute ; on the train`
    /// (empty without tags and note); what `units log` says it wrote.
    public static func annotation(tags: [String], note: String?) -> String {
        var words = ""
        for tag in tags { words += " #\(tag)" }
        if let note = note?.trimmingSpaces(), !note.isEmpty { words += " ; \(note)" }
        return words
    }

    /// `2025-12-14 task "Finish outline" 2 Writing #thesis`; the estimate
    /// is left out when it is the default 1.
    public static func task(date: CivilDate, title: String, estimate: Int = 1, habit: String? = nil, tags: [String] = []) -> String {
        var line = "\(date) task \(quoted(title))"
        if estimate != 1 { line += " \(estimate)" }
        if let habit { line += " \(habit)" }
        for tag in tags { line += " #\(tag)" }
        return laidOut(line)
    }

    /// `2025-12-14 done "Finish outline"`
    public static func done(date: CivilDate, title: String) -> String { laidOut("\(date) done \(quoted(title))") }

    /// `2025-12-14 drop "Finish outline"`
    public static func drop(date: CivilDate, title: String) -> String { laidOut("\(date) drop \(quoted(title))") }

    /// `2025-12-14 pin "Finish outline"`
    public static func pin(date: CivilDate, title: String) -> String { laidOut("\(date) pin \(quoted(title))") }

    /// `2025-12-14 unpin "Finish outline"`
    public static func unpin(date: CivilDate, title: String) -> String { laidOut("\(date) unpin \(quoted(title))") }

    /// `2025-12-14 habit Reading` and its attribute lines, `  key: value`,
    /// values quoted where they need it.
    public static func declaration(date: CivilDate, name: String, isGroup: Bool = false,
                                   attributes: [(key: String, value: String)]) -> [String] {
        var lines = ["\(date) \(isGroup ? "group" : "habit") \(name)"]
        for (key, value) in attributes {
            lines.append("  \(key): \(attributeValue(value))")
        }
        return Formatter.canonicalLines(lines) ?? lines
    }

    /// `2025-12-14 unit Reading chapter ch = 1 chapter`; the size is left
    /// out when it is `1 UNIT`, which is what no size means.
    public static func unitChange(date: CivilDate, habit: String, unit: String, shorthand: String? = nil,
                                  size: Amount = .one, measure: String? = nil) -> String {
        var line = "\(date) unit \(habit) \(unit)"
        if let shorthand { line += " \(shorthand)" }
        if !(size == .one && (measure == nil || measure == unit)) {
            line += " = \(size)"
            if let measure { line += " \(measure)" }
        }
        return laidOut(line)
    }

    /// `2025-12-14 floor Reading 7/week`
    public static func floorChange(date: CivilDate, habit: String, unitsPerWeek: Int) -> String {
        laidOut("\(date) floor \(habit) \(unitsPerWeek)/week")
    }

    /// `2025-12-14 archive Swim` or `2025-12-14 unarchive Swim`
    public static func archive(date: CivilDate, habit: String, archived: Bool) -> String {
        laidOut("\(date) \(archived ? "archive" : "unarchive") \(habit)")
    }

    /// One line as the printer prints it (the words as given when they do
    /// not parse; the write path then refuses them with the parse error).
    public static func laidOut(_ line: String) -> String {
        Formatter.canonicalLines([line])?.first ?? line
    }

    // MARK: Pieces

    /// `3`, `0.25`, `yes`.
    public static func text(of value: EntryValue) -> String {
        switch value {
        case .units(let amount): amount.description
        case .state(let state): state.rawValue
        }
    }

    /// A string literal: `"..."` with `"` and `\` escaped.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            if scalar == "\"" || scalar == "\\" { out += "\\" }
            out.unicodeScalars.append(scalar)
        }
        return out + "\""
    }

    /// An attribute value as words when that reads back the same, else
    /// quoted (a quote or backslash anywhere would start a string or an escape).
    static func attributeValue(_ value: String) -> String {
        let needsQuotes = value.isEmpty || value.contains("\"") || value.contains("\\") || value.hasPrefix(";") || value.contains(" ;")
            || value.contains("\t;") || value.contains("  ") || value.contains("\t")
            || value.hasPrefix(" ") || value.hasSuffix(" ")
        return needsQuotes ? quoted(value) : value
    }
}
