// swift-tools-version:6.1
import PackageDescription

// libFuzzer targets for sqlive's parsers, kept out of the main package so its build and tests
// are unchanged. Build and run them with `Fuzzing/run.sh` (it passes -sanitize=fuzzer,address).
let package = Package(
    name: "sqlive-fuzz",
    dependencies: [
        .package(name: "sqlive", path: ".."),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    ],
    targets: [
        // libFuzzer's driver entry point, declared for Swift.
        .target(name: "CFuzzerDriver"),
        // What every target shares: reading choices from the fuzzer's bytes, a test session.
        .target(
            name: "FuzzSupport",
            dependencies: [
                "CFuzzerDriver",
                .product(name: "SQLiveKit", package: "sqlive"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        .executableTarget(name: "FuzzSplitter", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzDSL", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzCommands", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzCSV", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzHexDB", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzWidth", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzRegexp", dependencies: ["FuzzSupport", .product(name: "GRDB", package: "GRDB.swift")]),
    ],
    swiftLanguageModes: [.v6]
)
