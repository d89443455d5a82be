import Foundation
import Testing
@testable import UnitsCLI

/// The real Makefile's `make install` into a DESTDIR (with the debug build
/// standing in for the release one), and the installed bash completion
/// loaded by the real bash-completion beside GNU units (Debian's
/// bash-completion registers `_longopt` for `units` at start-up, so a file
/// in its completions directory named `units` is never loaded).
@Suite(.serialized) struct MakeInstallTests {
    static let bashCompletion = "/usr/share/bash-completion/bash_completion"

    /// A stand-in GNU units: its --version and --help as GNU units words them.
    static func gnuUnits() throws -> String {
        let dir = try CLIFixtures.temporaryDirectory()
        try """
            #!/bin/sh
            case "$1" in
                --version) echo 'GNU Units version 2.22' ;;
                --help) printf 'Usage: units [options] [from-unit [to-unit]]\\n  -v, --verbose   print more\\n  -t, --terse     print less\\n' ;;
            esac

            """.write(toFile: dir + "/units", atomically: true, encoding: .utf8)
        try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir + "/units")
        return dir
    }

    /// Runs `make install|uninstall` with the debug build taken as built
    /// (`-o`: no release build) and returns its output.
    static func make(_ target: String, name: String, destdir: String, path: String, prefix: String = "/usr/local") throws -> (Int32, String) {
        guard let units = unitsExecutable(), FileManager.default.isExecutableFile(atPath: "/usr/bin/make") else { throw Skip() }
        let bin = (units as NSString).deletingLastPathComponent
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/make")
        process.arguments = ["-s", "-o", "\(bin)/units", target, "NAME=\(name)", "BUILD=\(bin)", "DESTDIR=\(destdir)", "PREFIX=\(prefix)"]
        process.currentDirectoryURL = URL(fileURLWithPath: CLIFixtures.root)
        process.environment = ["PATH": path, "HOME": "/nonexistent"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }
    struct Skip: Error {}

    static func files(_ root: String) -> [String] {
        (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).filter {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: root + "/" + $0, isDirectory: &isDirectory)
            return !isDirectory.boolValue || (try? FileManager.default.destinationOfSymbolicLink(atPath: root + "/" + $0)) != nil
        }.sorted()
    }

    /// bash with bash-completion loaded from the install, completing `words`.
    static func bashComplete(_ words: [String], destdir: String, path: String, compat: Bool = true) throws -> [String] {
        let script = """
            source \(bashCompletion)
            command=\(words[0])
            complete -p $command >/dev/null 2>&1 || _completion_loader $command
            complete -p $command
            COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
            fn=$(complete -p $command | sed -E 's/.*-F ([^ ]+) .*/\\1/')
            $fn "${COMP_WORDS[0]}" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["--norc", "--noprofile", "-c", script, "bash"] + words
        process.environment = ["PATH": path, "HOME": "/nonexistent",
                               "BASH_COMPLETION_COMPAT_DIR": compat ? destdir + "/etc/bash_completion.d" : "/nonexistent",
                               "XDG_DATA_DIRS": destdir + "/usr/local/share", "BASH_COMPLETION_USER_FILE": "/nonexistent"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.split(separator: "\n").map(String.init)
    }

    @Test func installAsUnitsBesideGNUUnits() throws {
        let gnu = try Self.gnuUnits()
        let destdir = try CLIFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: destdir) }
        let path = "\(gnu):/usr/bin:/bin"
        let status: Int32, output: String
        do { (status, output) = try Self.make("install", name: "units", destdir: destdir, path: path) } catch is Skip {
            print("SKIPPED MakeInstallTests: make or the units executable is missing"); return
        }
        #expect(status == 0, "\(output)")
        #expect(output.contains("another units is on your PATH: \(gnu)/units (GNU Units version 2.22)"), "\(output)")
        #expect(output.contains("make install NAME=habits"), "\(output)")
        let installed = Self.files(destdir)
        for file in ["usr/local/bin/units", "usr/local/bin/units-fmt", "usr/local/bin/units-lint",
                     "usr/local/share/man/man1/units.1", "usr/local/share/man/man5/units.5",
                     "usr/local/share/bash-completion/completions/units", "etc/bash_completion.d/units",
                     "usr/local/share/zsh/site-functions/_units", "usr/local/share/fish/vendor_completions.d/units.fish",
                     "usr/local/share/fish/vendor_completions.d/units-lint.fish"] {
            #expect(installed.contains(file), "\(file) not in \(installed)")
        }

        if FileManager.default.fileExists(atPath: Self.bashCompletion) {
            let ours = "\(destdir)/usr/local/bin"
            // Without the compat file, bash-completion's entry for GNU units wins (the bug).
            let lost = try Self.bashComplete(["units", "st"], destdir: destdir, path: "\(ours):/usr/bin:/bin", compat: false)
            #expect(lost == ["complete -F _longopt units"], "\(lost)")
            // With it, ours is registered and completes our commands...
            let got = try Self.bashComplete(["units", "st"], destdir: destdir, path: "\(ours):\(gnu):/usr/bin:/bin")
            #expect(got == ["complete -F _units units", "stats", "streaks", "status"], "\(got)")
            // ...and hands over to bash-completion's _longopt where GNU units is the units on PATH.
            let handed = try Self.bashComplete(["units", "--"], destdir: destdir, path: "\(gnu):\(ours):/usr/bin:/bin")
            #expect(handed == ["complete -F _units units", "--verbose", "--terse"], "\(handed)")
        } else {
            print("SKIPPED installAsUnitsBesideGNUUnits (bash-completion part): \(Self.bashCompletion) is not installed")
        }

        let (code, out) = try Self.make("uninstall", name: "units", destdir: destdir, path: path)
        #expect(code == 0, "\(out)")
        #expect(Self.files(destdir).isEmpty, "\(Self.files(destdir))")
    }

    @Test func installUnderAnotherName() throws {
        let gnu = try Self.gnuUnits()
        let destdir = try CLIFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: destdir) }
        let status: Int32, output: String
        do { (status, output) = try Self.make("install", name: "habits", destdir: destdir, path: "\(gnu):/usr/bin:/bin") } catch is Skip {
            print("SKIPPED MakeInstallTests: make or the units executable is missing"); return
        }
        #expect(status == 0, "\(output)")
        #expect(!output.contains("another"), "\(output)")
        let installed = Self.files(destdir)
        for file in ["usr/local/bin/habits", "usr/local/share/man/man1/habits.1", "usr/local/share/bash-completion/completions/habits",
                     "usr/local/share/zsh/site-functions/_habits", "usr/local/share/fish/vendor_completions.d/habits.fish"] {
            #expect(installed.contains(file), "\(file) not in \(installed)")
        }
        for file in ["usr/local/bin/units", "usr/local/share/man/man1/units.1", "etc/bash_completion.d/units",
                     "usr/local/share/zsh/site-functions/_units", "usr/local/share/fish/vendor_completions.d/units.fish"] {
            #expect(!installed.contains(file), "\(file) installed under NAME=habits")
        }
        if FileManager.default.fileExists(atPath: Self.bashCompletion) {
            // bash-completion loads it on demand, by the name, and GNU units keeps `units`.
            let got = try Self.bashComplete(["habits", "-f", CLI.example("habits.units"), "log", "Wa"], destdir: destdir,
                                            path: "\(destdir)/usr/local/bin:\(gnu):/usr/bin:/bin")
            #expect(got == ["complete -F _units habits", "Walk"], "\(got)")
            let theirs = try Self.bashComplete(["units", "--"], destdir: destdir, path: "\(destdir)/usr/local/bin:\(gnu):/usr/bin:/bin")
            #expect(theirs.first == "complete -F _longopt units" && theirs.contains("--verbose"), "\(theirs)")
        } else {
            print("SKIPPED installUnderAnotherName (bash-completion part): \(Self.bashCompletion) is not installed")
        }
    }

    /// Under Homebrew's prefix everything goes below it, the bash
    /// completion's second copy too: into PREFIX/etc/bash_completion.d,
    /// which Homebrew's bash-completion@2 reads (a formula may write
    /// nothing outside its prefix, and /etc is not Homebrew's).
    @Test func installUnderAHomebrewPrefix() throws {
        let gnu = try Self.gnuUnits()
        let destdir = try CLIFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: destdir) }
        let path = "\(gnu):/usr/bin:/bin"
        let status: Int32, output: String
        do { (status, output) = try Self.make("install", name: "units", destdir: destdir, path: path, prefix: "/opt/homebrew") } catch is Skip {
            print("SKIPPED MakeInstallTests: make or the units executable is missing"); return
        }
        #expect(status == 0, "\(output)")
        let installed = Self.files(destdir)
        for file in ["opt/homebrew/bin/units", "opt/homebrew/bin/units-fmt", "opt/homebrew/bin/units-lint",
                     "opt/homebrew/share/man/man1/units.1", "opt/homebrew/share/man/man5/units.5",
                     "opt/homebrew/share/bash-completion/completions/units", "opt/homebrew/etc/bash_completion.d/units",
                     "opt/homebrew/share/zsh/site-functions/_units", "opt/homebrew/share/fish/vendor_completions.d/units.fish"] {
            #expect(installed.contains(file), "\(file) not in \(installed)")
        }
        #expect(installed.allSatisfy { $0.hasPrefix("opt/homebrew/") }, "outside the prefix: \(installed.filter { !$0.hasPrefix("opt/homebrew/") })")
        let (code, out) = try Self.make("uninstall", name: "units", destdir: destdir, path: path, prefix: "/opt/homebrew")
        #expect(code == 0, "\(out)")
        #expect(Self.files(destdir).isEmpty, "\(Self.files(destdir))")
    }

    /// `make -n install` (`dryRun`; else the real one) with BUILD a folder
    /// of stand-in binaries dated `age` seconds ago: its status and output.
    static func dryInstall(binariesAged age: Double, path: String = "/usr/bin:/bin:/opt/swift/usr/bin", dryRun: Bool = true) throws -> (Int32, String) {
        let build = try CLIFixtures.temporaryDirectory()
        for name in ["units", "units-fmt", "units-lint"] {
            try "#!/bin/sh\n".write(toFile: build + "/" + name, atomically: true, encoding: .utf8)
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: build + "/" + name)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -age)], ofItemAtPath: build + "/" + name)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/make")
        process.arguments = (dryRun ? ["-n"] : []) + ["install", "BUILD=\(build)", "DESTDIR=\(build)/dest"]
        process.currentDirectoryURL = URL(fileURLWithPath: CLIFixtures.root)
        process.environment = ["PATH": path, "HOME": "/nonexistent"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test func installBuildsAgainOnlyWhenTheSourcesChanged() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/make") else {
            print("SKIPPED MakeInstallTests.installBuildsAgainOnlyWhenTheSourcesChanged: needs make"); return
        }
        // Binaries newer than every source: installed as they are.
        let (fresh, freshOutput) = try Self.dryInstall(binariesAged: -60)
        #expect(fresh == 0, "\(freshOutput)")
        #expect(!freshOutput.contains("swift build"), "\(freshOutput)")
        #expect(freshOutput.contains("install -m 755"), "\(freshOutput)")
        // A source newer than the binaries (they date from 2001): built first.
        let (stale, staleOutput) = try Self.dryInstall(binariesAged: Date().timeIntervalSince1970 - 1_000_000_000)
        #expect(stale == 0, "\(staleOutput)")
        #expect(staleOutput.contains("swift build -c release"), "\(staleOutput)")
        // Stale, and no swift on PATH (sudo make install): stops, saying
        // what to do, before installing anything.
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/swift") || FileManager.default.isExecutableFile(atPath: "/bin/swift") {
            print("SKIPPED MakeInstallTests (no swift on PATH): swift is in /usr/bin")
        } else {
            let (noSwift, noSwiftOutput) = try Self.dryInstall(binariesAged: Date().timeIntervalSince1970 - 1_000_000_000,
                                                               path: "/usr/bin:/bin", dryRun: false)
            #expect(noSwift != 0 && noSwiftOutput.contains("run make first"), "\(noSwiftOutput)")
            #expect(!noSwiftOutput.contains("install -m"), "\(noSwiftOutput)")
        }
    }
}
