import GRDB
import Synchronization

/// The locked queue between the threads that work for the panes (the refresh scheduler, the
/// change recorder on the user's connection, the external-change watcher) and the front-end
/// thread that shows them.
///
/// Background work only appends here and calls the waker; the front-end takes everything with
/// ``takeAll()`` and applies it in order.
///
///     inbox.post(.frame(frame))     // the scheduler's queue
///     let items = inbox.takeAll()   // front-end thread
final class PaneInbox: Sendable {
    /// What background work leaves for the front-end.
    enum Item: Sendable {
        /// Panes refreshed together from one snapshot.
        case frame(PaneFrame)
        /// A line of `.events on`.
        case trace(String)
        /// The reader found the schema changed: the panes must be compiled again.
        case schemaChanged
        /// Another process committed.
        case externalChange
        /// The main database file was deleted, or replaced by another, since the user's
        /// connection opened it: every connection reads the old file.
        case databaseReplaced
        /// An attached database file was deleted or replaced since it was attached.
        case attachedDatabaseReplaced(name: String, file: String)
    }

    // MARK: - Mutable State
    //
    // Guarded by `state`; nobody calls out while holding it: the waker is called after.
    private struct State {
        var items: [Item] = []
        var waker: (@Sendable () -> Void)?
    }

    private let state = Mutex(State())

    var waker: (@Sendable () -> Void)? {
        get { state.withLock { $0.waker } }
        set { state.withLock { $0.waker = newValue } }
    }

    func post(_ item: Item) {
        let waker = state.withLock { state in
            state.items.append(item)
            return state.waker
        }
        waker?()
    }

    func takeAll() -> [Item] {
        state.withLock { state in
            defer { state.items.removeAll() }
            return state.items
        }
    }

    var isEmpty: Bool { state.withLock { $0.items.isEmpty } }
}
