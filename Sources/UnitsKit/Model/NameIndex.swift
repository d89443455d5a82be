/// Habit and group ids by name: the one index, over the builder's byte
/// table (a `[String: Int]` beside it would hash every name as a String
/// and hold every name twice).
///
/// Names compare as Swift `String`s do, by canonical equivalence (a
/// decomposed `é` is the precomposed one). The byte table answers for the
/// exact bytes; what it cannot see is kept small:
/// - names with a byte outside ASCII are also in a `[String: Int]`, so an
///   equivalent spelling of one is found by String comparison;
/// - an ASCII name's only other spellings use the three scalars whose
///   canonical decomposition is ASCII (U+037E `;`, U+1FEF `` ` ``, U+212A
///   `K`; `NameIndexTests` checks there are no others): a name made of ASCII
///   and those is looked for by its ASCII spelling.
struct NameIndex: Sendable {
    private var table = NameTable()
    private var nonASCII: [String: Int] = [:]

    var count: Int { table.count }

    /// Room for `count` names in all (their records; the slots grow as they fill).
    mutating func reserveCapacity(_ count: Int) { table.reserveCapacity(count) }

    /// The id of the habit or group with this name (or an equivalent spelling of it).
    /// Setting records a name; a name is set once (the builder reports a second declaration).
    subscript(name: String) -> Int? {
        get {
            var bytes = name
            if let id = bytes.withUTF8({ table.lookup($0) }) { return id }
            if !nonASCII.isEmpty, let id = nonASCII[name] { return id }
            guard var ascii = Self.asciiSpelling(name) else { return nil }
            return ascii.withUTF8 { table.lookup($0) }
        }
        set {
            guard let id = newValue else { return }
            table.insert(name, id: id)
            if name.utf8.contains(where: { $0 >= 0x80 }) { nonASCII[name] = id }
        }
    }

    /// Records a name the caller has just looked for and not found (a
    /// declaration): one probe of the table, not two.
    mutating func add(newName name: String, id: Int) {
        table.insert(newName: name, id: id)
        if name.utf8.contains(where: { $0 >= 0x80 }) { nonASCII[name] = id }
    }

    /// The id stored for exactly these bytes (the builder's entry lines).
    func lookup(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? { table.lookup(bytes) }

    /// `lookup` through the table's recent names (a builder's entry lines).
    mutating func recentLookup(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? { table.recentLookup(bytes) }

    /// The ASCII string canonically equivalent to a non-ASCII `name`, if any.
    static func asciiSpelling(_ name: String) -> String? {
        // An ASCII name is its own (and only) ASCII spelling: nothing changed.
        guard name.utf8.contains(where: { $0 >= 0x80 }) else { return nil }
        var out = String.UnicodeScalarView()
        var changed = false
        for scalar in name.unicodeScalars {
            switch scalar.value {
            case 0..<0x80: out.append(scalar)
            case 0x37E: out.append(";"); changed = true
            case 0x1FEF: out.append("`"); changed = true
            case 0x212A: out.append("K"); changed = true
            default: return nil
            }
        }
        return changed ? String(out) : nil
    }
}
