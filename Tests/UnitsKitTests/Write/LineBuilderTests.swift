import Testing
@testable import UnitsKit
