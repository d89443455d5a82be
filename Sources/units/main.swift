import CMallocTuning
import UnitsCLI
#if canImport(Glibc)
import Glibc
#endif

units_tune_malloc()
exit(UnitsTool.main(Array(CommandLine.arguments.dropFirst()), io: .process()).rawValue)
