import Foundation
import Testing
@testable import UnitsCLI
import UnitsKit

/// `units import --from loop "Loop Habits CSV 2015-01-25.zip"`: Loop's
/// export as it comes. The zip is made by Python's zipfile the way Java's
/// `ZipOutputStream` (Loop's `HabitsCSVExporter.writeZipFile`) writes it:
/// deflated entries streamed with data descriptors, no directory entries,
/// from Loop's own test export (`Inputs/loop-export`, the real files).
@Suite struct LoopZipImportTests {
    static let export = CLIFixtures.root + "/Tests/UnitsKitTests/Interop/Inputs/loop-export"

    /// Zips `export` into `zip`; false (SKIPPED printed) without python3.
    static func makeZip(_ zip: String, in directory: String, prefix: String = "") throws -> Bool {
        let script = """
            import os, sys, zipfile
            class Stream:
                def __init__(self, f): self.f = f
                def write(self, b): return self.f.write(b)
                def flush(self): self.f.flush()
            root, out, prefix = sys.argv[1], sys.argv[2], sys.argv[3]
            with open(out, "wb") as f, zipfile.ZipFile(Stream(f), "w", zipfile.ZIP_DEFLATED) as z:
                for folder, _, files in sorted(os.walk(root)):
                    for name in sorted(files):
                        path = os.path.join(folder, name)
                        with open(path, "rb") as src, z.open(prefix + os.path.relpath(path, root), "w") as dst:
                            dst.write(src.read())
            """
        guard let (status, output) = try? CLIFixtures.run("/usr/bin/env", ["python3", "-c", script, export, zip, prefix], in: directory) else {
            print("SKIPPED: python3 cannot run; Loop's zip not tested"); return false
        }
        if status == 127 { print("SKIPPED: python3 is not installed; Loop's zip not tested"); return false }
        #expect(status == 0, "\(output)")
        return status == 0
    }

    @Test(arguments: ["", "Loop Habits CSV 2015-01-25/"])
    func theZipImportsLikeTheFolder(prefix: String) throws {
        let dir = try CLIFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let zip = dir + "/Loop Habits CSV 2015-01-25.zip"
        guard try Self.makeZip(zip, in: dir, prefix: prefix) else { return }
        let fromZip = dir + "/zip.units", fromFolder = dir + "/folder.units"
        var (code, _, err) = CLIFixtures.units(["import", "--from", "loop", "--file", fromZip, "--today", "2025-12-14", zip])
        #expect(code == .ok, "\(err)")
        #expect(err == "Imported 2 habits, 7 entries, 0 tasks from Loop into \(fromZip)\n")
        (code, _, err) = CLIFixtures.units(["import", "--from", "loop", "--file", fromFolder, "--today", "2025-12-14", Self.export])
        #expect(code == .ok, "\(err)")
        func body(_ path: String) throws -> [Substring] {
            try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("; imported from") }
        }
        #expect(try body(fromZip) == body(fromFolder))
        #expect(try body(fromZip).contains("2015-01-24 Wake-up-early no ; Sick"))
        // Again: nothing new.
        (code, _, err) = CLIFixtures.units(["import", "--from", "loop", "--file", fromZip, "--today", "2025-12-14", zip])
        #expect(err.contains("nothing to import"), "\(err)")
    }

    @Test func aDamagedZipWritesNothingAndNamesTheFile() throws {
        let dir = try CLIFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let zip = dir + "/export.zip"
        guard try Self.makeZip(zip, in: dir) else { return }
        var bytes = try FileReader.readBytes(atPath: zip)
        bytes.removeLast(10)   // the end of central directory record is cut
        _ = FileManager.default.createFile(atPath: zip, contents: Data(bytes))
        let journal = dir + "/habits.units"
        var (code, _, err) = CLIFixtures.units(["import", "--from", "loop", "--file", journal, zip])
        #expect(code == .failure)
        #expect(err == "units import: cannot read \(zip): not a zip archive (no end of central directory record)\n", "\(err)")
        #expect(!FileManager.default.fileExists(atPath: journal))
        // A zip is Loop's only.
        (code, _, err) = CLIFixtures.units(["import", "--from", "harsh", "--file", journal, zip])
        #expect(code == .usage)
        #expect(err == "units import: \(zip) is a zip archive; only --from loop reads one (unzip it first)\n")
    }
}
