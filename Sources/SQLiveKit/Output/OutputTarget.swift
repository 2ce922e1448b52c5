#if canImport(Glibc)
import Glibc
#endif

/// Where rendered bytes finally go: a file descriptor, a file, or memory in tests.
public protocol OutputTarget: AnyObject {
    /// Writes all the bytes, or throws when the destination refuses them.
    func write(_ bytes: UnsafeRawBufferPointer) throws
}

/// Writing to a file descriptor failed (disk full, closed pipe, …).
public struct OutputWriteError: Error, CustomStringConvertible {
    public let errno: Int32
    public var isBrokenPipe: Bool { errno == EPIPE }
    public var description: String { String(cString: strerror(errno)) }
}

/// Writes to a file descriptor with `write(2)`, so nothing is buffered twice by stdio.
public final class FileDescriptorTarget: OutputTarget {
    public let fileDescriptor: Int32
    private let closesOnDeinit: Bool

    public init(fileDescriptor: Int32, closesOnDeinit: Bool = false) {
        self.fileDescriptor = fileDescriptor
        self.closesOnDeinit = closesOnDeinit
    }

    /// Opens (creating or truncating) a file for writing, readable by its owner only
    /// when it is new (mode 0600 before umask widens nothing).
    ///
    /// A FIFO is a fair target once a program reads it, but a blocking `open(2)` waits for
    /// that reader for ever, deaf to signals and Ctrl-C. So the file is opened without
    /// blocking (a FIFO nobody reads yet fails with ENXIO), tried again every 50 ms until a
    /// reader comes or `stop` asks the session to stop; writes then block as usual.
    public convenience init(path: String, append: Bool = false, stop: StopRequest) throws {
        let flags = O_WRONLY | O_CREAT | O_CLOEXEC | O_NONBLOCK | (append ? O_APPEND : O_TRUNC)
        var fd = open(path, flags, 0o600)
        while fd < 0 && (errno == ENXIO || errno == EINTR) {
            if stop.reason != nil { throw NoReaderError() }
            usleep(50_000)
            fd = open(path, flags, 0o600)
        }
        guard fd >= 0 else { throw OutputWriteError(errno: errno) }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        self.init(fileDescriptor: fd, closesOnDeinit: true)
    }

    /// A stop came while a FIFO waited for its reader.
    struct NoReaderError: Error, CustomStringConvertible {
        var description: String { "stopped waiting for a program to open the FIFO for reading" }
    }

    deinit {
        if closesOnDeinit { close(fileDescriptor) }
    }

    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard var base = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            // A pipe's reader may never read: a terminating signal must still end sqlive.
            let written = BlockingIO.during { Glibc.write(fileDescriptor, base, remaining) }
            if written < 0 {
                if errno == EINTR { continue }
                throw OutputWriteError(errno: errno)
            }
            remaining -= written
            base += written
        }
    }
}

/// Collects everything written, for tests and for commands that capture output.
public final class MemoryTarget: OutputTarget {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public var text: String { String(decoding: bytes, as: UTF8.self) }

    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        self.bytes.append(contentsOf: bytes)
    }

    public func reset() { bytes.removeAll(keepingCapacity: true) }
}
