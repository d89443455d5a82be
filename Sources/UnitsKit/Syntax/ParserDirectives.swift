/// The grammar of the undated lines: `units`, `option`, `include` and attributes.
extension ParserState {
    mutating func classifyVersion(_ buf: UnsafeBufferPointer<UInt8>) -> Result<LineKind, LineError> {
        emit(.keyword, words[0])
        guard let v = word(at: 1) else { return missing("the format version after 'units' (units 1)", after: 1) }
        guard v.shape == .word, UnsafeBufferPointer(rebasing: buf[v.start..<v.end]).allSatisfy(ASCII.isDigit) else {
            return error("expected the format version as a whole number (units 1)", at: v)
        }
        emit(.number, v)
        if let e = finish(buf, from: 2, tags: false, expected: "the end of the line") { return .failure(e) }
        return .success(.version)
    }

    mutating func classifyOption(_ buf: UnsafeBufferPointer<UInt8>) -> Result<LineKind, LineError> {
        emit(.keyword, words[0])
        guard let key = word(at: 1) else { return missing("an option name (week-start, day-start, lint-disable, remind-morning, remind-evening)", after: 1) }
        emit(.key, key)
        var k = 2
        while let value = word(at: k) { emit(.word, value); k += 1 }
        if k == 2 { return missing("a value for option '\(string(buf, key))'", after: 2) }
        if let e = finish(buf, from: k, tags: false, expected: "the end of the line") { return .failure(e) }
        return .success(.option)
    }

    mutating func classifyInclude(_ buf: UnsafeBufferPointer<UInt8>) -> Result<LineKind, LineError> {
        emit(.keyword, words[0])
        guard let path = word(at: 1) else { return missing("a file to include (include \"2024.units\")", after: 1) }
        emit(path.shape == .string ? .string : .word, path)
        if let e = finish(buf, from: 2, tags: false, expected: "the end of the line: quote a path with spaces") { return .failure(e) }
        return .success(.include)
    }

    static let attributeKeys = ["title", "unit", "size", "floor", "color", "icon", "note", "kind",
                                "goal", "min", "every", "priority", "type", "group", "remind"]

    mutating func classifyAttribute(_ buf: UnsafeBufferPointer<UInt8>) -> Result<LineKind, LineError> {
        let first = words[0]
        guard inDeclaration else {
            return error("attribute line with no declaration above it: indented `key: value` lines belong under a `DATE habit NAME` or `DATE group NAME` line, with no blank line between", at: first)
        }
        guard first.shape == .word else { return error("expected an attribute `key: value`", at: first) }
        // The key runs to the first ':' ("unit:", "unit:page").
        var colon = first.start
        while colon < first.end, buf[colon] != ASCII.colon { colon += 1 }
        var k = 1
        var valueStartsInFirst = false
        let key = RawWord(shape: .word, start: first.start, end: colon)
        if colon == first.end {
            // "key :" with a space before the colon.
            guard let next = word(at: 1), buf[next.start] == ASCII.colon else {
                return error("expected `key: value` (e.g. `unit: page`)", at: first)
            }
            emit(.key, key)
            emit(.colon, RawWord(shape: .word, start: next.start, end: next.start + 1))
            if next.end > next.start + 1 { emit(.word, RawWord(shape: .word, start: next.start + 1, end: next.end)) }
            k = 2
        } else {
            emit(.key, key)
            emit(.colon, RawWord(shape: .word, start: colon, end: colon + 1))
            valueStartsInFirst = colon + 1 < first.end
            if valueStartsInFirst { emit(.word, RawWord(shape: .word, start: colon + 1, end: first.end)) }
        }
        let keyText = string(buf, key)
        guard Self.attributeKeys.contains(keyText) else {
            let hint = Suggestion.closest(to: keyText, in: Self.attributeKeys).map { "; did you mean '\($0)'?" } ?? ""
            return .failure(LineError(message: "unknown attribute '\(keyText)'\(hint) (keys: \(Self.attributeKeys.joined(separator: ", ")))",
                                      start: key.start, end: key.end))
        }
        while let value = word(at: k) { emit(value.shape == .string ? .string : .word, value); k += 1 }
        if lineTokens.count <= 2 {
            return .failure(LineError(message: "expected a value after '\(keyText):'", start: first.end,
                                      end: first.end))
        }
        if let e = finish(buf, from: k, tags: false, expected: "the end of the line") { return .failure(e) }
        return .success(.attribute)
    }
}
