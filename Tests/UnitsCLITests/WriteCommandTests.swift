import Testing
@testable import UnitsCLI
import UnitsKit
