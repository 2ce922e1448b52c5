import GRDB

/// Runs lines of input through a session: splits them into units and runs each, stopping at
/// the first error when `.bail` is on, when `.quit` runs, or on Ctrl-C or a terminating
/// signal (``StopRequest``). As in sqlite3, an error drops the rest of its chunk (the other
/// statements the same line completed, ``InputUnit/chunk``); the next lines run.
///
/// Consecutive SQL statements run under one database access (``StatementRunner/holdingDatabase(_:)``)
/// instead of one each: on a script of many small statements, the hop onto the database
/// queue for every statement was the largest cost left after SQLite's own work. A
/// meta-command or a DSL query ends the batch and runs as usual, outside it.
public struct ScriptRunner {
    public let session: Session
    /// sqlite3's `-interactive` on input that is no terminal: before each line, the prompt
    /// (`sqlite> `, or `   ...> ` inside a statement, or what `.prompt` set), then the line
    /// itself, as sqlite3 writes them; at the end of the input, the last prompt and a newline.
    public var echoesPrompts = false
    /// The whole input is one chunk, as sqlite3 runs an SQL argument or `-cmd`'s text at
    /// once: an error drops the rest of it, whatever line it is on.
    public var isOneChunk = false
    /// The text is SQL given on the command line (an argument, `--cmd`): not echoed, and
    /// with no `.changes` or `.timer` line, as sqlite3 runs it (``Session/runsCommandLineText``).
    public var isCommandLineText = false

    public init(session: Session, echoesPrompts: Bool = false, isOneChunk: Bool = false, isCommandLineText: Bool = false) {
        self.session = session
        self.echoesPrompts = echoesPrompts
        self.isOneChunk = isOneChunk
        self.isCommandLineText = isCommandLineText
    }

    /// Runs every line of the source. Returns false when it stopped early (bail or quit).
    @discardableResult
    public func run<Source: LineSource>(_ lines: inout Source, source: String) -> Bool {
        var input = UnitReader(splitter: InputSplitter(source: source))
        if echoesPrompts {
            input.prompter = { [session] isInsideStatement, line in
                let prompts = session.settings.prompts ?? (main: "sqlite> ", continuation: "   ...> ")
                session.output.append(isInsideStatement ? prompts.continuation : prompts.main)
                session.output.append((line ?? "") + "\n")
            }
        }
        var failedChunk: Int?
        let errorsBefore = session.errorCount
        let outerCommandLineText = session.runsCommandLineText
        session.runsCommandLineText = isCommandLineText
        defer { session.runsCommandLineText = outerCommandLineText }
        defer { noteInputLeftByStop(&input, &lines) }
        while let unit = input.next(from: &lines) {
            guard session.canRunInBatch(unit) else {
                if !runUnit(unit, failedChunk: &failedChunk, errorsBefore: errorsBefore) { return false }
                continue
            }
            var keepsGoing = true
            session.statements.holdingDatabase {
                var current = unit
                while true {
                    guard runUnit(current, failedChunk: &failedChunk, errorsBefore: errorsBefore) else { keepsGoing = false; return }
                    guard let next = input.next(from: &lines) else { return }
                    guard session.canRunInBatch(next) else { input.putBack(next); return }
                    current = next
                }
            }
            if !keepsGoing { return false }
        }
        // Text from the command line is never echoed, not even when it holds no statement
        // (`-cmd ';'`, an argument of only a comment), as in sqlite3.
        if session.settings.echo && !isCommandLineText {
            session.output.append(input.splitter.trailingSkippedLines)
        }
        if session.settings.echo || echoesPrompts { session.output.flush() }
        if let failure = lines.readFailure {
            session.report(failure)
            return false
        }
        return true
    }

    /// After a stop that came during a unit, whether input was left that did not run: read on
    /// only where that never waits (a string, a regular file); elsewhere, assume some was.
    private func noteInputLeftByStop<Source: LineSource>(_ input: inout UnitReader, _ lines: inout Source) {
        let stop = session.stopRequest
        guard stop.reason != nil, stop.stopLocation != nil, !stop.skippedInput else { return }
        input.prompter = nil
        if !lines.readsWithoutWaiting || input.next(from: &lines) != nil {
            stop.noteSkippedInput()
        }
    }

    /// Runs one unit; false means stop reading. Ctrl-C or a terminating signal stops the
    /// script before the next unit, even when no statement was running to interrupt. A unit
    /// of the chunk that failed last is skipped.
    ///
    /// As in sqlite3, `.bail` stops a script that has failed anywhere so far, not only at the
    /// unit that failed: `.bail on` after an error (here, or in a file `.read` ran) ends the
    /// script at once. `errorsBefore` is the error count when this script started, since
    /// sqlite3 counts errors per input (an init file's or `-cmd`'s do not stop standard input).
    private func runUnit(_ unit: InputUnit, failedChunk: inout Int?, errorsBefore: Int) -> Bool {
        if unit.chunk == failedChunk || (isOneChunk && failedChunk != nil) { return true }
        if session.stopRequest.reason != nil {
            session.noteScriptStopped(at: unit.location, ran: false)
            return false
        }
        let succeeded = session.run(unit)
        if !succeeded { failedChunk = unit.chunk }
        if session.stopRequest.reason != nil {
            session.noteScriptStopped(at: unit.location, ran: true)
            return false
        }
        if session.quitRequested != nil { return false }
        // sqlite3 reading as at a prompt does not bail: the person would go on typing.
        let hasFailed = !succeeded || session.errorCount > errorsBefore
        return !hasFailed || !session.settings.bail || echoesPrompts
    }
}

/// The units of a line source, one at a time, with one unit of look-back.
private struct UnitReader {
    var splitter: InputSplitter
    /// The units the last line completed, last first: each is moved out with `popLast()`,
    /// not copied (a copy retains its three strings, and runs for every statement).
    private var queued: [InputUnit] = []
    private var finished = false
    /// Writes the prompt and the line read (nil at the end of the input), when set.
    var prompter: ((_ isInsideStatement: Bool, _ line: String?) -> Void)?

    init(splitter: InputSplitter) {
        self.splitter = splitter
    }

    mutating func next<Source: LineSource>(from lines: inout Source) -> InputUnit? {
        while queued.isEmpty {
            guard !finished else { return nil }
            let line = lines.nextLine()
            prompter?(splitter.isInsideStatement, line)
            if let line {
                splitter.feed(line, into: &queued)
            } else {
                finished = true
                queued = splitter.finish()
            }
            queued.reverse()
        }
        return queued.popLast()
    }

    /// Gives back the unit just taken: the next call returns it again.
    mutating func putBack(_ unit: InputUnit) {
        queued.append(unit)
    }
}
