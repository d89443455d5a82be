import UnitsCLI
import UnitsKit
SystemAllocator.tune()
SystemProcess.exit(LintCommand.main(Array(CommandLine.arguments.dropFirst()), io: .process(), prefix: "units-lint").rawValue)
