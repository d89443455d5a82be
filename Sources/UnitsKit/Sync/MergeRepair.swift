/// Never a clean merge that does not lint (Grammar/format.md, "Merging",
/// rule 9): a new error is repaired where its meaning is certain, otherwise
/// left as a conflict around exactly the lines in dispute.
enum MergeRepair {
    static func repair(_ result: inout JournalMerge.Result, base: [UInt8], ours: [UInt8], theirs: [UInt8],
                       ending: [UInt8], oursLabel: String, theirsLabel: String) {
        let allowed = errorKeys(ours).merging(errorKeys(theirs)) { max($0, $1) }
        func markers(_ ours: [UInt8], _ theirs: [UInt8], oursNote: String = "", theirsNote: String = "") -> [UInt8] {
            Array("<<<<<<< \(oursLabel)\(oursNote)".utf8) + ending + ours + Array("=======".utf8) + ending + theirs
                + Array(">>>>>>> \(theirsLabel)\(theirsNote)".utf8) + ending
        }
        // A few rounds: each repair may reveal the next error.
        for _ in 0..<8 {
            let found = newErrors(result.bytes, allowed: allowed)
            guard let (diagnostic, journal) = found else { return }
            if let renamed = renameRepair(diagnostic, journal: journal, base: base, ours: ours, theirs: theirs) {
                result.bytes = renamed.bytes
                result.notes.append(renamed.note)
                continue
            }
            let records = MergeRecords(result.bytes)
            guard let offset = diagnostic.range?.start,
                  let index = records.records.firstIndex(where: { $0.range.contains(offset) }) else { break }
            let record = records.records[index]
            if let twin = records.records[..<index].lastIndex(where: { $0.key == record.key }),
               record.kind == .habit || record.kind == .group || record.kind == .task {
                // The same declaration (or task) on both sides: once.
                result.bytes.removeSubrange(record.range)
                result.notes.append("kept one copy of a line both sides added (line \(line(of: records.records[twin].range.lowerBound, in: result.bytes)))")
                continue
            }
            if record.kind == .done || record.kind == .drop,
               records.records[..<index].contains(where: { ($0.kind == .done || $0.kind == .drop) && sameTask($0, record) }) {
                result.bytes.removeSubrange(record.range)
                result.notes.append("the task was closed on both sides; the first close stands")
                continue
            }
            let oursRecords = MergeRecords(ours)
            // Two different declarations of one name: both, between markers,
            // where the first stood.
            if record.kind == .habit || record.kind == .group, let name = name(of: record),
               let twin = records.records[..<index].lastIndex(where: { ($0.kind == .habit || $0.kind == .group) && Self.name(of: $0) == name }) {
                let first = records.records[twin]
                let firstText = Array(result.bytes[first.range]), secondText = Array(result.bytes[record.range])
                let firstIsOurs = oursRecords.records.contains { $0.key == first.key }
                let (oursText, theirsText) = firstIsOurs ? (firstText, secondText) : (secondText, firstText)
                let marked = markers(oursText, theirsText, theirsNote: " (\(name) declared two ways)")
                result.bytes.removeSubrange(record.range)
                result.bytes.replaceSubrange(first.range, with: marked)
                result.conflicts += 1
                return
            }
            // In dispute: between markers, labelled with the side it came from.
            let text = Array(result.bytes[record.range])
            let fromOurs = oursRecords.records.contains { $0.key == record.key }
            let why = " (\(diagnostic.message))"
            let marked = fromOurs ? markers(text, [], theirsNote: why) : markers([], text, oursNote: why)
            result.bytes.replaceSubrange(record.range, with: marked)
            result.conflicts += 1
            return
        }
    }

    /// The errors of a version, counted by rule and the canonical text of
    /// the line they point at (positions differ between versions).
    static func errorKeys(_ bytes: [UInt8]) -> [String: Int] {
        let journal = Journal(parsing: String(decoding: bytes, as: UTF8.self), path: "<side>")
        var keys: [String: Int] = [:]
        for diagnostic in errors(journal) { keys[key(diagnostic, journal), default: 0] += 1 }
        return keys
    }

    static func errors(_ journal: Journal) -> [Diagnostic] {
        let lint = Linter.lint(journal, configuration: LintConfiguration(today: .maximum))
        return (journal.diagnostics + lint).filter { $0.severity == .error }.sortedByPosition()
    }

