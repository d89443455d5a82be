import Foundation
import Testing
@testable import UnitsCLI
@testable import UnitsKit

/// Where the terminal and the page must agree, and the past must stay:
/// archived habits keep their history, the page's Today reads the same
/// report as `units today --json`, history runs today first, a check-in
/// journal speaks of check-ins (not units), and every colour is muted.
@Suite struct DocumentWordsTests {
    static let archived = """
        units 1
        2025-12-01 habit Stretch
          kind: check
        2025-12-01 habit Walk
          kind: check
        2025-12-01 Stretch yes
        2025-12-02 Stretch yes
        2025-12-02 Walk    yes
        2025-12-03 archive Stretch

        """

    // MARK: Archived habits keep their history

    @Test func anArchivedHabitKeepsItsDaysInTheHistoryMatrix() throws {
        let path = try CLI.temporaryFile(Self.archived)
        let fixed = ["--file", path, "--today", "2025-12-10", "--days", "14", "--ascii", "--width", "80"]
        let one = CLI.units(["history", "Stretch"] + fixed)
        #expect(one.code == .ok)
        #expect(!one.out.contains("No habits yet"), "\(one.out)")
        let row = one.out.split(separator: "\n").first { $0.hasPrefix("Stretch") }.map(String.init) ?? ""
        // Dec 10 back to Dec 1: blank while archived (Dec 3 on), done on Dec 2 and 1.
        #expect(row.hasSuffix("#  #"), "\(row)")
        let all = CLI.units(["history"] + fixed)
        #expect(all.out.contains("Stretch"), "\(all.out)")
        #expect(all.out.contains("Walk"))
    }

    @Test func anArchivedHabitLongGoneIsNotARow() throws {
        let path = try CLI.temporaryFile(Self.archived)
        let run = CLI.units(["history", "--file", path, "--today", "2026-03-01", "--days", "14", "--ascii"])
        #expect(!run.out.contains("Stretch"), "\(run.out)")
    }

    @Test func theExampleKeepsCodingBeforeItsArchive() {
        let run = CLI.units(["history", "--file", CLI.example("habits.units"), "--today", "2025-12-14", "--days", "40", "--width", "200", "--ascii"])
        #expect(run.out.split(separator: "\n").contains { $0.hasPrefix("Coding") }, "\(run.out)")
        let page = CLI.units(["html", "--file", CLI.example("habits.units"), "--today", "2025-11-15"]).out
        #expect(page.contains("<tr><th scope=\"row\">Coding</th>"))
    }

    @Test func thePageKeepsAnArchivedHabitsHistory() throws {
        let path = try CLI.temporaryFile(Self.archived)
        let page = CLI.units(["html", "--file", path, "--today", "2025-12-10"]).out
        #expect(page.contains("<tr><th scope=\"row\">Stretch</th>"))
    }

    // MARK: The page's history runs today first

    @Test func thePageHistoryRunsTodayFirst() throws {
        let page = CLI.units(["html", "--file", CLI.example("checkins.units"), "--today", "2025-12-14"]).out
        let history = try #require(page.range(of: "<section id=\"history\">"))
        let firstDay = try #require(page[history.upperBound...].range(of: "<th class=\"day\" scope=\"col\">"))
        #expect(page[firstDay.upperBound...].hasPrefix("Sun<br>14</th>"))
    }

    // MARK: The page's Today is `units today --json`

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// The page's line for a habit or task (`data-name`).
    static func line(_ page: String, _ name: String) -> String? {
        let escaped = HTMLText.escape(name)
        return page.split(separator: "\n").first { $0.contains("data-name=\"\(escaped)\"") }.map(String.init)
    }

