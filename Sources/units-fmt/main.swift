import UnitsCLI
#if canImport(Glibc)
import Glibc
#endif

exit(FormatCommand.main(Array(CommandLine.arguments.dropFirst()), io: .process(), prefix: "units-fmt").rawValue)
