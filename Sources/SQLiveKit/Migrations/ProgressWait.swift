import Dispatch
import Synchronization

/// Runs work on a worker thread while the calling thread waits and, once the work has taken
/// longer than ``delay``, reports the elapsed time every ``interval``.
///
/// The calling thread is the front-end's, the one thread that writes to the terminal; the
/// worker never writes anything. So a long migration shows progress without a second
/// writer, and Ctrl-C still reaches SQLite through `sqlite3_interrupt`, which is thread-safe.
///
///     let value = try ProgressWait().run({ try migrator.migrate(queue, upTo: "0005_big") }) { elapsed in
///         draw("migrating 0005_big: \(elapsed)")   // from the second second on
///     }
struct ProgressWait {
    /// How long the work runs before the first report: quick work shows nothing.
    var delay: Duration = .seconds(1)
    var interval: Duration = .milliseconds(100)

    /// Returns what `work` returned, or throws what it threw, once it has finished.
    func run<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value,
                              report: (Duration) -> Void) throws -> Value {
        let outcome = Outcome<Value>()
        let finished = DispatchSemaphore(value: 0)
        let clock = ContinuousClock()
        let start = clock.now
        DispatchQueue.global().async {
            outcome.store(Result { try work() })
            finished.signal()
        }
        while finished.wait(timeout: .now() + interval.timeInterval) == .timedOut {
            let elapsed = clock.now - start
            if elapsed >= delay { report(elapsed) }
        }
        return try outcome.take().get()
    }
}

/// The result of the worker, handed to the waiting thread.
///
/// The mutex makes the hand-over safe on its own; the semaphore only says when to look.
private final class Outcome<Value: Sendable>: Sendable {
    private let result = Mutex<Result<Value, any Error>?>(nil)

    func store(_ value: Result<Value, any Error>) {
        result.withLock { $0 = value }
    }

    /// The stored result; only called after the worker signalled, so it is there.
    func take() -> Result<Value, any Error> {
        result.withLock { $0 } ?? .failure(CancellationError())
    }
}

extension Duration {
    /// Seconds as a `Double`, for Dispatch's timeouts and for display.
    var timeInterval: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