    @Test(arguments: [("checkins.units", "2025-12-14"), ("checkins.units", "2025-12-12"), ("habits.units", "2025-12-14"),
                      ("habits.units", "2025-09-13"), ("minimal.units", "2025-12-14")])
    func everyTodayFactOnThePageIsTodaysJSON(example: String, day: String) throws {
        let file = CLI.example(example)
        let page = CLI.units(["html", "--file", file, "--today", day]).out
        let today = try Self.json(CLI.units(["today", "--json", "--file", file, "--today", day]).out)
        let section = String(page[page.range(of: "<section id=\"today\">")!.lowerBound..<page.range(of: "<section id=\"habits\">")!.lowerBound])
        let checks = try #require(today["checks"] as? [[String: Any]])
        for check in checks {
            let name = try #require(check["name"] as? String)
            let line = try #require(Self.line(section, name), "\(example) \(day): no line for \(name)")
            let completed = check["completed"] as? Bool ?? false
            #expect(line.contains("data-completed=\"\(completed)\""), "\(name): \(line)")
            if let quota = check["quotaMet"] as? String {
                #expect(line.contains("done this \(quota)"), "\(name): \(line)")
                #expect(!line.contains("not yet"), "\(name): \(line)")
            }
            if let state = check["state"] as? String, check["kind"] as? String == "check" {
                #expect(line.contains(">\(state)<"), "\(name): \(line)")
            }
        }
        let musts = try #require(today["mustDos"] as? [String: Any])
        if let due = musts["due"] as? Int, due > 0, let done = musts["done"] as? Int {
            #expect(section.contains(done == due ? "Good day! All must-dos done" : "\(done)/\(due) must-dos done"))
        }
        let progress = try #require(today["progress"] as? [String: Any])
        if let total = progress["total"] as? Int, let completed = progress["completed"] as? Int, total > 0, completed < total {
            #expect(section.contains("\(completed) of \(total) completed"), "\(section)")
        }
        for task in try #require(today["tasks"] as? [[String: Any]]) {
            let title = try #require(task["title"] as? String)
            let line = try #require(Self.line(section, title), "no line for task \(title)")
            let estimate = task["estimate"] as? Int ?? 0
            if estimate == 0 {
                #expect(line.contains("reminder") && !line.contains("0 units"), "\(line)")
            } else {
                #expect(line.contains(HTMLText.escape(ReportText.count(Amount(estimate), "unit") + " → " + (task["habit"] as? String ?? ""))), "\(line)")
            }
        }
        let total = today["totalUnits"] as? Int ?? 0
        if section.contains("Total Units Today") { #expect(section.contains("Total Units Today: <strong>\(total)</strong>")) }
    }

    @Test func aMustDoWhoseWeekIsMetIsNotNotYetOnThePage() throws {
        let journal = """
            units 1
            option week-start monday
            2025-12-01 habit Meditate
              kind: check
              priority: must
              every: 2/week
            2025-12-01 habit Read
              kind: check
              priority: must
            2025-12-08 Meditate yes
            2025-12-09 Meditate yes

            """
        let path = try CLI.temporaryFile(journal)
        let terminal = CLI.units(["today", "--file", path, "--today", "2025-12-11"]).out
        #expect(terminal.contains("done this week"))
        let page = CLI.units(["html", "--file", path, "--today", "2025-12-11"]).out
        let line = try #require(Self.line(page, "Meditate"))
        #expect(line.contains("done this week") && !line.contains("not yet"), "\(line)")
    }

    // MARK: A check-in journal speaks of check-ins

    static let checkInsOnly = """
        units 1
        2025-12-01 habit Meditate
          kind: check
          priority: must
        2025-12-01 habit Journal
          kind: check

        """

    @Test func aCheckInJournalHasNoUnitsWords() throws {
        let path = try CLI.temporaryFile(Self.checkInsOnly)
        for arguments in [[], ["today"]] {
            let run = CLI.units(arguments + ["--file", path, "--today", "2025-12-02"])
            #expect(run.code == .ok)
            for word in ["Total Units", "Start with one unit", "└"] {
                #expect(!run.out.contains(word), "\(arguments): \(word) in\n\(run.out)")
            }
            #expect(run.out.contains("0 of 2 completed"), "\(run.out)")
        }
        let page = CLI.units(["html", "--file", path, "--today", "2025-12-02"]).out
        #expect(!page.contains("Total Units") && !page.contains("Start with one unit"))
        // Units words stay where units are counted.
        let counted = CLI.units(["today", "--file", CLI.example("habits.units"), "--today", "2025-12-14"]).out
        #expect(counted.contains("Total Units:"))
    }

    @Test func aCheckInNudgeSpeaksOfWhatIsLeftToday() throws {
        let path = try CLI.temporaryFile(Self.checkInsOnly)
        let none = CLI.units(["nudge", "--file", path, "--today", "2025-12-02"])
        #expect(none.code == .ok)
        #expect(none.out == "2 habits left today: Meditate, Journal.\n", "\(none.out)")
        let logged = try CLI.temporaryFile(Self.checkInsOnly + "2025-12-02 Meditate yes\n")
        let one = CLI.units(["nudge", "--file", logged, "--today", "2025-12-02"])
        #expect(one.code == .ok)
        #expect(one.out == "1 habit left today: Journal.\n", "\(one.out)")
        let all = try CLI.temporaryFile(Self.checkInsOnly + "2025-12-02 Meditate yes\n2025-12-02 Journal no\n")
        #expect(CLI.units(["nudge", "--file", all, "--today", "2025-12-02"]).code == .failure)
    }

