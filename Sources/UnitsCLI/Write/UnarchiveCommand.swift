import UnitsKit

public enum UnarchiveCommand: Command {
    public static let name = "unarchive"
    public static let summary = "Bring an archived habit or group back: appends `DATE unarchive NAME`."
    public static let usage = "unarchive NAME [options]"
    public static let options: [OptionSpec] = WriteOptions.dated
    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode { try ArchiveChange.run(arguments, io: io, archive: false) }
}
