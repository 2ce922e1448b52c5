import CEditLine
import SQLiveKit
#if canImport(Glibc)
import Glibc
#endif

/// The prompt line: libedit's `el_gets` in emacs mode with the user's `~/.editrc`, sqlive's
/// prompts, history and Tab completion, and a read function that also wakes up for main-loop
/// events (see `LineEditor+Input.swift`).
///
///     let editor = try LineEditor(history: history, waker: waker)
///     switch editor.readLine() {
///     case .line(let text): …      // what was typed, without its newline
///     case .cancelled: …           // Ctrl-C: the line is dropped, the cursor on a new line
///     case .endOfInput: …          // Ctrl-D on an empty line
///     }
///
/// Main thread only. libedit finds this object in its callbacks (prompt, reading, Tab)
/// through its client-data pointer, because a C callback can't capture context.
final class LineEditor {
    enum Input: Equatable {
        case line(String)
        case cancelled
        case endOfInput
    }

    /// libedit's `EditLine *`.
    let editLine: OpaquePointer
    let waker: MainLoopWaker
    let history: CommandHistory
    /// True while a statement is incomplete: the prompt becomes the continuation prompt.
    var isContinuation = false
    /// The candidates for Tab, given the line before and after the cursor.
    var complete: (_ beforeCursor: String, _ afterCursor: String) -> Completion = { _, _ in .none() }
    /// What is drawn around the line (the dock), told about repaints, resizes and Ctrl-L.
    weak var delegate: LineEditorDelegate?

    // MARK: - Mutable State
    //
    // Main thread only, like every call into libedit.

    /// Set by the read function when Ctrl-C cancels the line.
    var isCancelling = false
    /// The conversion state of a character whose UTF-8 bytes are still arriving.
    var decoderState = mbstate_t()
    /// Bytes read after an ESC to tell a paste's marker from a key, not yet handed on.
    var lookahead: [UInt8] = []
    /// Between the terminal's start and end of a paste (bracketed paste): a Tab is text.
    var isPasting = false

    /// The streams given to libedit: duplicates of 0, 1 and 2, closed after `el_end`.
    private let streams: [UnsafeMutablePointer<FILE>]
    /// The prompts libedit draws (`.prompt` changes them), as C strings and as characters.
    private var prompt: UnsafeMutablePointer<CChar>
    private var continuationPrompt: UnsafeMutablePointer<CChar>
    private(set) var prompts = (main: "sqlive> ", continuation: "   ...> ")

    init(history: CommandHistory, waker: MainLoopWaker) throws(Diagnostic) {
        var streams: [UnsafeMutablePointer<FILE>] = []
        for (descriptor, mode) in [(Int32(0), "r"), (1, "w"), (2, "w")] {
            let copy = dup(descriptor)
            guard copy >= 0, let stream = fdopen(copy, mode) else {
                if copy >= 0 { close(copy) }
                streams.forEach { fclose($0) }
                throw Diagnostic("cannot start the line editor: \(String(cString: strerror(errno)))")
            }
            streams.append(stream)
        }
        guard let editLine = sqlive_el_init("sqlive", streams[0], streams[1], streams[2]) else {
            streams.forEach { fclose($0) }
            throw Diagnostic("cannot start the line editor (libedit's el_init failed)")
        }
        self.editLine = editLine
        self.streams = streams
        self.waker = waker
        self.history = history
        prompt = strdup(prompts.main)
        continuationPrompt = strdup(prompts.continuation)
        configure()
    }

    deinit {
        sqlive_el_end(editLine)
        streams.forEach { fclose($0) }
        free(prompt)
        free(continuationPrompt)
    }

    /// Sets the prompts drawn from the next line read on (sqlite3's `.prompt MAIN CONTINUE`).
    func usePrompts(main: String, continuation: String) {
        guard (main, continuation) != prompts else { return }
        free(prompt)
        free(continuationPrompt)
        prompt = strdup(main)
        continuationPrompt = strdup(continuation)
        prompts = (main, continuation)
    }

    /// The prompt drawn before the line now.
    var currentPrompt: String { isContinuation ? prompts.continuation : prompts.main }

    /// Reads one line with editing. Blocks until Enter, Ctrl-C or Ctrl-D.
    func readLine() -> Input {
        // el_gets draws the prompt before it switches the terminal to its editing mode, on
        // the first key it reads: keys typed in between were echoed twice, once by the
        // terminal and once by libedit. Switching first closes that gap.
        sqlive_el_prepare_terminal(editLine, 1)
        // A paste whose end marker never came (Ctrl-C flushed it) is over once nothing waits.
        if isPasting && lookahead.isEmpty && !Self.inputIsWaiting() { isPasting = false }
        setBracketedPaste(true)
        defer { setBracketedPaste(false) }
        var count: Int32 = 0
        let text = sqlive_el_gets(editLine, &count)
        if isCancelling {
            isCancelling = false
            return .cancelled
        }
        guard let text, count > 0 else { return .endOfInput }
        var line = String(cString: text)
        if line.last == "\n" { line.removeLast() }
        return .line(line)
    }

