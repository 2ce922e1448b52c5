/// Results piped into a program, as sqlite3's `.output |COMMAND` and `.once |COMMAND` do: the
/// program is started through `/bin/sh -c`, reads the results on its standard input and
/// writes to sqlive's standard output and error.
///
///     .once |sort
///     SELECT name FROM artist;   -- the names, sorted by sort(1)
///
/// ``finish()`` ends its input and waits for it, so that what it prints comes before what
/// sqlive prints next.
final class CommandOutput: OutputTarget {
    /// The program; its input is the only reference to the pipe's write end, so that closing
    /// it lets the program read the end of its input.
    private let child: ChildProcess

    init(shellCommand: String, environment: [String: String]) throws(Diagnostic) {
        child = try ChildProcess(shellCommand: shellCommand, environment: environment, feedsInput: true)
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        try child.input?.write(bytes)
    }

    /// Closes the program's input and waits for it to end; its exit status.
    @discardableResult
    func finish() -> Int32 {
        child.closeInput()
        return child.wait()
    }
}
