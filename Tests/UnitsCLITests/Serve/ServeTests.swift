import Foundation
import Testing
@testable import UnitsCLI
@testable import UnitsKit

/// `units serve` in-process: the request parser's limits, who may reach
/// which route, ids applied once, and the command's device list. The
/// real server with a real browser is ServeBrowserTests.
@Suite struct ServeTests {
    static let port = 8765
    static let host = "127.0.0.1:\(port)"

    /// An app over a fake journal that records what it was asked to write.
    final class Fixture {
        var written: [ServeApp.Action] = []
        var report = Array(#"{"schema": 1, "report": "today", "habits": [{"name": "Reading"}]}"#.utf8)
        var broken: String?
        let app: ServeApp
        let directory: String
        init(readOnly: Bool = false) throws {
            directory = try CLIFixtures.temporaryDirectory()
            var counter: UInt8 = 0
            weak var weakSelf: Fixture?
            app = try ServeApp(backend: ServeApp.Backend(today: {
                if let broken = weakSelf?.broken { return .failure(ServeRefusal(broken)) }
                return .success(weakSelf?.report ?? [])
            }, perform: { action in
                if action.habit == "Nope" { return .failure(ServeRefusal("units log: no habit named 'Nope'")) }
                weakSelf?.written.append(action)
                return .success("Added")
            }, views: { .success(Array("<!doctype html><p>Reading wall</p>".utf8)) },
               calendar: { .success(Array("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n".utf8)) }), state: ServeState(directory: directory), port: ServeTests.port, readOnly: readOnly, random: { count in
                counter &+= 1
                return [UInt8](repeating: counter, count: count)
            })
            weakSelf = self
        }
        deinit { try? FileManager.default.removeItem(atPath: directory) }

        /// Pairs and returns the cookie header and the anti-CSRF token.
        func pair() -> (cookie: String, csrf: String) {
            let response = app.handle(HTTPRequest(method: "GET", path: "/pair", query: ["code": app.pairingCode], headers: [("host", ServeTests.host)]))
            let setCookie = response.headers.first { $0.0 == "Set-Cookie" }?.1 ?? ""
            let cookie = String(setCookie.split(separator: ";")[0])
            let page = String(decoding: app.handle(HTTPRequest(method: "GET", path: "/", headers: [("host", ServeTests.host), ("cookie", cookie)])).body, as: UTF8.self)
            let csrf = page.firstMatch(of: /units-csrf" content="([0-9a-f]+)"/).map { String($0.1) } ?? ""
            return (cookie, csrf)
        }

        func write(_ body: String, cookie: String, csrf: String, origin: String? = "http://\(ServeTests.host)") -> HTTPResponse {
            var headers: [(name: String, value: String)] = [("host", ServeTests.host), ("cookie", cookie), ("x-units-csrf", csrf)]
            if let origin { headers.append(("origin", origin)) }
            return app.handle(HTTPRequest(method: "POST", path: "/api/write", headers: headers, body: Array(body.utf8)))
        }
    }

    static func parse(_ text: String, limits: HTTPLimits = HTTPLimits()) -> HTTPParse {
        HTTPParser.parse(Array(text.utf8), limits: limits)
    }

    @Test func theParserReadsARequestAndRefusesWhatIsTooBig() {
        guard case .request(let request) = Self.parse("POST /api/write?a=1&b=x%20y HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\nCookie: a=1; units_token=abc\r\n\r\n{}") else {
            Issue.record("a whole request was not read"); return
        }
        #expect(request.path == "/api/write" && request.query == ["a": "1", "b": "x y"] && request.body == Array("{}".utf8))
        #expect(request.cookie("units_token") == "abc" && request.header("HOST") == "h")
        if case .incomplete = Self.parse("GET / HTTP/1.1\r\nHost: h\r\n") {} else { Issue.record("a partial head is not incomplete") }
        if case .incomplete = Self.parse("POST / HTTP/1.1\r\nContent-Length: 5\r\n\r\nab") {} else { Issue.record("a partial body is not incomplete") }
        func refused(_ text: String, _ status: Int) {
            if case .refuse(let code, _) = Self.parse(text), code == status { return }
            Issue.record("not refused with \(status): \(text.prefix(60))")
        }
        refused("GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 20000), 431)
        refused("GET / HTTP/1.1\r\n" + (0..<100).map { "X-\($0): 1\r\n" }.joined() + "\r\n", 431)
        refused("POST / HTTP/1.1\r\nContent-Length: 999999999\r\n\r\n", 413)
        refused("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n", 501)
        refused("GET http://x/ HTTP/1.1\r\n\r\n", 400)
        refused("GET / HTTP/1.1\r\nContent-Length: -1\r\n\r\n", 400)
    }

    @Test func withoutATokenNoRouteShowsJournalData() throws {
        let fixture = try Fixture()
        for path in ["/", "/api/today", "/api/write", "/views", "/pair", "/manifest.webmanifest", "/icon.svg", "/habits.units", "/../habits.units", "/etc/passwd"] {
            for method in ["GET", "POST", "PUT"] {
                let response = fixture.app.handle(HTTPRequest(method: method, path: path, query: ["code": "wrong"], headers: [("host", Self.host), ("origin", "http://\(Self.host)")]))
                #expect(!String(decoding: response.body, as: UTF8.self).contains("Reading"), "\(method) \(path)")
            }
        }
        #expect(fixture.written.isEmpty)
        #expect(fixture.app.handle(HTTPRequest(method: "GET", path: "/../habits.units", headers: [("host", Self.host)])).status == 404)
    }

    @Test func onlyLiteralAddressesOnTheServedPortAreAllowedHosts() throws {
        let app = try Fixture().app
        for host in ["127.0.0.1:8765", "localhost:8765", "LOCALHOST:8765", "[::1]:8765", "192.168.1.20:8765"] {
            #expect(app.hostIsAllowed(host), "\(host)")
        }
        for host in ["evil.example:8765", "127.0.0.1.nip.io:8765", "127.0.0.1:8766", "127.0.0.1", "localhost.evil:8765", "[::1]x:8765", "", "1.2.3:8765"] {
            #expect(!app.hostIsAllowed(host), "\(host)")
        }
        let response = app.handle(HTTPRequest(method: "GET", path: "/", headers: [("host", "rebind.example:8765")]))
        #expect(response.status == 421)
    }

    @Test func pairingWorksOnceAndSetsAStrictHttpOnlyCookie() throws {
        let fixture = try Fixture()
        let code = fixture.app.pairingCode
        let first = fixture.app.handle(HTTPRequest(method: "GET", path: "/pair", query: ["code": code], headers: [("host", Self.host)]))
        let cookie = first.headers.first { $0.0 == "Set-Cookie" }?.1 ?? ""
        #expect(first.status == 200 && cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
        let again = fixture.app.handle(HTTPRequest(method: "GET", path: "/pair", query: ["code": code], headers: [("host", Self.host)]))
        #expect(again.status == 403 && !again.headers.contains { $0.0 == "Set-Cookie" })
        #expect(fixture.app.pairingCode != code)
        // The device outlives the process: a new app over the same folder knows it.
        #expect(ServeState(directory: fixture.directory).devices.count == 1)
        // Revoked from another process: refused at the running app's next request.
        let cookie1 = String(cookie.split(separator: ";")[0])
        let before = fixture.app.handle(HTTPRequest(method: "GET", path: "/api/today", headers: [("host", Self.host), ("cookie", cookie1)]))
        #expect(before.status == 200)
        var other = ServeState(directory: fixture.directory)
        #expect(try other.revoke(other.devices[0].name))
        let after = fixture.app.handle(HTTPRequest(method: "GET", path: "/api/today", headers: [("host", Self.host), ("cookie", cookie1)]))
        #expect(after.status == 403)
    }

    @Test func writesNeedTheOriginTheAntiCSRFTokenAndAnId() throws {
        let fixture = try Fixture()
        let (cookie, csrf) = fixture.pair()
        #expect(!csrf.isEmpty)
        let body = #"{"id": "tap-00000001", "action": "log", "habit": "Reading", "value": "3", "day": "2025-12-14"}"#
        #expect(fixture.write(body, cookie: cookie, csrf: csrf, origin: "http://evil.example").status == 403)
        #expect(fixture.write(body, cookie: cookie, csrf: csrf, origin: nil).status == 403)
        #expect(fixture.write(body, cookie: cookie, csrf: "00").status == 403)
        #expect(fixture.write(body, cookie: "units_token=forged", csrf: csrf).status == 403)
        #expect(fixture.write(#"{"action": "log", "habit": "Reading"}"#, cookie: cookie, csrf: csrf).status == 400)
        #expect(fixture.written.isEmpty)
        #expect(fixture.write(body, cookie: cookie, csrf: csrf).status == 200)
        for _ in 0..<3 { #expect(fixture.write(body, cookie: cookie, csrf: csrf).status == 200) }
        #expect(fixture.written == [ServeApp.Action(kind: .log, habit: "Reading", value: "3", day: CivilDate(iso: "2025-12-14"))])
        // Remembered across a restart.
        #expect(ServeState(directory: fixture.directory).wasApplied("tap-00000001"))
        let refused = fixture.write(#"{"id": "tap-00000002", "action": "log", "habit": "Nope"}"#, cookie: cookie, csrf: csrf)
        #expect(refused.status == 422 && String(decoding: refused.body, as: UTF8.self).contains("no habit named 'Nope'"))
    }

    @Test func aNewTaskCarriesThePinAskedFor() throws {
        let fixture = try Fixture()
        let (cookie, csrf) = fixture.pair()
        #expect(fixture.write(#"{"id": "add-00000001", "action": "task-add", "title": "Buy stamps", "value": "2", "pin": true}"#, cookie: cookie, csrf: csrf).status == 200)
        #expect(fixture.write(#"{"id": "add-00000002", "action": "task-add", "title": "Sort receipts"}"#, cookie: cookie, csrf: csrf).status == 200)
        #expect(fixture.write(#"{"id": "add-00000003", "action": "task-add", "title": "Call", "pin": "yes"}"#, cookie: cookie, csrf: csrf).status == 400)
        #expect(fixture.written.map(\.pin) == [true, false])
        #expect(fixture.written.first?.title == "Buy stamps")
        // The page's add form asks for it, on while the day has room for the pins the write allows.
        let page = ServePage.app(csrf: "c", nonce: "n", readOnly: false, feed: "/f")
        #expect(page.contains("const PIN_LIMIT = \(TaskPin.dailyLimit);") && page.contains("\"Pin to today\"") && page.contains("pin: pin}"))
    }

    @Test func aCorrectionAgainstAnOldViewIsRefused() throws {
        let fixture = try Fixture()
        let (cookie, csrf) = fixture.pair()
        let old = fixture.app.current().version
        fixture.report = Array(#"{"changed": true}"#.utf8)
        let undo = fixture.write(#"{"id": "undo-00000001", "action": "undo", "version": \#(JSONValue.string(old).encoded())}"#, cookie: cookie, csrf: csrf)
        #expect(undo.status == 409 && fixture.written.isEmpty)
        let fresh = fixture.app.current().version
        #expect(fixture.write(#"{"id": "undo-00000002", "action": "undo", "version": \#(JSONValue.string(fresh).encoded())}"#, cookie: cookie, csrf: csrf).status == 200)
    }

    @Test func theReportHasAnETagAndABrokenJournalIsReadOnlyWithItsError() throws {
        let fixture = try Fixture()
        let (cookie, _) = fixture.pair()
        let first = fixture.app.handle(HTTPRequest(method: "GET", path: "/api/today", headers: [("host", Self.host), ("cookie", cookie)]))
        let etag = first.headers.first { $0.0 == "ETag" }?.1 ?? ""
        #expect(first.status == 200 && !etag.isEmpty)
        let second = fixture.app.handle(HTTPRequest(method: "GET", path: "/api/today", headers: [("host", Self.host), ("cookie", cookie), ("if-none-match", etag)]))
        #expect(second.status == 304 && second.body.isEmpty)
        fixture.broken = "habits.units:3:12: error: 'Reading' is not declared"
        let broken = fixture.app.handle(HTTPRequest(method: "GET", path: "/api/today", headers: [("host", Self.host), ("cookie", cookie)]))
        let json = try JSONParser.parse(broken.body)
        #expect(json["readOnly"]?.bool == true && json["error"]?.string == fixture.broken && json["report"]?.isNull == true)
    }

    @Test func theViewsPageIsForPairedDevicesAndRunsNoScript() throws {
        let fixture = try Fixture()
        let anonymous = fixture.app.handle(HTTPRequest(method: "GET", path: "/views", headers: [("host", Self.host)]))
        #expect(anonymous.status == 403 && !String(decoding: anonymous.body, as: UTF8.self).contains("Reading"))
        let (cookie, _) = fixture.pair()
        let page = fixture.app.handle(HTTPRequest(method: "GET", path: "/views", headers: [("host", Self.host), ("cookie", cookie)]))
        let csp = page.headers.first { $0.0 == "Content-Security-Policy" }?.1 ?? ""
        #expect(page.status == 200 && String(decoding: page.body, as: UTF8.self).contains("Reading wall"))
        #expect(csp.hasPrefix("default-src 'none'") && !csp.contains("script-src"))
    }

    /// The calendar feed is read by a phone's calendar, which sends no
    /// cookie: its URL, shown on the paired page, carries a key derived
    /// from the device's token; without the key, or with another, nothing.
    @Test func theCalendarFeedIsReadWithThePairedPagesKeyOnly() throws {
        let fixture = try Fixture()
        let anonymous = fixture.app.handle(HTTPRequest(method: "GET", path: "/calendar.ics", headers: [("host", Self.host)]))
        #expect(anonymous.status == 403)
        let (cookie, _) = fixture.pair()
        let page = String(decoding: fixture.app.handle(HTTPRequest(method: "GET", path: "/", headers: [("host", Self.host), ("cookie", cookie)])).body, as: UTF8.self)
        let key = try #require(page.firstMatch(of: /calendar\.ics\?key=([0-9a-f]{32})"/).map { String($0.1) })
        let token = String(cookie.split(separator: "=")[1])
        #expect(key == ServeApp.feedKey(token) && !page.contains(token))
        let wrong = fixture.app.handle(HTTPRequest(method: "GET", path: "/calendar.ics", query: ["key": String(key.reversed())], headers: [("host", Self.host)]))
        #expect(wrong.status == 403)
        let byCookie = fixture.app.handle(HTTPRequest(method: "GET", path: "/calendar.ics", query: ["key": token], headers: [("host", Self.host), ("cookie", cookie)]))
        #expect(byCookie.status == 403)
        let feed = fixture.app.handle(HTTPRequest(method: "GET", path: "/calendar.ics", query: ["key": key], headers: [("host", Self.host)]))
        #expect(feed.status == 200 && String(decoding: feed.body, as: UTF8.self).hasPrefix("BEGIN:VCALENDAR"))
        #expect(feed.headers.contains { $0.0 == "Content-Type" && $0.1.hasPrefix("text/calendar") })
    }

    /// The command's backend makes the feed with `units calendar` itself.
    @Test func theBackendsFeedIsUnitsCalendars() throws {
        let journal = try CLI.temporaryFile("""
            units 1
            2025-12-01 habit Meditate
              kind:   check
              remind: 21:00

            """)
        let backend = ServeCommand.backend(path: journal, today: "2025-12-14", io: CommandIO(writeOut: { _ in }, writeErr: { _ in }, environment: [:]))
        guard case .success(let bytes) = backend.calendar() else { Issue.record("no feed"); return }
        let feed = String(decoding: bytes, as: UTF8.self)
        #expect(feed.hasPrefix("BEGIN:VCALENDAR\r\n") && feed.contains("BEGIN:VALARM") && feed.contains("DTSTART:20251214T210000"), "\(feed)")
    }

    @Test func readOnlyRefusesEveryWriteInWords() throws {
        let fixture = try Fixture(readOnly: true)
        let (cookie, csrf) = fixture.pair()
        let response = fixture.write(#"{"id": "tap-00000001", "action": "log", "habit": "Reading"}"#, cookie: cookie, csrf: csrf)
        #expect(response.status == 422 && String(decoding: response.body, as: UTF8.self).contains("--read-only") && fixture.written.isEmpty)
    }

    /// Journal text reaches the page only through text nodes, and the page
    /// runs only the script the server nonced.
    @Test func thePageBuildsTheDOMFromTextNodesOnly() throws {
        let page = ServePage.app(csrf: "c", nonce: "n0nce", readOnly: false, feed: "/calendar.ics?key=k")
        for sink in ["innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function"] {
            #expect(!page.contains(sink), "the page uses \(sink)")
        }
        #expect(page.contains("<script nonce=\"n0nce\">") && page.contains("apple-mobile-web-app-capable") && page.contains("manifest"))
        let fixture = try Fixture()
        let (cookie, _) = fixture.pair()
        let response = fixture.app.handle(HTTPRequest(method: "GET", path: "/", headers: [("host", Self.host), ("cookie", cookie)]))
        let csp = response.headers.first { $0.0 == "Content-Security-Policy" }?.1 ?? ""
        #expect(csp.contains("script-src 'nonce-") && !csp.contains("unsafe-inline") && csp.contains("frame-ancestors 'none'"))
    }

    @Test func devicesAreListedAndRevokedByName() throws {
        let directory = try CLIFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var state = ServeState(directory: directory + "/units")
        _ = try state.pair(kind: "iphone", token: "t1", csrf: "c1", at: 1_765_700_000)
        _ = try state.pair(kind: "iphone", token: "t2", csrf: "c2", at: 1_765_700_000)
        let environment = ["XDG_STATE_HOME": directory]
        let listed = CLIFixtures.units(["serve", "--devices"], environment: environment)
        #expect(listed.0 == .ok && listed.1 == "iphone  paired 2025-12-14\niphone-2  paired 2025-12-14\n", "\(listed)")
        let revoked = CLIFixtures.units(["serve", "--revoke", "iphone"], environment: environment)
        #expect(revoked.0 == .ok && revoked.1.contains("Unpaired iphone"))
        #expect(ServeState(directory: directory + "/units").device(token: "t1") == nil)
        #expect(ServeState(directory: directory + "/units").device(token: "t2")?.name == "iphone-2")
        let unknown = CLIFixtures.units(["serve", "--revoke", "nokia"], environment: environment)
        #expect(unknown.0 == .failure && unknown.2.contains("no paired device called 'nokia' (paired: iphone-2)"))
        let mode = try FileManager.default.attributesOfItem(atPath: directory + "/units/serve-devices")[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func badAddressesAndPortsAreUsageErrors() {
        let journal = CLI.example("habits.units")
        for arguments in [["--host", "example.com"], ["--host", "127.0.0.1; rm"], ["--port", "70000"], ["--port", "x"], ["--request-timeout", "0"], ["extra"]] {
            let run = CLIFixtures.units(["serve", "--file", journal] + arguments)
            #expect(run.0 == .usage && !run.2.isEmpty, "\(arguments): \(run)")
        }
    }
}