    static func key(_ diagnostic: Diagnostic, _ journal: Journal) -> String {
        guard let range = diagnostic.range, let tree = journal.files.first(where: { $0.file === range.file }) ?? journal.files.first,
              let line = tree.lines.first(where: { Int($0.start) <= range.start && range.start <= Int($0.end) }) else { return diagnostic.rule }
        return diagnostic.rule + "|" + String(decoding: MergeRecords.key(tree, line), as: UTF8.self)
    }

    /// The first error of the merged bytes beyond what the sides had.
    static func newErrors(_ bytes: [UInt8], allowed: [String: Int]) -> (Diagnostic, Journal)? {
        let journal = Journal(parsing: String(decoding: bytes, as: UTF8.self), path: "<merge>")
        var seen: [String: Int] = [:]
        for diagnostic in errors(journal) {
            let k = key(diagnostic, journal)
            seen[k, default: 0] += 1
            if seen[k]! > allowed[k, default: 0] { return (diagnostic, journal) }
        }
        return nil
    }

    /// An undeclared name OLD that one side renamed to NEW (the same
    /// declaration line otherwise): the merged journal's OLD becomes NEW.
    static func renameRepair(_ diagnostic: Diagnostic, journal: Journal, base: [UInt8], ours: [UInt8], theirs: [UInt8]) -> (bytes: [UInt8], note: String)? {
        guard diagnostic.rule == "undeclared-habit", let range = diagnostic.range, let tree = journal.files.first else { return nil }
        let old = String(decoding: tree.file.bytes[range.start..<range.end], as: UTF8.self)
        let baseRecords = MergeRecords(base)
        func declares(_ record: MergeRecords.Record) -> Bool {
            (record.kind == .habit || record.kind == .group) && name(of: record) == old
        }
        guard let declaration = baseRecords.records.first(where: declares) else { return nil }
        for side in [ours, theirs] {
            let records = MergeRecords(side)
            if records.records.contains(where: declares) { continue }
            // The same declaration line with another name.
            guard let renamed = records.records.first(where: { candidate in
                (candidate.kind == declaration.kind) && candidate.date == declaration.date && candidate.key != declaration.key
                    && !baseRecords.records.contains(where: { $0.key == candidate.key })
                    && sameApartFromName(candidate.key, declaration.key)
            }), let new = name(of: renamed) else { continue }
            guard let edit = RenamePlan.edit(tree, old, new) else { return nil }
            return (edit.after, "lines the other side added under '\(old)' were renamed to '\(new)', as one side renamed it")
        }
        return nil
    }

    /// The declared name: the third word of `DATE habit NAME`.
    static func name(of record: MergeRecords.Record) -> String? {
        let firstLine = record.key.split(separator: ASCII.lf, maxSplits: 1).first ?? []
        let words = firstLine.split(separator: ASCII.space)
        return words.count >= 3 ? String(decoding: words[2], as: UTF8.self) : nil
    }

    static func sameApartFromName(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        var x = a.split(separator: ASCII.space, omittingEmptySubsequences: false)
        var y = b.split(separator: ASCII.space, omittingEmptySubsequences: false)
        guard x.count == y.count, x.count >= 3 else { return false }
        // The name is the third word; everything else (the attributes after
        // the line break that ends it) must be equal.
        x[2] = x[2].split(separator: ASCII.lf, maxSplits: 1, omittingEmptySubsequences: false).dropFirst().first ?? []
        y[2] = y[2].split(separator: ASCII.lf, maxSplits: 1, omittingEmptySubsequences: false).dropFirst().first ?? []
        return x.elementsEqual(y)
    }

    static func sameTask(_ a: MergeRecords.Record, _ b: MergeRecords.Record) -> Bool {
        // `DATE done "TITLE"`: the same words after the date.
        a.key.split(separator: ASCII.space).dropFirst().elementsEqual(b.key.split(separator: ASCII.space).dropFirst())
    }

    static func line(of offset: Int, in bytes: [UInt8]) -> Int {
        bytes[..<min(offset, bytes.count)].reduce(1) { $0 + ($1 == ASCII.lf ? 1 : 0) }
    }
}
