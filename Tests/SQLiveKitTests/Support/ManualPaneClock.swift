import Foundation
import Synchronization
import Testing
@testable import SQLiveKit

/// A ``PaneClock`` that moves only when a test says so: work timed on it runs when
/// ``advance(by:)`` passes its time, never before, whatever the machine's load.
///
///     let clock = ManualPaneClock()
///     clock.run(after: 0.01, on: queue) { retried = true }
///     clock.advance(by: 0.01)     // queued on `queue` now
final class ManualPaneClock: PaneClock {
    private struct Timed {
        var due: Date
        var queue: DispatchQueue
        var work: @Sendable () -> Void
    }

    private struct State {
        var now = Date(timeIntervalSinceReferenceDate: 0)
        var timed: [Timed] = []
    }

    private let state = Mutex(State())

    var now: Date { state.withLock { $0.now } }

    func run(after seconds: Double, on queue: DispatchQueue, _ work: @escaping @Sendable () -> Void) {
        state.withLock { $0.timed.append(Timed(due: $0.now.addingTimeInterval(max(0, seconds)), queue: queue, work: work)) }
    }

    /// Moves time on; the work that falls due is queued, earliest first.
    func advance(by seconds: Double) {
        let due = state.withLock { state -> [Timed] in
            state.now = state.now.addingTimeInterval(seconds)
            let now = state.now
            let due = state.timed.filter { $0.due <= now }.sorted { $0.due < $1.due }
            state.timed.removeAll { $0.due <= now }
            return due
        }
        for item in due { item.queue.async(execute: item.work) }
    }

    /// When the timed work not yet run falls due, in seconds from now, soonest first.
    var pendingDelays: [Double] {
        state.withLock { state in state.timed.map { $0.due.timeIntervalSince(state.now) }.sorted() }
    }
}

/// Waits for evidence: polls `condition` until it holds, for at most `timeout` seconds of
/// real time (a bound for a stuck test, not a guess at how long the work takes).
func waitForEvidence(_ what: String, timeout: Double = 30, sourceLocation: Testing.SourceLocation = #_sourceLocation,
                     _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while try !condition() {
        if Date() > deadline {
            Issue.record("timed out waiting for \(what)", sourceLocation: sourceLocation)
            return false
        }
        usleep(1_000)
    }
    return true
}
