/// What an entry's line says besides its value: its tags and its note.
/// Most entry lines carry neither, and the load keeps no tokens for them;
/// a line is read again only when it holds a `#` or a `;`.
extension Journal {
    /// An entry's note: its trailing comment, without the `;`.
    public func note(of entry: Entry) -> String? {
        let (tree, line) = line(entry.source)
        guard line.tokenCount > 0 || tree.mayHaveTagOrComment(line) else { return nil }
        return Self.note(tree.tokens(of: line), in: tree)
    }

    /// An entry's tags without the `#` (a task's tags for a task's units).
    public func tags(of entry: Entry) -> [String] {
        if entry.isFromTask { return tasks[Int(entry.task)].tags }
        let (tree, line) = line(entry.source)
        guard line.tokenCount > 0 || tree.mayHaveTagOrComment(line) else { return [] }
        return Self.tags(tree.tokens(of: line), in: tree)
    }

    /// Every entry in file order, with its tags and note as `tags(of:)`
    /// and `note(of:)` give them: one pass through each file, its lines
    /// read again through one reader, and the pages of a mapped file
    /// behind the entry let go as the load lets them go (a million entries
    /// read this way stay within the load's memory).
    public var entriesWithText: EntriesWithText { EntriesWithText(journal: self) }

    public struct EntriesWithText: Sequence {
        let journal: Journal

        public func makeIterator() -> Iterator { Iterator(journal: journal) }

        public struct Iterator: IteratorProtocol {
            private let journal: Journal
            private var index = 0, file = 0
            /// The file of the entry last read (held, not looked up per entry).
            private var tree: SyntaxTree
            private var reader: SyntaxTree.LineReader
            private var tokens: [Token] = []

            init(journal: Journal) {
                self.journal = journal
                tree = journal.files.first ?? SyntaxTree(file: SourceFile(path: "", bytes: []), byteOrderMarkLength: 0)
                reader = tree.lineReader()
            }

            public mutating func next() -> (entry: Entry, tags: [String], note: String?)? {
                guard index < journal.entries.count else { return nil }
                let entry = journal.entries[index]
                index += 1
                if Int(entry.source.file) != file {
                    file = Int(entry.source.file)
                    tree = journal.files[file]
                    reader = tree.lineReader()
                }
                let line = tree.lines[Int(entry.source.line)]
                if index % JournalBuilder.blockLines == 0 { tree.file.releaseResidentPages(before: Int(line.start)) }
                if !tokens.isEmpty { tokens.removeAll(keepingCapacity: true) }
                if line.tokenCount > 0 || !line.kind.tokensMayBeDropped {
                    tokens += tree.tokens[line.tokenRange]
                } else if tree.mayHaveTagOrComment(line) {
                    reader.tokens(of: line, into: &tokens)
                }
                guard !tokens.isEmpty || entry.isFromTask else { return (entry, [], nil) }
                return (entry, entry.isFromTask ? journal.tasks[Int(entry.task)].tags : Journal.tags(tokens[...], in: tree),
                        Journal.note(tokens[...], in: tree))
            }
        }
    }

    fileprivate static func tags(_ tokens: ArraySlice<Token>, in tree: SyntaxTree) -> [String] {
        tokens.filter { $0.kind == .tag }.map { String(tree.text($0).dropFirst()) }
    }

    fileprivate static func note(_ tokens: ArraySlice<Token>, in tree: SyntaxTree) -> String? {
        guard let last = tokens.last, last.kind == .comment else { return nil }
        let text = tree.commentText(last)
        return text.isEmpty ? nil : text
    }
}
