import UnitsKit

/// `units group add NAME MEMBER...`: groups are declared, not computed.
public enum GroupCommand: Command {
    public static let name = "group"
    public static let summary = "Declare a group of habits that are options for one another (`units group add`)."
    public static let usage = "group add NAME [MEMBER...] [options]"
    public static let options: [OptionSpec] = [GlobalOptions.file.spec]
    public static var subcommands: [any Command.Type] { [GroupAddCommand.self] }

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let got = arguments.positionals.first.map { ", got '\($0)'" } ?? ""
        throw UsageError("expected add after `units group`\(got)")
    }
}
