import UnitsCLI
#if canImport(Glibc)
import Glibc
#endif

exit(UnitsTool.main(Array(CommandLine.arguments.dropFirst()), io: .process()).rawValue)
