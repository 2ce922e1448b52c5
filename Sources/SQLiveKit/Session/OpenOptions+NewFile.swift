#if canImport(Glibc)
import Glibc
#endif

extension OpenOptions {
    /// True when the options name a local file that does not exist yet, which opening it
    /// will create (`sqlive chinok.db` with a typo): the greeting says so. False for
    /// in-memory databases, replicas and other VFSes.
    public var namesMissingFile: Bool {
        guard !isInMemory, replica == nil, let file = fileName.localFile else { return false }
        var status = stat()
        return (file + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { stat($0.baseAddress!, &status) != 0 && errno == ENOENT }
        }
    }
}
