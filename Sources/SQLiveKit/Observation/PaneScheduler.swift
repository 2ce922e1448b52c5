import GRDB

/// How pane observations hand over their values: the first value synchronously, on the thread
/// that starts the observation (so `.pin` shows the pane at once), and every later value right
/// where GRDB produces it, on its serial reduce queue.
///
/// GRDB's `.immediate` scheduler does the first half but insists on the main thread and sends
/// later values to the main dispatch queue, which a script run never drains. Here the values
/// only go into the ``PaneInbox`` (a locked queue), so running them on GRDB's queue is cheap,
/// keeps GRDB's ordering (one reduce queue per observation, values in commit order), and the
/// front-end is woken by the inbox's waker.
///
///     observation.start(in: queue, scheduling: PaneScheduler(), onError: …, onChange: …)
///     // the initial value has been handed to onChange when start returns
struct PaneScheduler: ValueObservationScheduler {
    func immediateInitialValue() -> Bool { true }

    func schedule(_ action: @escaping @Sendable () -> Void) {
        action()
    }
}
