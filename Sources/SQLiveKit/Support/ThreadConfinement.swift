#if canImport(Glibc)
import Glibc
#endif

/// The thread an object belongs to: a session and its pane board are used from the thread
/// that made them, the front-end's loop (docs/CONCURRENCY.md). Debug builds stop at a call
/// from another thread; release builds check nothing.
///
///     let confinement = ThreadConfinement()
///     confinement.check()   // in each entry point the front-end calls
struct ThreadConfinement: @unchecked Sendable {
    // pthread_t is a plain integer on Linux; it is only compared.
    private let owner = pthread_self()

    /// True on the thread that owns the object.
    var isCurrentThread: Bool {
        pthread_equal(owner, pthread_self()) != 0
    }

    func check(_ function: StaticString = #function, file: StaticString = #fileID, line: UInt = #line) {
        assert(pthread_equal(owner, pthread_self()) != 0,
               "\(function) called off the thread that owns it (see docs/CONCURRENCY.md)", file: file, line: line)
    }
}
