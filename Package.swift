// swift-tools-version: 6.0
import PackageDescription

// units: a plain-text habit tracker. One library (UnitsKit) holds every layer,
// bytes → syntax tree → model → queries → output; UnitsCLI wires arguments to
// it, and the executables are a few lines each. No package dependencies.
let package = Package(
    name: "units",
    products: [
        .library(name: "UnitsKit", targets: ["UnitsKit"]),
        .executable(name: "units", targets: ["units"]),
        .executable(name: "units-fmt", targets: ["units-fmt"]),
        .executable(name: "units-lint", targets: ["units-lint"]),
        .executable(name: "units-bench", targets: ["units-bench"]),
    ],
    targets: [
        .target(name: "UnitsKit"),
        .target(name: "UnitsCLI", dependencies: ["UnitsKit"]),
        .executableTarget(name: "units", dependencies: ["UnitsCLI"]),
        .executableTarget(name: "units-fmt", dependencies: ["UnitsCLI"]),
        .executableTarget(name: "units-lint", dependencies: ["UnitsCLI"]),
        // Generates journals and times parse+model and the built tools (README, "Performance").
        .executableTarget(name: "units-bench", dependencies: ["UnitsKit"]),
        .testTarget(name: "UnitsKitTests", dependencies: ["UnitsKit"],
                    exclude: ["Format/Inputs", "Interop/Inputs", "Interop/Expected", "Fuzz/Inputs"]),
        .testTarget(name: "UnitsCLITests", dependencies: ["UnitsCLI", "UnitsKit"], exclude: ["Golden", "Editors", "Browser"]),
    ]
)
