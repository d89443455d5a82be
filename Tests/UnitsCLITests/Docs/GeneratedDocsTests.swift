import Foundation
import Testing
@testable import UnitsCLI
import UnitsKit

/// The checked-in completions and man pages are what the command table
/// generates now. After adding or changing a command, run
/// `scripts/generate-docs.sh` (or this test with UNITS_RECORD=1).
@Suite struct GeneratedDocsTests {
    static func expectUpToDate(_ generated: String, _ relativePath: String) throws {
        let path = CLIFixtures.root + "/" + relativePath
        if ProcessInfo.processInfo.environment["UNITS_RECORD"] == "1" {
            try generated.write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        let checkedIn = try String(contentsOfFile: path, encoding: .utf8)
        #expect(generated == checkedIn, "\(relativePath) is out of date: run scripts/generate-docs.sh")
    }

    @Test(arguments: [(["bash"], "completions/units.bash"), (["zsh"], "completions/_units"), (["fish", "units"], "completions/units.fish"),
                      (["fish", "units-fmt"], "completions/units-fmt.fish"), (["fish", "units-lint"], "completions/units-lint.fish")])
    func completionsAreUpToDate(shell: [String], path: String) throws {
        let (code, out, _) = CLIFixtures.units(["completions"] + shell)
        #expect(code == .ok)
        try Self.expectUpToDate(out, path)
    }

    /// The spec built into the binary is Grammar/format.md as it is now.
    @Test func embeddedFormatSpecIsUpToDate() throws {
        let spec = try String(contentsOfFile: CLIFixtures.root + "/Grammar/format.md", encoding: .utf8)
        #expect(EmbeddedFormatSpec.markdown + "\n" == spec || EmbeddedFormatSpec.markdown == spec,
                "the EmbedFormatSpec build plugin did not embed Grammar/format.md as it is")
        let (code, out, _) = CLIFixtures.units(["man", "units.5"])
        #expect(code == .ok && out.contains(".TH"))
    }

    @Test(arguments: ManPage.names)
    func manPagesAreUpToDate(page: String) throws {
        let (code, out, err) = CLIFixtures.units(["man", page, "--source", CLIFixtures.root + "/Grammar/format.md"])
        #expect(code == .ok, "\(err)")
        try Self.expectUpToDate(out, "man/" + ManPage.fileName(page))
    }

    @Test func completionsNameEveryCommandAndOption() throws {
        for shell in CompletionsCommand.shells {
            let script = try #require(CompletionScript.script(for: shell))
            for command in UnitsTool.commands {
                #expect(script.contains(command.name), "\(shell): \(command.name)")
                for option in command.options {
                    #expect(script.contains(shell == "fish" ? "-l \(option.name.dropFirst(2))" : option.name), "\(shell): \(command.name) \(option.name)")
                }
            }
        }
    }

    @Test func manPageListsEveryCommand() {
        let page = ManPage.units()
        for command in UnitsTool.commands { #expect(page.contains(".SS \"units \(ManPage.escape(command.name))\"")) }
    }

    @Test func bashScriptIsValidBash() throws {
        guard FileManager.default.isExecutableFile(atPath: "/bin/bash") else { return }
        let (status, output) = try CLIFixtures.run("/bin/bash", ["-n", CLIFixtures.root + "/completions/units.bash"], in: CLIFixtures.root)
        #expect(status == 0, "\(output)")
    }

    @Test func habitNamesComeFromTheJournal() {
        let (code, out, _) = CLIFixtures.units(["completions", "--habits", "--file", CLIFixtures.root + "/Examples/checkins.units"])
        #expect(code == .ok)
        #expect(out.split(separator: "\n").contains("Read-10"))
        #expect(!out.split(separator: "\n").contains("Exercise"))   // a group: not loggable
    }
}
