/// One HTTP/1.1 request as `units serve` reads it: the request line,
/// headers and a body of known length (no chunked uploads: the page never
/// sends one).
public struct HTTPRequest: Sendable {
    public var method: String
    /// The path, without the query (`/api/today`).
    public var path: String
    /// The query's `name=value` pairs, percent-decoded.
    public var query: [String: String]
    /// Header names in lower case, in the order sent.
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public init(method: String, path: String, query: [String: String] = [:], headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.method = method; self.path = path; self.query = query; self.headers = headers; self.body = body
    }

    /// The last value of header `name` (any case).
    public func header(_ name: String) -> String? {
        let lower = name.lowercased()
        return headers.last(where: { $0.name == lower })?.value
    }

    /// The value of cookie `name`.
    public func cookie(_ name: String) -> String? {
        for header in headers where header.name == "cookie" {
            for part in header.value.split(separator: ";") {
                let pair = part.split(separator: "=", maxSplits: 1)
                if pair.count == 2, String(pair[0]).trimmingSpaces() == name { return String(pair[1]).trimmingSpaces() }
            }
        }
        return nil
    }
}

/// The limits that keep one client from holding the server.
public struct HTTPLimits: Sendable {
    /// Request line and headers together.
    public var headerBytes = 16 * 1024
    public var headerCount = 64
    public var bodyBytes = 64 * 1024
    /// Seconds from a connection's first byte to its last response byte.
    public var seconds: Double = 10
    public var connections = 64
    public init() {}
}

/// What the parser made of the bytes so far.
public enum HTTPParse: Sendable {
    case incomplete
    case request(HTTPRequest)
    /// A request to refuse with this status (431, 413, 400, 501).
    case refuse(Int, String)
}

public enum HTTPParser {
    static let headerEnd: [UInt8] = [13, 10, 13, 10]

    /// Reads one request from the start of `buffer`.
    public static func parse(_ buffer: [UInt8], limits: HTTPLimits) -> HTTPParse {
        guard let end = buffer.prefix(limits.headerBytes + 4).firstRange(of: headerEnd)?.lowerBound else {
            return buffer.count > limits.headerBytes ? .refuse(431, "request headers too large") : .incomplete
        }
        guard let head = String(validating: buffer[0..<end], as: UTF8.self) else { return .refuse(400, "request head is not UTF-8") }
        var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
        let requestLine = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: false)
        guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1."), !requestLine[0].isEmpty,
              requestLine[1].hasPrefix("/") else { return .refuse(400, "bad request line") }
        guard lines.count <= limits.headerCount else { return .refuse(431, "too many headers") }
        var headers: [(name: String, value: String)] = []
        for line in lines {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else { return .refuse(400, "bad header line") }
            let name = line[..<colon].lowercased()
            guard !name.contains(" ") else { return .refuse(400, "bad header name") }
            headers.append((name, String(line[line.index(after: colon)...]).trimmingSpaces()))
        }
        var request = HTTPRequest(method: String(requestLine[0]), path: "/", headers: headers)
        if request.header("transfer-encoding") != nil { return .refuse(501, "chunked requests are not taken") }
        var length = 0
        if let text = request.header("content-length") {
            guard let n = Int(text), n >= 0, text.allSatisfy(\.isASCII) else { return .refuse(400, "bad Content-Length") }
            guard n <= limits.bodyBytes else { return .refuse(413, "request body too large") }
            length = n
        }
        let bodyStart = end + 4
        guard buffer.count >= bodyStart + length else { return .incomplete }
        request.body = Array(buffer[bodyStart..<bodyStart + length])
        let target = String(requestLine[1])
        if let mark = target.firstIndex(of: "?") {
            request.path = percentDecoded(String(target[..<mark])) ?? "/\u{0}"
            request.query = parseQuery(String(target[target.index(after: mark)...]))
        } else {
            request.path = percentDecoded(target) ?? "/\u{0}"
        }
        return .request(request)
    }

    /// `a=1&b=x%20y` as a dictionary (a form body uses the same).
    public static func parseQuery(_ text: String) -> [String: String] {
        var out: [String: String] = [:]
        for part in text.split(separator: "&") {
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = percentDecoded(plusAsSpace(pair[0])) ?? ""
            let value = pair.count > 1 ? percentDecoded(plusAsSpace(pair[1])) ?? "" : ""
            out[name] = value
        }
        return out
    }

    static func plusAsSpace(_ text: Substring) -> String {
        String(text.map { $0 == "+" ? " " : $0 })
    }

    /// `%41` → `A`; nil for a broken escape or bytes that are not UTF-8.
    public static func percentDecoded(_ text: String) -> String? {
        PercentDecoding.bytes(text.utf8).flatMap { String(validating: $0, as: UTF8.self) }
    }
}

/// A response: status, headers, body. Every response closes its
/// connection (one request per connection keeps the server simple and a
/// slow client cheap to drop).
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [(String, String)]
    public var body: [UInt8]

    public init(status: Int, headers: [(String, String)] = [], body: [UInt8] = []) {
        self.status = status; self.headers = headers; self.body = body
    }

    public static func text(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array((text + "\n").utf8))
    }

    public static func json(_ status: Int, _ body: [UInt8], extra: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json; charset=utf-8")] + extra, body: body)
    }

    /// The reason phrase of each status the server sends (RFC 9110).
    static let reasons = [200: "OK", 204: "No Content", 303: "See Other", 304: "Not Modified", 400: "Bad Request",
                          403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed", 408: "Request Timeout",
                          409: "Conflict", 413: "Content Too Large", 421: "Misdirected Request",
                          422: "Unprocessable Content", 431: "Request Header Fields Too Large",
                          501: "Not Implemented", 503: "Service Unavailable"]

    /// The bytes on the wire. Nothing is cached, nothing is sniffed, no
    /// page may frame this one, and no referrer leaves it.
    public func serialized() -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(Self.reasons[status] ?? "Status")\r\n"
        var all = headers
        all.append(("Content-Length", String(body.count)))
        all.append(("Connection", "close"))
        all.append(("X-Content-Type-Options", "nosniff"))
        all.append(("Referrer-Policy", "no-referrer"))
        all.append(("X-Frame-Options", "DENY"))
        if !all.contains(where: { $0.0 == "Cache-Control" }) { all.append(("Cache-Control", "no-store")) }
        for (name, value) in all { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        return Array(head.utf8) + body
    }
}

