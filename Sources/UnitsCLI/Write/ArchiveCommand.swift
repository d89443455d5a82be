import UnitsKit

public enum ArchiveCommand: Command {
    public static let name = "archive"
    public static let summary = "Hide a habit or group from today on, keeping its history: appends `DATE archive NAME`."
    public static let usage = "archive NAME [options]"
    public static let options: [OptionSpec] = WriteOptions.dated
    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode { try ArchiveChange.run(arguments, io: io, archive: true) }
}
