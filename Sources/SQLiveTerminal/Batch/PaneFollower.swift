import Foundation
import SQLiveKit
#if canImport(Glibc)
import Glibc
#endif

/// `--follow`: after the script, sqlive stays and prints each pane's block whenever its
/// rows change — commits by other processes included — until a stop condition or a signal.
/// A `tail -f` for queries:
///
///     $ sqlive --follow --interval 1 -c '.pin SELECT count(*) FROM job WHERE done = 0' app.db
///     -- pane 1 (job): pinned
///     3
///     -- pane 1 (job): external change
///     2
///
/// - `interval`: at most one block per pane per interval; the changes in between add up
///   (the block names every cause) and the latest rows print when the interval is over.
/// - `count`: stop after that many blocks (those printed by the script itself not counted).
/// - `untilChange`: stop after the first block, as `watch -g` does.
///
/// It waits on the ``MainLoopWaker``: the panes' refreshes and the signals both wake it.
///
/// An app that deletes its database and makes it again (a reset) is followed: the file is
/// opened again (waiting for it while it is missing), and the panes restart on it with the
/// cause `database opened`.
struct PaneFollower {
    enum Outcome: Equatable {
        /// `count` blocks printed, or the first change with `untilChange`.
        case done
        /// SIGINT (Ctrl-C): the usual way to stop following.
        case interrupted
        /// Another signal, or the session was asked to stop: the launcher cleans up.
        case stopped
        /// The database file, replaced, could not be opened again (said on stderr).
        case failed
    }

    let session: Session
    let waker: MainLoopWaker
    var interval: Double = 0
    var count: Int?
    var untilChange = false

    func run() -> Outcome {
        let board = session.paneBoard
        board.waker = { [waker] in waker.post(.repaint) }
        // Nobody waits for the panes to settle any more: they refresh as changes come.
        board.refreshesOnTheirOwn()
        defer { board.waker = nil }
        // The file replaced while the input ran was said then (or its notice waits, posted
        // before the waker was set, which nothing would call again): the watcher says it once,
        // and the follower followed the old file for good.
        if session.databaseFileHasMoved {
            if let outcome = followReplacedDatabase(.databaseReplaced) { return outcome }
        }
        waker.post(.repaint)
        let limit = untilChange ? 1 : count
        var printed = 0
        // Drained since the last print: what the next print is about.
        var pending: [PaneEvent] = []
        var nextPrint = Date.distantPast
        /// Prints the blocks due; true once the limit is reached.
        func printPending() -> Bool {
            printed += session.printPaneUpdates(pending, limit: limit.map { $0 - printed })
            session.output.flush()
            pending.removeAll()
            nextPrint = Date().addingTimeInterval(interval)
            return limit.map { printed >= $0 } ?? false
        }
        while true {
            if let reason = session.stopRequest.reason {
                return reason == .terminate(signal: SIGINT) ? .interrupted : .stopped
            }
            if !pending.isEmpty, Date() >= nextPrint, printPending() { return .done }
            let timeout = pending.isEmpty ? nil : max(0, nextPrint.timeIntervalSinceNow)
            guard wait(timeout: timeout) else { continue }
            if waker.takeEvents().contains(.stop) { continue }
            pending += board.drainEvents()
            if let replaced = pending.first(where: Self.isFileReplacement) {
                pending.removeAll(where: Self.isFileReplacement)
                // Blocks of the old file still unprinted go first, interval or not.
                if printPending() { return .done }
                if let outcome = followReplacedDatabase(replaced) { return outcome }
                // A pane that fails to compile on the new file fails at once, with no wake.
                pending += board.drainEvents()
            }
        }
    }

    /// The main database file or an attached one was deleted or replaced.
    private static func isFileReplacement(_ event: PaneEvent) -> Bool {
        switch event {
        case .databaseReplaced, .attachedDatabaseReplaced: true
        case .refreshed, .failed, .trace: false
        }
    }

    /// The database file was deleted, or replaced: waits for it while it is missing (creating
    /// nothing), then opens it again; the panes restart on it. An attached file replaced is
    /// attached again the same way: the database opens again, with every file the script
    /// attached. Nil to go on following.
    private func followReplacedDatabase(_ replaced: PaneEvent) -> Outcome? {
        let options = session.databaseOptions
        if let missing = options.missingFile {
            session.warn("--follow: \(options.displayName) was deleted: waiting for it to be created again")
            session.output.flush()
            switch FileArrival(path: missing, waker: waker, stopRequest: session.stopRequest).wait() {
            case .arrived: break
            case .interrupted: return .interrupted
            case .stopped: return .stopped
            }
        }
        do {
            try session.reopenDatabase()
        } catch {
            session.report(error)
            return .failed
        }
        if case .attachedDatabaseReplaced(let name, let file) = replaced {
            session.warn("--follow: \(file) (attached as \(name)) was replaced: following the new file")
        } else {
            session.warn("--follow: \(options.displayName) was replaced: following the new file")
        }
        session.paneBoard.refreshesOnTheirOwn()
        _ = session.paneBoard.watchExternalChangesForFollowing()
        return nil
    }

    /// Waits for the waker, at most `timeout` seconds (forever when nil). True when it is
    /// readable.
    private func wait(timeout: Double?) -> Bool {
        var watched = [pollfd(fd: waker.fileDescriptor, events: Int16(POLLIN), revents: 0)]
        let milliseconds = timeout.map { Int32(min(($0 * 1000).rounded(.up), 60_000)) } ?? -1
        return poll(&watched, 1, milliseconds) > 0
    }
}
