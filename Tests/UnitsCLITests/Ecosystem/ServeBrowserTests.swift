import Foundation
import Testing
@testable import UnitsCLI
import UnitsKit

/// `units serve` against a real browser: headless Chromium in a 390x844
/// touch viewport, driven over the DevTools protocol by
/// Browser/serve_check.py, talking to a real `units serve` on 127.0.0.1.
/// The driver checks each step against the journal file itself.
@Suite struct ServeBrowserTests {
    @Test func aPhoneBrowserLogsTicksAddsUndoesAndStaysSafe() throws {
        guard let python = HTMLViewTests.which("python3") else { HTMLViewTests.skipped("python3 is not installed; the units serve browser test did not run"); return }
        guard let chromium = HTMLViewTests.which("chromium") ?? HTMLViewTests.which("chromium-browser") ?? HTMLViewTests.which("google-chrome") else {
            HTMLViewTests.skipped("no chromium (apt-get install -y chromium); the units serve browser test did not run"); return
        }
        let units = try #require(unitsExecutable(), "build the `units` executable first (swift build)")
        let bin = URL(fileURLWithPath: units).deletingLastPathComponent()
        let fmt = bin.appendingPathComponent("units-fmt").path, lint = bin.appendingPathComponent("units-lint").path
        let work = try CLIFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: work) }
        let driver = HTMLViewTests.browserDirectory.appendingPathComponent("serve_check.py").path
        let (status, output) = try CLIFixtures.run(python, [driver, chromium, units, fmt, lint, work], in: work)
        print(output)
        #expect(status == 0 && output.hasSuffix("PASS\n"), "\(output)")
        for shot in ["serve-phone.png", "serve-phone-dark.png", "serve-desktop.png"] {
            let size = (try? FileManager.default.attributesOfItem(atPath: work + "/" + shot)[.size] as? Int) ?? 0
            #expect((size ?? 0) > 10_000, "\(shot) was not taken")
        }
    }

    /// 20 clients tap at once, each write sent twice, while `units log` and
    /// `units-fmt` run in a terminal: every tap lands exactly once and the
    /// journal stays canonical and lint-clean. (Browser/serve_load.py; a
    /// 100k-line run is `serve_load.py ... 20 10 100000`.)
    @Test func twentyClientsAndATerminalLoseAndDoubleNothing() throws {
        guard let python = HTMLViewTests.which("python3") else { HTMLViewTests.skipped("python3 is not installed; the units serve load test did not run"); return }
        let units = try #require(unitsExecutable(), "build the `units` executable first (swift build)")
        let bin = URL(fileURLWithPath: units).deletingLastPathComponent()
        let work = try CLIFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: work) }
        let driver = HTMLViewTests.browserDirectory.appendingPathComponent("serve_load.py").path
        let (status, output) = try CLIFixtures.run(python, [driver, units, bin.appendingPathComponent("units-fmt").path,
                                                            bin.appendingPathComponent("units-lint").path, work, "20", "4", "2000"], in: work)
        print(output)
        #expect(status == 0 && output.hasSuffix("PASS\n"), "\(output)")
    }
}
