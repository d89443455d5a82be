import CMallocTuning
import UnitsCLI
#if canImport(Glibc)
import Glibc
#endif

units_tune_malloc()
exit(LintCommand.main(Array(CommandLine.arguments.dropFirst()), io: .process(), prefix: "units-lint").rawValue)
