import Foundation
import Testing
@testable import UnitsCLI
import UnitsKit
import UnitsTestSupport

/// `units html` and `units card`: golden pages for the examples, escaping,
/// determinism, size, validity (Python's html.parser and xml.etree) and a
/// real browser (headless Chromium, network off). Tools that are missing
/// make their test print SKIPPED; `.ci/run` installs them.
@Suite struct HTMLViewTests {
    static let root = ReportGoldenTests.root
    static let golden = ReportGoldenTests.goldenDirectory.appendingPathComponent("html")
    static let browserDirectory = URL(fileURLWithPath: PackageRoot.of(#filePath)).appendingPathComponent("Tests/UnitsCLITests/Ecosystem/Browser")

    static func page(_ example: String, _ extra: [String] = []) -> (out: String, err: String, code: ExitCode) {
        ReportGoldenTests.run(["html", "--file", root.appendingPathComponent("Examples/\(example).units").path, "--today", "2025-12-14"] + extra)
    }

    static func which(_ program: String) -> String? { EditorClientTests.which(program) }

    static func skipped(_ what: String) {
        FileHandle.standardError.write(Data("SKIPPED: HTMLViewTests: \(what)\n".utf8))
    }

    @Test(arguments: ["habits", "checkins", "minimal"]) func goldenPages(example: String) throws {
        let result = Self.page(example)
        #expect(result.code == .ok, "\(result.err)")
        let file = Self.golden.appendingPathComponent(example + ".html")
        if ProcessInfo.processInfo.environment["UNITS_RECORD"] != nil {
            try FileManager.default.createDirectory(at: Self.golden, withIntermediateDirectories: true)
            try result.out.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        #expect(result.out == (try String(contentsOf: file, encoding: .utf8)), "\(example).html differs from its golden file; UNITS_RECORD=1 re-records")
        // The same journal and day give the same bytes.
        #expect(Self.page(example).out == result.out)
    }

    @Test func keyPartsArePresentAndJournalTextIsEscaped() {
        let journal = """
            units 1
            2025-12-01 habit Reading
              title: "<script>alert(1)</script> & \\"more\\""
              unit: page
              floor: 7/week
            2025-12-01 habit Meditate
              kind: check
            2025-12-10 unit Reading chapter
            2025-12-12 task "<b>Call</b> mom" 1
            2025-12-14 Reading 60 ; <img src=x onerror=alert(1)>
            2025-12-14 Meditate kinda

            """
        let result = ReportGoldenTests.run(["html", "--file", "-", "--today", "2025-12-14"], stdin: journal)
        #expect(result.code == .ok, "\(result.err)")
        let html = result.out
        #expect(!html.contains("<script>") && !html.contains("<b>Call") && !html.contains("<img"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;more&quot;"))
        #expect(html.contains("&lt;b&gt;Call&lt;/b&gt; mom"))
        // The pile past 50 blocks is drawn in bundles of 5 and says so.
        #expect(html.contains("drawn in bundles of 5 (×5)"))
        #expect(html.contains("×5 (each block is 5 units)"))
        #expect(html.contains("id=\"pile\"") && html.contains("class=\"wall\"") && html.contains("id=\"heatmap-all\"") && html.contains("class=\"matrix\""))
        #expect(html.contains("id=\"heatmap-Meditate\""))
        #expect(html.contains("Unit changed on Dec 10, 2025: chapter"))
        #expect(html.contains("class=\"floor\""))
        // No request leaves the page: no script, no external source.
        #expect(!html.contains("src=") && !html.contains("<link") && !html.contains("@import"))
    }

    /// The page's pile bundles as the terminal's does (`Pile.bundle`): ×5,
    /// ×25, ×125 … until it is 50 blocks or fewer, so a day of a huge count
    /// is a small page, drawn at once.
    @Test(arguments: ["60", "10000000", "999999999999999", "999999999999999.999999999"])
    func aHugeDayIsAPileOfAtMostFiftyBlocks(units: String) throws {
        let journal = "units 1\n2025-12-01 habit Reading\n2025-12-01 habit Walk\n2025-12-14 Reading \(units)\n2025-12-14 Walk 3\n"
        let result = ReportGoldenTests.run(["html", "--file", "-", "--today", "2025-12-14"], stdin: journal)
        #expect(result.code == .ok, "\(result.err)")
        let html = result.out
        #expect(html.utf8.count < 200_000, "\(html.utf8.count) bytes")
        let start = try #require(html.range(of: "<svg id=\"pile\""))
        let end = try #require(html[start.upperBound...].range(of: "</svg>"))
        let svg = String(html[start.lowerBound..<end.lowerBound])
        let shapes = ["<rect ", "<polygon ", "<circle "].map { svg.components(separatedBy: $0).count - 1 }.reduce(0, +)
        #expect(shapes >= 2 && shapes <= Pile.bundleThreshold, "\(shapes) blocks")
        let pile = Pile(journal: Journal(parsing: journal), day: CivilDate(iso: "2025-12-14")!)
        #expect(pile.bundle > 1)
        #expect(svg.contains("(each block is \(pile.bundle) units)"), "\(svg.prefix(600))")
        let terminal = ReportOutput.collect { pile.render(width: 80, style: TerminalStyle(color: false, ascii: false), to: $0) }
        #expect(terminal.contains("each block is a bundle of \(pile.bundle) units"))
    }

    @Test func tenYearsOfTwentyHabitsStayUnderTwoMegabytes() throws {
        let generated = JournalGenerator(seed: 7, entries: 73_000, habits: 20, entriesPerDay: 20,
                                         start: CivilDate(year: 2016, month: 1, day: 1)!).generate()
        let text = String(decoding: generated.bytes, as: UTF8.self)
        let today = generated.expected.lastDate?.description ?? "2025-12-14"
        let result = ReportGoldenTests.run(["html", "--file", "-", "--today", today], stdin: text)
        #expect(result.code == .ok, "\(result.err)")
        #expect(result.out.utf8.count < 2_000_000, "\(result.out.utf8.count) bytes")
    }

    /// Each habit card says the badges of the habit's own screen
    /// (`units habit NAME --json`), the same words in the same order.
    @Test func habitCardsShowTheHabitScreensBadges() throws {
        let page = Self.page("habits")
        #expect(page.code == .ok)
        let path = Self.root.appendingPathComponent("Examples/habits.units").path
        var checked = 0
        for name in ["Reading", "Writing", "Walk"] {
            let screen = ReportGoldenTests.run(["habit", name, "--json", "--file", path, "--today", "2025-12-14"])
            guard screen.code == .ok else { continue }
            let object = try #require(try JSONSerialization.jsonObject(with: Data(screen.out.utf8)) as? [String: Any])
            let badges = try #require(object["badges"] as? [String])
            guard !badges.isEmpty, let card = page.out.range(of: "id=\"habit-\(name)\"") else { continue }
            let rest = page.out[card.upperBound...]
            let end = rest.range(of: "</article>")?.lowerBound ?? rest.endIndex
            #expect(rest[..<end].contains("<p class=\"badges\">\(badges.joined(separator: " · "))</p>"), "\(name): \(badges)")
            checked += 1
        }
        #expect(checked == 3)
    }

    @Test func cardsAreSVGForCountHabits() throws {
        let path = Self.root.appendingPathComponent("Examples/habits.units").path
        let card = ReportGoldenTests.run(["card", "Reading", "--file", path, "--today", "2025-12-14"])
        #expect(card.code == .ok)
        #expect(card.out.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(card.out.contains("656 Reading units"))
        #expect(card.out.contains("units/day in 2025"))
        let unknown = ReportGoldenTests.run(["card", "Readng", "--file", path, "--today", "2025-12-14"])
        #expect(unknown.code == .usage && unknown.err.contains("did you mean 'Reading'"))
        #expect(ReportGoldenTests.run(["card", "--file", path]).code == .usage)
        #expect(ShareCard.grouped(Amount(8214)) == "8,214")
        #expect(ShareCard.grouped(Amount(1234567)) == "1,234,567")
    }

    /// Writes the example page to a temporary file.
    static func writtenPage(_ html: String) throws -> String {
        let path = NSTemporaryDirectory() + "units-html-\(UUID().uuidString).html"
        try html.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func pagesAreValidHTMLWithWellFormedSVG() throws {
        guard let python = Self.which("python3") else { Self.skipped("python3 is not installed; the HTML validity check did not run"); return }
        let checker = Self.browserDirectory.appendingPathComponent("check_html.py").path
        for example in ["habits", "checkins", "minimal"] {
            let path = try Self.writtenPage(Self.page(example).out)
            let (status, output) = try CLIFixtures.run(python, [checker, path], in: NSTemporaryDirectory())
            #expect(status == 0, "\(output)")
        }
        // The checker finds what it is for.
        let broken = try Self.writtenPage("<!DOCTYPE html><html><body><div><img src=\"http://x.invalid/a.png\"><svg><rect></svg></body></html>")
        let (status, output) = try CLIFixtures.run(python, [checker, broken], in: NSTemporaryDirectory())
        #expect(status == 1 && output.contains("points outside") && output.contains("closes <rect>") && output.contains("no lang") && output.contains("not well-formed"))
    }

    @Test func aRealBrowserLoadsThePageOfflineWithoutErrors() throws {
        guard let python = Self.which("python3") else { Self.skipped("python3 is not installed; the browser test did not run"); return }
        guard let chromium = Self.which("chromium") ?? Self.which("chromium-browser") ?? Self.which("google-chrome") else {
            Self.skipped("no chromium (apt-get install -y chromium); the real-browser test did not run"); return
        }
        let driver = Self.browserDirectory.appendingPathComponent("browser_check.py").path
        func load(_ path: String) throws -> [String: Any] {
            let shot = path + ".png"
            let (status, output) = try CLIFixtures.run(python, [driver, chromium, path, shot], in: NSTemporaryDirectory())
            #expect(status == 0, "\(output)")
            let line = output.split(separator: "\n").last.map(String.init) ?? "{}"
            return (try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]) ?? [:]
        }
        let page = try Self.writtenPage(Self.page("habits").out)
        let report = try load(page)
        #expect((report["requests"] as? [String]) == ["file://" + page], "\(report)")
        #expect((report["errors"] as? [String]) == [], "\(report)")
        #expect((report["screenshot"] as? Int ?? 0) > 10_000)
        let elements = report["elements"] as? [String: Any] ?? [:]
        for selector in ["#pile", "svg.wall", "#heatmap-all", "table.matrix", "#insights", "#receipt"] {
            let size = elements[selector] as? [Int] ?? []
            #expect(size.count == 2 && size[0] > 100 && size[1] > 30, "\(selector) is missing or too small: \(size)")
        }
        // The driver sees what it must refuse: an outside request and a console error.
        let bad = try Self.writtenPage("<!DOCTYPE html><html lang=\"en\"><body><img src=\"http://example.invalid/x.png\"><script>console.error('boom')</script></body></html>")
        let badReport = try load(bad)
        #expect((badReport["requests"] as? [String] ?? []).contains("http://example.invalid/x.png"), "\(badReport)")
        #expect((badReport["errors"] as? [String] ?? []).contains { $0.contains("boom") }, "\(badReport)")
    }
}
