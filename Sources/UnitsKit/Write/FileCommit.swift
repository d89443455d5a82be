/// The last step of every whole-file write: a temporary file in the same
/// folder, flushed, renamed over the target, the folder flushed, so a crash
/// leaves the old file or the new one. Temporaries are named so that the
/// cleanup knows its own exactly (docs/writing.md, "Temporary files") and
/// created `O_EXCL|O_NOFOLLOW`, mode 0600, so nobody else can plant or read one.
public enum FileCommit {
    /// A temporary of a single write older than this (seconds) is a
    /// leftover of a killed process (age, not a process id: see docs/writing.md).
    public static let staleAge: Int = 60

    /// Who made a temporary, told apart by its name's check digits: a single
    /// write's may be removed once stale; a multi-file commit's only by
    /// `FileCommit.recover`, which knows from its intent record whether
    /// it is still needed.
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
        SignalCleanup.forget(temporary)
        syncDirectory(of: target)
    }

    /// `UNITS_TEST_PAUSE_BEFORE_RENAME=MS`: sleep between writing the
    /// temporary and renaming it, so the signal and crash tests can hit
    /// that moment. Never set outside tests.
    static func pauseForTests() {
        guard let value = SystemEnvironment.value("UNITS_TEST_PAUSE_BEFORE_RENAME"), let ms = Int(value), ms > 0 else { return }
        SystemClock.sleep(seconds: Double(min(ms, 60_000)) / 1000)
    }

    /// The prefix of the names of `target`'s temporaries.
    static func temporaryPrefix(of target: String) -> String {
        "." + FileReader.fileName(of: target) + ".tmp-"
    }

    /// A new temporary's path next to `target`: the prefix, 12 random hex
    /// digits and 4 check digits.
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

    /// Creates, fills and flushes a temporary next to `target` (at
    /// `temporary` when given: a multi-file commit names them first);
    /// registers it for removal on SIGINT/SIGTERM until it is renamed or
    /// discarded.
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
            SignalCleanup.forget(temporary)
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
        SignalCleanup.forget(temporary)
    }

    /// Flushes the directory entry so the rename itself survives a crash.
    static func syncDirectory(of path: String) { SystemFile.flushDirectory(of: path) }

    /// Removes the temporaries of single writes next to `target` that a
    /// process killed mid-write left: names exactly of the pattern with the
    /// right check digits (`isTemporary`), regular files (never following
    /// links), older than `staleAge` seconds. Anything else is the user's.
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
