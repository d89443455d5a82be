/// The grammar of dated lines: entries, declarations and the changes to a habit.
extension ParserState {
    mutating func classifyDated(_ buf: UnsafeBufferPointer<UInt8>) -> Result<LineKind, LineError> {
        if let e = date(buf, words[0]) { return .failure(e) }
        guard let second = word(at: 1) else {
            return missing("a habit name, or a keyword (habit, group, unit, floor, goal, min, task, done, drop, pin, unpin, season, archive, unarchive, pause) after the date", after: 1)
        }
        let keyword = second.shape == .word ? DatedKeyword.match(UnsafeBufferPointer(rebasing: buf[second.start..<second.end])) : nil
        switch keyword {
        case .habit?, .group?:
            let keyword = string(buf, second)
            emit(.keyword, second)
            if let e = keywordName(buf, missing: "a name", what: "a \(keyword) name") { return .failure(e) }
            if let e = finish(buf, from: 3, tags: false, expected: "the end of the line: attributes go on the indented lines below") { return .failure(e) }
            return .success(keyword == "habit" ? .habit : .group)
        case .unit?:
            emit(.keyword, second)
            return classifyUnitChange(buf)
        case .floor?:
            emit(.keyword, second)
            if let e = keywordName(buf) { return .failure(e) }
            guard let value = word(at: 3) else { return missing("the new floor, as units per week (e.g. 7/week)", after: 3) }
            emit(.word, value)
            if let e = finish(buf, from: 4, tags: false, expected: "the end of the line") { return .failure(e) }
            return .success(.floorChange)
        case .goal?, .min?:
            let keyword = string(buf, second)
            emit(.keyword, second)
            if let e = keywordName(buf) { return .failure(e) }
            guard let value = word(at: 3) else { return missing("the new \(keyword), as a number and an optional measure (e.g. `\(keyword) Reading 5 pages`)", after: 3) }
            if let e = number(buf, value, what: "the new \(keyword) as a number (e.g. `\(keyword) Reading 5 pages`)") { return .failure(e) }
            var k = 4
            while let measure = word(at: k) { emit(.word, measure); k += 1 }
            if let e = finish(buf, from: k, tags: false, expected: "the end of the line") { return .failure(e) }
            return .success(.goalChange)
        case .task?:
            emit(.keyword, second)
            guard let title = word(at: 2), title.shape == .string else {
                return word(at: 2).map { error("expected the task's title in double quotes", at: $0) } ?? missing("the task's title in double quotes", after: 2)
            }
            emit(.string, title)
            var k = 3
            if let w = word(at: k), w.shape == .word, ASCII.isDigit(buf[w.start]) {
                if let e = number(buf, w, what: "an estimate of 0 to 5 units") { return .failure(e) }
                k += 1
            }
            if let w = word(at: k), w.shape == .word, buf[w.start] != ASCII.hash {
                if let e = nameError(buf, w, what: "a habit name") { return .failure(e) }
                emit(.name, w)
                k += 1
            }
            if let e = finish(buf, from: k, tags: true, expected: "an estimate (0-5), a habit name, tags or a comment") { return .failure(e) }
            return .success(.task)
        case .done?, .drop?, .pin?, .unpin?:
            emit(.keyword, second)
            guard let title = word(at: 2), title.shape == .string else {
                return word(at: 2).map { error("expected the task's title in double quotes", at: $0) } ?? missing("the task's title in double quotes", after: 2)
            }
            emit(.string, title)
            if let e = finish(buf, from: 3, tags: false, expected: "the end of the line") { return .failure(e) }
            switch keyword {
            case .done?: return .success(.done)
            case .drop?: return .success(.drop)
            case .pin?: return .success(.pin)
            default: return .success(.unpin)
            }
        case .season?:
            emit(.keyword, second)
            guard let label = word(at: 2) else { return missing("the season's name", after: 2) }
            if label.shape == .word, let e = nameError(buf, label, what: "a season name (quote it to use spaces)") { return .failure(e) }
            emit(label.shape == .string ? .string : .name, label)
            guard let until = word(at: 3) else { return missing("the season's last day (YYYY-MM-DD)", after: 3) }
            if let e = date(buf, until) { return .failure(e) }
            if let e = finish(buf, from: 4, tags: false, expected: "the end of the line") { return .failure(e) }
            return .success(.season)
        case .archive?, .unarchive?:
            emit(.keyword, second)
            if let e = keywordName(buf) { return .failure(e) }
            if let e = finish(buf, from: 3, tags: false, expected: "the end of the line") { return .failure(e) }
            return .success(keyword == .archive ? .archive : .unarchive)
        case .pause?:
            emit(.keyword, second)
            if let e = keywordName(buf) { return .failure(e) }
            guard let until = word(at: 3) else { return missing("the last paused day (YYYY-MM-DD)", after: 3) }
            if let e = date(buf, until) { return .failure(e) }
            if let e = finish(buf, from: 4, tags: false, expected: "the end of the line") { return .failure(e) }
            return .success(.pause)
        case nil:
            return classifyEntry(buf, name: second)
        }
    }

