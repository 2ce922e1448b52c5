// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "sqlive",
    products: [
        .executable(name: "sqlive", targets: ["sqlive"]),
        .library(name: "SQLiveKit", targets: ["SQLiveKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // libedit, from Debian's libedit-dev: the line editor of the terminal front-end.
        .systemLibrary(
            name: "CEditLine",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]),
        // The calls of SQLite's C API that are variadic, out of Swift's reach (see its header).
        .target(
            name: "CSQLiteShim",
            linkerSettings: [.linkedLibrary("sqlite3")]),
        // Everything that works without a terminal: session, input, commands, renderers.
        .target(
            name: "SQLiveKit",
            dependencies: [.product(name: "GRDB", package: "GRDB.swift"), "CSQLiteShim"]),
        // The command: argument parsing, the script runner and the terminal front-end.
        .executableTarget(
            name: "sqlive",
            dependencies: [
                "SQLiveKit",
                "CEditLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .testTarget(
            name: "SQLiveKitTests",
            dependencies: ["SQLiveKit"]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["SQLiveKit"]),
        // The same requests written in Swift with GRDB and typed in the DSL: same SQL, same rows.
        .testTarget(
            name: "DSLGRDBParityTests",
            dependencies: ["SQLiveKit", .product(name: "GRDB", package: "GRDB.swift")]),
    ],
    swiftLanguageModes: [.v6]
)
