/// What an entry's line says besides its value: its tags and its note, read
/// where the parse recorded them (`EntryTextSpans`), else from the line's tokens.
extension Journal {
    /// An entry's note: its trailing comment, without the `;`.
    public func note(of entry: Entry) -> String? {
        let file = Int(entry.source.file)
        // (Read in place: a copy of the tree would retain each of its arrays.)
        if !entry.isFromTask, files[file].entryTexts.isRecorded {
            guard let span = files[file].entryTexts.span(of: entry.source.line), !span.comment.isEmpty else { return nil }
            return files[file].note(span.comment)
        }
        return Self.note(files[file].tokens(of: files[file].lines[Int(entry.source.line)]), in: files[file])
    }

    /// An entry's tags without the `#` (a task's tags for a task's units).
    public func tags(of entry: Entry) -> [String] {
        if entry.isFromTask { return tasks[Int(entry.task)].tags }
        let file = Int(entry.source.file)
        if files[file].entryTexts.isRecorded {
            guard let span = files[file].entryTexts.span(of: entry.source.line), !span.tags.isEmpty else { return [] }
            return files[file].tagNames(span.tags)
        }
        return Self.tags(files[file].tokens(of: files[file].lines[Int(entry.source.line)]), in: files[file])
    }

    /// Every entry in file order, with its tags and note as `tags(of:)`
    /// and `note(of:)` give them: the recorded tags and notes of each file
    /// walked alongside its entries.
    public var entriesWithText: EntriesWithText { EntriesWithText(journal: self) }

    public struct EntriesWithText: Sequence {
        let journal: Journal

        public func makeIterator() -> Iterator { Iterator(journal: journal) }

        public struct Iterator: IteratorProtocol {
            private let journal: Journal
            private var index = 0
            /// The file of the entry last read, whether its tags and notes
            /// are recorded, and the lines listed there.
            private var file = -1
            private var recorded = false
            private var textLines: [Int32] = []
            /// The position in `textLines` of the first line at or after
            /// the last entry read (a file's entries come in line order),
            /// and each file's, kept while an include interrupts it.
            private var position = 0
            private var positions: [Int]

            init(journal: Journal) {
                self.journal = journal
                positions = Array(repeating: 0, count: journal.files.count)
            }

            public mutating func next() -> (entry: Entry, tags: [String], note: String?)? {
                guard index < journal.entries.count else { return nil }
                let entry = journal.entries[index]
                index += 1
                if Int(entry.source.file) != file { enter(Int(entry.source.file)) }
                guard recorded, !entry.isFromTask else { return (entry, journal.tags(of: entry), journal.note(of: entry)) }
                // Only the lines being read stay resident (as in the load).
                if index % JournalBuilder.blockLines == 0 { releasePages(before: entry) }
                while position < textLines.count, textLines[position] < entry.source.line { position += 1 }
                guard position < textLines.count, textLines[position] == entry.source.line else { return (entry, [], nil) }
                let span = journal.files[file].entryTexts.spans[position]
                return (entry, span.tags.isEmpty ? [] : journal.files[file].tagNames(span.tags),
                        span.comment.isEmpty ? nil : journal.files[file].note(span.comment))
            }

            private mutating func enter(_ next: Int) {
                if file >= 0 { positions[file] = position }
                file = next
                position = positions[next]
                recorded = journal.files[next].entryTexts.isRecorded
                textLines = journal.files[next].entryTexts.lines
            }

            @inline(never) private func releasePages(before entry: Entry) {
                let tree = journal.files[file]
                tree.file.releaseResidentPages(before: Int(tree.lines[Int(entry.source.line)].start))
            }
        }
    }

    private static func tags(_ tokens: ArraySlice<Token>, in tree: SyntaxTree) -> [String] {
        tokens.filter { $0.kind == .tag }.map { String(tree.text($0).dropFirst()) }
    }

    private static func note(_ tokens: ArraySlice<Token>, in tree: SyntaxTree) -> String? {
        guard let last = tokens.last, last.kind == .comment else { return nil }
        return tree.note(last.start..<last.end)
    }
}
