import Foundation
import Testing
@testable import UnitsCLI
@testable import UnitsKit
import UnitsTestSupport

/// The pairing link's QR code, read back by a real decoder (Debian's
/// `zbarimg`, from zbar-tools): the matrix drawn as an image, and the
/// half-block picture `units serve --host` prints, parsed back to modules.
@Suite struct ServeQRCodeTests {
    static func zbarimg() -> String? {
        guard let path = HTMLViewTests.which("zbarimg") else {
            FileHandle.standardError.write(Data("SKIPPED: ServeQRCodeTests: no zbarimg (apt-get install -y zbar-tools); the QR codes were not decoded\n".utf8))
            return nil
        }
        return path
    }

    /// Decodes rows of modules (true is dark) drawn 6 pixels a module.
    static func decode(_ rows: [[Bool]], zbarimg: String) throws -> String {
        let directory = try CLIFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let scale = 6, width = (rows.map(\.count).max() ?? 0)
        var pgm = "P2\n\(width * scale) \(rows.count * scale)\n255\n"
        for row in rows {
            let line = (0..<width).map { $0 < row.count && row[$0] ? "0" : "255" }.flatMap { Array(repeating: $0, count: scale) }.joined(separator: " ")
            for _ in 0..<scale { pgm += line + "\n" }
        }
        let path = directory + "/code.pgm"
        try pgm.write(toFile: path, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: zbarimg)
        process.arguments = ["--raw", "-q", path]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
    }

    static func withQuietZone(_ code: QRCode) -> [[Bool]] {
        let blank = [Bool](repeating: false, count: code.size + 8)
        return Array(repeating: blank, count: 4) + code.modules.map { Array(repeating: false, count: 4) + $0 + Array(repeating: false, count: 4) } + Array(repeating: blank, count: 4)
    }

    @Test func codesOfEveryVersionDecodeToTheirText() throws {
        guard let zbarimg = Self.zbarimg() else { return }
        var generator = SplitMix64(state: 41)
        print("ServeQRCodeTests seed 41")
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789:/?=.-_")
        var texts = ["http://127.0.0.1:8765/pair?code=68c0685562a1bb214beb52ca", "x", String(repeating: "9", count: 106)]
        for length in [10, 20, 30, 45, 60, 75, 90, 100] {
            texts.append(String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }))
        }
        var versions = Set<Int>()
        for text in texts {
            let code = try #require(QRCode(text))
            versions.insert(code.version)
            #expect(try Self.decode(Self.withQuietZone(code), zbarimg: zbarimg) == text, "version \(code.version): \(text)")
        }
        #expect(versions == Set(1...6))
        #expect(QRCode(String(repeating: "x", count: 107)) == nil)
    }

    /// On a terminal each line of the picture is black on white (ESC [30;47m
    /// … ESC [0m); without colour it is the half blocks alone.
    @Test func theTerminalPictureIsBlackOnWhiteOnlyWithColour() throws {
        let code = try #require(QRCode("http://192.168.1.2:8080/pair"))
        let plain = code.terminalLines(style: .plain)
        #expect(plain.allSatisfy { line in line.allSatisfy { " ▀▄█".contains($0) } })
        let colored = code.terminalLines(style: TerminalStyle(color: true)).map { TerminalText.sanitized($0, keepingColor: true) }
        #expect(colored == plain.map { "\u{1B}[30;47m" + $0 + "\u{1B}[0m" })
    }

    @Test func theTerminalPictureOfTheServedLinkDecodesToThePrintedLink() throws {
        guard let zbarimg = Self.zbarimg() else { return }
        let scratch = try CLIFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let journal = scratch + "/habits.units"
        try "units 1\n".write(toFile: journal, atomically: true, encoding: .utf8)
        // 127.0.0.2 is loopback too, and not the default address: the code is drawn.
        let process = try ProcessTests.spawn(["serve", "--file", journal, "--host", "127.0.0.2", "--port", "0"], directory: scratch, environment: [:])
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        defer { process.terminate(); process.waitUntilExit() }
        var text = ""
        let deadline = Date().addingTimeInterval(20)
        while !text.contains("Ctrl-C stops.") && Date() < deadline {
            let data = out.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        let link = try #require(text.firstMatch(of: /Pair a device: (\S+)/).map { String($0.1) })
        #expect(link.hasPrefix("http://127.0.0.2:"))
        let picture = text.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            line.count > 20 && line.allSatisfy { " ▀▄█".contains($0) }
        }
        var rows: [[Bool]] = []
        for line in picture {
            rows.append(line.map { $0 == "█" || $0 == "▀" })
            rows.append(line.map { $0 == "█" || $0 == "▄" })
        }
        #expect(try Self.decode(rows, zbarimg: zbarimg) == link)
    }
}
