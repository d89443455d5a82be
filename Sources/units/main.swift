import UnitsCLI
import UnitsKit
SystemAllocator.tune()
SystemProcess.exit(UnitsTool.main(Array(CommandLine.arguments.dropFirst()), io: .process()).rawValue)
