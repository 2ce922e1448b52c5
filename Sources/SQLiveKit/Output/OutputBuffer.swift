/// A byte buffer in front of an ``OutputTarget``: renderers append to it row by row and it
/// writes in large blocks, which is what keeps `SELECT` of a million rows close to sqlite3.
///
/// Blocks end at row ends (``endRow()``) once `flushThreshold` bytes are buffered, so readers
/// get whole lines; the buffer holds at most twice that, a row longer than the rest being
/// written in pieces, so a result of any size streams through a fixed amount of memory.
public final class OutputBuffer {
    public var target: OutputTarget
    /// A fixed block of `capacity` bytes, `count` of them in use. A raw block rather than an
    /// array: appending is a bounds check and a `memcpy`, without the array's uniqueness and
    /// exclusivity checks, which cost more than the copy for short values.
    private let storage: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    private let flushThreshold: Int
    private var count = 0
    /// The first write error since the last ``takeError()``; later writes are dropped.
    private var pendingError: Error?
    /// True while the target is a terminal: control characters in what is appended are made
    /// visible (``VisibleControlCharacters``), except through ``appendUnfiltered(_:)``.
    /// The session sets it before each unit; files and pipes get the bytes as they are.
    public var showsControlCharacters = false

    public init(target: OutputTarget, flushThreshold: Int = 1 << 16) {
        self.target = target
        self.flushThreshold = max(1, flushThreshold)
        capacity = 2 * self.flushThreshold
        storage = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    }

    deinit {
        storage.deallocate()
    }

    @inline(__always)
    public func append(_ byte: UInt8) {
        if showsControlCharacters, (byte < 0x20 && byte != 0x0A && byte != 0x09) || byte == 0x7F {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1) { single in
                single[0] = byte
                VisibleControlCharacters.write(UnsafeBufferPointer(single), to: appendUnfiltered)
            }
            return
        }
        if count == capacity { flush() }
        storage[count] = byte
        count += 1
    }

    @inline(__always)
    public func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        if showsControlCharacters, VisibleControlCharacters.occur(in: bytes) {
            VisibleControlCharacters.write(bytes, to: appendUnfiltered)
            return
        }
        appendUnfiltered(bytes)
    }

    /// Appends bytes as they are, on a terminal too: for what sqlive composes itself
    /// (colours, the separators the user set), never for values, names or messages.
    @inline(__always)
    public func appendUnfiltered(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count > capacity {
            flush()
            // A value larger than the whole block goes straight to the target.
            if bytes.count > capacity {
                write(UnsafeRawBufferPointer(bytes))
                return
            }
        }
        (storage + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Appends `byte` `repeats` times as it is, filling the block's memory in one go (the
    /// padding of grids and columns, several runs of spaces a row).
    @inline(__always)
    public func appendUnfiltered(repeating byte: UInt8, count repeats: Int) {
        var remaining = repeats
        while remaining > 0 {
            if count == capacity { flush() }
            let run = min(remaining, capacity - count)
            (storage + count).update(repeating: byte, count: run)
            count += run
            remaining -= run
        }
    }

    public func append(_ string: String) {
        var string = string
        string.withUTF8 { append($0) }
    }

    public func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    public func appendUnfiltered(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { appendUnfiltered($0) }
    }

    public func appendUnfiltered(_ string: String) {
        var string = string
        string.withUTF8 { appendUnfiltered($0) }
    }

    /// Call after each row: writes the block once it is large enough.
    @inline(__always)
    public func endRow() {
        if count >= flushThreshold { flush() }
    }

    public func flush() {
        guard count > 0 else { return }
        write(UnsafeRawBufferPointer(start: storage, count: count))
        count = 0
    }

    private func write(_ bytes: UnsafeRawBufferPointer) {
        guard pendingError == nil else { return }
        do {
            try target.write(bytes)
        } catch {
            pendingError = error
        }
    }

    /// Returns and clears the write error that happened since the last call, if any.
    public func takeError() -> Error? {
        defer { pendingError = nil }
        return pendingError
    }
}
