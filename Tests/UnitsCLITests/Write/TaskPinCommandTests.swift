import Foundation
import Testing
@testable import UnitsCLI
@testable import UnitsKit

/// `units task pin|unpin` through the one write path, and the pins in
/// `units today` (text and JSON), `units tasks` and the served page's writes.
@Suite struct TaskPinCommandTests {
    static func withTasks(_ titles: [String]) -> Scratch {
        let scratch = Scratch(baseJournal + titles.map { "2025-12-13 task \"\($0)\"\n" }.joined())
        return scratch
    }

    @Test func pinAppendsADatedLineAndUndoTakesItBack() {
        let scratch = Self.withTasks(["Call the bank", "Sort receipts"])
        let before = scratch.text()
        let pin = scratch.run(["task", "pin", "Sort"])
        #expect(pin.code == .ok, "\(pin.err)")
        #expect(pin.out == "Pinned \"Sort receipts\" • 1 of 3 pinned on 2025-12-14 • `units undo` to take it back\n")
        #expect(scratch.text() == before + "2025-12-14 pin \"Sort receipts\"\n")
        #expect(scratch.run(["undo"]).code == .ok)
        #expect(scratch.text() == before)
        // Tomorrow's list, planned the evening before.
        #expect(scratch.run(["task", "pin", "Call the bank", "--date", "tomorrow"]).code == .ok)
        #expect(scratch.text().hasSuffix("2025-12-15 pin \"Call the bank\"\n"))
        let unpin = scratch.run(["task", "unpin", "Call the bank", "--date", "2025-12-15", "--json"])
        #expect(unpin.code == .ok, "\(unpin.err)")
        #expect(unpin.out.contains("\"written\": [\n    \"2025-12-15 unpin \\\"Call the bank\\\"\"\n  ]"), "\(unpin.out)")
        #expect(!Journal.load(path: scratch.journal).hasErrors)
    }

