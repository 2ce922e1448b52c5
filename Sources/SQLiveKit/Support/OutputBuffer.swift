/// A byte buffer in front of an ``OutputTarget``: renderers append to it row by row and it
/// writes in large blocks, which is what keeps `SELECT` of a million rows close to sqlite3.
///
/// The buffer never grows past about ``flushThreshold`` bytes plus one value, so a result of
/// any size streams through a fixed amount of memory.
public final class OutputBuffer {
    public var target: OutputTarget
    private var storage: [UInt8] = []
    private let flushThreshold: Int
    /// The first write error since the last ``takeError()``; later writes are dropped.
    private var pendingError: Error?

    public init(target: OutputTarget, flushThreshold: Int = 1 << 16) {
        self.target = target
        self.flushThreshold = flushThreshold
        storage.reserveCapacity(flushThreshold + 1024)
    }

    @inline(__always)
    public func append(_ byte: UInt8) {
        storage.append(byte)
    }

    @inline(__always)
    public func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        storage.append(contentsOf: bytes)
        if storage.count >= flushThreshold { flush() }
    }

    public func append(_ string: String) {
        var string = string
        string.withUTF8 { append($0) }
    }

    public func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// Call after each row: writes the block once it is large enough.
    @inline(__always)
    public func endRow() {
        if storage.count >= flushThreshold { flush() }
    }

    public func flush() {
        guard !storage.isEmpty else { return }
        if pendingError == nil {
            do {
                try storage.withUnsafeBytes { try target.write($0) }
            } catch {
                pendingError = error
            }
        }
        storage.removeAll(keepingCapacity: true)
    }

    /// Returns and clears the write error that happened since the last call, if any.
    public func takeError() -> Error? {
        defer { pendingError = nil }
        return pendingError
    }
}