    private func configure() {
        sqlive_el_set_clientdata(editLine, Unmanaged.passUnretained(self).toOpaque())
        sqlive_el_set_editor(editLine, "emacs")
        // libedit's signal handling re-raises SIGINT to the process group: SignalWatcher
        // handles signals instead.
        sqlive_el_set_signal(editLine, 0)
        // While a statement runs the terminal is in its normal mode, where libedit turns
        // echoctl on: Ctrl-C would print `^C` where the `interrupted` error goes.
        sqlive_el_settty(editLine, "-x", "-echoctl")
        sqlive_el_set_history(editLine, history.pointer)
        sqlive_el_set_prompt(editLine) { editLine in
            LineEditor.owner(of: editLine).map { $0.isContinuation ? $0.continuationPrompt : $0.prompt }
        }
        sqlive_el_set_getcfn(editLine) { editLine, character in
            guard let character, let editor = LineEditor.owner(of: editLine) else { return -1 }
            return editor.readCharacter(into: character)
        }
        sqlive_el_add_function(editLine, "sqlive-complete", "Complete the word before the cursor") { editLine, _ in
            LineEditor.owner(of: editLine)?.completeWord() ?? UInt8(CC_ERROR)
        }
        sqlive_el_bind(editLine, "^I", "sqlive-complete")
        // libedit's own ed-clear-screen would draw the prompt on the top row, under the dock.
        sqlive_el_add_function(editLine, "sqlive-clear-screen", "Clear the screen, keeping the panes docked") { editLine, _ in
            LineEditor.owner(of: editLine)?.clearScreen() ?? UInt8(CC_ERROR)
        }
        sqlive_el_bind(editLine, "^L", "sqlive-clear-screen")
        bindMovementKeys()
        // Last, so the user's ~/.editrc can change any of the above.
        if Self.editrcIsAFile() { sqlive_el_source(editLine, nil) }
    }

    /// Home, End, Delete and Ctrl- or Alt-arrows as terminals send them. libedit binds only
    /// the spellings the terminfo entry of `TERM` names, and the first bytes of any other
    /// spelling were taken as keys of their own: under tmux with `TERM=xterm-256color`, End
    /// (`ESC [4~`) put a `~` into the line. readline and prompt_toolkit know them all.
    private func bindMovementKeys() {
        let bindings = [
            ("ed-move-to-beg", ["\\e[1~", "\\e[7~", "\\e[H", "\\eOH"]),
            ("ed-move-to-end", ["\\e[4~", "\\e[8~", "\\e[F", "\\eOF"]),
            ("ed-delete-next-char", ["\\e[3~"]),
            ("em-next-word", ["\\e[1;5C", "\\e[1;3C", "\\e[5C", "\\e\\e[C"]),
            ("ed-prev-word", ["\\e[1;5D", "\\e[1;3D", "\\e[5D", "\\e\\e[D"]),
        ]
        for (function, keys) in bindings {
            for key in keys { sqlive_el_bind(editLine, key, function) }
        }
    }

    /// True unless the file libedit would read (`$EDITRC`, else `~/.editrc`) exists and is
    /// not a regular file: a FIFO there froze the start in libedit's `fopen`, deaf to Ctrl-C
    /// and SIGTERM. A missing file is left to libedit, which reads nothing.
    private static func editrcIsAFile() -> Bool {
        let path: String
        if let editrc = getenv("EDITRC") {
            path = String(cString: editrc)
        } else if let home = getenv("HOME") {
            path = String(cString: home) + "/.editrc"
        } else {
            return true
        }
        var status = stat()
        guard stat(path, &status) == 0 else { return true }
        return status.st_mode & S_IFMT == S_IFREG
    }

    /// Bracketed paste, on only while a line is read (as readline does): the terminal wraps
    /// what is pasted in `ESC [200~` and `ESC [201~`, so that a pasted Tab is inserted as
    /// text instead of completing (a script with tabs printed a list of candidates for each
    /// one and lost its tabs). Not on a terminal that can't take the sequence.
    func setBracketedPaste(_ on: Bool) {
        guard Self.terminalTakesBracketedPaste else { return }
        write(on ? "\u{1B}[?2004h" : "\u{1B}[?2004l")
    }

    private static let terminalTakesBracketedPaste: Bool = {
        guard let term = getenv("TERM").map({ String(cString: $0) }) else { return false }
        return !term.isEmpty && term != "dumb"
    }()

    /// True when standard input has bytes waiting to be read.
    static func inputIsWaiting() -> Bool {
        var input = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        return poll(&input, 1, 0) > 0
    }

    /// The editor whose `EditLine` calls back.
    private static func owner(of editLine: OpaquePointer?) -> LineEditor? {
        guard let editLine, let data = sqlive_el_get_clientdata(editLine) else { return nil }
        return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue()
    }
}
