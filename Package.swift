// swift-tools-version: 6.0
import PackageDescription

// units: a plain-text habit tracker. One library (UnitsKit) holds every layer,
// bytes → syntax tree → model → queries → output; UnitsCLI wires arguments to
// it, and the executables are a few lines each. No package dependencies.
// On Linux the tools are linked statically in release builds: loading and
// relocating the Swift runtime's shared libraries cost about 4 ms of every
// run, more than half of `units today`'s start-up (today on ten years of
// entries in 25 ms, start-up included). Debug builds and tests stay
// dynamic. Apple's platforms have no static executables (the Swift runtime
// is part of macOS), so there release builds link as debug ones do.
let staticInRelease: [LinkerSetting] = [.unsafeFlags(["-static-executable"], .when(platforms: [.linux], configuration: .release))]

let package = Package(
    name: "units",
    // macOS 15 for the standard library's Atomic (Synchronization), which
    // the mapped journal's page release uses; Linux has no minimum here.
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "UnitsKit", targets: ["UnitsKit"]),
        .executable(name: "units", targets: ["units"]),
        .executable(name: "units-fmt", targets: ["units-fmt"]),
        .executable(name: "units-lint", targets: ["units-lint"]),
        .executable(name: "units-bench", targets: ["units-bench"]),
    ],
    targets: [
        // What C spells alike on glibc and Darwin and Swift does not (signal
        // handlers, file times, page release, the allocator's settings): the
        // preprocessor picks each system's layout. Only UnitsKit/System calls it.
        .target(name: "CSystem"),
        .target(name: "UnitsKit", dependencies: ["CSystem"]),
        // Grammar/format.md is built into UnitsCLI (for `units man units.5`) by the
        // EmbedFormatSpec plugin, so the repository holds one copy of the spec.
        .target(name: "UnitsCLI", dependencies: ["UnitsKit"], plugins: ["EmbedFormatSpec"]),
        .executableTarget(name: "embed-format-spec"),
        .plugin(name: "EmbedFormatSpec", capability: .buildTool(), dependencies: ["embed-format-spec"]),
        .executableTarget(name: "units", dependencies: ["UnitsCLI"], linkerSettings: staticInRelease),
        .executableTarget(name: "units-fmt", dependencies: ["UnitsCLI"], linkerSettings: staticInRelease),
        .executableTarget(name: "units-lint", dependencies: ["UnitsCLI"], linkerSettings: staticInRelease),
        // What the tests and units-bench share and the product does not ship:
        // seeded journal generators and the oracles outputs are checked against.
        .target(name: "UnitsTestSupport", dependencies: ["UnitsKit"]),
        // Generates journals and times parse+model and the built tools (docs/performance.md).
        .executableTarget(name: "units-bench", dependencies: ["UnitsKit", "UnitsCLI", "UnitsTestSupport"]),
        .testTarget(name: "UnitsKitTests", dependencies: ["UnitsKit", "UnitsTestSupport"],
                    exclude: ["Format/Inputs", "Interop/Inputs", "Interop/Expected", "Syntax/FuzzInputs"]),
        .testTarget(name: "UnitsCLITests", dependencies: ["UnitsCLI", "UnitsKit", "UnitsTestSupport"], exclude: ["Golden", "Ecosystem/Editors", "Ecosystem/Browser"]),
    ]
)
