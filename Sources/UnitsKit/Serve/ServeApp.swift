/// The routes of `units serve` and who may use them. The journal is read
/// and written by the caller's `Backend` (the same commands as the
/// terminal's `units today --json`, `units log`, `units task` (add, done,
/// drop, pin, unpin), `units undo`); this type decides only whether a request may reach them.
///
/// Access is Jupyter's: a one-time pairing code in the printed link gives
/// the browser that opens it a long random token in an HttpOnly,
/// SameSite=Strict cookie. Every request's Host must be a literal address
/// or `localhost` on the served port (a DNS-rebound name is refused);
/// every write must come from the page's own origin with the anti-CSRF
/// token the page was served with.
public final class ServeApp {
    /// One change the page asks for.
    public struct Action: Sendable, Equatable {
        public enum Kind: String, Sendable { case log, taskAdd = "task-add", taskDone = "task-done", taskDrop = "task-drop"
            case taskPin = "task-pin", taskUnpin = "task-unpin", undo }
        public var kind: Kind
        public var habit: String = ""
        /// A count (`3`, `-1`), a number for a habit with a goal, or a check
        /// state (`yes`, `kinda`, `no`, `skip`); for a new task, its units
        /// (and `habit` the habit they go to).
        public var value: String = ""
        public var title: String = ""
        /// A new task pinned to its day as it opens (`units task add --pin`).
        public var pin = false
        /// The day the tap was made on, when the page says.
        public var day: CivilDate?
    }

    /// What the caller does with the journal.
    public struct Backend {
        /// `units today --json`: the report's bytes, or the first error
        /// when the journal cannot be read.
        public var today: () -> Result<[UInt8], ServeRefusal>
        /// Performs one action through the write path: the message the
        /// terminal would print, or why nothing was written.
        public var perform: (Action) -> Result<String, ServeRefusal>
        /// `units html`: the page of every view (pile, walls, heatmaps,
        /// history, insights, receipt), which has no script.
        public var views: () -> Result<[UInt8], ServeRefusal>
        /// `units calendar`: the reminders as an iCalendar feed.
        public var calendar: () -> Result<[UInt8], ServeRefusal>
        public init(today: @escaping () -> Result<[UInt8], ServeRefusal>, perform: @escaping (Action) -> Result<String, ServeRefusal>,
                    views: @escaping () -> Result<[UInt8], ServeRefusal>, calendar: @escaping () -> Result<[UInt8], ServeRefusal>) {
            self.today = today; self.perform = perform; self.views = views; self.calendar = calendar
        }
    }

    public let backend: Backend
    public var state: ServeState
    public let port: Int
    public let readOnly: Bool
    /// The code the next pairing link carries; replaced once used.
    public private(set) var pairingCode: String
    /// Called with each newly paired device (the terminal says so).
    public var onPair: (ServeState.Device, String) -> Void = { _, _ in }
    let random: (Int) -> [UInt8]?

