/// A system call that failed: which one, on what, and the C library's
/// error number, said in words a person can act on (`FileReader.reason`).
public struct SystemError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The C function, for a message that needs it (`rename`, `open`).
    public var call: String
    /// The path (or descriptor's file) it was made on; empty when none.
    public var path: String
    /// errno as the call left it.
    public var code: Int32

    /// Captures `errno` at once, before anything else can change it.
    public init(_ call: String, _ path: String = "", code: Int32 = errno) {
        self.call = call
        self.path = path
        self.code = code
    }

    /// The error number in words ("no such file", "permission denied").
    public var reason: String { FileReader.reason(code) }

    public var description: String { path.isEmpty ? "\(call): \(reason)" : "\(path): \(reason)" }
}