    @Test func aFourthPinAndPinsThatSayNothingAreRefused() {
        let scratch = Self.withTasks(["A", "B", "C", "D"])
        for title in ["A", "B", "C"] { #expect(scratch.run(["task", "pin", title]).code == .ok) }
        let before = scratch.text()
        let fourth = scratch.run(["task", "pin", "D"])
        #expect(fourth.code == .failure)
        #expect(fourth.err == "units task pin: 3 tasks are already pinned on 2025-12-14 (\"A\", \"B\", \"C\"); a day holds 3: unpin one first (`units task unpin TITLE`)\n")
        let again = scratch.run(["task", "pin", "A"])
        #expect(again.code == .failure && again.err.contains("task \"A\" is already pinned on 2025-12-14"))
        let unpinned = scratch.run(["task", "unpin", "D"])
        #expect(unpinned.code == .failure && unpinned.err.contains("task \"D\" is not pinned on 2025-12-14"))
        #expect(scratch.run(["task", "pin", "Nope"]).code == .failure)
        #expect(scratch.run(["task", "pin"]).code == .usage)
        #expect(scratch.text() == before)
        // A day's pins held for that day only: tomorrow has room.
        #expect(scratch.run(["task", "pin", "D", "--date", "tomorrow"]).code == .ok)
    }

    @Test func todayListsPinnedTasksFirstWithTheMark() throws {
        let scratch = Self.withTasks(["Call the bank", "Sort receipts", "Buy stamps"])
        #expect(scratch.run(["task", "pin", "Buy stamps"]).code == .ok)
        #expect(scratch.run(["task", "pin", "Call the bank"]).code == .ok)
        let text = scratch.run(["today", "--no-color"]).out
        let lines = text.split(separator: "\n").map(String.init)
        let start = try #require(lines.firstIndex { $0.hasPrefix("◇ Today only") })
        #expect(lines[start + 1].hasPrefix("  ○ 📌 Buy stamps "), "\(text)")
        #expect(lines[start + 2].hasPrefix("  ○ 📌 Call the bank "), "\(text)")
        #expect(lines[start + 3].hasPrefix("  ○ Sort receipts "), "\(text)")
        let json = try JSONParser.parse(Array(scratch.run(["today", "--json"]).out.utf8))
        let tasks = try #require(json["tasks"]?.array)
        #expect(tasks.map { $0["title"]?.string } == ["Buy stamps", "Call the bank", "Sort receipts"])
        #expect(tasks.map { $0["pinned"]?.bool } == [true, true, false])
        // Tomorrow the pins are gone and the order is the opening order again.
        let tomorrow = try JSONParser.parse(Array(scratch.run(["today", "--json", "--today", "2025-12-15"]).out.utf8))
        #expect(tomorrow["tasks"]?.array?.map { $0["pinned"]?.bool } == [false, false, false])
        #expect(tomorrow["tasks"]?.array?.first?["title"]?.string == "Call the bank")
        // The html page's day view reads the same rows.
        let page = scratch.run(["html"]).out
        #expect(page.contains(">📌 Buy stamps <"), "\(page.prefix(0))")
        // `units tasks` keeps its numbers and marks the pins.
        let listed = scratch.run(["tasks", "--no-color"]).out
        #expect(listed.contains("1.  📌 \"Call the bank\""), "\(listed)")
        #expect(listed.contains("2.  \"Sort receipts\""), "\(listed)")
        let listedJSON = try JSONParser.parse(Array(scratch.run(["tasks", "--json"]).out.utf8))
        #expect(listedJSON["tasks"]?.array?.map { $0["pinned"]?.bool } == [true, false, true])
    }

    @Test func theServedPagePinsThroughTheWritePath() throws {
        let scratch = Self.withTasks(["Call the bank"])
        let backend = ServeCommand.backend(path: scratch.journal, today: "2025-12-14",
                                           io: CommandIO(writeOut: { _ in }, writeErr: { _ in }, environment: ["XDG_STATE_HOME": scratch.stateHome]))
        guard case .success(let message) = backend.perform(ServeApp.Action(kind: .taskPin, title: "Call the bank")) else {
            Issue.record("pin refused"); return
        }
        #expect(message.hasPrefix("Pinned \"Call the bank\""))
        #expect(scratch.text().hasSuffix("2025-12-14 pin \"Call the bank\"\n"))
        guard case .success(let report) = backend.today() else { Issue.record("no report"); return }
        #expect(try JSONParser.parse(report)["tasks"]?.array?.first?["pinned"]?.bool == true)
        guard case .success = backend.perform(ServeApp.Action(kind: .taskUnpin, title: "Call the bank")) else {
            Issue.record("unpin refused"); return
        }
        #expect(scratch.text().hasSuffix("2025-12-14 unpin \"Call the bank\"\n"))
        guard case .failure(let why) = backend.perform(ServeApp.Action(kind: .taskUnpin, title: "Call the bank")) else {
            Issue.record("a second unpin was written"); return
        }
        #expect(why.message.contains("is not pinned on 2025-12-14"))
    }

    @Test func addWithPinWritesTheTaskAndItsPinAsOneStep() throws {
        let scratch = Self.withTasks(["Call the bank"])
        let before = scratch.text()
        let add = scratch.run(["task", "add", "Buy stamps", "--pin"])
        #expect(add.code == .ok, "\(add.err)")
        #expect(add.out == "Opened task \"Buy stamps\" • 1 unit → General when done • 1 of 3 pinned on 2025-12-14 • `units undo` to take it back\n")
        #expect(scratch.text() == before + "2025-12-14 task \"Buy stamps\"\n2025-12-14 pin \"Buy stamps\"\n")
        // One step: one undo takes back both lines.
        #expect(scratch.run(["undo"]).code == .ok)
        #expect(scratch.text() == before)
        // The task's day is the pin's day; --json shows both lines written.
        let json = scratch.run(["task", "add", "Buy stamps", "2", "--pin", "--today", "2025-12-15", "--json"])
        #expect(json.code == .ok, "\(json.err)")
        let written = try JSONParser.parse(Array(json.out.utf8))["written"]?.array?.compactMap(\.string)
        #expect(written == ["2025-12-15 task \"Buy stamps\" 2", "2025-12-15 pin \"Buy stamps\""], "\(json.out)")
        #expect(!Journal.load(path: scratch.journal).hasErrors)
    }

    @Test func addWithPinOnADayWithItsThreePinsWritesNothing() {
        let scratch = Self.withTasks(["A", "B", "C"])
        for title in ["A", "B", "C"] { #expect(scratch.run(["task", "pin", title]).code == .ok) }
        let before = scratch.text()
        let add = scratch.run(["task", "add", "D", "--pin"])
        #expect(add.code == .failure)
        #expect(add.err == "units task add: 3 tasks are already pinned on 2025-12-14 (\"A\", \"B\", \"C\"); a day holds 3: unpin one first (`units task unpin TITLE`)\n")
        #expect(scratch.text() == before)
        // Another day has room for the pin.
        let tomorrow = scratch.run(["task", "add", "D", "--pin", "--today", "2025-12-15"])
        #expect(tomorrow.code == .ok, "\(tomorrow.err)")
        #expect(scratch.text().hasSuffix("2025-12-15 task \"D\"\n2025-12-15 pin \"D\"\n"), "\(scratch.text())")
    }

    @Test func theServedPageAddsAPinnedTaskThroughTheSameWrite() throws {
        let scratch = Self.withTasks(["A", "B"])
        let backend = ServeCommand.backend(path: scratch.journal, today: "2025-12-14",
                                           io: CommandIO(writeOut: { _ in }, writeErr: { _ in }, environment: ["XDG_STATE_HOME": scratch.stateHome]))
        var action = ServeApp.Action(kind: .taskAdd, value: "2", title: "Buy stamps")
        action.pin = true
        guard case .success(let message) = backend.perform(action) else { Issue.record("add refused"); return }
        #expect(message.contains("1 of 3 pinned on 2025-12-14"))
        #expect(scratch.text().hasSuffix("2025-12-14 task \"Buy stamps\" 2\n2025-12-14 pin \"Buy stamps\"\n"))
        guard case .success(let report) = backend.today() else { Issue.record("no report"); return }
        #expect(try JSONParser.parse(report)["tasks"]?.array?.first?["title"]?.string == "Buy stamps")
        for title in ["A", "B"] { guard case .success = backend.perform(ServeApp.Action(kind: .taskPin, title: title)) else { Issue.record("pin refused"); return } }
        let before = scratch.text()
        action.title = "Sort receipts"
        guard case .failure(let why) = backend.perform(action) else { Issue.record("a fourth pin was written"); return }
        #expect(why.message.contains("3 tasks are already pinned on 2025-12-14"))
        #expect(scratch.text() == before)
    }
}
