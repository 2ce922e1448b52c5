import Foundation
import SQLiveKit

/// The live panes docked at the top of the terminal, above a scroll region where the prompt,
/// results and messages scroll.
///
///     1 scores · 2 rows · 3 refreshes · 14:03:27 · external change · ~1     ← the dock
///       name     score
///     ~ Arthur      30
///       Barbara     20
///     ────────────────────────────────────────────────────────────────────
///     sqlive> SELECT 1;                                                     ← scrolls
///     1
///     sqlive> UPDATE player SET sc█
///
/// DECSTBM (`ESC[top;bottom r`) confines scrolling to the rows below the dock, and a repaint
/// is one write that saves the cursor, rewrites the dock's rows and restores the cursor, so a
/// pane refreshes while the user types and libedit never knows (``PaneDockRenderer`` makes
/// the sequences). The cursor lives in the last rows of the screen: the region is set with
/// the cursor parked on the bottom row, and output only scrolls up to it, so a dock that
/// grows while the user types does not cover the line being edited. A dock that grows
/// scrolls the rows it is about to cover into the scrollback first, never painting over
/// output; every write is one synchronized update (DEC mode 2026). Ctrl-Z clears it and
/// resets the region, `fg` lays it out again (``LineEditorDelegate``).
///
/// Main thread only, like every terminal write: refreshes made on other threads reach it as
/// ``MainLoopEvent/repaint`` through the ``MainLoopWaker``.
final class PaneDock {
    private let session: Session
    private let usesColor: Bool
    /// The terminal's size now (``TerminalFacts/size``); tests give a fixed one.
    private let screenSize: () -> ScreenSize?
    /// Where the dock's sequences go: the terminal (``TerminalOutput``), or a test's buffer.
    private let write: (String) -> Void
    private var board: PaneBoard { session.paneBoard }

    // MARK: - Mutable State
    //
    // Main thread only: it mirrors what the terminal shows.

    /// The rows the dock covers; 0 when there is no dock and the scroll region is the whole
    /// screen.
    private var height = 0
    /// The screen the dock and the scroll region were laid out on.
    private var size: ScreenSize?
    /// When the dock as painted must be painted again: a highlight fades then.
    private var paintedDeadline: Date?
    /// Whether the dock as painted says that the user's transaction is open.
    private var paintedInTransaction = false

    init(session: Session, usesColor: Bool, screenSize: @escaping () -> ScreenSize?,
         write: @escaping (String) -> Void = TerminalOutput.write) {
        self.session = session
        self.usesColor = usesColor
        self.screenSize = screenSize
        self.write = write
    }

    /// Takes over the panes: refreshes wake the main loop, statements stop printing panes
    /// inline, and the panes already pinned (by the init file) are docked at once. On a
    /// terminal that does not tell its size, panes go on printing inline.
    func start(waker: MainLoopWaker) {
        guard screenSize() != nil else { return }
        board.waker = { waker.post(.repaint) }
        board.dockIsAvailable = true
        session.terminalHandover = self
        fitRowLimit()
        update(keepingCursor: false, repaints: true)
    }

    /// Gives the screen back on the way out: scrolling over the whole screen again, the cursor
    /// on the last row, under the last dock drawn.
    func stop() {
        board.waker = nil
        board.dockIsAvailable = false
        session.terminalHandover = nil
        guard height > 0, let size else { return }
        emit(PaneDockRenderer.resetScrollRegion + Self.moveToStart(ofRow: size.rows))
        height = 0
    }

    /// After a statement (no line is being edited, the cursor is after its output): shows
    /// the refreshes the statement caused and its `.trace` lines, and lays the dock out again
    /// when `.pin`, `.unpin` or `.layout` changed its height.
    ///
    /// The prompt never waits for a pane: the refreshes a commit caused arrive as frames a
    /// moment later and are painted then, while the user types (``lineEditorShouldRepaint(_:)``).
    func statementDidRun() {
        let events = board.drainEvents()
        session.printTrace(events)
        session.output.flush()
        // A pane still refreshing is painted now too, so the dock says so and is painted
        // again while it runs (``PaneBoard/nextRepaint``); a transaction that began or ended
        // changes the dock's rule.
        let transactionChanged = board.userIsInTransaction != paintedInTransaction
        update(keepingCursor: false, repaints: !events.isEmpty || board.isRefreshing || transactionChanged)
    }