    @Test func aCheckInStatusAndReceiptSpeakOfHabits() throws {
        let path = try CLI.temporaryFile(Self.checkInsOnly + "2025-12-02 Meditate yes\n2025-12-03 Meditate yes\n2025-12-03 Journal kinda\n")
        let status = CLI.units(["status", "--file", path, "--today", "2025-12-03"])
        #expect(status.out == "2/2 habits today · 1/1 must · yes 1 kinda 1 no 0\n", "\(status.out)")
        let receipt = CLI.units(["receipt", "--file", path, "--today", "2025-12-10"])
        #expect(!receipt.out.contains("units"), "\(receipt.out)")
        #expect(receipt.out.contains("Across your habits: showed up"), "\(receipt.out)")
        // Units journals keep their units first, and gain the habits part.
        let counted = CLI.units(["status", "--file", CLI.example("habits.units"), "--today", "2025-12-14"]).out
        #expect(counted.hasPrefix("1") || counted.contains("u · "), "\(counted)")
    }

    @Test func doneItemsAreDimmedAndStruckOnlyWithColour() throws {
        let path = try CLI.temporaryFile(Self.checkInsOnly + "2025-12-02 Meditate yes\n2025-12-02 Journal yes\n")
        let coloured = CLI.units(["today", "--file", path, "--today", "2025-12-02", "--color", "always"]).out
        #expect(coloured.contains("\u{1B}[2;9m  ✓ Meditate"), "\(coloured)")
        #expect(coloured.contains("\u{1B}[2;9m  ✓ Journal"), "\(coloured)")
        let plain = CLI.units(["today", "--file", path, "--today", "2025-12-02"], environment: ["NO_COLOR": "1"]).out
        #expect(!plain.contains("\u{1B}"))
    }

    /// The check-in journal of the YES/KINDA/NO document on a fresh day and
    /// the day after its last check-ins: every daily view in its words.
    @Test(arguments: ["today", "status", "receipt", "nudge", "history"]) func checkInGoldens(report: String) {
        var out = ""
        for day in ["2025-12-14", "2025-12-15"] {
            let width = ["today", "history"].contains(report) ? ["--width", "60"] : []
            let run = CLI.units([report, "--file", CLI.example("checkins.units"), "--today", day] + width)
            out += "$ units \(report) --today \(day)\n" + run.out + run.err
        }
        for word in ["Total Units", "0u", "0 units", "Start with one unit", "pile"] { #expect(!out.contains(word), "\(report): \(word)") }
        #expect(Golden.matches("checkin-only-\(report).txt", out), "checkin-only-\(report).txt differs; UNITS_RECORD=1 re-records")
    }

    // MARK: Every colour muted

    @Test func aUsersOwnHexColourIsMutedLikeTheNamedRed() {
        #expect(!TerminalStyle.escape(for: "#FF0000").contains("255;0;0"))
        #expect(HTMLPalette.hex("#FF0000") != "#ff0000")
        #expect(HTMLPalette.hex("#f00") != "#ff0000")
        // No hex colour is more saturated than the palette's own.
        for hex in ["#FF0000", "#00FF00", "#0000ff", "#f0f", "#123456", "#ffffff", "#000000"] {
            let drawn = Array(HTMLPalette.hex(hex).utf8.dropFirst())
            #expect(drawn.count == 6, "\(hex)")
            guard drawn.count == 6 else { continue }
            let rgb = stride(from: 0, to: 6, by: 2).map { Int(String(decoding: drawn[$0..<$0 + 2], as: UTF8.self), radix: 16) ?? 0 }
            #expect(rgb.max()! - rgb.min()! <= 80, "\(hex) → \(rgb)")
            #expect(TerminalStyle.escape(for: hex).contains("38;2;\(rgb[0]);\(rgb[1]);\(rgb[2])"), "\(hex)")
        }
        // A muted colour stays itself: the named palette is unchanged.
        #expect(HTMLPalette.hex("red") == HTMLPalette.xterm(174))
    }
}