    mutating func classifyEntry(_ buf: UnsafeBufferPointer<UInt8>, name: RawWord) -> Result<LineKind, LineError> {
        // classifyDated only gets here when the word is not a keyword.
        if let e = nameError(buf, name, what: "a habit name", checkKeyword: false) { return .failure(e) }
        emit(.name, name)
        guard let value = word(at: 2) else { return missing("a value after the habit name: a number of units, or yes, kinda, no or skip", after: 2) }
        let v = UnsafeBufferPointer(rebasing: buf[value.start..<value.end])
        if value.shape == .word, Self.isState(v) {
            emit(.state, value)
        } else if let e = number(buf, value, what: "a number of units, or yes, kinda, no or skip") {
            return .failure(e)
        }
        if let e = finish(buf, from: 3, tags: true, expected: "tags (#word) or a note after ';'") { return .failure(e) }
        return .success(.entry)
    }

    @inline(__always) static func isState(_ v: UnsafeBufferPointer<UInt8>) -> Bool {
        switch v.count {
        case 2: return v[0] == 0x6E && v[1] == 0x6F                                   // no
        case 3: return v[0] == 0x79 && v[1] == 0x65 && v[2] == 0x73                   // yes
        case 4: return v[0] == 0x73 && v[1] == 0x6B && v[2] == 0x69 && v[3] == 0x70   // skip
        case 5: return DatedKeyword.equals(v, "kinda")
        default: return false
        }
    }

    /// Emits the name after the keyword (word 2); else why it is missing or no name.
    mutating func keywordName(_ buf: UnsafeBufferPointer<UInt8>, missing: String = "a habit name",
                              what: String = "a habit name") -> LineError? {
        guard let name = word(at: 2) else {
            let at = words[1].end
            return LineError(message: "expected \(missing) after '\(string(buf, words[1]))'", start: at, end: at)
        }
        if let e = nameError(buf, name, what: what) { return e }
        emit(.name, name)
        return nil
    }

    mutating func classifyUnitChange(_ buf: UnsafeBufferPointer<UInt8>) -> Result<LineKind, LineError> {
        if let e = keywordName(buf) { return .failure(e) }
        guard let unitName = word(at: 3), !equals(buf, unitName, "=") else {
            return missing("the new unit's name (e.g. `unit Reading chapter ch = 1 chapter`)", after: 3)
        }
        emit(.word, unitName)
        var k = 4
        if let short = word(at: k), !equals(buf, short, "=") {
            // A number here is a size without its '=' (`unit Walk lap 0.25 miles`).
            if ASCII.isDigit(buf[short.start]) { return error("expected '=' and the unit's size (e.g. `= 0.25 miles`)", at: short) }
            emit(.word, short)
            k += 1
        }
        if let eq = word(at: k) {
            guard equals(buf, eq, "=") else { return error("expected '=' and the unit's size (e.g. `= 0.25 miles`)", at: eq) }
            emit(.equals, eq)
            k += 1
            guard let size = word(at: k) else { return missing("the unit's size after '=' (e.g. `= 0.25 miles`)", after: k) }
            if let e = number(buf, size, what: "the unit's size as a number (e.g. `= 0.25 miles`)") { return .failure(e) }
            k += 1
            while let measure = word(at: k) { emit(.word, measure); k += 1 }
        }
        if let e = finish(buf, from: k, tags: false, expected: "the end of the line") { return .failure(e) }
        return .success(.unitChange)
    }
}
