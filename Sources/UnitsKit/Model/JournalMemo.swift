/// The journal a long-running process (`units serve`) built last, kept with
/// the exact bytes it was built from, so that a poll on an unchanged file
/// does not parse it again. Keyed by the whole content, compared byte for
/// byte (never by size or time); only a journal of one file that could be
/// read is kept, as an include can change while the main file does not.
public final class JournalMemo {
    var path = ""
    var bytes: [UInt8] = []
    var journal: Journal?
    /// How many journals it has built (tests count parses with it).
    public private(set) var builds = 0

    public init() {}

    /// The journal of `file`, from the memo when its bytes are the ones it
    /// was built from, else built and kept.
    public func journal(of file: SourceFile, loader: JournalLoader = .fileSystem) -> Journal {
        if let journal, path == file.path, SystemBytes.equal(bytes[...], file.bytes[...]) {
            return journal
        }
        let built = Journal(file: file, loader: loader)
        builds += 1
        if built.files.count == 1, !built.diagnostics.contains(where: { $0.rule == JournalBuilder.Rule.io }) {
            path = file.path
            bytes = file.bytes
            journal = built
        } else {
            forget()
        }
        return built
    }

    /// Set after a write through this memo's owner: the file has changed.
    public var written = false

    /// After a write (`written`), reads `path` and builds its journal now,
    /// so the next request finds it ready: `units serve` does this once it
    /// has answered the write, before the page asks for the new state.
    public func warmAfterWrite(path: String) {
        guard written else { return }
        written = false
        guard let bytes = try? FileReader.readBytes(atPath: path) else { return }
        _ = journal(of: SourceFile(path: path, bytes: bytes))
    }

    public func forget() {
        path = ""
        bytes = []
        journal = nil
    }
}
