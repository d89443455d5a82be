import UnitsKit

/// `units serve`: the day view as a web app for the phone. Its data is
/// `units today --json`; its writes run `units log`, `task` and `undo`
/// in this process, through the one write path.
public enum ServeCommand: Command {
    public static let name = "serve"
    public static let summary = "Serve today's view as a web app for the phone: tap to log, tick, add and finish tasks, undo."
    public static let usage = "serve [--host ADDR] [--port N] [--read-only] [options]"
    static let host = Option<String>("--host", value: "ADDR", help: "Listen on ADDR (default 127.0.0.1; 0.0.0.0 for the local network).")
    static let port = Option<String>("--port", value: "N", help: "Listen on port N (default 8765; 0 picks a free one).")
    static let readOnly = Flag("--read-only", help: "Serve the view only; the page writes nothing.")
    static let devices = Flag("--devices", help: "List the paired devices and exit.")
    static let revoke = Option<String>("--revoke", value: "NAME", help: "Unpair the device NAME and exit.")
    static let requestTimeout = Option<String>("--request-timeout", value: "SECONDS",
        help: "Drop a connection that has not sent its request and read its answer in SECONDS (default 10).")
    public static let options: [OptionSpec] = [GlobalOptions.file.spec, GlobalOptions.today.spec, host.spec, port.spec, readOnly.spec,
                                               devices.spec, revoke.spec, requestTimeout.spec]
    public static let maximumPositionals: Int? = 0
    public static let discussion = """
        Prints the address and a one-time pairing link. Open the link on the
        phone (or the desktop browser): that browser is paired and keeps a
        long random token in a cookie; every other visitor sees only the
        pairing page. A used link is replaced by a new one, printed for the
        next device. Paired devices are kept in $XDG_STATE_HOME/units
        (default ~/.local/state/units); `units serve --devices` lists them,
        `units serve --revoke NAME` unpairs one.

        The page shows what `units today` shows and writes what `units log`,
        `units task` and `units undo` write, through the same checks: a line
        the linter would reject is refused with the reason. Taps made while
        the server cannot be reached wait on the phone and are written once,
        on the day they were made.

        No TLS: to use it away from home, reach it through an SSH tunnel or a
        private network, never the open internet (docs/serve.md). Ctrl-C stops it.

        Examples:
          units serve
          units serve --host 0.0.0.0 --port 8765
          units serve --devices
        """

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let tool = "units serve"
        /// What `body` makes, or its error said as `units serve: ERROR` (exit 1).
        func orFailure<T>(_ body: () throws -> T) throws(ExitCode) -> T {
            do { return try body() } catch { io.err("\(tool): \(error)\n"); throw .failure }
        }
        let stateDirectory = FileReader.directory(of: WriteSupport.undoDirectory(io))
        var state = ServeState(directory: stateDirectory)
        if arguments[devices] {
            if state.devices.isEmpty { io.out("No paired devices.\n"); return .ok }
            for device in state.devices {
                io.outData("\(device.name)  paired \(ServeCommand.day(of: device.paired))\n")
            }
            return .ok
        }
        if let name = arguments[revoke] {
            if try orFailure({ try state.revoke(name) }) {
                io.out("Unpaired \(name): its token no longer opens the page.\n")
                return .ok
            }
            let known = state.devices.map(\.name)
            io.err("\(tool): no paired device called '\(name)'\(known.isEmpty ? "" : " (paired: \(known.joined(separator: ", ")))")\n")
            return .failure
        }
        var host = arguments[Self.host] ?? "127.0.0.1"
        if host == "localhost" { host = "127.0.0.1" }
        guard host.allSatisfy({ $0.isHexDigit || $0 == "." || $0 == ":" }) else {
            throw UsageError("--host takes an IP address (127.0.0.1, ::1, 0.0.0.0, this machine's LAN address); got '\(host)'")
        }
        guard let port = Int(arguments[Self.port] ?? "8765"), (0...65535).contains(port) else {
            throw UsageError("--port takes a number from 0 to 65535")
        }
        var limits = HTTPLimits()
        if let text = arguments[requestTimeout] {
            guard let seconds = Double(text), seconds > 0, seconds <= 3600 else {
                throw UsageError("--request-timeout takes a number of seconds, more than 0")
            }
            limits.seconds = seconds
        }
        let path = try WriteSupport.path(arguments, io: io, tool: tool)
        let server = try orFailure { try HTTPServer(host: host, port: port, limits: limits) }
        let memo = JournalMemo()
        let backend = Self.backend(path: path, today: arguments[GlobalOptions.today], io: io, memo: memo)
        let app = try orFailure {
            try ServeApp(backend: backend, state: state, port: server.port, readOnly: arguments[readOnly])
        }
        let everywhere = host == "0.0.0.0" || host == "::"
        let lanAddress = everywhere ? Socket.localIPv4Addresses().first : nil
        let shownHost = everywhere ? (lanAddress ?? "127.0.0.1") : (host.contains(":") ? "[\(host)]" : host)
        let base = "http://\(shownHost):\(server.port)"
        app.onPair = { device, next in
            io.outData("Paired \(device.name). To pair another device: \(base)\(next)\n")
        }
        io.outData("units serve: \(path) on \(base)/\(arguments[readOnly] ? " (read-only)" : "")\n")
        io.outData("Pair a device: \(base)\(app.pairingPath)\n")
        if everywhere && lanAddress == nil {
            io.out("Listening on every address: on the phone, use this machine's LAN address in place of \(shownHost).\n")
        }
        // A phone on the network scans the link rather than typing it.
        if host != "127.0.0.1" && host != "::1", let code = QRCode(base + app.pairingPath) {
            let lines = code.terminalLines(style: TerminalStyle(color: io.outputIsTerminal))
            io.out(TerminalText.sanitized(lines.joined(separator: "\n") + "\n", keepingColor: true))
        }
        io.out("Ctrl-C stops.\n")
        server.run(idle: { memo.warmAfterWrite(path: path) }, handle: app.handle)
        return .ok
    }

    /// The journal's side of the server: the same commands as the terminal,
    /// run in this process with their output captured.
    /// `memo` keeps the journal's model between requests while the file
    /// stays the same.
    public static func backend(path: String, today: String?, io: CommandIO, memo: JournalMemo? = nil) -> ServeApp.Backend {
        var environment = io.environment
        if environment["UNITS_LOCK_TIMEOUT"] == nil { environment["UNITS_LOCK_TIMEOUT"] = "5" }
        let common = ["--file", path] + (today.map { ["--today", $0] } ?? [])
        func run(_ words: [String]) -> (ExitCode, String, String) {
            var out = "", err = ""
            var captured = CommandIO(writeOut: { out += $0 }, writeErr: { err += $0 }, environment: environment)
            captured.journalMemo = memo
            let code = UnitsTool.main(words, io: captured)
            return (code, out, err)
        }
        // What a read-only command printed, or its first problem (the
        // diagnostic's message line and the source line under it).
        func printed(_ words: [String]) -> Result<[UInt8], ServeRefusal> {
            let (code, out, err) = run(words + common)
            let problem = err.split(separator: "\n", omittingEmptySubsequences: false).prefix(3).joined(separator: "\n")
            return code == .ok ? .success(Array(out.utf8)) : .failure(ServeRefusal(problem))
        }
        return ServeApp.Backend(today: { printed(["today", "--json"]) }, perform: { action in
            let date = action.day.map { ["--date", $0.description] } ?? []
            let words: [String]
            switch action.kind {
            case .log: words = ["log"] + common + date + ["--", action.habit] + (action.value.isEmpty ? [] : [action.value])
            case .taskAdd:
                // A task's worth and habit, when the page gives them.
                let worth = action.value.isEmpty ? [] : ["--units", action.value]
                let habit = action.habit.isEmpty ? [] : ["--habit", action.habit]
                words = ["task", "add"] + common + date + worth + habit + (action.pin ? ["--pin"] : []) + ["--", action.title]
            case .taskDone, .taskDrop, .taskPin, .taskUnpin:
                // `task-done` is `units task done`.
                words = action.kind.rawValue.split(separator: "-").map(String.init) + common + date + ["--", action.title]
            case .undo: words = ["undo", "--file", path]
            }
            let (code, out, err) = run(words)
            memo?.written = true
            guard code == .ok else { return .failure(ServeRefusal(err.trimmingSpacesAndNewlines())) }
            return .success(out.trimmingSpacesAndNewlines())
        }, views: { printed(["html"]) }, calendar: { printed(["calendar"]) })
    }

    static func day(of seconds: Int) -> String {
        (CivilDate(year: 1970, month: 1, day: 1) ?? .minimum).adding(days: seconds / 86400).description
    }
}

extension String {
    func trimmingSpacesAndNewlines() -> String {
        var slice = Substring(self)
        while let last = slice.last, last == "\n" || last == " " { slice.removeLast() }
        return String(slice)
    }
}
