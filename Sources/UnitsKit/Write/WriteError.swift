/// Why a write to a journal did not happen, in words a person can act on.
/// When a `WriteError` is thrown, the file is as it was before the attempt.
public struct WriteError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String

    /// An error from a failed system call, with the errno explained.
    static func system(_ path: String, _ what: String, _ code: Int32 = errno) -> WriteError {
        WriteError(path: path, reason: "\(what): \(FileReader.reason(code))")
    }

    public var description: String { "\(path): \(reason)" }
}
