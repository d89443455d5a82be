#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few socket calls `units serve` makes: one listening TCP socket,
/// non-blocking connections, and `poll` over them.
public enum Socket {
    /// Why a listening socket could not be made.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// A non-blocking TCP socket listening on `host` (an IPv4 or IPv6
    /// literal) and `port` (0: any free port); returns it and the port.
    public static func listen(host: String, port: Int) throws(Failure) -> (fd: Int32, port: Int) {
        var v4 = sockaddr_in()
        var v6 = sockaddr_in6()
        let isV6: Bool
        if inet_pton(AF_INET, host, &v4.sin_addr) == 1 {
            isV6 = false
        } else if inet_pton(AF_INET6, host, &v6.sin6_addr) == 1 {
            isV6 = true
        } else {
            throw Failure(description: "'\(host)' is not an IP address (use 127.0.0.1, ::1 or 0.0.0.0)")
        }
        guard (0...65535).contains(port) else { throw Failure(description: "port \(port) is not between 0 and 65535") }
        #if canImport(Glibc)
        let stream = Int32(SOCK_STREAM.rawValue)
        #else
        let stream = SOCK_STREAM
        #endif
        let fd = socket(isV6 ? AF_INET6 : AF_INET, stream, 0)
        guard fd >= 0 else { throw Failure(description: "cannot make a socket: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound: Int32
        if isV6 {
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = in_port_t(UInt16(port).bigEndian)
            bound = withUnsafePointer(to: &v6) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) } }
        } else {
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = in_port_t(UInt16(port).bigEndian)
            bound = withUnsafePointer(to: &v4) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        }
        guard bound == 0, cListen(fd, 64) == 0 else {
            let reason = String(cString: strerror(errno))
            SystemFile.closeDescriptor(fd)
            throw Failure(description: "cannot listen on \(host) port \(port): \(reason)")
        }
        setNonBlocking(fd)
        return (fd, localPort(fd))
    }

    /// The port a socket is bound to.
    static func localPort(_ fd: Int32) -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let ok = withUnsafeMutablePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        guard ok == 0 else { return 0 }
        if Int32(storage.ss_family) == AF_INET6 {
            return withUnsafePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) } }
        }
        return withUnsafePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) } }
    }

    static func setNonBlocking(_ fd: Int32) {
        let flags = fcntl(fd, F_GETFL, 0)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }

    /// A waiting connection, non-blocking, or nil when there is none.
    public static func accept(_ listener: Int32) -> Int32? {
        let fd = cAccept(listener)
        guard fd >= 0 else { return nil }
        setNonBlocking(fd)
        #if canImport(Darwin)
        var yes: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return fd
    }

    /// What a read on a non-blocking socket gave.
    public enum ReadResult: Equatable, Sendable {
        case bytes([UInt8])
        case wouldBlock
        case closed
    }

    /// Reads up to `limit` bytes.
    public static func read(_ fd: Int32, limit: Int = 16384) -> ReadResult {
        var buffer = [UInt8](repeating: 0, count: limit)
        let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, limit, 0) }
        if n > 0 { return .bytes(Array(buffer[0..<n])) }
        if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return .wouldBlock }
        return .closed
    }

    /// Writes what the socket takes now: the count written, 0 when it would
    /// block, nil when the peer is gone.
    public static func write(_ fd: Int32, _ bytes: ArraySlice<UInt8>) -> Int? {
        #if canImport(Glibc)
        let flags = Int32(MSG_NOSIGNAL)
        #else
        let flags: Int32 = 0
        #endif
        let n = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, flags) }
        if n >= 0 { return n }
        if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return 0 }
        return nil
    }

    /// Ends the sending side: the peer reads the whole answer, then EOF (a
    /// close with unread input would reset the connection).
    public static func shutdownWrite(_ fd: Int32) {
        #if canImport(Glibc)
        _ = shutdown(fd, Int32(SHUT_WR))
        #else
        _ = shutdown(fd, SHUT_WR)
        #endif
    }

    /// What to wait for on one descriptor.
    public struct Interest: Sendable {
        public var fd: Int32
        public var read: Bool
        public var write: Bool
        public init(fd: Int32, read: Bool, write: Bool) { self.fd = fd; self.read = read; self.write = write }
    }

    /// Waits up to `milliseconds` for any of `interests`; returns, per
    /// interest, whether it is ready (readable, writable, or hung up).
    public static func poll(_ interests: [Interest], milliseconds: Int32) -> [Bool] {
        var fds = interests.map { interest -> pollfd in
            var events: Int16 = 0
            if interest.read { events |= Int16(POLLIN) }
            if interest.write { events |= Int16(POLLOUT) }
            return pollfd(fd: interest.fd, events: events, revents: 0)
        }
        let n = cPoll(&fds, milliseconds)
        guard n > 0 else { return Array(repeating: false, count: fds.count) }
        return fds.map { $0.revents != 0 }
    }

    /// A writer to a peer that has gone away must not kill the server.
    public static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Ctrl-C and SIGTERM stop a server even when its parent ignored them
    /// (a killed write leaves the old file).
    public static func stopOnInterrupt() {
        for signal in [SIGINT, SIGTERM] {
            SystemSignals.restoreDefault(signal)
            SystemSignals.unblock(signal)
        }
    }

    /// The machine's IPv4 addresses other than loopback, for the link a
    /// phone on the local network opens.
    public static func localIPv4Addresses() -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var out: [String] = []
        var cursor: UnsafeMutablePointer<ifaddrs>? = first
        while let entry = cursor {
            defer { cursor = entry.pointee.ifa_next }
            guard let address = entry.pointee.ifa_addr, Int32(address.pointee.sa_family) == AF_INET else { continue }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            let ok = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { pointer -> Bool in
                var inAddress = pointer.pointee.sin_addr
                return inet_ntop(AF_INET, &inAddress, &text, socklen_t(INET_ADDRSTRLEN)) != nil
            }
            let string = SystemProcess.text(text)
            if ok, !string.hasPrefix("127."), !out.contains(string) { out.append(string) }
        }
        return out
    }

    /// `count` bytes from the kernel's random source, or nil when it cannot
    /// be read (then nothing secret may be made).
    public static func randomBytes(_ count: Int) -> [UInt8]? {
        guard let fd = try? SystemFile.openFile("/dev/urandom", O_RDONLY | O_CLOEXEC) else { return nil }
        defer { SystemFile.closeDescriptor(fd) }
        var out = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            guard let n = try? SystemFile.readSome(fd, into: &out, from: filled), n > 0 else { return nil }
            filled += n
        }
        return out
    }
}

// Outside `Socket`, whose own `listen`, `accept` and `poll` would hide the C library's.
private func cListen(_ fd: Int32, _ backlog: Int32) -> Int32 { listen(fd, backlog) }
private func cAccept(_ listener: Int32) -> Int32 { accept(listener, nil, nil) }
private func cPoll(_ fds: inout [pollfd], _ milliseconds: Int32) -> Int32 {
    poll(&fds, nfds_t(fds.count), milliseconds)
}
