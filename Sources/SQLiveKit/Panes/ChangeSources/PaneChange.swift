import GRDB

/// What a change source tells the pane engine: which panes are stale and why, or that
/// anything may have changed. The sources are the user's commits (``ChangeRecorder``),
/// other processes (``ExternalChangeWatcher``: `data_version`, file fingerprints, and for a
/// replica the replicated transaction), `.notify` and `.parameter` (the board), and the
/// schema checks of the frames themselves.
///
/// A source reports into a ``PaneChangeSink`` — the scheduler — from any thread, and never
/// knows how refreshes are scheduled: adding a source does not touch the scheduler.
///
///     sink.receive(.panes([token: .changes(summary)]))   // a commit of the user's
///     sink.receive(.anything(.externalChange))           // another process committed
enum PaneChange: Sendable {
    /// These panes are stale, each for its cause.
    case panes([ObservationToken: RefreshCause])
    /// Anything may have changed, the schema too: every pane is stale, and the next frame
    /// compares the schema versions (a source that cannot say what changed).
    ///
    /// `readerMustSee`, when given, tells whether a reader's snapshot already holds the change:
    /// a source that saw it on another connection than the panes' readers (a replica's VFS
    /// polls on each connection on its own) asks the frames to wait until theirs holds it —
    /// an event, not a delay.
    case anything(RefreshCause, readerMustSee: ReaderCondition? = nil)
}

/// A test a frame runs inside its read transaction, before reading any pane: false while the
/// snapshot does not hold a change a source reported (``PaneChange/anything(_:readerMustSee:)``).
typealias ReaderCondition = @Sendable (Database) throws -> Bool

/// Where change sources report (``PaneChange``). Called from any thread.
protocol PaneChangeSink: Sendable {
    func receive(_ change: PaneChange)
}

extension RefreshScheduler: PaneChangeSink {
    func receive(_ change: PaneChange) {
        switch change {
        case .panes(let causes):
            wake(causes)
        case .anything(let cause, let condition):
            wakeAll(cause, checkingSchema: true, readerMustSee: condition)
        }
    }
}
