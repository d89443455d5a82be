/// The last step of every whole-file write: a temporary file in the same
/// folder (`O_EXCL|O_NOFOLLOW`, mode 0600, named so the cleanup knows its
/// own), flushed, renamed over the target, the folder flushed.
public enum FileCommit {
    /// A temporary of a single write older than this (seconds) is a
    /// leftover of a killed process (age, not a process id: see docs/writing.md).
    public static let staleAge: Int = 60

    /// Who made a temporary (its name's check digits tell): a single write's
    /// may be removed once stale; a multi-file commit's only by `recover`.
    public enum TemporaryKind: UInt64, Sendable {
        case write = 0x77
        case commit = 0x63
    }

    /// Writes `bytes` next to `target` and renames it over `target`.
    public static func replace(target: String, reportAs path: String, bytes: [UInt8], mode: FileMode,
                               owner: (UserID, GroupID)?) throws(WriteError) {
        removeStaleTemporaries(of: target)
        let temporary = try writeTemporary(next: target, bytes: bytes, mode: mode, owner: owner, reportAs: path)
        pauseForTests()
        do { try SystemFile.renameFile(temporary, to: target) } catch {
            discard(temporary)
            throw .system(path, "cannot replace the file (it is unchanged)", error.code)
        }
        SignalCleanup.forget()
        SystemFile.flushDirectory(of: target)
    }

    /// `UNITS_TEST_PAUSE_BEFORE_RENAME=MS`: sleep before the rename, so the
    /// signal and crash tests can hit that moment.
    static func pauseForTests() {
        guard let value = SystemEnvironment.value("UNITS_TEST_PAUSE_BEFORE_RENAME"), let ms = Int(value), ms > 0 else { return }
        SystemClock.sleep(seconds: Double(min(ms, 60_000)) / 1000)
    }

    /// The prefix of the names of `target`'s temporaries.
    static func temporaryPrefix(of target: String) -> String {
        "." + FileReader.fileName(of: target) + ".tmp-"
    }

    /// A new temporary's path next to `target`: prefix, 12 random and 4 check hex digits.
    public static func temporaryPath(next target: String, kind: TemporaryKind) -> String {
        let random = UInt64.random(in: 0...0xffff_ffff_ffff)
        let directory = FileReader.directory(of: target)
        return (directory == "/" ? "" : directory) + "/" + temporaryPrefix(of: target) + hex(random, 12)
            + hex(check(random, name: FileReader.fileName(of: target), kind: kind), 4)
    }

    /// Whether `fileName` (in `target`'s folder) is a temporary of `kind`
    /// that this code made for `target`: exactly the pattern, check digits right.
    public static func isTemporary(_ fileName: String, of target: String, kind: TemporaryKind) -> Bool {
        let prefix = temporaryPrefix(of: target)
        guard fileName.utf8.starts(with: prefix.utf8) else { return false }
        let rest = Array(fileName.utf8.dropFirst(prefix.utf8.count))
        guard rest.count == 16, rest.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }),
              let random = UInt64(String(decoding: rest[0..<12], as: UTF8.self), radix: 16),
              let digits = UInt64(String(decoding: rest[12...], as: UTF8.self), radix: 16) else { return false }
        return digits == check(random, name: FileReader.fileName(of: target), kind: kind)
    }

    static func check(_ random: UInt64, name: String, kind: TemporaryKind) -> UInt64 {
        UndoRecord.hash(Array(name.utf8) + [0, UInt8(kind.rawValue)] + Array(hex(random, 12).utf8)) & 0xffff
    }

    static func hex(_ value: UInt64, _ digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    /// Creates, fills and flushes a temporary next to `target` (at `named`
    /// when given), removed on SIGINT/SIGTERM until it is renamed or discarded.
    static func writeTemporary(next target: String, bytes: [UInt8], mode: FileMode, owner: (uid_t, gid_t)?,
                               reportAs path: String, applyUmask: Bool = false, at named: String? = nil) throws(WriteError) -> String {
        SignalCleanup.install()
        let directory = FileReader.directory(of: target)
        var fd: Int32 = -1
        var temporary = ""
        for attempt in 0..<100 {
            temporary = named ?? temporaryPath(next: target, kind: .write)
            SignalCleanup.remember(temporary)
            let code: Int32
            do { fd = try SystemFile.openFile(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode: applyUmask ? mode : 0o600); break } catch { code = error.code }
            SignalCleanup.forget()
            if code != EEXIST || attempt == 99 || named != nil {
                throw .system(path, "cannot create a temporary file in \(directory) (nothing was written)", code)
            }
        }
        var failure: Int32 = 0
        if !applyUmask { do { try SystemFile.setMode(fd, mode) } catch { failure = error.code } }
        if let owner { SystemFile.setOwner(fd, owner) }   // best effort
        if failure == 0 { do { try SystemFile.writeAll(fd, bytes) } catch { failure = error.code } }
        if failure == 0 { do { try SystemFile.flushToDisk(fd) } catch { failure = error.code } }
        SystemFile.closeDescriptor(fd)
        if failure != 0 {
            discard(temporary)
            throw .system(path, "cannot write the temporary file (the original is untouched)", failure)
        }
        return temporary
    }

    /// Removes a temporary that will not be renamed.
    static func discard(_ temporary: String) {
        try? SystemFile.removeFile(temporary)
        SignalCleanup.forget()
    }

    /// Removes the temporaries of single writes a killed process left next
    /// to `target`: exactly `isTemporary`, regular files, older than `staleAge`.
    public static func removeStaleTemporaries(of target: String, now: Int = SystemClock.secondsSince1970()) {
        let directory = FileReader.directory(of: target)
        for name in FileReader.entries(ofDirectory: directory, startingWith: [Array(temporaryPrefix(of: target).utf8)]) {
            guard isTemporary(name, of: target, kind: .write) else { continue }
            let full = (directory == "/" ? "" : directory) + "/" + name
            guard let info = try? SystemFile.linkStatus(atPath: full), (info.st_mode & S_IFMT) == S_IFREG else { continue }
            if now - SystemFile.modificationNanoseconds(info) / 1_000_000_000 > staleAge { try? SystemFile.removeFile(full) }
        }
    }
}
