import Dispatch
import GRDB
import Synchronization

/// The locked queue between the threads that fetch pane values (GRDB's writer and reduce
/// queues, the external-change watcher) and the front-end thread that shows them.
///
/// Background work only appends here and calls the waker; the front-end takes everything with
/// ``takeAll()`` and applies it in order.
///
///     inbox.deliver(fetch)          // GRDB's queue
///     let items = inbox.takeAll()   // front-end thread
final class PaneInbox: Sendable {
    /// What background work leaves for the front-end.
    enum Item: Sendable {
        case value(PaneFetch)
        case failure(PaneFetchFailure)
        /// `--dedupe` dropped a value equal to the previous one.
        case suppressed(ObservationToken)
        /// A line of `.trace on`.
        case trace(String)
        /// A commit touched the region of a pane whose query failed: try it again.
        case retry(ObservationToken, RefreshCause)
        /// Another process committed (and maybe changed the schema).
        case externalChange
        /// GRDB tracks a new region for an observation.
        case tracking(ObservationToken, DatabaseRegion)
    }

    // MARK: - Mutable State
    //
    // Everything below is guarded by `state`. Fetch closures (on GRDB's writer queue), value
    // handlers (on GRDB's reduce queue), the external watcher and the front-end all touch it;
    // none of them calls out while holding the lock, so the lock never waits on a database
    // access and a database access never waits on the front-end.
    //
    // `outstanding` counts, per observation, the fetches that began and have not yet been
    // delivered, suppressed or reported as failed. Scripts wait until it is empty before
    // reading the next statement, which is what makes their output deterministic.

    private struct State {
        var nextSequence: UInt64 = 0
        var nextToken: UInt64 = 0
        var startCauses: [ObservationToken: RefreshCause] = [:]
        var latestSequence: [ObservationToken: UInt64] = [:]
        var outstanding: [ObservationToken: Int] = [:]
        var items: [Item] = []
        var isWaiting = false
        var fetchCount = 0
        var waker: (@Sendable () -> Void)?
    }

    private let state = Mutex(State())
    /// Signalled when `outstanding` becomes empty while someone waits for it.
    private let settled = DispatchSemaphore(value: 0)

    var waker: (@Sendable () -> Void)? {
        get { state.withLock { $0.waker } }
        set { state.withLock { $0.waker = newValue } }
    }

    /// How many pane fetches ran since the session began (for benchmarks and tests).
    var fetchCount: Int { state.withLock { $0.fetchCount } }

    /// A token for a new observation whose first fetch will report `cause`.
    func newObservation(cause: RefreshCause) -> ObservationToken {
        state.withLock {
            $0.nextToken += 1
            let token = ObservationToken(value: $0.nextToken)
            $0.startCauses[token] = cause
            return token
        }
    }

    /// Called by a fetch closure as it starts: its sequence number, and the cause given when
    /// the observation started if this is its first fetch.
    func beginFetch(_ token: ObservationToken) -> (sequence: UInt64, startCause: RefreshCause?) {
        state.withLock {
            $0.nextSequence += 1
            $0.fetchCount += 1
            $0.outstanding[token, default: 0] += 1
            $0.latestSequence[token] = $0.nextSequence
            return ($0.nextSequence, $0.startCauses.removeValue(forKey: token))
        }
    }

    /// The sequence number of the latest fetch of an observation (for errors GRDB reports
    /// after a fetch succeeded).
    func latestSequence(of token: ObservationToken) -> UInt64 {
        state.withLock { $0.latestSequence[token] ?? 0 }
    }

    func deliver(_ fetch: PaneFetch) {
        post(.value(fetch), settling: fetch.token)
    }

    func fail(_ failure: PaneFetchFailure) {
        post(.failure(failure), settling: failure.token)
    }

    func suppress(_ token: ObservationToken) {
        post(.suppressed(token), settling: token)
    }

    /// Adds an item that settles no fetch (trace lines, requests).
    func post(_ item: Item) {
        post(item, settling: nil)
    }

    /// Forgets an observation the board cancelled: GRDB drops its values in flight, so they
    /// must not be waited for.
    func forget(_ token: ObservationToken) {
        let signal = state.withLock {
            $0.startCauses.removeValue(forKey: token)
            $0.latestSequence.removeValue(forKey: token)
            $0.outstanding.removeValue(forKey: token)
            return Self.takeSignal(&$0)
        }
        if signal { settled.signal() }
    }

    func takeAll() -> [Item] {
        state.withLock { state in
            defer { state.items.removeAll() }
            return state.items
        }
    }

    var isEmpty: Bool { state.withLock { $0.items.isEmpty } }

    /// Blocks until every fetch that began has been delivered, or the timeout passes.
    /// Returns false on timeout.
    func waitUntilSettled(timeout: Double) -> Bool {
        let deadline = DispatchTime.now() + timeout
        while true {
            let done = state.withLock { state -> Bool in
                if state.outstanding.isEmpty { return true }
                state.isWaiting = true
                return false
            }
            if done { return true }
            if settled.wait(timeout: deadline) == .timedOut { return false }
        }
    }

    private func post(_ item: Item, settling token: ObservationToken?) {
        let (waker, signal) = state.withLock { state -> ((@Sendable () -> Void)?, Bool) in
            state.items.append(item)
            if let token, let count = state.outstanding[token] {
                state.outstanding[token] = count > 1 ? count - 1 : nil
            }
            return (state.waker, Self.takeSignal(&state))
        }
        if signal { settled.signal() }
        waker?()
    }

    /// True when a waiter must be woken because nothing is outstanding any more.
    private static func takeSignal(_ state: inout State) -> Bool {
        guard state.isWaiting && state.outstanding.isEmpty else { return false }
        state.isWaiting = false
        return true
    }
}
