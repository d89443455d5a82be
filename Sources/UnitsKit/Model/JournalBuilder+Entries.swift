// Entry lines (check-ins), from tokens or from the fast path's packed records.

extension JournalBuilder {
    /// An entry line, read from its bytes and tokens (no `String` or array per line).
    mutating func addEntry(_ tree: SyntaxTree, _ bytes: UnsafeBufferPointer<UInt8>, _ tokens: UnsafeBufferPointer<Token>,
                           first: Int, _ reference: LineReference) {
        let dateToken = tokens[first], nameToken = tokens[first + 1], valueToken = tokens[first + 2]
        let name = UnsafeBufferPointer(rebasing: bytes[Int(nameToken.start)..<Int(nameToken.end)])
        // A miss (undeclared, General, or a name spelled in another Unicode
        // normalisation form) takes the String path, which decides.
        guard let id = journal.habitIndex.lookup(name) ?? resolve(tree, nameToken) else { return }
        if journal.habits[id].isGroup {
            report(.error, Rule.groupEntry, "'\(journal.habits[id].name)' is a group: log one of its members instead", tree.range(nameToken))
            return
        }
        let valueBytes = UnsafeBufferPointer(rebasing: bytes[Int(valueToken.start)..<Int(valueToken.end)])
        let value: EntryValue
        if valueToken.kind == .state {
            value = .state(Self.checkState(count: valueBytes.count))
        } else if case .valid(let amount) = NumberLexeme.parse(valueBytes) {
            value = .units(amount)
        } else {
            value = .units(.zero)
        }
        journal.entries.append(Entry(date: date(bytes, dateToken), habit: Int32(id),
                                     unitVersion: Int32(journal.habits[id].units.count - 1),
                                     goalVersion: Int32(journal.habits[id].goalChanges.count),
                                     value: value, source: reference))
    }

    /// `addEntry` of a line the parser read into a record: the same checks
    /// and result, straight into the journal's packed entries.
    mutating func addEntry(_ tree: SyntaxTree, _ bytes: UnsafeBufferPointer<UInt8>, _ entry: FastEntry, file: Int32) {
        let name = UnsafeBufferPointer(start: bytes.baseAddress! + Int(entry.nameStart), count: Int(entry.nameEnd - entry.nameStart))
        guard let id = journal.habitIndex.lookup(name) ?? resolve(tree, Token(kind: .name, start: entry.nameStart, end: entry.nameEnd)) else { return }
        let (isGroup, unitCount, goalCount) = journal.habits.withUnsafeBufferPointer { habits in
            (habits[id].isGroup, habits[id].units.count, habits[id].goalChangeCount)
        }
        if isGroup {
            report(.error, Rule.groupEntry, "'\(journal.habits[id].name)' is a group: log one of its members instead",
                   SourceRange(file: tree.file, start: Int(entry.nameStart), end: Int(entry.nameEnd)))
            return
        }
        let source = LineReference(file: file, line: entry.line)
        let unitVersion = Int32(unitCount - 1), goalVersion = Int32(goalCount)
        switch entry.kind {
        case FastEntry.narrowKind:
            if journal.entries.appendNarrow(date: entry.date, habit: Int32(id), unitVersion: unitVersion, goalVersion: goalVersion,
                                            thousandths: entry.payload, source: source) { return }
            journal.entries.append(Entry(date: entry.date, habit: Int32(id), unitVersion: unitVersion, goalVersion: goalVersion,
                                         value: .units(Amount(billionths: Int128(entry.payload) * 1_000_000)), source: source))
        case FastEntry.stateKind:
            journal.entries.append(Entry(date: entry.date, habit: Int32(id), unitVersion: unitVersion, goalVersion: goalVersion,
                                         value: .state(Self.checkState(count: Int(entry.payload))), source: source))
        default:
            let valueBytes = UnsafeBufferPointer(start: bytes.baseAddress! + Int(entry.valueStart), count: Int(entry.valueEnd - entry.valueStart))
            var amount = Amount.zero
            if case .valid(let a) = NumberLexeme.parse(valueBytes) { amount = a }
            journal.entries.append(Entry(date: entry.date, habit: Int32(id), unitVersion: unitVersion, goalVersion: goalVersion,
                                         value: .units(amount), source: source))
        }
    }

    /// A state word's value by its length (the parser made sure it is one
    /// of the four): no, yes, skip, kinda.
    static func checkState(count: Int) -> CheckState {
        switch count {
        case 2: return .no
        case 3: return .yes
        case 4: return .skip
        default: return .kinda
        }
    }

    /// The date of a date token, remembering the last canonical spelling.
    mutating func date(_ bytes: UnsafeBufferPointer<UInt8>, _ token: Token) -> CivilDate {
        let b = UnsafeBufferPointer(rebasing: bytes[Int(token.start)..<Int(token.end)])
        guard b.count == 10, let base = b.baseAddress else {
            if case .valid(let d) = DateLexeme.parse(b) { return d }
            return .minimum
        }
        let raw = UnsafeRawPointer(base)
        let key = (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: 8, as: UInt16.self))
        if key == lastDateKey { return lastDate }
        guard case .valid(let d) = DateLexeme.parse(b) else { return .minimum }
        lastDateKey = key
        lastDate = d
        return d
    }
}
