import CEditLine
import Foundation
import SQLiveKit

/// The interactive front-end: a prompt with line editing, history and Tab completion, that
/// runs what is typed through the session the way a script would be run.
///
///     sqlive> SELECT 1,
///        ...> 2;
///     1|2
///
/// Ctrl-C drops the line being typed (and a statement begun on earlier lines), or interrupts
/// the statement running. Ctrl-D on an empty line quits, asking first when a transaction is
/// open. `.quit` quits too. SIGTERM and SIGHUP end the loop (``SignalWatcher``); the
/// launcher then cleans up. Pinned panes are docked at the top of the screen (``PaneDock``).
final class TerminalFrontEnd {
    let session: Session
    /// The signals' wake-ups and interrupter; nil when they could not be set up.
    private let signals: SignalWatcher?
    /// Interactive units have no source name: errors print without a location.
    private var splitter = InputSplitter(source: "")
    /// The lines of the history entry being typed: a statement's lines, or one command line.
    private var entryLines: [String] = []
    /// Set when Ctrl-D met an open transaction: the next Ctrl-D rolls it back and quits.
    private var hasWarnedAboutTransaction = false
    private let completionProvider = CompletionProvider.standard
    /// The panes on screen, while the line editor runs.
    private var dock: PaneDock?

    /// Prints the one-line greeting before the first prompt (not with `--quiet`).
    private let greets: Bool
    /// Opening the database file made it: the greeting says so.
    private let opensNewDatabase: Bool

    /// The terminal, as the launcher found it.
    private let facts: TerminalFacts

    init(session: Session, signals: SignalWatcher?, facts: TerminalFacts, greets: Bool, opensNewDatabase: Bool = false) {
        self.session = session
        self.signals = signals
        self.facts = facts
        self.greets = greets
        self.opensNewDatabase = opensNewDatabase
    }

    func run() {
        setlocale(LC_CTYPE, "")
        if greets {
            session.output.append(session.greeting(version: SQLiveVersion.current, newDatabase: opensNewDatabase))
            session.output.flush()
        }
        let editor: LineEditor
        do throws(Diagnostic) {
            guard let waker = signals?.waker else { throw Diagnostic("cannot watch signals") }
            // libedit is opened here, at the first prompt, not at start-up (see CEditLine).
            guard sqlive_editline_load() == 0 else {
                throw Diagnostic("cannot load libedit (\(String(cString: sqlive_editline_error())))")
            }
            let path = CommandHistory.defaultPath(
                environment: SessionEnvironment.processVariables,
                homeDirectory: session.environment.homeDirectory)
            let history = CommandHistory(path: path, warn: session.warn)
            guard let history else { throw Diagnostic("cannot start the line editor: libedit has no history") }
            editor = try LineEditor(history: history, waker: waker)
        } catch {
            session.warn("\(error.message); reading input without line editing")
            runWithoutEditing()
            return
        }
        editor.complete = { [unowned self] beforeCursor, afterCursor in
            let request = CompletionRequest(pendingText: splitter.pendingText, line: beforeCursor, restOfLine: afterCursor)
            return completionProvider.completion(for: request, in: session)
        }
        let dock = PaneDock(session: session, usesColor: facts.dockUsesColor, screenSize: facts.size)
        editor.delegate = dock
        self.dock = dock
        dock.start(waker: editor.waker)
        // However the loop ends (.quit or .exit, also from a .read script; Ctrl-D), the
        // terminal scrolls whole again.
        defer { dock.stop() }
        readLoop(editor)
    }

    private func readLoop(_ editor: LineEditor) {
        while session.quitRequested == nil && !session.stopRequest.isTerminating {
            editor.isContinuation = splitter.isInsideStatement
            if let prompts = session.settings.prompts {
                editor.usePrompts(main: prompts.main, continuation: prompts.continuation)
            }
            let input = editor.readLine()
            if session.stopRequest.isTerminating {
                // The closing line goes below the line being typed, which is dropped.
                editor.write("\n")
                return
            }
            switch input {
            case .line(let text):
                hasWarnedAboutTransaction = false
                runLines(of: text, history: editor.history)
            case .cancelled:
                hasWarnedAboutTransaction = false
                discardPendingInput()
            case .endOfInput:
                editor.write("\n")
                if shouldQuitAtEndOfInput() { return }
            }
        }
    }