    // MARK: - Layout

    /// The dock's height on a screen: what the board asks for, leaving at least two rows to
    /// scroll in; 0 when not even a title and a rule fit.
    private func dockHeight(on size: ScreenSize) -> Int {
        let fitting = min(board.dockHeight(screenRows: size.rows, screenColumns: size.columns), size.rows - 2)
        return fitting >= 2 ? fitting : 0
    }

    /// Draws the dock again, first laying it out when its height or the screen changed.
    /// `keepingCursor` while a line is being edited; otherwise a new scroll region parks the
    /// cursor on the last row.
    private func update(keepingCursor: Bool, repaints: Bool) {
        guard let screen = screenSize() else { return }
        let wanted = dockHeight(on: screen)
        let relays = wanted != height || (wanted > 0 && screen != size)
        guard relays || (repaints && wanted > 0) else { return }
        var text = relays ? layOut(wanted, on: screen, keepingCursor: keepingCursor) : ""
        text += paint(on: screen)
        emit(text)
    }

    /// The sequences that move the scroll region below a dock of `newHeight` rows (the whole
    /// screen for 0), clearing the rows the dock gives back. A dock that grows first scrolls
    /// away the rows it is about to cover, so they reach the terminal's scrollback instead
    /// of being painted over (``PaneDockRenderer/scrollAway(rows:)``).
    private func layOut(_ newHeight: Int, on screen: ScreenSize, keepingCursor: Bool, scrollsAway: Bool = true) -> String {
        // DECSTBM puts the cursor home: it is saved and restored, or parked on the last row.
        var text = keepingCursor ? "\u{1B}7" : ""
        if scrollsAway, newHeight > height {
            text += PaneDockRenderer.scrollAway(rows: (height + 1)...newHeight)
        }
        for row in stride(from: newHeight + 1, through: min(height, screen.rows), by: 1) {
            text += Self.moveToStart(ofRow: row) + "\u{1B}[2K"
        }
        if newHeight > 0 {
            text += PaneDockRenderer.setScrollRegion(dockHeight: newHeight, screenRows: screen.rows)
        } else {
            text += PaneDockRenderer.resetScrollRegion + Self.moveToStart(ofRow: screen.rows)
        }
        text += keepingCursor ? "\u{1B}8" : ""
        height = newHeight
        size = screen
        return text
    }

    /// The dock's rows as they are now, in one save-rewrite-restore sequence.
    private func paint(on screen: ScreenSize) -> String {
        guard height > 0 else {
            paintedDeadline = nil
            return ""
        }
        let lines = board.dockLines(width: screen.columns, height: height, usesColor: usesColor,
                                    nullValue: session.settings.nullValueIsSet ? session.settings.nullValue : "NULL",
                                    screenRows: screen.rows)
        // The dock shows every pane now: `.layout inline` later prints only newer changes.
        board.markShownInDock()
        paintedDeadline = board.nextRepaint
        paintedInTransaction = board.userIsInTransaction
        return PaneDockRenderer.repaint(lines)
    }

    /// A pane pinned without `--rows` keeps what an automatic dock has room for: half the
    /// screen, less the pane's title, its column names and the rule.
    private func fitRowLimit() {
        guard let screen = screenSize() else { return }
        board.defaultRowLimit = max(1, screen.rows / 2 - 3)
    }

    private static func moveToStart(ofRow row: Int) -> String {
        "\u{1B}[\(row);1H"
    }

    /// Writes one change of the screen as one synchronized update (DEC mode 2026): a terminal
    /// that knows the mode shows the dock's rows, the scroll region and the restored cursor
    /// all at once, never half drawn; others ignore the two sequences.
    private func emit(_ text: String) {
        guard !text.isEmpty else { return }
        write(PaneDockRenderer.synchronized(text))
    }
}

