/// SHA3 (FIPS 202) with a 224, 256, 384 or 512-bit digest, for sqlite3's `.sha3sum` and the
/// shell's `sha3()` and `sha3_query()` functions. Written from the standard: the Keccak-f[1600]
/// permutation over 25 little-endian 64-bit lanes, absorbing `rate` bytes at a time, with
/// SHA3's domain padding (0x06 … 0x80).
///
///     var hasher = SHA3(bits: 256)
///     hasher.update("abc".utf8)
///     hasher.finish()   // 3a985da74fe225b2 045c172d6bd390bd …
struct SHA3 {
    /// The digest sizes SHA3 defines.
    static let sizes = [224, 256, 384, 512]

    private var lanes = [UInt64](repeating: 0, count: 25)
    /// Bytes absorbed per permutation: what the 1600-bit state keeps after twice the digest.
    private let rate: Int
    private let digestLength: Int
    /// Bytes of the current block not absorbed yet.
    private var pending: [UInt8] = []

    /// A hasher for a digest of `bits` bits, one of ``sizes``.
    init(bits: Int) {
        precondition(Self.sizes.contains(bits), "SHA3 has no \(bits)-bit digest")
        rate = (1600 - 2 * bits) / 8
        digestLength = bits / 8
        pending.reserveCapacity(rate)
    }

    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        while offset < bytes.count {
            let count = min(rate - pending.count, bytes.count - offset)
            pending.append(contentsOf: bytes[offset..<offset + count])
            offset += count
            if pending.count == rate { absorbPending() }
        }
    }

    mutating func update(_ bytes: some Sequence<UInt8>) {
        let wasContiguous: Void? = bytes.withContiguousStorageIfAvailable { update(UnsafeRawBufferPointer($0)) }
        if wasContiguous == nil {
            Array(bytes).withUnsafeBytes { update($0) }
        }
    }

    mutating func update(_ text: String) {
        update(text.utf8)
    }

    /// Pads, absorbs the last block and squeezes the digest (never more than one block: the
    /// rate is always longer than the digest).
    mutating func finish() -> [UInt8] {
        pending.append(0x06)
        pending += [UInt8](repeating: 0, count: rate - pending.count)
        pending[rate - 1] |= 0x80
        absorbPending()
        var digest: [UInt8] = []
        digest.reserveCapacity(digestLength)
        for index in 0..<digestLength {
            digest.append(UInt8(truncatingIfNeeded: lanes[index / 8] >> (8 * UInt64(index % 8))))
        }
        return digest
    }

    private mutating func absorbPending() {
        for lane in 0..<(rate / 8) {
            var value: UInt64 = 0
            for byte in 0..<8 {
                value |= UInt64(pending[lane * 8 + byte]) << (8 * UInt64(byte))
            }
            lanes[lane] ^= value
        }
        pending.removeAll(keepingCapacity: true)
        Self.permute(&lanes)
    }

    // MARK: - Keccak-f[1600]

    /// ι's constants, one per round.
    private static let roundConstants: [UInt64] = [
        0x0000_0000_0000_0001, 0x0000_0000_0000_8082, 0x8000_0000_0000_808A, 0x8000_0000_8000_8000,
        0x0000_0000_0000_808B, 0x0000_0000_8000_0001, 0x8000_0000_8000_8081, 0x8000_0000_0000_8009,
        0x0000_0000_0000_008A, 0x0000_0000_0000_0088, 0x0000_0000_8000_8009, 0x0000_0000_8000_000A,
        0x0000_0000_8000_808B, 0x8000_0000_0000_008B, 0x8000_0000_0000_8089, 0x8000_0000_0000_8003,
        0x8000_0000_0000_8002, 0x8000_0000_0000_0080, 0x0000_0000_0000_800A, 0x8000_0000_8000_000A,
        0x8000_0000_8000_8081, 0x8000_0000_0000_8080, 0x0000_0000_8000_0001, 0x8000_0000_8000_8008,
    ]

    /// ρ's rotation of the lane at x + 5y.
    private static let rotations: [UInt64] = [
        0, 1, 62, 28, 27,
        36, 44, 6, 55, 20,
        3, 10, 43, 25, 39,
        41, 45, 15, 21, 8,
        18, 2, 61, 56, 14,
    ]

    private static func permute(_ a: inout [UInt64]) {
        var b = [UInt64](repeating: 0, count: 25)
        var c = [UInt64](repeating: 0, count: 5)
        for round in 0..<24 {
            // θ: each lane takes the parity of two neighbouring columns.
            for x in 0..<5 { c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20] }
            for x in 0..<5 {
                let d = c[(x + 4) % 5] ^ rotate(c[(x + 1) % 5], by: 1)
                for y in 0..<5 { a[x + 5 * y] ^= d }
            }
            // ρ and π: rotate each lane and move (x, y) to (y, 2x + 3y).
            for x in 0..<5 {
                for y in 0..<5 {
                    b[y + 5 * ((2 * x + 3 * y) % 5)] = rotate(a[x + 5 * y], by: rotations[x + 5 * y])
                }
            }
            // χ: the only non-linear step, along each row.
            for y in 0..<5 {
                for x in 0..<5 {
                    a[x + 5 * y] = b[x + 5 * y] ^ (~b[(x + 1) % 5 + 5 * y] & b[(x + 2) % 5 + 5 * y])
                }
            }
            // ι
            a[0] ^= roundConstants[round]
        }
    }

    private static func rotate(_ lane: UInt64, by count: UInt64) -> UInt64 {
        count == 0 ? lane : (lane << count) | (lane >> (64 - count))
    }
}