    /// Runs what Enter sent: one line, or several when a multi-line entry was recalled
    /// from history or pasted.
    private func runLines(of text: String, history: CommandHistory) {
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            // `exit`, `quit` or `help` typed alone: answered here, never run as a query.
            if session.answerPlainWord(String(line), insideStatement: splitter.isInsideStatement) {
                history.add(String(line))
                session.output.flush()
                if session.quitRequested != nil { return }
                continue
            }
            // psql's `\dt`, `\q`…: a line starting with `\` is never SQL at the prompt.
            if !splitter.isInsideStatement, let meaning = BackslashCommand.metaCommand(for: String(line), mode: session.settings.mode) {
                history.add(String(line))
                runBackslash(meaning, history: history)
                if session.quitRequested != nil { return }
                continue
            }
            entryLines.append(String(line))
            // `QUERY\G`: the statement ends there and its rows show expanded.
            let expanded = BackslashCommand.endsExpanded(String(line))
            let units = splitter.feed(expanded.map(statementEnd) ?? String(line))
            if !splitter.isInsideStatement {
                recordEntry(in: history)
            }
            guard expanded == nil ? run(units, history: history) : session.showingExpanded({ run(units, history: history) }) else {
                discardPendingInput()
                return
            }
        }
    }

    /// Runs the meta-command a backslash line stands for, or reports why there is none.
    private func runBackslash(_ meaning: Result<String, Diagnostic>, history: CommandHistory) {
        switch meaning {
        case .success(let command):
            _ = run([InputUnit(kind: .command, text: command, location: SourceLocation(source: "", line: 0))], history: history)
        case .failure(let diagnostic):
            session.report(diagnostic)
        }
        session.output.flush()
    }

    /// The text before `\G` with what ends its statement: `;` for SQL, nothing for a DSL
    /// query (which ends at the end of its line).
    private func statementEnd(_ text: String) -> String {
        let entry = splitter.pendingText.isEmpty ? text : splitter.pendingText + "\n" + text
        return SQLKeywords.startsSQLStatement(entry) ? text + ";" : text
    }

    /// Runs units until one is interrupted or quits the session, or a signal ends the
    /// process; false then. Back at the prompt, a Ctrl-C is forgotten. As in sqlite3, an
    /// error drops the rest of its chunk (``InputUnit/chunk``).
    private func run(_ units: [InputUnit], history: CommandHistory) -> Bool {
        var failedChunk: Int?
        for unit in units where unit.chunk != failedChunk {
            signals?.interrupter.arm(session.connection)
            let statementBefore = session.lastStatementText
            if !session.run(unit) {
                failedChunk = unit.chunk
            } else if session.isEditCommand(unit), let edited = session.lastStatementText, edited != statementBefore {
                // Up after `.edit` recalls what the editor ran, not `.edit`.
                history.add(edited)
            }
            let wasInterrupted = signals?.interrupter.disarm() ?? false
            dock?.statementDidRun()
            if session.stopRequest.isTerminating { return false }
            session.stopRequest.clear()
            if wasInterrupted || session.quitRequested != nil { return false }
        }
        return true
    }

    /// Saves the finished entry before it runs, so a crash while it runs loses nothing.
    private func recordEntry(in history: CommandHistory) {
        let entry = entryLines.joined(separator: "\n")
        entryLines.removeAll()
        if entry.contains(where: { !$0.isWhitespace }) {
            history.add(entry)
        }
    }

    private func discardPendingInput() {
        splitter.discardPending()
        entryLines.removeAll()
    }

    /// Ctrl-D: quits, unless a transaction is open and this is the first Ctrl-D for it.
    private func shouldQuitAtEndOfInput() -> Bool {
        guard session.isInsideTransaction else { return true }
        guard hasWarnedAboutTransaction else {
            session.warn("a transaction is open: press Ctrl-D again to roll it back and quit, or type COMMIT;")
            hasWarnedAboutTransaction = true
            discardPendingInput()
            return false
        }
        session.run(InputUnit(kind: .sql, text: "ROLLBACK;", location: SourceLocation(source: "", line: 0)))
        return true
    }

    /// Without libedit (it failed to start), standard input is read like a script.
    private func runWithoutEditing() {
        if var lines = FileLineSource(fileDescriptor: 0) {
            ScriptRunner(session: session).run(&lines, source: "")
        }
    }
}