extension PaneDock: LineEditorDelegate {
    var nextRepaint: Date? {
        height > 0 ? board.nextRepaint : nil
    }

    /// Refreshes while the user types: `.trace` lines (and, with `.layout inline`, the panes
    /// that changed) print above the prompt; the dock is drawn again in place.
    func lineEditorShouldRepaint(_ editor: LineEditor) {
        let events = board.drainEvents()
        if board.layout == .inline, !events.isEmpty {
            editor.printAboveLine {
                session.printPaneUpdates(events)
                session.output.flush()
            }
        } else if events.contains(where: \.printsAboveLine) {
            editor.printAboveLine {
                session.printTrace(events)
                session.output.flush()
            }
        }
        let isDue = paintedDeadline.map { $0 <= Date() } ?? false
        update(keepingCursor: true, repaints: !events.isEmpty || isDue)
    }

    /// The terminal rewrapped the dock's old rows and dropped the scroll region: the screen
    /// is cleared and laid out afresh, with the prompt on the last row.
    func lineEditorDidResize(_ editor: LineEditor) -> Bool {
        fitRowLimit()
        guard let screen = screenSize(), height > 0 || dockHeight(on: screen) > 0 else { return false }
        relayAfterClear(on: screen)
        return true
    }

    /// Ctrl-L: the dock is drawn again on the cleared screen, the prompt on the last row.
    func lineEditorDidClearScreen(_ editor: LineEditor) {
        guard let screen = screenSize(), height > 0 || dockHeight(on: screen) > 0 else { return }
        relayAfterClear(on: screen)
    }

    /// Ctrl-Z: the dock's rows are cleared and the whole screen scrolls again, so the shell
    /// gets a normal screen; the cursor stays after the line typed.
    func lineEditorWillSuspend(_ editor: LineEditor) {
        guard height > 0, let size else { return }
        var text = "\u{1B}7"
        for row in 1...min(height, size.rows) {
            text += Self.moveToStart(ofRow: row) + "\u{1B}[2K"
        }
        // DECSTBM puts the cursor home: it is saved and restored.
        emit(text + PaneDockRenderer.resetScrollRegion + "\u{1B}8")
        height = 0
    }

    /// `fg`: the shell's output is on screen; the dock comes back as after a program that
    /// had the terminal (the rows it covers scroll into the scrollback first).
    func lineEditorDidResume(_ editor: LineEditor) {
        didGetTerminalBack()
    }

    /// Clears the screen and lays it out afresh: nothing on it to keep.
    private func relayAfterClear(on screen: ScreenSize) {
        height = 0
        // The screen is blank: nothing to scroll into the scrollback.
        let layout = layOut(dockHeight(on: screen), on: screen, keepingCursor: false, scrollsAway: false)
        emit("\u{1B}[H\u{1B}[2J" + layout + paint(on: screen))
    }
}

extension PaneDock: TerminalHandover {
    /// The pager or the editor lays out the whole screen: a scroll region left below the
    /// dock would confine its scrolling to rows it does not know about.
    func willHandTerminalOver() {
        guard height > 0 else { return }
        // DECSTBM puts the cursor home: it is saved and restored.
        emit("\u{1B}7" + PaneDockRenderer.resetScrollRegion + "\u{1B}8")
    }

    /// The program scrolled the dock away or cleared the screen, and may have reset the
    /// scroll region: the dock is laid out afresh and drawn, the cursor on the last row where
    /// the next output and the prompt go.
    func didGetTerminalBack() {
        guard let screen = screenSize() else { return }
        let wanted = dockHeight(on: screen)
        guard height > 0 || wanted > 0 else { return }
        height = 0
        emit(layOut(wanted, on: screen, keepingCursor: false) + paint(on: screen))
    }
}

extension PaneEvent {
    /// A `.trace` line, or the warning that the database file was replaced.
    fileprivate var printsAboveLine: Bool {
        switch self {
        case .trace, .databaseReplaced, .attachedDatabaseReplaced: true
        case .refreshed, .failed: false
        }
    }
}
