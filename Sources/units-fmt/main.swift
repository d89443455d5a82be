import CMallocTuning
import UnitsCLI
#if canImport(Glibc)
import Glibc
#endif

units_tune_malloc()
exit(FormatCommand.main(Array(CommandLine.arguments.dropFirst()), io: .process(), prefix: "units-fmt").rawValue)
