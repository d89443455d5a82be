import UnitsKit

/// Exit codes, the same for every tool.
public enum ExitCode: Int32, Sendable, Error {
    /// Nothing wrong.
    case ok = 0
    /// Findings (lint errors, files not canonical) or a failed operation.
    case failure = 1
    /// A usage error, or input that cannot be read or parsed.
    case usage = 2
}
