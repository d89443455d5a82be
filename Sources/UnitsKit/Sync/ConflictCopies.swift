/// Conflict copies a file-sync service leaves beside a journal or an include
/// (Grammar/format.md, "Conflict copies"): narrow patterns, so a file that
/// merely shares the name (`habits-2024.units`) is never taken for one.
public enum ConflictCopies {
    /// The service whose naming a copy follows.
    public enum Service: String, Sendable {
        case syncthing = "Syncthing"
        case dropbox = "Dropbox"
        case nextcloud = "Nextcloud or ownCloud"
        case iCloud = "iCloud Drive"
        case googleDrive = "Google Drive"
        case oneDrive = "OneDrive"
    }

    /// A copy found beside `original`.
    public struct Copy: Equatable, Sendable {
        public var path: String
        public var original: String
        public var service: Service
    }

    /// The service that names a copy of the file name `original` `name`, or nil.
    public static func service(of name: String, copyOf original: String) -> Service? {
        let stem = stem(of: original)
        let ext = String(original.dropFirst(stem.count))
        guard name != original, name.hasPrefix(stem), name.hasSuffix(ext), name.count > stem.count + ext.count else { return nil }
        let middle = Array(name.unicodeScalars.dropFirst(stem.unicodeScalars.count).dropLast(ext.unicodeScalars.count))
        var scan = Scan(middle)
        // Syncthing: `.sync-conflict-YYYYMMDD-HHMMSS-DEVICE` (seven characters of the device ID).
        if scan.take(".sync-conflict-"), scan.digits(8), scan.take("-"), scan.digits(6), scan.take("-"),
           scan.count(7, where: { ("A"..."Z").contains($0) || ("0"..."9").contains($0) }), scan.atEnd { return .syncthing }
        scan = Scan(middle)
        // ownCloud's older `_conflict-YYYYMMDD-HHMMSS`.
        if scan.take("_conflict-"), scan.digits(8), scan.take("-"), scan.digits(6), scan.atEnd { return .nextcloud }
        scan = Scan(middle)
        // Dropbox ` (NAME's conflicted copy YYYY-MM-DD)` and Nextcloud
        // ` (conflicted copy YYYY-MM-DD HHMMSS)`, either with a ` (N)` after.
        if scan.take(" ("), let marker = scan.find("conflicted copy ") {
            let owner = String(String.UnicodeScalarView(middle[2..<marker]))
            let byDevice = owner.hasSuffix("'s ") || owner.hasSuffix("\u{2019}s ")
            if (owner.isEmpty || (byDevice && owner.count > 3)), scan.date() {
                let time = scan.take(" ") ? scan.digits(6) : true
                if time, scan.take(")"), scan.numbered(), scan.atEnd { return byDevice ? .dropbox : .nextcloud }
            }
        }
        scan = Scan(middle)
        // iCloud Drive ` 2` (up to ` 99`).
        if scan.take(" "), let n = scan.number(), (2...99).contains(n), scan.atEnd { return .iCloud }
        scan = Scan(middle)
        // Google Drive ` (1)`.
        if scan.take(" ("), let n = scan.number(), (1...99).contains(n), scan.take(")"), scan.atEnd { return .googleDrive }
        scan = Scan(middle)
        // OneDrive `-COMPUTERNAME`: Windows names, capitals, digits and
        // hyphens, at least three, at least one letter (`-DESKTOP-1A2B3C4`).
        if scan.take("-"), middle.count >= 4,
           middle.dropFirst().allSatisfy({ ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }),
           middle.contains(where: { ("A"..."Z").contains($0) }) { return .oneDrive }
        return nil
    }

    /// The copies beside each of `files` (the journal and its includes).
    public static func find(for files: [String]) -> [Copy] {
        var byFolder: [String: [String]] = [:]
        var order: [String] = []
        for file in files {
            let folder = FileReader.directory(of: file)
            if byFolder[folder] == nil { order.append(folder) }
            byFolder[folder, default: []].append(file)
        }
        var copies: [Copy] = []
        for folder in order {
            let originals = byFolder[folder]!
            let names = Set(originals.map(FileReader.fileName(of:)))
            // Only names that start as one of the files' do (every pattern keeps the stem).
            let stems = originals.map { Array(stem(of: FileReader.fileName(of: $0)).utf8) }
            for name in FileReader.entries(ofDirectory: folder, startingWith: stems).sorted() where !names.contains(name) {
                for original in originals {
                    guard let service = service(of: name, copyOf: FileReader.fileName(of: original)) else { continue }
                    let path = folder == "." && !original.hasPrefix("./") ? name : folder + "/" + name
                    if FileReader.exists(path) { copies.append(Copy(path: path, original: original, service: service)) }
                    break
                }
            }
        }
        return copies
    }

    /// The one notice a command gives when copies lie beside its journal.
    public static func notice(_ copies: [Copy]) -> String? {
        guard let first = copies.first else { return nil }
        let names = copies.prefix(3).map { FileReader.fileName(of: $0.path) }.joined(separator: ", ")
        let more = copies.count > 3 ? " and \(copies.count - 3) more" : ""
        let what = copies.count == 1 ? "a conflict copy left by \(first.service.rawValue)" : "\(copies.count) conflict copies"
        return "\(what) beside the journal (\(names)\(more)) holds lines no command reads; `units resolve` folds \(copies.count == 1 ? "it" : "them") into the journal"
    }

    /// A file name without its extension (`habits` of `habits.units`).
    static func stem(of name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// A cursor over a name's characters.
    struct Scan {
        let chars: [Unicode.Scalar]
        var at = 0
        init(_ chars: [Unicode.Scalar]) { self.chars = chars }
        var atEnd: Bool { at == chars.count }

        mutating func take(_ text: String) -> Bool {
            let scalars = Array(text.unicodeScalars)
            guard at + scalars.count <= chars.count, Array(chars[at..<(at + scalars.count)]) == scalars else { return false }
            at += scalars.count
            return true
        }

        mutating func count(_ n: Int, where test: (Unicode.Scalar) -> Bool) -> Bool {
            guard at + n <= chars.count, chars[at..<(at + n)].allSatisfy(test) else { return false }
            at += n
            return true
        }

        mutating func digits(_ n: Int) -> Bool { count(n) { ("0"..."9").contains($0) } }

        mutating func number() -> Int? {
            let start = at
            while at < chars.count, ("0"..."9").contains(chars[at]), at - start < 3 { at += 1 }
            guard at > start, chars[start] != "0" else { return nil }
            return Int(String(String.UnicodeScalarView(chars[start..<at])))
        }

        /// `YYYY-MM-DD`.
        mutating func date() -> Bool { digits(4) && take("-") && digits(2) && take("-") && digits(2) }

        /// An optional ` (N)`.
        mutating func numbered() -> Bool {
            let start = at
            if take(" ("), number() != nil, take(")") { return true }
            at = start
            return true
        }

        /// Moves past the first `text` at or after the cursor; returns where `text` began.
        mutating func find(_ text: String) -> Int? {
            let scalars = Array(text.unicodeScalars)
            var i = at
            while i + scalars.count <= chars.count {
                if Array(chars[i..<(i + scalars.count)]) == scalars { at = i + scalars.count; return i }
                i += 1
            }
            return nil
        }
    }
}
