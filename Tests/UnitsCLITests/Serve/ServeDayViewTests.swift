import Foundation
import Testing
@testable import UnitsCLI
@testable import UnitsKit

/// What the served day view draws beyond the rows: the pile (the
/// terminal's, bundles included), which check habits take a number, a
/// task's worth and habit, and each habit's part of the views page.
@Suite struct ServeDayViewTests {
    static let journal = """
        units 1
        2025-12-01 habit Reading
          unit:  page
          color: blue
        2025-12-01 habit Walk
          unit: lap
        2025-12-01 habit Water
          kind: check
          goal: 8
          min:  4
        2025-12-01 habit Meditate
          kind: check

        2025-12-14 Reading 40
        2025-12-14 Walk    20

        """

    func backend(_ path: String) -> ServeApp.Backend {
        ServeCommand.backend(path: path, today: "2025-12-14",
                             io: CommandIO(writeOut: { _ in }, writeErr: { _ in }, environment: ["XDG_STATE_HOME": FileReader.directory(of: path) + "/state"]))
    }

    func report(_ backend: ServeApp.Backend) throws -> JSONValue {
        guard case .success(let bytes) = backend.today() else { throw ServeRefusal("no report") }
        return try JSONParser.parse(bytes)
    }

    /// 60 units are more than 50 blocks: the page gets the terminal pile's
    /// bundles of 5, each layer's blocks, colour and shape.
    @Test func theReportCarriesThePileInTheTerminalsBundles() throws {
        let path = try CLI.temporaryFile(Self.journal)
        let pile = try #require(try report(backend(path))["pile"])
        let terminal = Pile(journal: Journal.load(path: path), day: CivilDate(iso: "2025-12-14")!)
        #expect(terminal.bundle == 5 && pile["bundle"]?.int == 5 && pile["total"]?.int == 60)
        let layers = pile["layers"]?.array ?? []
        #expect(layers.map { $0["name"]?.string } == ["Reading", "Walk"])
        #expect(layers.map { $0["blocks"]?.int } == [8, 4])
        #expect(layers.allSatisfy { ($0["color"]?.string ?? "").wholeMatch(of: /#[0-9a-f]{6}/) != nil })
        #expect(layers.map { $0["shape"]?.int } == terminal.layers.map { $0.habit % 8 })
    }

    @Test func theReportSaysWhichCheckHabitsTakeANumber() throws {
        let path = try CLI.temporaryFile(Self.journal)
        let checks = try report(backend(path))["checks"]?.array ?? []
        let quantitative = Dictionary(uniqueKeysWithValues: checks.map { ($0["name"]?.string ?? "", $0["quantitative"]?.bool) })
        #expect(quantitative == ["Water": true, "Meditate": false])
        guard case .success = backend(path).perform(ServeApp.Action(kind: .log, habit: "Water", value: "6")) else {
            Issue.record("a number for a habit with a goal was refused"); return
        }
        // The printer aligns the line with the block it joins.
        let last = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").last ?? ""
        #expect(last.split(separator: " ") == ["2025-12-14", "Water", "6"], "\(last)")
    }

    @Test func aNewTaskTakesItsWorthAndHabit() throws {
        let path = try CLI.temporaryFile(Self.journal)
        guard case .success = backend(path).perform(ServeApp.Action(kind: .taskAdd, habit: "Reading", value: "3", title: "Return the books")) else {
            Issue.record("the task was refused"); return
        }
        let tasks = try report(backend(path))["tasks"]?.array ?? []
        #expect(tasks.first?["estimate"]?.int == 3 && tasks.first?["habit"]?.string == "Reading", "\(tasks)")
    }

    /// A task pinned to today and done still holds one of the day's pins
    /// (`units task pin` and the lint count it): the report says so, and the
    /// page's "Pin to today" reads that count, not the open tasks' pins.
    @Test func aPinnedTaskDoneTodayStillCountsTowardTheDaysPins() throws {
        let path = try CLI.temporaryFile(Self.journal + """
            2025-12-14 task "Buy stamps"
            2025-12-14 pin "Buy stamps"
            2025-12-14 done "Buy stamps"

            """)
        let today = try report(backend(path))
        #expect(today["pinnedToday"]?.int == 1, "\(today.encoded())")
        #expect(today["tasks"]?.array?.isEmpty == true)
        let page = ServePage.app(csrf: "c", nonce: "n", readOnly: false, feed: "/f")
        #expect(page.contains("pinBox.defaultChecked = r.pinnedToday < PIN_LIMIT;"))
    }

    /// A habit's link on the day view goes to its card (wall, chips) or its
    /// heatmap on the views page, by the anchor that page gives it.
    @Test func aHabitsViewsLinkGoesToItsPartOfTheViewsPage() throws {
        let fixture = try ServeTests.Fixture()
        let (cookie, _) = fixture.pair()
        func location(_ query: [String: String], cookie: String?) -> (Int, String?) {
            var headers: [(name: String, value: String)] = [("host", ServeTests.host)]
            if let cookie { headers.append(("cookie", cookie)) }
            let response = fixture.app.handle(HTTPRequest(method: "GET", path: "/views", query: query, headers: headers))
            return (response.status, response.headers.first { $0.0 == "Location" }?.1)
        }
        #expect(location(["part": "habit", "name": "Reading"], cookie: cookie) == (303, "/views#habit-Reading"))
        #expect(location(["part": "heatmap", "name": "Med itate"], cookie: cookie) == (303, "/views#heatmap-Med-20itate"))
        #expect(location(["part": "habit", "name": "a\r\nSet-Cookie: x=1"], cookie: cookie) == (303, "/views#habit-a-0D-0ASet-2DCookie-3A-20x-3D1"))
        #expect(location(["part": "habit", "name": "Reading"], cookie: nil).0 == 403)
    }
}
