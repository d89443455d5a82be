import UnitsCLI
import UnitsKit

/// A tap on `units serve`'s page: one POST /api/write (`log Reading 1`)
/// through the served app and the write path, on a 100k-line journal, in a
/// child that pairs as a browser would (sockets not timed; the new journal
/// is built untimed after each answer, as the server does).
enum ServeTap {
    static let taps = 60

    /// `--child-serve JOURNAL TODAY RESULT`: writes "median p99 cpu" in seconds.
    static func child(_ arguments: [String]) -> Int32 {
        guard arguments.count == 3 else { return 2 }
        let (path, today, result) = (arguments[0], arguments[1], arguments[2])
        let state = FileReader.directory(of: path) + "/serve-state"
        let memo = JournalMemo()
        let io = CommandIO(writeOut: { _ in }, writeErr: { _ in }, environment: ["XDG_STATE_HOME": state])
        let backend = ServeCommand.backend(path: path, today: today, io: io, memo: memo)
        guard let app = try? ServeApp(backend: backend, state: ServeState(directory: state), port: 8765, readOnly: false) else { return 1 }
        let host = ("host", "127.0.0.1:8765")
        let paired = app.handle(HTTPRequest(method: "GET", path: "/pair", query: ["code": app.pairingCode], headers: [host]))
        guard paired.status == 200, let cookie = paired.headers.first(where: { $0.0 == "Set-Cookie" })?.1.split(separator: ";").first,
              let csrf = app.state.devices.first?.csrf else { return 1 }
        // The page's first look at the day.
        _ = app.handle(HTTPRequest(method: "GET", path: "/api/today", headers: [host, ("cookie", String(cookie))]))
        var times: [Double] = [], cpu: [Double] = []
        for tap in 0..<taps {
            let body = #"{"id": "bench-tap-\#(tap)", "action": "log", "habit": "Reading", "value": "1"}"#
            let request = HTTPRequest(method: "POST", path: "/api/write", headers: [
                host, ("cookie", String(cookie)), ("origin", "http://127.0.0.1:8765"), ("x-units-csrf", csrf)], body: Array(body.utf8))
            let (wall, processor) = (SystemClock.monotonicSeconds(), SystemProcess.cpuSeconds())
            let response = app.handle(request)
            times.append(SystemClock.monotonicSeconds() - wall)
            cpu.append(SystemProcess.cpuSeconds() - processor)
            guard response.status == 200 else {
                FileHandleErr.write("units-bench: the tap was refused: \(String(decoding: response.body, as: UTF8.self))\n")
                return 1
            }
            memo.warmAfterWrite(path: path)
        }
        times.sort()
        cpu.sort()
        let p99 = times[min(times.count - 1, times.count * 99 / 100)]
        let text = "\(times[times.count / 2]) \(p99) \(cpu[cpu.count / 2])\n"
        return Benchmark.writeFile(Array(text.utf8), to: result) ? 0 : 1
    }
}

extension Benchmark {
    func serveTapRow() -> Row {
        let (outcome, p99) = serveTap()
        return Row(work: "units serve tap", entries: 100_000, bytes: 0, outcome: outcome, must: Must.serveTap,
                   note: "written and confirmed, 100k lines, wall; p99 \(Format.fixed(p99 * 1000, 1)) ms")
    }

    /// The tap row: median and p99 of the taps (wall), median CPU; the
    /// journal written afresh for every run.
    func serveTap() -> (Outcome, p99: Double) {
        let exe = ChildProcess.currentExecutable()
        let generator = Self.generator(options, entries: 100_000, perDay: 50)
        let journal = generator.generate()
        let path = "\(workDirectory)/serve-100k/habits.units", result = path + ".result"
        defer { _ = ChildProcess.run("/bin/rm", ["-rf", "\(workDirectory)/serve-100k"]) }
        var worst: [Double] = []
        let outcome = repeated(options.runs) {
            _ = ChildProcess.run("/bin/rm", ["-rf", "\(workDirectory)/serve-100k"])
            _ = ChildProcess.run("/bin/mkdir", ["-p", "\(workDirectory)/serve-100k"])
            guard Self.writeFile(journal.bytes, to: path) else { throw Failed("n/a (cannot write)") }
            let today = journal.expected.lastDate?.description ?? "2025-12-14"
            var child = try spawn(exe, ["--child-serve", path, today, result])
            guard child.status == 0, let numbers = ChildProcess.resultNumbers(result) else { throw Failed("wrong: exit \(child.status)") }
            guard numbers.count == 3 else { throw Failed("wrong: no result") }
            (child.seconds, child.cpuSeconds) = (numbers[0], numbers[2])
            worst.append(numbers[1])
            return child
        }
        return (outcome, worst.count == options.runs ? median(worst) : 0)
    }
}
