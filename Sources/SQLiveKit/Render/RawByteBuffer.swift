/// A growable run of bytes in memory of its own: appending is a capacity check and a copy,
/// without the uniqueness and exclusivity checks of `[UInt8]`, which cost more than the copy
/// itself for the few bytes of a cell. The grids spill every row after their first hundred
/// through one (``RowSpill``).
///
///     var buffer = RawByteBuffer(capacity: 64)
///     buffer.appendLength(3)              // 03 00 00 00
///     buffer.append(bytes)                // …and the bytes
///     buffer.bytes                        // all of them, valid until the next change
struct RawByteBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(16, capacity)
        base = UnsafeMutablePointer<UInt8>.allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// The bytes appended so far: valid until the buffer next changes.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: 1) }
        base[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count > capacity { grow(toHold: bytes.count) }
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Appends a length or a width as four bytes, little endian (``RowSpill/length(_:at:)``
    /// reads it back).
    @inline(__always)
    mutating func appendLength(_ length: Int) {
        if count + 4 > capacity { grow(toHold: 4) }
        UnsafeMutableRawPointer(base + count).storeBytes(of: UInt32(truncatingIfNeeded: length).littleEndian, as: UInt32.self)
        count += 4
    }

    /// Overwrites four bytes at `offset` (appended before) with a length.
    mutating func setLength(_ length: Int, at offset: Int) {
        precondition(offset + 4 <= count, "a length is set where one was appended")
        UnsafeMutableRawPointer(base + offset).storeBytes(of: UInt32(truncatingIfNeeded: length).littleEndian, as: UInt32.self)
    }

    /// Forgets the bytes, keeping the memory.
    mutating func removeAll() {
        count = 0
    }

    private mutating func grow(toHold extra: Int) {
        let newCapacity = max(capacity * 2, count + extra)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