    public init(backend: Backend, state: ServeState, port: Int, readOnly: Bool,
                random: @escaping (Int) -> [UInt8]? = Socket.randomBytes) throws(ServeRefusal) {
        self.backend = backend
        self.state = state
        self.port = port
        self.readOnly = readOnly
        self.random = random
        guard let code = random(12) else { throw ServeRefusal("cannot read random bytes from /dev/urandom") }
        pairingCode = Self.hex(code)
    }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef")
        return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] })
    }

    /// The path and query of the current pairing link.
    public var pairingPath: String { "/pair?code=\(pairingCode)" }

    // MARK: Routing

    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        guard hostIsAllowed(request.header("host")) else {
            return .text(421, "units serve: this address is not the one it serves; open the link it printed")
        }
        switch (request.method, request.path) {
        case ("GET", "/manifest.webmanifest"):
            return HTTPResponse(status: 200, headers: [("Content-Type", "application/manifest+json")], body: Array(ServePage.manifest.utf8))
        case ("GET", "/icon.svg"):
            return HTTPResponse(status: 200, headers: [("Content-Type", "image/svg+xml")], body: Array(ServePage.icon.utf8))
        case ("GET", "/pair"):
            return pair(request)
        case ("GET", "/"):
            guard let token = deviceToken(request) else { return pairingPage(status: 200) }
            return page(token: token)
        case ("GET", "/api/today"):
            guard deviceToken(request) != nil else { return .text(403, "not paired") }
            return today(request)
        case ("GET", "/views"):
            guard deviceToken(request) != nil else { return pairingPage(status: 403) }
            // One habit's part of the page: its wall and chips, or its
            // heatmap, by the anchor the page gives it.
            if let name = request.query["name"] {
                let part = request.query["part"] == "heatmap" ? "heatmap" : "habit"
                return HTTPResponse(status: 303, headers: [("Location", "/views#" + HTMLText.identifier(part, name))])
            }
            switch backend.views() {
            case .failure(let why): return .text(422, why.message)
            case .success(let page):
                // The views page runs no script: none is allowed.
                return HTTPResponse(status: 200, headers: [("Content-Type", "text/html; charset=utf-8"),
                    ("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'")], body: page)
            }
        case ("GET", "/calendar.ics"):
            // A phone's calendar subscribes without cookies, so the feed's
            // URL carries a key: one derived from a paired device's token,
            // which reads the feed and nothing else.
            state.reloadDevices()
            guard let key = request.query["key"], state.devices.contains(where: { state.constantTimeEqual(Self.feedKey($0.token), key) }) else {
                return .text(403, "not paired")
            }
            switch backend.calendar() {
            case .failure(let why): return .text(422, why.message)
            case .success(let feed):
                return HTTPResponse(status: 200, headers: [("Content-Type", "text/calendar; charset=utf-8"), ("Cache-Control", "no-store")], body: feed)
            }
        case ("POST", "/api/write"):
            guard let token = deviceToken(request) else { return .text(403, "not paired") }
            return write(request, token: token)
        case (_, "/"), (_, "/api/today"), (_, "/api/write"), (_, "/pair"), (_, "/views"), (_, "/calendar.ics"):
            return .text(405, "method not allowed")
        default:
            return .text(404, "not found")
        }
    }

    /// A literal address or `localhost`, on the served port: a name some
    /// DNS server points at 127.0.0.1 is not the owner's page.
    func hostIsAllowed(_ host: String?) -> Bool {
        guard let host, !host.isEmpty else { return false }
        var name = Substring(host)
        var port: Substring?
        if name.hasPrefix("[") {
            guard let close = name.firstIndex(of: "]") else { return false }
            let rest = name[name.index(after: close)...]
            if rest.hasPrefix(":") { port = rest.dropFirst() } else if !rest.isEmpty { return false }
            name = name[name.index(after: name.startIndex)..<close]
            guard name.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }), name.contains(":") else { return false }
        } else {
            if let colon = name.lastIndex(of: ":") { port = name[name.index(after: colon)...]; name = name[..<colon] }
            let isIPv4 = name.split(separator: ".", omittingEmptySubsequences: false).count == 4
                && name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
            guard isIPv4 || name.lowercased() == "localhost" else { return false }
        }
        return (port.map { Int($0) } ?? 80) == self.port
    }

    /// The key of a device's calendar feed: 32 hex digits derived from its
    /// token (which it does not reveal), so a feed URL kept by a calendar
    /// app can read the reminders but never write.
    public static func feedKey(_ token: String) -> String {
        let first = UndoRecord.hash(Array("units calendar feed\u{0}\(token)".utf8))
        let second = UndoRecord.hash(Array("\(token)\u{0}units calendar feed".utf8))
        return hex((0..<8).map { UInt8(truncatingIfNeeded: first >> (8 * $0)) } + (0..<8).map { UInt8(truncatingIfNeeded: second >> (8 * $0)) })
    }

    func deviceToken(_ request: HTTPRequest) -> String? {
        state.reloadDevices()
        guard let token = request.cookie(Self.cookie), state.device(token: token) != nil else { return nil }
        return token
    }

    static let cookie = "units_token"

    // MARK: Pairing

    func pair(_ request: HTTPRequest) -> HTTPResponse {
        guard let code = request.query["code"], state.constantTimeEqual(code, pairingCode) else {
            return pairingPage(status: 403, note: "That pairing link was used already or is not the current one. Open the link units serve printed last.")
        }
        guard let bytes = random(32), let csrfBytes = random(24), let next = random(12) else { return .text(503, "cannot read random bytes") }
        let token = Self.hex(bytes)
        let device: ServeState.Device
        do {
            device = try state.pair(kind: Self.deviceKind(request.header("user-agent") ?? ""), token: token, csrf: Self.hex(csrfBytes), at: SystemClock.secondsSince1970())
        } catch {
            return .text(503, "units serve: cannot remember the device: \(error)")
        }
        pairingCode = Self.hex(next)
        onPair(device, pairingPath)
        // A page, not a redirect: a SameSite=Strict cookie set by a
        // navigation that came from elsewhere is sent only on a request this
        // origin starts itself.
        let body = ServePage.paired(name: device.name)
        return HTTPResponse(status: 200, headers: [
            ("Content-Type", "text/html; charset=utf-8"),
            ("Set-Cookie", "\(Self.cookie)=\(token); Path=/; HttpOnly; SameSite=Strict; Max-Age=31536000"),
            ("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'"),
        ], body: Array(body.utf8))
    }

    static func deviceKind(_ userAgent: String) -> String {
        if userAgent.contains("iPhone") { return "iphone" }
        if userAgent.contains("iPad") { return "ipad" }
        if userAgent.contains("Android") { return "android" }
        if userAgent.contains("Mac OS X") { return "mac" }
        if userAgent.contains("Windows") { return "windows" }
        if userAgent.contains("Linux") { return "linux" }
        return "browser"
    }

    func pairingPage(status: Int, note: String = "") -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "text/html; charset=utf-8"),
                                               ("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")],
                     body: Array(ServePage.pairing(note: note).utf8))
    }

    // MARK: The page and its data

    func page(token: String) -> HTTPResponse {
        guard let csrfToken = state.device(token: token)?.csrf else { return pairingPage(status: 200) }
        guard let nonceBytes = random(16) else { return .text(503, "cannot read random bytes") }
        let nonce = Self.hex(nonceBytes)
        let csp = "default-src 'none'; script-src 'nonce-\(nonce)'; style-src 'nonce-\(nonce)'; connect-src 'self'; "
            + "img-src 'self' data:; manifest-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        return HTTPResponse(status: 200, headers: [("Content-Type", "text/html; charset=utf-8"), ("Content-Security-Policy", csp)],
                            body: Array(ServePage.app(csrf: csrfToken, nonce: nonce, readOnly: readOnly, feed: "/calendar.ics?key=" + Self.feedKey(token)).utf8))
    }

    /// The current report and its version (an ETag the page sends back).
    func current() -> (body: [UInt8], version: String) {
        var body: [UInt8]
        switch backend.today() {
        case .success(let report):
            body = Array("{\"readOnly\": \(readOnly), \"error\": null, \"report\": ".utf8) + report + Array("}\n".utf8)
        case .failure(let refusal):
            body = Array("{\"readOnly\": true, \"error\": ".utf8) + Array(JSONValue.string(refusal.message).encoded().utf8)
                + Array(", \"report\": null}\n".utf8)
        }
        let version = "\"" + String(UndoRecord.hash(body), radix: 16) + "\""
        return (body, version)
    }

    func today(_ request: HTTPRequest) -> HTTPResponse {
        let (body, version) = current()
        if request.header("if-none-match") == version {
            return HTTPResponse(status: 304, headers: [("ETag", version)])
        }
        return .json(200, body, extra: [("ETag", version)])
    }

    // MARK: Writes

    func write(_ request: HTTPRequest, token: String) -> HTTPResponse {
        guard let host = request.header("host"), request.header("origin") == "http://\(host)" else {
            return .text(403, "units serve: a write must come from the page itself (Origin)")
        }
        guard let expected = state.device(token: token)?.csrf, let sent = request.header("x-units-csrf"), state.constantTimeEqual(sent, expected) else {
            return .text(403, "units serve: the page is out of date; reload it")
        }
        if readOnly { return refusal(422, "units serve runs with --read-only: nothing can be written from the page") }
        let body: JSONValue
        do { body = try JSONParser.parse(request.body) } catch { return refusal(400, "the request is not JSON") }
        guard let id = body["id"]?.string, (8...64).contains(id.utf8.count),
              id.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 122) || ($0 >= 65 && $0 <= 90) || $0 == 45 }) else {
            return refusal(400, "each write needs an id of 8 to 64 letters, digits or dashes")
        }
        if state.wasApplied(id) { return .json(200, Array(#"{"ok": true, "duplicate": true, "message": "already written"}"#.utf8)) }
        guard let kindText = body["action"]?.string, let kind = Action.Kind(rawValue: kindText) else {
            return refusal(400, "unknown action")
        }
        var action = Action(kind: kind)
        action.habit = body["habit"]?.string ?? ""
        action.value = body["value"]?.string ?? ""
        action.title = body["title"]?.string ?? ""
        if let pin = body["pin"] {
            guard let pinned = pin.bool else { return refusal(400, "'pin' is true or false") }
            action.pin = pinned
        }
        if let day = body["day"]?.string {
            guard let date = CivilDate(iso: day) else { return refusal(400, "'\(day)' is not a date (YYYY-MM-DD)") }
            action.day = date
        }
        // A correction or an undo changes what the page showed: refused
        // when the journal moved on since (an append cannot overwrite).
        let isCorrection = kind == .undo || (kind == .log && action.value.hasPrefix("-"))
        if isCorrection, let seen = body["version"]?.string, seen != current().version {
            return refusal(409, "The journal changed since the page showed it; look again and retry.")
        }
        switch backend.perform(action) {
        case .failure(let why):
            return refusal(422, why.message)
        case .success(let message):
            do { try state.markApplied(id) } catch {
                return .json(200, Array("{\"ok\": true, \"message\": \(JSONValue.string(message).encoded()), \"warning\": \(JSONValue.string("written, but its id could not be remembered: \(error)").encoded())}".utf8))
            }
            return .json(200, Array("{\"ok\": true, \"message\": \(JSONValue.string(message).encoded())}".utf8))
        }
    }

    func refusal(_ status: Int, _ message: String) -> HTTPResponse {
        .json(status, Array("{\"ok\": false, \"error\": \(JSONValue.string(message).encoded())}".utf8))
    }
}

/// Why the journal could not be read or a change was not written, in words.
public struct ServeRefusal: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
