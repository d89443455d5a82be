import UnitsCLI
import UnitsKit
SystemAllocator.tune()
SystemProcess.exit(FormatCommand.main(Array(CommandLine.arguments.dropFirst()), io: .process(), prefix: "units-fmt").rawValue)
