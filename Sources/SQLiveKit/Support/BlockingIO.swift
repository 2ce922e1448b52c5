import Synchronization

/// Marks the calls in which the main thread may wait on another process for as long as it
/// likes: writing to a pipe nobody reads (`sqlive … | sleep 60`, `.output |sleep 60`),
/// reading a FIFO whose writer sends nothing (`.read fifo`), `.import` from a program or
/// from `/dev/stdin`, waiting for a program to end.
///
/// A terminating signal (SIGTERM, SIGHUP, SIGQUIT, or SIGINT in batch mode) normally ends the
/// process through the main thread, which interrupts the statement and cleans up. A thread
/// blocked in `write(2)` or `read(2)` never gets there, so the signal watcher asks here: when
/// the main thread is inside one of these calls, it ends the process itself (SQLite's journal
/// takes care of an open transaction, as after any crash). Outside them, the normal way out
/// is taken.
///
///     try BlockingIO.during { try target.write(bytes) }
///     BlockingIO.waitingCall   // the same number at two looks: the write still waits
public enum BlockingIO {
    // MARK: - Mutable State
    //
    // Incremented and decremented by the main thread around each call; read by the signal
    // watcher's queue. An atomic counter: calls nest (a write inside an import's reader).
    private static let depth = Atomic<Int>(0)
    /// How many calls began: the same count at two looks, with a call under way, means one
    /// call waited all the time in between.
    private static let entries = Atomic<Int>(0)

    /// Runs `body`, a call that may wait on another process.
    @inline(__always)
    public static func during<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        entries.add(1, ordering: .sequentiallyConsistent)
        depth.add(1, ordering: .sequentiallyConsistent)
        defer { depth.subtract(1, ordering: .sequentiallyConsistent) }
        return try body()
    }

    /// The call under way, if any, as a number that changes with each new call.
    public static var waitingCall: Int? {
        let call = entries.load(ordering: .sequentiallyConsistent)
        return depth.load(ordering: .sequentiallyConsistent) > 0 ? call : nil
    }
}
