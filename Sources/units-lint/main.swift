import UnitsCLI
#if canImport(Glibc)
import Glibc
#endif

exit(LintCommand.main(Array(CommandLine.arguments.dropFirst()), io: .process(), prefix: "units-lint").rawValue)
