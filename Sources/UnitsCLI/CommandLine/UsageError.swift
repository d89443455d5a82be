/// A usage error: exit code 2 and a message that says what was expected.
/// A command throws it; `Command.main` prints it as `PREFIX: message` with
/// the way to `--help`.
public struct UsageError: Error, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}
