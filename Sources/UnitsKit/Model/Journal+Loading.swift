extension Journal {
    /// Loads the journal at `path` and its includes; a file that cannot be read
    /// is a diagnostic, like every other problem. The root file is parsed a
    /// block at a time, without keeping the tokens of entry, declaration and
    /// attribute lines (`SyntaxTree.tokens(of:)` reads a line again).
    public static func load(path: String, loader: JournalLoader = .fileSystem, memo: JournalMemo? = nil) -> Journal {
        var builder = JournalBuilder(loader: loader)
        do {
            let file = try loader.readFile?(path) ?? SourceFile(path: path, bytes: loader.read(path))
            if let memo { return memo.journal(of: file, loader: loader) }
            builder.addParsingInBlocks(file, canonicalPath: canonical(path, loader), droppingDeclarations: true)
        } catch {
            builder.journal.diagnostics.append(Diagnostic(.error, rule: JournalBuilder.Rule.io, reason(error), path: path))
        }
        return builder.finish()
    }

    /// Builds the journal of an already parsed file (standard input, tests).
    /// Includes are resolved relative to the tree's path with `loader`.
    public init(tree: SyntaxTree, loader: JournalLoader = .fileSystem) {
        var builder = JournalBuilder(loader: loader)
        builder.add(tree: tree, canonicalPath: Journal.canonical(tree.file.path, loader))
        self = builder.finish()
    }

    /// Builds the journal of a file already read (the write path reads it
    /// under its lock), a block at a time as `load` does: the entry lines'
    /// tokens are not kept, and `files[0]` is the file's tree.
    public init(file: SourceFile, loader: JournalLoader = .fileSystem) {
        var builder = JournalBuilder(loader: loader)
        builder.addParsingInBlocks(file, canonicalPath: Journal.canonical(file.path, loader))
        self = builder.finish()
    }

    /// Builds a journal from text (tests and examples).
    public init(parsing text: String, path: String = "<input>", loader: JournalLoader = .memory([:])) {
        self.init(tree: Parser.parse(text, path: path), loader: loader)
    }

    static func canonical(_ path: String, _ loader: JournalLoader) -> String {
        path.hasPrefix("<") ? path : FileReader.canonicalPath(path)
    }

    static func reason(_ error: any Error) -> String {
        if let e = error as? FileReadError { return "cannot read journal: \(e.reason)" }
        return "cannot read journal: \(error)"
    }
}
