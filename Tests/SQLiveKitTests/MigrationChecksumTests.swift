import Foundation
import Testing
@testable import SQLiveKit

/// The SHA-256 sqlive records for each applied file: FIPS 180-4's test vectors, and the same
/// text as `sha256sum`, which is what a person repairing a checksum by hand will use.
@Suite struct MigrationChecksumTests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
    ])
    func sha256_matches_the_standard_test_vectors(input: String, digest: String) {
        #expect(SHA256.hex(of: Array(input.utf8)) == digest)
    }

    @Test func sha256_of_a_million_a() {
        #expect(SHA256.hex(of: [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
            == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Lengths around the 55/56/64-byte padding boundaries, against sha256sum.
    @Test func sha256_matches_sha256sum_at_every_padding_boundary() throws {
        for length in [55, 56, 57, 63, 64, 65, 119, 120, 128] {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            #expect(SHA256.hex(of: bytes) == (try Self.sha256sum(Data(bytes))), "length \(length)")
        }
    }

    @Test func each_example_migration_checksum_is_what_sha256sum_prints() throws {
        let folder = try MigrationFolder(path: Repository.exampleMigrations)
        #expect(!folder.files.isEmpty)
        for file in folder.files {
            let data = try Data(contentsOf: URL(fileURLWithPath: file.path))
            #expect(file.checksum == (try Self.sha256sum(data)), "\(file.path)")
        }
    }

    /// The digest `/usr/bin/sha256sum` prints for some bytes.
    static func sha256sum(_ data: Data) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        try input.fileHandleForWriting.write(contentsOf: data)
        try input.fileHandleForWriting.close()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: printed.prefix(64), as: UTF8.self)
    }
}
