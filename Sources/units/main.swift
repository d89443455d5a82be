import UnitsCLI
import UnitsKit
SystemAllocator.tune()
exit(UnitsTool.main(Array(CommandLine.arguments.dropFirst()), io: .process()).rawValue)
