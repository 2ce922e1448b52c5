import Synchronization
import SQLiveKit
#if canImport(Glibc)
import Glibc
#endif

/// Where the process's signal handler sends the signals it catches: a pipe, read by a thread
/// of its own that runs the watcher's Swift code for each, in the order they came.
///
/// The handler only writes the signal's number to the pipe (`write` is safe in a signal
/// handler; nothing else the watchers do is). It is installed at once, on the calling
/// thread, so no signal sent after ``start(handling:)`` returns is lost, even when the
/// reading thread has not run yet: the pipe keeps the numbers until it does. That thread
/// waits in `read` and costs nothing else until a signal comes (libdispatch's signal
/// sources, used before, started two threads and made start-up wait for them: a fifth of
/// the time of `sqlive -c 'select 1'`).
///
///     let pipe = try SignalPipe.start(handling: [SIGTERM, SIGINT]) { signal in
///         // on the pipe's thread, once per SIGTERM or SIGINT
///     }
///     pipe.stop()   // the signals' default actions are back; the thread ends
final class SignalPipe: Sendable {
    private let signals: [Int32]
    private let writeEnd: Int32

    private init(signals: [Int32], writeEnd: Int32) {
        self.signals = signals
        self.writeEnd = writeEnd
    }

    /// Catches `signals` from now on and runs `handler` for each one caught, on the pipe's
    /// thread, one at a time.
    static func start(handling signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) throws(Diagnostic) -> SignalPipe {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw Diagnostic("cannot create the signal pipe: \(String(cString: strerror(errno)))")
        }
        // The handler never waits on a full pipe; the reader waits for the next signal.
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }

        let reader = Unmanaged.passRetained(SignalReader(fileDescriptor: ends[0], handler: handler))
        var thread = pthread_t()
        let failure = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            Unmanaged<SignalReader>.fromOpaque(context).takeRetainedValue().run()
            return nil
        }, reader.toOpaque())
        guard failure == 0 else {
            reader.release()
            ends.forEach { close($0) }
            // pthread_create returns its error; it leaves errno alone.
            throw Diagnostic("cannot start the signal thread: \(String(cString: strerror(failure)))")
        }
        pthread_detach(thread)

        signalPipeWriteEnd.store(ends[1], ordering: .sequentiallyConsistent)
        for signalNumber in signals {
            // glibc's `signal` restarts the calls a signal interrupts (SA_RESTART), as
            // libdispatch's handler did.
            signal(signalNumber, forwardToSignalPipe)
        }
        return SignalPipe(signals: signals, writeEnd: ends[1])
    }

    /// Gives the signals their default actions back and ends the pipe's thread.
    func stop() {
        signals.forEach { signal($0, SIG_DFL) }
        // Another watcher may have taken the handler over since: its pipe stays.
        _ = signalPipeWriteEnd.compareExchange(expected: writeEnd, desired: -1, ordering: .sequentiallyConsistent)
        close(writeEnd)
    }
}

/// The write end of the pipe of the watcher started last, read by the signal handler; -1
/// when none watches. Atomic: the handler runs on any thread, at any moment.
private let signalPipeWriteEnd = Atomic<Int32>(-1)

/// The process's handler for the watched signals: writes the signal's number to the pipe,
/// leaving `errno` as the interrupted code had it.
private let forwardToSignalPipe: @convention(c) (Int32) -> Void = { signalNumber in
    let savedErrno = errno
    var byte = UInt8(truncatingIfNeeded: signalNumber)
    _ = write(signalPipeWriteEnd.load(ordering: .sequentiallyConsistent), &byte, 1)
    errno = savedErrno
}

/// The pipe's thread: reads signal numbers until the write end is closed.
private final class SignalReader {
    let fileDescriptor: Int32
    let handler: @Sendable (Int32) -> Void

    init(fileDescriptor: Int32, handler: @escaping @Sendable (Int32) -> Void) {
        self.fileDescriptor = fileDescriptor
        self.handler = handler
    }

    func run() {
        var buffer = (UInt64(0), UInt64(0))
        while true {
            let count = withUnsafeMutableBytes(of: &buffer) { read(fileDescriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            withUnsafeBytes(of: &buffer) { bytes in
                bytes.prefix(count).forEach { handler(Int32($0)) }
            }
        }
        close(fileDescriptor)
    }
}
