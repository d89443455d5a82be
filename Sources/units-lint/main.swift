import UnitsCLI
import UnitsKit
SystemAllocator.tune()
exit(LintCommand.main(Array(CommandLine.arguments.dropFirst()), io: .process(), prefix: "units-lint").rawValue)
