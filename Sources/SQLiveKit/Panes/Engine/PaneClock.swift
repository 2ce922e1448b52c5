import Foundation

/// The engine's time: what time it is, and work to run later. The scheduler asks it for
/// everything time decides (how long a fetch took, so whether a pane is slow or throttled;
/// when a long frame is preempted; when a blocked frame tries again), so that tests can
/// drive that time by hand instead of sleeping and hoping.
///
///     let clock = SystemPaneClock()
///     let start = clock.now
///     clock.run(after: 0.01, on: queue) { retry() }
protocol PaneClock: Sendable {
    var now: Date { get }
    /// Runs `work` on `queue` once `seconds` have passed on this clock.
    func run(after seconds: Double, on queue: DispatchQueue, _ work: @escaping @Sendable () -> Void)
}

/// The clock on the wall, and Dispatch's timers.
struct SystemPaneClock: PaneClock {
    var now: Date { Date() }

    func run(after seconds: Double, on queue: DispatchQueue, _ work: @escaping @Sendable () -> Void) {
        queue.asyncAfter(deadline: .now() + max(0, seconds), execute: work)
    }
}
