import Foundation
import Testing

/// scripts/check-portability.sh on small trees: a direct call of the C
/// library in the tools' Swift sources fails it, in System/ it does not,
/// and methods of the project's own with libc names are left alone.
@Suite struct PortabilityCheckTests {
    static func check(_ files: [String: String]) throws -> (Int32, String) {
        let tree = try CLIFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: tree) }
        for (path, text) in files {
            try FileManager.default.createDirectory(atPath: tree + "/" + (path as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try text.write(toFile: tree + "/" + path, atomically: true, encoding: .utf8)
        }
        return try CLIFixtures.run("/bin/bash", [CLIFixtures.root + "/scripts/check-portability.sh", tree], in: tree)
    }

    @Test func directCallsOutsideSystemFail() throws {
        let (status, output) = try Self.check(["Sources/UnitsKit/Write/A.swift": """
            func f(_ p: String) {
                unlink(p)
                let fd = open(p, O_RDONLY)
                _ = write(fd, p, 1)
                if stat(p, &info) == 0 {}
                exit(1)
            }
            """])
        #expect(status == 1)
        for line in [2, 3, 4, 5, 6] {
            #expect(output.contains("Sources/UnitsKit/Write/A.swift:\(line): calls the C library directly"), "line \(line): \(output)")
        }
    }

    @Test func systemFolderAndOwnMethodsPass() throws {
        let (status, output) = try Self.check([
            "Sources/UnitsKit/System/S.swift": "func g(_ p: String) { unlink(p); _ = open(p, O_RDONLY) }\n",
            "Sources/UnitsKit/Text/W.swift": """
                // unlink(p) in a comment
                let info = stat()
                func h() { write(&out); close(); open(UInt8(ascii: "[")); rename(params); send(String(x)) }
                let text = "exit(1) in a string"
                func getenv(_ name: String) {}
                SystemProcess.exit(0)
                """,
        ])
        #expect(status == 0, "\(output)")
    }
}
