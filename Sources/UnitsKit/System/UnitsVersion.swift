/// The version of the units tools, printed by `--version` of `units`,
/// `units-fmt` and `units-lint` and sent by the language server. The one
/// place it is written.
public enum UnitsVersion {
    /// The release number (semantic versioning).
    public static let number = "0.9.0"
    /// The journal format version the tools read and write (`units 1`).
    public static let format = 1

    /// The line `--version` prints for `tool`.
    public static func line(tool: String) -> String {
        "\(tool) \(number) (journal format \(format))\n"
    }
}
