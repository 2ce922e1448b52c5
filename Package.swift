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
        // libedit (Debian's libedit-dev for its header, libedit2 at run time): the line editor
        // of the terminal front-end, opened with dlopen when the prompt first needs it (see
        // include/shim.h), so that scripts and `-c` never load it.
        .target(
            name: "CEditLine",
            cSettings: [.unsafeFlags(["-ffunction-sections"], .when(configuration: .release))]),
        // The calls of SQLite's C API that are variadic, out of Swift's reach (see its header).
        // Release builds put each function in a section of its own, as for the Swift code,
        // so that bench/link-order.txt can place those start-up runs with the others.
        .target(
            name: "CSQLiteShim",
            cSettings: [.unsafeFlags(["-ffunction-sections"], .when(configuration: .release))],
            linkerSettings: [.linkedLibrary("sqlite3")]),
        // Everything that works without a terminal: session, input, commands, renderers.
        // Release builds leave out the run-time checks of exclusive access: a renderer's
        // per-cell work on its own buffers cost a check (`swift_beginAccess`) each time, up to
        // a tenth of a result's instructions. Debug builds, which the tests run, keep them.
        .target(
            name: "SQLiveKit",
            dependencies: [.product(name: "GRDB", package: "GRDB.swift"), "CSQLiteShim"],
            swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]),
        // The command: argument parsing, the launcher, batch runs and the terminal front-end
        // (line editor, dock, signals), as a library so tests drive it in-process.
        .target(
            name: "SQLiveTerminal",
            dependencies: [
                "SQLiveKit",
                "CEditLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // As for SQLiveKit: the script reader's per-line calls into its line assembler
            // cost an exclusivity check each (2M instructions on a 20,000-line script).
            swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]),
        // What the test suites share: running the binary and sqlite3, tmux terminals, temporary
        // folders, seeded random numbers.
        .target(
            name: "SQLiveTestSupport",
            path: "Tests/SQLiveTestSupport"),
        // The executable: one call into SQLiveTerminal. Release builds link it with lld,
        // without the debug information (a third of the file). It stays position-independent:
        // a position-dependent build (`-no-pie`) starts 0.75M instructions faster (the 90,000
        // pointers of Swift's metadata need no relocation), but puts the shell's own code at a
        // fixed address, and a shell that opens untrusted files keeps its address-space
        // randomization whole (memory: 70 KiB less at start-up, 2026-11-26, as start-up reads
        // most of the relocated pages anyway). `--no-export-dynamic` undoes the `-export-dynamic` that
        // `-static-stdlib` asks for: 8,000 exported symbols made the runtime's `dladdr` at
        // launch walk them all (0.25M instructions). `-z pack-relative-relocs` stores those
        // 90,000 relocations as a bitmap (DT_RELR, glibc 2.36+) instead of 24 bytes each: the
        // 2.1 MB table the loader read at every start became 17 KB (start-up 5.93M → 5.51M
        // instructions, max RSS 13.6 → 11.3 MiB). `-static-libgcc` links the unwinder in
        // instead of loading libgcc_s.so (one library fewer to map and relocate: 54,000
        // instructions).
        .executableTarget(
            name: "sqlive",
            dependencies: ["SQLiveTerminal"],
            linkerSettings: [.unsafeFlags(["-use-ld=lld",
                                           "-Xlinker", "--strip-debug", "-Xlinker", "--no-export-dynamic",
                                           "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
                                           "-Xclang-linker", "-static-libgcc"],
                                          .when(configuration: .release))]),
        .testTarget(
            name: "SQLiveKitTests",
            dependencies: ["SQLiveKit", "SQLiveTestSupport"]),
        .testTarget(
            name: "SQLiveTerminalTests",
            dependencies: ["SQLiveTerminal", "SQLiveKit", "SQLiveTestSupport", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["SQLiveKit", "SQLiveTestSupport"]),
        // The same requests written in Swift with GRDB and typed in the DSL: same SQL, same rows.
        .testTarget(
            name: "DSLGRDBParityTests",
            dependencies: ["SQLiveKit", "SQLiveTestSupport", .product(name: "GRDB", package: "GRDB.swift")]),
    ],
    swiftLanguageModes: [.v6]
)
