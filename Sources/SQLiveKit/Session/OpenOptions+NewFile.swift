#if canImport(Glibc)
import Glibc
#endif

extension OpenOptions {
    /// True when the options name a local file that does not exist yet, which opening it
    /// will create (`sqlive chinok.db` with a typo): the greeting says so. False for
    /// in-memory databases, replicas and other VFSes.
    public var namesMissingFile: Bool {
        missingFile != nil
    }

    /// The path of the local file the options name, when it does not exist yet (its bytes:
    /// a file name need not be UTF-8); nil otherwise, as for ``namesMissingFile``.
    public var missingFile: [UInt8]? {
        guard !isInMemory, replica == nil, let file = fileName.localFile else { return nil }
        var status = stat()
        let missing = (file + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { stat($0.baseAddress!, &status) != 0 && errno == ENOENT }
        }
        return missing ? file : nil
    }
}
