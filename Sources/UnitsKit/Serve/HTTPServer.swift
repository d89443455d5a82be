/// A single-threaded HTTP/1.1 server: one `poll` loop over the listening
/// socket and its connections. A request is answered in full before the
/// next is read, so journal writes never overlap; a client that sends too
/// much, too many headers, or too slowly is dropped while the others are
/// served.
public final class HTTPServer {
    final class Connection {
        let fd: Int32
        var input: [UInt8] = []
        var output: [UInt8] = []
        var written = 0
        /// Answered: what still arrives is read and dropped until the peer
        /// closes or the deadline passes.
        var finished = false
        let deadline: Double
        init(fd: Int32, deadline: Double) { self.fd = fd; self.deadline = deadline }
    }

    public let listener: Int32
    public let port: Int
    public var limits: HTTPLimits
    var connections: [Int32: Connection] = [:]

    public init(host: String, port: Int, limits: HTTPLimits = HTTPLimits()) throws(Socket.Failure) {
        let (fd, bound) = try Socket.listen(host: host, port: port)
        listener = fd
        self.port = bound
        self.limits = limits
        Socket.ignoreBrokenPipes()
        Socket.stopOnInterrupt()
    }

    deinit {
        for fd in connections.keys { SystemFile.closeDescriptor(fd) }
        SystemFile.closeDescriptor(listener)
    }

    /// Serves until `keepGoing` returns false; `handle` answers each
    /// request, `idle` runs about twice a second.
    public func run(keepGoing: () -> Bool = { true }, idle: () -> Void = {}, handle: (HTTPRequest) -> HTTPResponse) {
        while keepGoing() {
            step(milliseconds: 500, handle: handle)
            idle()
        }
    }

    /// One round of the loop: waits up to `milliseconds`, then reads,
    /// answers, writes and drops what is ready or overdue.
    public func step(milliseconds: Int32, handle: (HTTPRequest) -> HTTPResponse) {
        let open = Array(connections.values)
        var interests = [Socket.Interest(fd: listener, read: true, write: false)]
        interests += open.map { Socket.Interest(fd: $0.fd, read: $0.output.isEmpty || $0.finished, write: !$0.output.isEmpty && !$0.finished) }
        let ready = Socket.poll(interests, milliseconds: milliseconds)
        let now = SystemClock.monotonicSeconds()
        if ready[0] { acceptAll(now: now) }
        for (index, connection) in open.enumerated() {
            if ready[index + 1] {
                if connection.finished { drain(connection) } else if connection.output.isEmpty { readFrom(connection, handle: handle) } else { writeTo(connection) }
            }
            if connections[connection.fd] != nil, now > connection.deadline { drop(connection) }
        }
    }

    func acceptAll(now: Double) {
        while let fd = Socket.accept(listener) {
            if connections.count >= limits.connections {
                SystemFile.closeDescriptor(fd)
                continue
            }
            connections[fd] = Connection(fd: fd, deadline: now + limits.seconds)
        }
    }

    func readFrom(_ connection: Connection, handle: (HTTPRequest) -> HTTPResponse) {
        switch Socket.read(connection.fd) {
        case .wouldBlock: return
        case .closed: drop(connection); return
        case .bytes(let bytes): connection.input += bytes
        }
        switch HTTPParser.parse(connection.input, limits: limits) {
        case .incomplete:
            if connection.input.count > limits.headerBytes + limits.bodyBytes + 4 { respond(connection, .text(413, "request too large")) }
        case .refuse(let status, let why):
            respond(connection, .text(status, why))
        case .request(let request):
            respond(connection, handle(request))
        }
    }

    func respond(_ connection: Connection, _ response: HTTPResponse) {
        connection.input = []
        connection.output = response.serialized()
        writeTo(connection)
    }

    func writeTo(_ connection: Connection) {
        guard let n = Socket.write(connection.fd, connection.output[connection.written...]) else { drop(connection); return }
        connection.written += n
        if connection.written >= connection.output.count {
            connection.finished = true
            Socket.shutdownWrite(connection.fd)
        }
    }

    func drain(_ connection: Connection) {
        for _ in 0..<8 {
            switch Socket.read(connection.fd) {
            case .bytes: continue
            case .wouldBlock: return
            case .closed: drop(connection); return
            }
        }
    }

    func drop(_ connection: Connection) {
        SystemFile.closeDescriptor(connection.fd)
        connections[connection.fd] = nil
    }
}
