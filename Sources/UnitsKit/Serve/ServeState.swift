/// What `units serve` keeps between runs, beside the undo records under
/// `$XDG_STATE_HOME/units` (default `~/.local/state/units`): the paired
/// devices with their tokens, and the ids of the taps already written.
/// Both files are the user's alone (mode 0600) and replaced atomically.
public struct ServeState {
    /// A browser that opened a pairing link.
    public struct Device: Equatable, Sendable {
        public var name: String
        public var token: String
        /// The anti-CSRF token the page carries; kept with the device so a
        /// page open across a restart of the server can still write.
        public var csrf: String
        /// Seconds since 1970.
        public var paired: Int
    }

    public let directory: String
    public private(set) var devices: [Device] = []
    public private(set) var applied: [String] = []
    var appliedSet: Set<String> = []

    /// How many tap ids are remembered: far more than a phone queues
    /// offline, so a replay of any of them is recognised.
    static let appliedLimit = 5000

    public var devicesPath: String { directory + "/serve-devices" }
    public var appliedPath: String { directory + "/serve-applied" }

    public init(directory: String) {
        self.directory = directory
        reloadDevices()
        if let bytes = try? FileReader.readBytes(atPath: appliedPath) {
            applied = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
            appliedSet = Set(applied)
        }
    }

    /// Reads the devices again: `units serve --revoke` in another process
    /// takes effect at a running server's next request.
    public mutating func reloadDevices() {
        devices = []
        guard let bytes = try? FileReader.readBytes(atPath: devicesPath) else { return }
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 4, let paired = Int(fields[3]) else { continue }
            devices.append(Device(name: String(fields[0]), token: String(fields[1]), csrf: String(fields[2]), paired: paired))
        }
    }

    public func device(token: String) -> Device? {
        guard !token.isEmpty else { return nil }
        return devices.first { constantTimeEqual($0.token, token) }
    }

    /// Adds a device with a fresh name (`phone`, `phone-2`, ...).
    public mutating func pair(kind: String, token: String, csrf: String, at seconds: Int) throws(WriteError) -> Device {
        var name = kind
        var n = 2
        while devices.contains(where: { $0.name == name }) { name = "\(kind)-\(n)"; n += 1 }
        let device = Device(name: name, token: token, csrf: csrf, paired: seconds)
        devices.append(device)
        try saveDevices()
        return device
    }

    /// Removes the device called `name`; false when there is none.
    public mutating func revoke(_ name: String) throws(WriteError) -> Bool {
        guard devices.contains(where: { $0.name == name }) else { return false }
        devices.removeAll { $0.name == name }
        try saveDevices()
        return true
    }

    func saveDevices() throws(WriteError) {
        try UndoStack.makeDirectory(directory)
        let text = devices.map { "\($0.name)\t\($0.token)\t\($0.csrf)\t\($0.paired)\n" }.joined()
        try FileCommit.overwrite(devicesPath, bytes: Array(text.utf8), mode: 0o600)
    }

    public func wasApplied(_ id: String) -> Bool { appliedSet.contains(id) }

    /// Remembers that the tap `id` is in the journal.
    public mutating func markApplied(_ id: String) throws(WriteError) {
        applied.append(id)
        appliedSet.insert(id)
        if applied.count > Self.appliedLimit {
            for old in applied.prefix(applied.count - Self.appliedLimit) { appliedSet.remove(old) }
            applied.removeFirst(applied.count - Self.appliedLimit)
        }
        try UndoStack.makeDirectory(directory)
        try FileCommit.overwrite(appliedPath, bytes: Array(applied.map { $0 + "\n" }.joined().utf8), mode: 0o600)
    }

    /// Compares without stopping at the first difference, so the time a
    /// refusal takes says nothing about how much of a token was right.
    func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for i in 0..<x.count { difference |= x[i] ^ y[i] }
        return difference == 0
    }
}
