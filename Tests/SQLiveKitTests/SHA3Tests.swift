import Testing
@testable import SQLiveKit

/// ``SHA3`` against FIPS 202 digests (as Python's hashlib gives them): a short message, and one
/// longer than the 144-byte block of SHA3-224 so that more than one block is absorbed.
@Suite struct SHA3Tests {
    static let digests: [(bits: Int, message: String, hex: String)] = [
        (224, "abc", "e642824c3f8cf24ad09234ee7d3c766fc9a3a5168d0c94ad73b46fdf"),
        (256, "abc", "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532"),
        (384, "abc", "ec01498288516fc926459f58e2c6ad8df9b473cb0fc08c2596da7cf0e49be4b298d88cea927ac7f539f1edf228376d25"),
        (512, "abc", "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0"),
        (224, String(repeating: "a", count: 200), "455e0ccfc6010738ed93a793dffd79aff36debbd1a7eb6621bd6c722"),
        (256, String(repeating: "a", count: 200), "cce34485baf2bf2aca99b94833892a4f52896d3d153f7b840cc4f9fe695f1387"),
        (384, String(repeating: "a", count: 200), "f97756776c1874724c94a8008f7f155553b4bf00fbf8fbeac246624ad59c258a3c0977d9f2543d7cbd75b9ac8fdc0d40"),
        (512, String(repeating: "a", count: 200), "eae6c85c6904f11075de9f9d5e1064371d000510fa3d2d79d40cf9be34892fb01859d0a0234e138bcb0ad5c84f6c0dca226a414b0c9a2897cb695f5185fe36ec"),
        (256, "", "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a"),
    ]

    @Test func digests_match_fips_202() {
        for (bits, message, hex) in Self.digests {
            var hasher = SHA3(bits: bits)
            hasher.update(message)
            #expect(hasher.finish().map { String(format: "%02x", $0) }.joined() == hex, "SHA3-\(bits) of \(message.count) bytes")
        }
    }

    @Test func bytes_fed_in_pieces_hash_as_one_message() {
        var whole = SHA3(bits: 256)
        whole.update(String(repeating: "xyz", count: 100))
        var pieces = SHA3(bits: 256)
        for _ in 0..<100 { pieces.update("x"); pieces.update("yz") }
        #expect(whole.finish() == pieces.finish())
    }
}
