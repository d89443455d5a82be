/// The server's main loop, independent of where bytes come from: every
/// whole message to the server, its answers sent, until `exit` or the end
/// of the input (a bad header answered with a JSON-RPC error, and skipped).
public enum ServerLoop {
    /// Runs until `exit` (0 after `shutdown`, else 1) or end of input (likewise).
    public static func run(_ server: LanguageServer, read: () -> [UInt8]?, send: (String) -> Void) -> Int32 {
        var framer = MessageFramer()
        while let chunk = read() {
            framer.append(chunk)
            while let frame = framer.next() {
                let replies: [String]
                switch frame {
                case .message(let body):
                    replies = server.handle(body: body)
                case .badHeader(let reason):
                    replies = [LanguageServer.errorResponse(id: .null, .parseError, "bad message header: \(reason)").encoded()]
                }
                for reply in replies { send(String(decoding: MessageFramer.frame(reply), as: UTF8.self)) }
                if let code = server.exitCode { return code }
            }
        }
        return server.exitCode ?? (server.isShutDown ? 0 : 1)
    }
}
